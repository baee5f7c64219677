// SPDX-License-Identifier: GPL-3.0-or-later
/// A filter asked for in words, as the command line does: `origin=JFK,LGA` to choose, `carrier=UA`
/// to exclude, `dep_delay=60..` or `time_hour=2013-06-01..2013-06-07` for a range (both ends
/// included, either left open; a date given for a date-time column's upper end covers its day).
public struct FilterRequest: Equatable, Sendable {
    public enum Kind: String, Sendable { case choose, exclude, range }

    public let kind: Kind
    public let facet: String
    public let value: String

    /// `FACET=VALUE`; nil when there is no "=" or no facet before it.
    public init?(_ kind: Kind, _ text: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        self.kind = kind
        facet = String(text[..<equals])
        value = String(text[text.index(after: equals)...])
    }

    /// Whether the value reads as this kind asks (a range needs "..").
    public var isWellFormed: Bool { kind != .range || value.contains("..") }
}

extension FacetFilter {
    /// Applies `request`, making its column a facet of the right kind if it is not one, in one
    /// change; returns the problem in one line (an unknown column or option, an end that is not a
    /// value) and changes nothing then. Names and options match in any case when no exact match
    /// exists.
    public func apply(_ request: FilterRequest) -> String? { batch { applyUnbatched(request) } }

    private func applyUnbatched(_ request: FilterRequest) -> String? {
        let names = catalog.columns.map(\.name)
        guard let column = catalog.column(matching: request.facet) else {
            return tr(
                "no column “{facet}” (columns: {columns})",
                ["facet": request.facet, "columns": names.joined(separator: ", ")])
        }
        switch request.kind {
        case .choose, .exclude:
            let options = self.options(forColumn: column)
            let labels = optionLabels(forColumn: column)
            var selection = FacetSelection(excluded: request.kind == .exclude)
            let wanted =
                options.contains(request.value) ? [request.value] : request.value.components(separatedBy: ",")
            for text in wanted {
                if let index = options.firstIndex(of: text)
                    ?? options.firstIndex(where: { $0.lowercased() == text.lowercased() })
                    ?? labels.firstIndex(where: { $0.lowercased() == text.lowercased() })
                {
                    selection.options.insert(index)
                } else if text.lowercased() == tr("No value").lowercased() || text.isEmpty {
                    selection.noValue = true
                } else {
                    return tr(
                        "the facet “{facet}” has no option “{option}”", ["facet": names[column], "option": text])
                }
            }
            if isFacet(column) && kind(ofColumn: column) != .options { setFacet(column, false) }
            if !isFacet(column) { setFacet(column, true, as: .options) }
            setSelection(selection, forColumn: column)
        case .range:
            let values = catalog.columns[column]
            guard values.isRangeable else {
                return tr("“{facet}” holds text, which has no range", ["facet": names[column]])
            }
            let ends = request.value.components(separatedBy: "..")
            guard ends.count == 2 else {
                return tr("--range takes FACET=LOW..HIGH, not “{value}”", ["value": request.value])
            }
            var range = FacetRange()
            for (index, text) in ends.enumerated() where !text.allSatisfy(\.isWhitespace) {
                guard let value = FacetValueText.parse(text, values, upper: index == 1) else {
                    return tr("“{value}” is not a value of “{facet}”", ["value": text, "facet": names[column]])
                }
                if index == 0 { range.lower = value } else { range.upper = value }
            }
            if isFacet(column) && kind(ofColumn: column) != .range { setFacet(column, false) }
            if !isFacet(column) { setFacet(column, true, as: .range) }
            setRange(range, forColumn: column)
        }
        return nil
    }
}

extension Catalog {
    /// The column a user means by `name`, as the command line names one: its name exactly, else
    /// in any case, else (in the generated catalog, whose names are translated) its English name.
    public func column(matching name: String) -> Int? { Self.column(matching: name, among: columns.map(\.name)) }

    /// The one look-up of a column by what a user calls it, among `names` (a catalog's columns, or
    /// a table's in its server): exactly, else in any case, else a generated catalog's English name.
    public static func column(matching name: String, among names: [String]) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        let lowered = name.lowercased()
        if let column = names.firstIndex(where: { $0.lowercased() == lowered }) { return column }
        guard let english = generatedFacetNames.first(where: { $0.lowercased() == lowered }) else { return nil }
        return names.firstIndex(of: tr(english))
    }

    /// The order `--sort COLUMN[:desc]` names, if the catalog has the column.
    public func sortKey(_ sort: SortRequest) -> CatalogSortKey? {
        column(matching: sort.column).map { CatalogSortKey(column: $0, descending: sort.descending) }
    }

    /// "unknown column “x” (columns: a, b, c)": what a command line naming no column hears.
    public func unknownColumn(_ name: String) -> String { Self.unknownColumn(name, among: columns.map(\.name)) }

    /// The same among the columns named `names` (a table's in its server).
    public static func unknownColumn(_ name: String, among names: [String]) -> String {
        tr(
            "unknown column “{column}” (columns: {columns})",
            ["column": name, "columns": names.joined(separator: ", ")])
    }
}

/// A sort order asked for in words: `COLUMN`, `COLUMN:asc` or `COLUMN:desc` (largest first).
public struct SortRequest: Equatable, Sendable {
    public let column: String
    public let descending: Bool

    public init(column: String, descending: Bool) {
        self.column = column
        self.descending = descending
    }

    /// Reads `COLUMN[:asc|:desc]`; nil when no column is named.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let suffixed = lowered.hasSuffix(":desc") || lowered.hasSuffix(":asc")
        let name = suffixed ? String(text[..<text.lastIndex(of: ":")!]) : text
        guard !name.isEmpty else { return nil }
        self.init(column: name, descending: lowered.hasSuffix(":desc"))
    }
}

extension String {
    /// The parts between each `separator` (no Foundation in this module).
    func components(separatedBy separator: String) -> [String] {
        split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}
