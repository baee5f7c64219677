// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

// What the flyouts ask of a table in its server: `FacetMenu` a `FacetChoosing`, `RangeMenu` a
// `RangeChoosing`, as they ask a catalog's `FacetFilter`.

extension DatabaseFacets: FacetChoosing {
    public func selection(forColumn column: Int) -> FacetSelection { filter.selections[column] ?? FacetSelection() }

    public func setSelection(_ selection: FacetSelection, forColumn column: Int) {
        let before = filter.selections[column]
        filter.select(selection, inColumn: column)
        if filter.selections[column] != before { filterChanged() }
    }

    public func noValueOption(forColumn column: Int) -> Int? {
        lacksValues.contains(column) ? options(forColumn: column).count : nil
    }

    public func counts(forColumn column: Int) -> [Int] { Array((counts?.counts[column] ?? []).dropLast()) }

    public func noValueCount(forColumn column: Int) -> Int { counts?.counts[column]?.last ?? 0 }

    public func reset(column: Int) {
        guard filter.filters(column) else { return }
        filter.selections[column] = nil
        filter.ranges[column] = nil
        filterChanged()
    }

    /// Measures are worked out in memory only, for now.
    public func measures(_ measure: FacetMeasure, forColumn column: Int) -> [MeasureFigure] { [] }
}

extension DatabaseFacets: RangeChoosing {
    public func columnName(_ column: Int) -> String { table.columns[column].name }

    /// Whole numbers, dates and seconds step by one; other numbers by a cent (the server's type
    /// does not say its decimals here).
    public func valueShape(ofColumn column: Int) -> FacetValueShape {
        let values = table.columns[column]
        return FacetValueShape(kind: values.kind, resolution: values.kind != .number || values.isWholeNumber ? 1 : 0.01)
    }

    /// The histogram's span: its bins were made over the column's values when the table opened.
    public func extent(ofColumn column: Int) -> ClosedRange<Double>? {
        guard let edges = table.bins[column]?.edges, let first = edges.first, let last = edges.last else { return nil }
        return first...last
    }

    public func missingCount(ofColumn column: Int) -> Int { missingAtFirst[column] ?? 0 }

    /// The bins were counted in the server on a linear scale only.
    public func canBeLogarithmic(_ column: Int) -> Bool { false }
    public func isLogarithmic(_ column: Int) -> Bool { false }
    public func setLogarithmic(_ on: Bool, forColumn column: Int) {}

    public func range(forColumn column: Int) -> FacetRange? { filter.ranges[column] }

    public func setRange(_ range: FacetRange?, forColumn column: Int) {
        let before = filter.ranges[column]
        filter.setRange(range, forColumn: column)
        if filter.ranges[column] != before { filterChanged() }
    }

    public func histogram(forColumn column: Int) -> FacetHistogram {
        counts?.histograms[column] ?? table.bins[column]
            ?? FacetHistogram(lowest: 0, highest: 0, kind: .number, wholeNumbers: true)
    }

    public var matchCount: Int { counts?.matchCount ?? table.rowCount }
}
