// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What a range facet's bins are made from: the span of its values, and whether every one is
/// whole; the bins themselves follow, on a linear or a logarithmic scale.
struct RangeSpan: Sendable, Equatable {
    let lowest: Double
    let highest: Double
    let wholeNumbers: Bool

    init(lowest: Double, highest: Double, wholeNumbers: Bool) {
        self.lowest = lowest
        self.highest = highest
        self.wholeNumbers = wholeNumbers
    }

    /// The three texts of `DatabaseTable.spanSQL` in `row` from `index` on (no values: 0 to 0).
    init(_ row: [String?], at index: Int) {
        lowest = row[index].flatMap { Double($0) } ?? 0
        highest = row[index + 1].flatMap { Double($0) } ?? lowest
        wholeNumbers = row[index + 2] != "false"
    }
}

/// A range facet's scale, linear or logarithmic: its bins made again over the same values, as a
/// catalog's column makes them, for the server to count in (`width_bucket` takes any edges).
extension DatabaseTable {
    /// Makes `column`'s bins over `span` (linear), and keeps the span for another scale.
    @discardableResult
    mutating func makeBins(_ column: Int, _ span: RangeSpan) -> FacetHistogram {
        spans[column] = span
        let bins = FacetHistogram(
            lowest: span.lowest, highest: span.highest, kind: columns[column].kind, wholeNumbers: span.wholeNumbers)
        self.bins[column] = bins
        return bins
    }

    /// Whole numbers, dates and seconds step by one; other numbers by a cent (the server's type
    /// does not say its decimals here).
    func valueShape(ofColumn column: Int) -> FacetValueShape {
        let values = columns[column]
        return FacetValueShape(kind: values.kind, resolution: values.kind != .number || values.isWholeNumber ? 1 : 0.01)
    }

    /// Whether `column` is a range facet of numbers, which may have a logarithmic scale.
    public func canBeLogarithmic(_ column: Int) -> Bool {
        facets[column] == .range && columns[column].kind == .number && spans[column] != nil
    }

    /// Makes `column`'s bins again on a logarithmic scale, or a linear one; their counts are
    /// zero until counted.
    public mutating func setLogarithmic(_ on: Bool, forColumn column: Int) {
        guard canBeLogarithmic(column), let span = spans[column] else { return }
        bins[column] = FacetHistogram(
            lowest: span.lowest, highest: span.highest, kind: columns[column].kind, wholeNumbers: span.wholeNumbers,
            logarithmic: on)
        openingCounts?.histograms[column] = nil
    }
}
