// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What a range facet's bins are made from: the span of its values, and whether every one is
/// whole; the bins themselves follow, on a linear or a logarithmic scale.
struct RangeSpan: Sendable, Equatable {
    let lowest: Double
    let highest: Double
    let wholeNumbers: Bool
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
