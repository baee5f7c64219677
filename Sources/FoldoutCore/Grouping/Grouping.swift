// SPDX-License-Identifier: GPL-3.0-or-later
/// How the matches are folded into groups that fold out (issue 62): the levels grouped by, from
/// the outermost in, and the measures shown beside every group.
public struct Grouping: Sendable, Equatable {
    public var levels: [GroupLevel]
    /// What is shown beside each group after its row count, each a column of its own.
    public var measures: [FacetMeasure]

    public init(levels: [GroupLevel], measures: [FacetMeasure] = []) {
        self.levels = levels
        self.measures = measures
    }
}

/// A level of groups: a column, and what its groups are.
public struct GroupLevel: Sendable, Equatable {
    public enum Keying: Sendable, Hashable {
        /// A group for each value, as the column's option facet lists them (text, yes or no).
        case values
        /// A group for each bin of the column's range flyout, over every row (so that a group
        /// means the same whatever the filters): numbers by round spans, dates by calendar units.
        case bins
        /// A date's or date-time's groups by a calendar period of the person's choosing.
        case dates(DateUnit)
    }

    public enum DateUnit: String, Sendable, CaseIterable {
        case year, month, week, day, hour
    }

    public var column: Int
    public var keying: Keying

    public init(_ column: Int, by keying: Keying = .values) {
        self.column = column
        self.keying = keying
    }

    /// Whether a column of `kind` is grouped by bins or periods here: not text, which has values only.
    public func isBinned(_ kind: CatalogColumn.Kind) -> Bool { keying != .values && kind != .text }

    /// The edges of the level's bins or periods over a column of `kind` whose values go from
    /// `lowest` to `highest` (`wholeNumbers`: every one whole), as every engine makes them; nil
    /// when it groups by values (see `isBinned`). Bin i holds `edges[i]` up to a step below
    /// `edges[i + 1]`. A period of a number is its bins, an hour of a date its day.
    public func edges(lowest: Double, highest: Double, kind: CatalogColumn.Kind, wholeNumbers: Bool) -> [Double]? {
        let extent = lowest...max(lowest, highest)
        guard isBinned(kind) else { return nil }
        switch keying {
        case .values: return nil
        case .dates(let unit) where kind == .date || kind == .dateTime:
            let perDay = kind == .date ? 1.0 : 86_400
            return RangeBins.periodEdges(extent, perDay: perDay, unit: unit == .hour && kind == .date ? .day : unit)
        case .bins, .dates:
            return RangeBins.edges(extent, kind: kind, wholeNumbers: wholeNumbers, logarithmic: false).1
        }
    }

    /// Bin `bin`'s text, as that bin chosen as a range says it ("240–249", "2013-10"); an hour by
    /// its start ("2013-10-10 05:00").
    public func label(ofBin bin: Int, edges: [Double], shape: FacetValueShape) -> String {
        let span = span(ofBin: bin, edges: edges, shape: shape)
        return FacetValueText.rangeText(
            keying == .dates(.hour) ? FacetRange(lower: span.lower, upper: span.lower) : span, shape)
    }

    /// The values bin `bin` holds, as a range facet chooses them: both ends included.
    public func span(ofBin bin: Int, edges: [Double], shape: FacetValueShape) -> FacetRange {
        FacetRange(lower: edges[bin], upper: edges[bin + 1] - shape.resolution)
    }
}

/// Which rows of a level a group holds, in words every engine understands: a value as the table
/// writes it (a catalog's option, a server's text), a bin of the level's bins, or no value.
public enum GroupKey: Sendable, Hashable {
    case value(String)
    case bin(Int)
    case noValue
}

/// One group of a level: its key, its text ("UA", "Yes", "10–19", "March 2013", "No value"), how
/// many of the matches under the groups above it it holds, and a figure for each of the
/// grouping's measures over those rows; a bin's or period's values as a range chooses them.
public struct GroupRow: Sendable, Equatable {
    public let key: GroupKey
    public let label: String
    public let count: Int
    public let figures: [MeasureFigure]
    /// A bin's or a period's values; nil for a value's group and for no value.
    public let span: FacetRange?

    public init(key: GroupKey, label: String, count: Int, figures: [MeasureFigure], span: FacetRange? = nil) {
        self.key = key
        self.label = label
        self.count = count
        self.figures = figures
        self.span = span
    }
}

extension GroupRow {
    /// The total row: every match, `count` of them, with `figures` (one for each of `measures`,
    /// nil where none was worked out) over them all; its key is no level's.
    public static func total(count: Int, figures: [MeasureFigure?]?, _ measures: [FacetMeasure]) -> GroupRow {
        GroupRow(
            key: .noValue, label: tr("Total"), count: count,
            figures: measures.indices.map { figures?[$0] ?? MeasureFigure(value: nil, used: 0) })
    }
}

/// The order a level's groups are shown in, as a header of the Groups view sets it: by key (the
/// level's own order: its options', its bins'), by row count, or by a measure's figure; up or
/// down. The rows with no value, and groups without a figure, come last either way.
public struct GroupOrder: Sendable, Equatable {
    public enum By: Sendable, Equatable {
        case key, count
        case measure(Int)
    }

    public var by: By
    public var descending: Bool

    public init(by: By, descending: Bool = false) {
        self.by = by
        self.descending = descending
    }

    /// The level's own order.
    public static let levels = GroupOrder(by: .key)

    /// `groups` (in the level's own order) in this order; ties keep the level's.
    public func sorted(_ groups: [GroupRow]) -> [GroupRow] {
        let ranked = groups.enumerated().map { (place: $0.offset, group: $0.element) }
        return ranked.sorted { a, b in
            let (x, y) = (sortValue(a.group, a.place), sortValue(b.group, b.place))
            // Nothing to sort by comes last, up or down.
            if (x == nil) != (y == nil) { return y == nil }
            if let x, let y, x != y { return descending ? x > y : x < y }
            return a.place < b.place
        }.map(\.group)
    }

    private func sortValue(_ group: GroupRow, _ place: Int) -> Double? {
        switch by {
        case .key: group.key == .noValue ? nil : Double(place)
        case .count: Double(group.count)
        case .measure(let index): group.figures.indices.contains(index) ? group.figures[index].value : nil
        }
    }
}
