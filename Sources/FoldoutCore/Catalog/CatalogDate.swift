// SPDX-License-Identifier: GPL-3.0-or-later
/// A calendar day (proleptic Gregorian, no time zone), stored as days since 1970-01-01.
public struct CatalogDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let daysSince1970: Int32

    public init(daysSince1970: Int32) { self.daysSince1970 = daysSince1970 }

    /// "YYYY-MM-DD".
    public var description: String {
        let (year, month, day) = Self.civil(fromDays: Int(daysSince1970))
        return Self.isoText(year: year, month: month, day: day)
    }

    /// "YYYY-MM-DD".
    public static func isoText(year: Int, month: Int, day: Int) -> String {
        padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public static func < (lhs: CatalogDate, rhs: CatalogDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// Days since 1970 for a valid "YYYY-MM-DD" or "YYYY/MM/DD" (as many files write dates: the
    /// year first, so never ambiguous), nil for anything else.
    ///
    /// A column of a million dates calls this a million times: the digits are read in place,
    /// without a call or an optional each.
    @inline(__always)
    static func parseDays(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard bytes.count == 10, let text = bytes.baseAddress, text[4] == 45 || text[4] == 47, text[7] == text[4]
        else { return nil }
        // A byte below "0" wraps to 208 or more: not a digit either.
        @inline(__always) func digit(_ index: Int) -> Int { Int(text[index] &- 48) }
        let (y0, y1, y2, y3) = (digit(0), digit(1), digit(2), digit(3))
        let (m0, m1, d0, d1) = (digit(5), digit(6), digit(8), digit(9))
        guard y0 < 10, y1 < 10, y2 < 10, y3 < 10, m0 < 10, m1 < 10, d0 < 10, d1 < 10 else { return nil }
        let year = y0 * 1000 + y1 * 100 + y2 * 10 + y3
        let month = m0 * 10 + m1
        let day = d0 * 10 + d1
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
        return Int32(days(year: year, month: month, day: day))
    }

    @inline(__always)
    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days_from_civil.
    @inline(__always)
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Howard Hinnant's civil_from_days.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - text.count))
        return (value < 0 ? "-" : "") + zeros + text
    }
}
