// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// How the user's region writes numbers, amounts of money and dates (the C library's LC_NUMERIC,
/// LC_MONETARY and LC_TIME), which may differ from the language the interface speaks. The UI layer
/// reads the region at start (`RegionFormat.current = …`); until then, and in tests that set none,
/// numbers are written 1,234.5 and dates ISO 8601.
public struct RegionFormat: Sendable {
    public var decimalSeparator = "."
    public var groupingSeparator = ","
    public var monetaryDecimalSeparator = "."
    public var monetaryGroupingSeparator = ","
    /// A calendar day (year, month 1–12, day 1–31) as the region writes a date.
    public var day: @Sendable (_ year: Int, _ month: Int, _ day: Int) -> String = { year, month, day in
        CatalogDate.isoText(year: year, month: month, day: day)
    }

    /// A month (1–12) as the region shortens its name on an axis: "Jun".
    public var shortMonth: @Sendable (_ month: Int) -> String = { month in
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(month - 1) % 12]
    }

    /// A calendar month as the region names it ("June 2013"); "2013-06" until the UI sets it.
    public var month: @Sendable (_ year: Int, _ month: Int) -> String = { year, month in
        String(CatalogDate.isoText(year: year, month: month, day: 1).prefix(7))
    }

    public init() {}

    /// Days since 1970 of a date typed as the region writes one ("22.11.2033", "11/22/33"): the
    /// order of day, month and year is read from how the region writes a sample day.
    public func parseDay(_ text: String) -> Int32? {
        func groups(_ text: String) -> [Substring] { text.split { !$0.isASCII || !$0.isNumber } }
        let fields = groups(day(2033, 11, 22)).map { group -> Character? in
            switch group {
            case "2033", "33": "y"
            case "11": "m"
            case "22": "d"
            default: nil
            }
        }
        let typed = groups(text).compactMap { Int($0) }
        guard typed.count == 3, Set(fields.compactMap { $0 }) == ["y", "m", "d"], fields.count == 3,
            var year = fields.firstIndex(of: "y").map({ typed[$0] }),
            let month = fields.firstIndex(of: "m").map({ typed[$0] }),
            let dayOfMonth = fields.firstIndex(of: "d").map({ typed[$0] })
        else { return nil }
        if year < 100 { year += 2000 }
        guard (1...12).contains(month), dayOfMonth >= 1, dayOfMonth <= CatalogDate.daysInMonth(year, month) else {
            return nil
        }
        return Int32(CatalogDate.days(year: year, month: month, day: dayOfMonth))
    }

    /// The format, boxed: Swift 6.3.1's optimizer hands a zeroed copy of a struct this large out of
    /// `Mutex.withLock` (build-aux/toolchain-bugs/mutex-zeroed-copy.swift shows it in a few lines;
    /// `check.sh` there says when a toolchain no longer does), while a class reference comes out
    /// whole.
    private final class Shared: Sendable {
        let format: RegionFormat
        init(_ format: RegionFormat) { self.format = format }
    }

    private static let shared = Mutex(Shared(RegionFormat()))

    /// The region's format, for the whole process (set at start, read from any thread).
    public static var current: RegionFormat {
        get { shared.withLock { $0 }.format }
        set {
            let boxed = Shared(newValue)
            shared.withLock { $0 = boxed }
        }
    }

    /// `value` with its digits grouped in threes.
    public func grouped(_ value: Int, monetary: Bool = false) -> String {
        let separator = monetary ? monetaryGroupingSeparator : groupingSeparator
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A number as a catalog writes it ("-1234.50") with the region's decimal separator
    /// ("-1234,50" in Germany), its digits grouped only for an amount of money ("1.234,50"): a
    /// year or a code in a table is not written 1,949. Anything that is not such a number is
    /// returned as it is.
    public func decimal(_ text: String, monetary: Bool = false) -> String {
        // Read as bytes: a table's rows show many numbers, and reading them as characters cost
        // more than the rest of a row's binding.
        var digits = text.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        let point = digits.firstIndex(of: UInt8(ascii: "."))
        let whole = digits[..<(point ?? digits.endIndex)]
        let fraction = point.map { digits[digits.index(after: $0)...] }
        func allDigits(_ bytes: Substring.UTF8View) -> Bool { bytes.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } }
        guard !whole.isEmpty, whole.count <= 18, allDigits(whole), fraction.map(allDigits) ?? true else { return text }
        let separator = monetary ? monetaryDecimalSeparator : decimalSeparator
        if !monetary && (fraction == nil || separator == ".") { return text }
        var result =
            (negative ? "-" : "") + (monetary ? grouped(Int(Substring(whole))!, monetary: true) : String(whole)!)
        if let fraction { result += separator + String(fraction)! }
        return result
    }

    /// An ISO 8601 day ("2026-11-16") as the region writes a date; anything else as it is.
    public func date(_ isoText: String) -> String {
        let parts = isoText.split(separator: "-", omittingEmptySubsequences: false)
        guard isoText.utf8.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
            let dayOfMonth = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(dayOfMonth)
        else { return isoText }
        return day(year, month, dayOfMonth)
    }
}

/// Numbers as the user's region writes them: shorthands for `RegionFormat.current`.
public enum NumberText {
    /// `value` with its digits grouped in threes, the separator as the region writes it.
    public static func grouped(_ value: Int) -> String { RegionFormat.current.grouped(value) }

    /// A number as a catalog writes it ("-1234.50") as the region writes numbers, or amounts of
    /// money when `monetary`; anything else is returned as it is.
    public static func decimal(_ text: String, monetary: Bool = false) -> String {
        RegionFormat.current.decimal(text, monetary: monetary)
    }
}
