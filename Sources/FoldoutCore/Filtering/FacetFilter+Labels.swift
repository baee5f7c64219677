// SPDX-License-Identifier: GPL-3.0-or-later
/// What a facet's button and the empty results say about a filter.
extension FacetFilter {
    /// The options as a flyout shows them: the values, or "Yes" and "No".
    public func optionLabels(forColumn column: Int) -> [String] {
        isYesNo(column) ? [tr("Yes"), tr("No")] : options(forColumn: column)
    }

    /// The option's text; the "No value" option's name for that index.
    public func optionText(_ option: Int, inColumn column: Int) -> String {
        option == noValueOption(forColumn: column) ? tr("No value") : optionLabels(forColumn: column)[option]
    }

    /// "JFK, LGA", "3 options", "not UA"; for a range "≥ 60", "10–50", "June 2013". `listingAll`
    /// names every ticked option, where a button's label counts them past two.
    public func filterText(forColumn column: Int, listingAll: Bool = false) -> String {
        if let range = range(forColumn: column) { return rangeText(range, forColumn: column) }
        return selection(forColumn: column).described(listingAll: listingAll) {
            optionText($0, inColumn: column)
        }
    }

    /// "≥ 60", "≤ 2013-06-07", "10–50", "June 2013", "2013-06-01", with "or no value" when missing values pass.
    public func rangeText(_ range: FacetRange, forColumn column: Int) -> String {
        FacetValueText.rangeText(range, FacetValueShape(catalog.columns[column]))
    }
}

/// What a range's ends are written by: the column's kind, its step (a cent, a day) and whether
/// it holds money. A catalog's column has it; so does a table's in a database server.
public struct FacetValueShape: Sendable, Equatable {
    public let kind: CatalogColumn.Kind
    /// The smallest difference between two of its values (1 for whole numbers, dates, seconds).
    public let resolution: Double
    public let isMonetary: Bool

    public init(kind: CatalogColumn.Kind, resolution: Double, isMonetary: Bool = false) {
        self.kind = kind
        self.resolution = resolution
        self.isMonetary = isMonetary
    }

    public init(_ column: CatalogColumn) {
        self.init(kind: column.kind, resolution: column.resolution, isMonetary: column.isMonetary)
    }
}

/// A range end as the region writes it, and read back as typed.
public enum FacetValueText {
    /// A number without needless decimals, a date, or a date-time to the minute (seconds when it has them).
    public static func text(_ value: Double, _ column: CatalogColumn) -> String {
        text(value, FacetValueShape(column))
    }

    public static func text(_ value: Double, _ column: FacetValueShape) -> String {
        switch column.kind {
        case .date:
            return RegionFormat.current.date(CatalogDate(daysSince1970: Int32(value.rounded(.down))).description)
        case .dateTime:
            let seconds = Int64(value.rounded(.down))
            let iso = CatalogValueText.dateTime(seconds: seconds)
            let day = RegionFormat.current.date(String(iso.prefix(10)))
            let clock = iso.dropFirst(11)
            return day + " " + (clock.hasSuffix(":00") ? String(clock.dropLast(3)) : String(clock))
        case .number, .text:
            return NumberText.decimal(plain(value, column.resolution), monetary: column.isMonetary)
        }
    }

    /// A figure worked out from a column's values, such as a mean or a median: as `text` writes a
    /// value, a number with two decimals more than the column's own (at most six, and six for
    /// floating-point numbers, which have no step).
    public static func figure(_ value: Double, _ column: CatalogColumn) -> String {
        figure(value, FacetValueShape(column))
    }

    public static func figure(_ value: Double, _ column: FacetValueShape) -> String {
        guard column.kind == .number else { return text(value, column) }
        let step = column.resolution > 0 ? max(column.resolution / 100, 0.000_001) : 0.000_001
        return NumberText.decimal(plain(value, step), monetary: column.isMonetary)
    }

    /// A date as "2013-06-01", a date-time as "2013-06-01 05:00:00" (days or seconds since 1970).
    public static func iso(_ value: Double, _ kind: CatalogColumn.Kind) -> String {
        kind == .date
            ? CatalogDate(daysSince1970: Int32(value.rounded(.down))).description
            : CatalogValueText.dateTime(seconds: Int64(value.rounded(.down)))
    }

