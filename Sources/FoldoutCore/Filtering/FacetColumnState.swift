// SPDX-License-Identifier: GPL-3.0-or-later
/// What `FacetFilter` keeps for one column it has looked at: how the column filters (its kind,
/// its choice or range, and the rows that lets through), what is made once from the catalog (its
/// codes, its bins and the counts over every row), and what the matching rows give (counts, a
/// histogram, measures). Made when first needed and dropped as one when the column stops being a
/// facet or the catalog is replaced, so that no part of it outlives the others.
struct FacetColumnState {
    /// The kind the facet was made with, where it was chosen.
    var chosenKind: FacetKind?
    var logarithmic = false
    var selection: FacetSelection?
    var range: FacetRange?
    /// The rows the choice or range lets through; nil when the column does not filter.
    var passing: RowSet?

    var codes: FacetCodes?
    var bins: RangeBins?
    /// The bins or periods a level of groups has (bins on a linear scale whatever the facet's).
    var groupBins: [GroupLevel.Keying: (codes: FacetCodes, spans: [FacetRange])] = [:]
    /// Counts by code over every row: what the facet counts when nothing else filters.
    var everyRowCounts: [Int]?
    /// Counts by bin over every row.
    var everyRowBins: [Int]?

    /// What the matching rows give, until they change.
    var counts: [Int]?
    var histogram: FacetHistogram?
    var measures: [FacetMeasure: [MeasureFigure]] = [:]

    var isFiltering: Bool { selection != nil || range != nil }

    /// Ends the choice or range; true if there was one.
    mutating func dropFilter() -> Bool {
        let had = isFiltering
        selection = nil
        range = nil
        passing = nil
        return had
    }

    /// Forgets the bins, for a scale of another kind.
    mutating func forgetBins() {
        bins = nil
        everyRowBins = nil
        histogram = nil
    }

    /// Forgets what the matching rows gave.
    mutating func forgetCounts() {
        counts = nil
        histogram = nil
        measures = [:]
    }
}
