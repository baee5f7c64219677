// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// Reads the user's region from the C library, once the locale is set from the environment: the
/// separators of LC_NUMERIC and LC_MONETARY, and LC_TIME's way of writing a date (`%x`). A category
/// left at the C or POSIX locale (no region chosen) keeps RegionFormat's defaults, 1,234.5 and ISO
/// 8601 dates, rather than the C locale's ungrouped 1234.5 and 11/16/26.
enum RegionFormats {
    static func read() -> RegionFormat {
        var format = RegionFormat()
        guard let conventions = localeconv()?.pointee else { return format }
        if isRegion(LC_NUMERIC) { readNumbers(conventions, into: &format) }
        if isRegion(LC_MONETARY) { readMoney(conventions, into: &format) }
        if isRegion(LC_TIME) {
            format.day = day
            format.shortMonth = shortMonth
        }
        return format
    }

    /// Whether `category` is set to a region rather than C or POSIX.
    private static func isRegion(_ category: Int32) -> Bool {
        guard let name = setlocale(category, nil).map({ String(cString: $0) }) else { return false }
        return !(name == "C" || name == "POSIX" || name.hasPrefix("C."))
    }

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func readNumbers(_ conventions: lconv, into format: inout RegionFormat) {
        format.decimalSeparator = text(conventions.decimal_point).flatMap { $0.isEmpty ? nil : $0 } ?? "."
        // A region that does not group digits writes 1234567, not 1,234,567.
        format.groupingSeparator = text(conventions.thousands_sep) ?? ""
    }

    private static func readMoney(_ conventions: lconv, into format: inout RegionFormat) {
        format.monetaryDecimalSeparator = text(conventions.mon_decimal_point).flatMap { $0.isEmpty ? nil : $0 } ?? "."
        format.monetaryGroupingSeparator = text(conventions.mon_thousands_sep) ?? ""
    }

    private static let day: @Sendable (Int, Int, Int) -> String = { year, month, day in
        written(year, month, day, as: "%x") ?? CatalogDate.isoText(year: year, month: month, day: day)
    }

    private static let shortMonth: @Sendable (Int) -> String = { month in
        written(2000, month, 1, as: "%b") ?? RegionFormat().shortMonth(month)
    }

    /// The day as strftime writes it in the region's `format`; nil if it writes nothing.
    private static func written(_ year: Int, _ month: Int, _ day: Int, as format: String) -> String? {
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month - 1)
        time.tm_mday = Int32(day)
        time.tm_hour = 12
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, format, &time)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