    /// "≥ 60", "≤ 2013-06-07", "10–50", "June 2013", "2013-06-01", with "or no value" when missing values pass.
    public static func rangeText(_ range: FacetRange, _ values: FacetValueShape) -> String {
        var text: String
        switch (range.lower, range.upper) {
        case (let lower?, let upper?):
            text =
                calendarSpan(lower, upper, values)
                ?? (lower == upper
                    ? self.text(lower, values) : self.text(lower, values) + "–" + self.text(upper, values))
        case (let lower?, nil): text = "≥ " + self.text(lower, values)
        case (nil, let upper?): text = "≤ " + self.text(upper, values)
        case (nil, nil): text = range.includesMissing ? tr("any") : tr("any value")
        }
        if range.includesMissing && (range.lower != nil || range.upper != nil) {
            text = tr("{range} or no value", ["range": text])
        }
        return text
    }

    /// A number as plainly as it can be written: "10", "0.5", "2.5e-05".
    public static func plainNumber(_ value: Double) -> String { plain(value, 0.000001) }

    /// "1234.5": the value with as many decimals as the column's step has, trailing zeros dropped.
    static func plain(_ value: Double, _ resolution: Double) -> String {
        if value == value.rounded() && value.magnitude < 1e15 { return String(Int64(value)) }
        var decimals = 0
        var step = resolution
        while step > 0 && step < 1 && decimals < 6 {
            step *= 10
            decimals += 1
        }
        guard decimals > 0 else { return CatalogValueText.real(value) }
        let scale = CatalogValueParser.powersOfTen[decimals]
        let text = CatalogValueText.integer(Int64((value * scale).rounded()), scale: decimals, kind: .number)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// "June 2013" when the range is one whole calendar month, "2013" a whole year, the day when
    /// it is one whole day; else nil.
    static func calendarSpan(_ lower: Double, _ upper: Double, _ column: FacetValueShape) -> String? {
        let perDay: Double
        switch column.kind {
        case .date: perDay = 1
        case .dateTime: perDay = 86_400
        default: return nil
        }
        // From the start of a day to the last step (a day, a second) before another day starts.
        let after = upper + 1
        guard (lower / perDay).rounded(.down) * perDay == lower, (after / perDay).rounded(.down) * perDay == after
        else { return nil }
        let firstDay = Int(lower / perDay)
        if Int(after / perDay) == firstDay + 1 {
            return RegionFormat.current.date(CatalogDate(daysSince1970: Int32(firstDay)).description)
        }
        let (year, month, day) = CatalogDate.civil(fromDays: firstDay)
        let next = CatalogDate.civil(fromDays: Int(after / perDay))
        guard day == 1, next.day == 1 else { return nil }
        if month == 1 && next.month == 1 && next.year == year + 1 { return String(year) }
        let following = month == 12 ? (year + 1, 1) : (year, month + 1)
        guard next.year == following.0, next.month == following.1 else { return nil }
        return RegionFormat.current.month(year, month)
    }

    /// A typed range end: a number as the region writes it (or with a point), a date as
    /// YYYY-MM-DD or as the region writes it, a date-time as "YYYY-MM-DD HH:MM[:SS]" or a date.
    /// A date given for a date-time column's upper end (`upper`) means the end of that day.
    public static func parse(_ typed: String, _ column: CatalogColumn, upper: Bool = false) -> Double? {
        parse(typed, kind: column.kind, upper: upper)
    }

    /// `parse` for a column of `kind` (a table's in a database server, which has no catalog column).
    public static func parse(_ typed: String, kind: CatalogColumn.Kind, upper: Bool = false) -> Double? {
        let text = typed.trimmingSpaces
        guard !text.isEmpty else { return nil }
        switch kind {
        case .number, .text:
            let region = RegionFormat.current
            var plain = text.replacingAll(region.groupingSeparator, by: "")
            if region.decimalSeparator != "." { plain = plain.replacingAll(region.decimalSeparator, by: ".") }
            return Double(plain.replacingAll("−", by: "-"))
        case .date:
            return day(text).map(Double.init)
        case .dateTime:
            if let day = day(text) { return Double(day) * 86_400 + (upper ? 86_399 : 0) }
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { CatalogValueParser.dateTime($0) }.map(Double.init)
        }
    }

    /// Days since 1970 of an ISO date or a date written as the region writes one.
    private static func day(_ text: String) -> Int32? {
        let bytes = Array(text.utf8)
        if let days = bytes.withUnsafeBufferPointer({ CatalogDate.parseDays($0) }) { return days }
        return RegionFormat.current.parseDay(text)
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }

    func replacingAll(_ target: String, by replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
