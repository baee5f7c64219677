// SPDX-License-Identifier: GPL-3.0-or-later
/// The matches and what is counted over them: each facet's counts and histogram, faceted (a
/// facet counts the rows every other filter and the search let through), kept in the column's
/// state until the rows change.
extension FacetFilter {
    /// The rows the search and every filter but `column`'s let through; nil for every row.
    func rowsPassing(allBut column: Int?) -> RowSet? {
        var sets = states.compactMap { $0.key == column ? nil : $0.value.passing }
        if let searchRows { sets.append(searchRows) }
        return sets.isEmpty ? nil : RowSet.intersection(of: sets, capacity: catalog.count)
    }

    /// The rows `column`'s counts are counted over: the matches, when the column does not filter.
    func rowsCounted(for column: Int) -> RowSet? {
        states[column]?.passing == nil ? matching : rowsPassing(allBut: column)
    }

    /// How many rows have each option of the facet `column`, given every other filter and the search.
    public func counts(forColumn column: Int) -> [Int] { Array(countsWithNoValue(column).dropLast()) }

    /// How many rows have no value in `column`, given every other filter and the search.
    public func noValueCount(forColumn column: Int) -> Int { countsWithNoValue(column).last ?? 0 }

    private func countsWithNoValue(_ column: Int) -> [Int] {
        if let cached = states[column]?.counts { return cached }
        let codes = facetCodes(column)
        let byCode = RowCounting.count(codes.codes, rows: rowsCounted(for: column), slots: codes.codeCount) {
            if let counted = states[column]?.everyRowCounts { return counted }
            var counted = [Int](repeating: 0, count: codes.codeCount)
            RowCounting.count(codes.codes, rows: nil, into: &counted)
            states[column, default: FacetColumnState()].everyRowCounts = counted
            return counted
        }
        let counts = codes.optionCounts(byCode)
        states[column, default: FacetColumnState()].counts = counts
        return counts
    }

    /// The histogram of `column`'s values among the rows every other filter and the search match.
    public func histogram(forColumn column: Int) -> FacetHistogram {
        if let cached = states[column]?.histogram { return cached }
        let bins = rangeBins(column)
        let byCode = RowCounting.count(bins.codes, rows: rowsPassing(allBut: column), slots: bins.edges.count) {
            if let counted = states[column]?.everyRowBins { return counted }
            var counted = [Int](repeating: 0, count: bins.edges.count)
            RowCounting.count(bins.codes, rows: nil, into: &counted)
            states[column, default: FacetColumnState()].everyRowBins = counted
            return counted
        }
        let histogram = FacetHistogram(
            edges: bins.edges, unit: bins.unit, logarithmic: bins.logarithmic, counts: Array(byCode.dropFirst()),
            missing: byCode[0])
        states[column, default: FacetColumnState()].histogram = histogram
        return histogram
    }

    private func rangeBins(_ column: Int) -> RangeBins {
        if let made = states[column]?.bins { return made }
        let made = RangeBins(catalog.columns[column], logarithmic: isLogarithmic(column))
        states[column, default: FacetColumnState()].bins = made
        return made
    }

    /// Every option facet's counts and every range facet's histogram, by column.
    public func allCounts() -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for column in facetColumns {
            switch kind(ofColumn: column) {
            case .options: result[column] = counts(forColumn: column)
            case .range: result[column] = histogram(forColumn: column).counts
            }
        }
        return result
    }

    func invalidateCounts() {
        for index in states.values.indices { states.values[index].forgetCounts() }
    }

    /// The matches in the sort order. The result goes into the previous result's buffer when
    /// nothing else holds it, because writing to memory that is already mapped is several times
    /// faster than to fresh pages; an unfiltered result in a sort order is the order's own
    /// permutation, shared, not copied. The file's order is no kept permutation: unfiltered,
    /// it is written into the buffer.
    func recompute() {
        invalidateCounts()
        matching = rowsPassing(allBut: nil)
        var buffer: [UInt32] = []
        if matchesIsOrder { swap(&buffer, &spare) } else { swap(&buffer, &matches) }
        matchesIsOrder = false
        switch (matching, sort) {
        case (nil, let sort?):
            spare = buffer
            matches = catalog.positions(sortedBy: sort)
            matchesIsOrder = true
            return
        case (nil, nil):
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: 0..<UInt32(catalog.count))
        case (let matching?, let sort?):
            let catalog = self.catalog
            FacetMatching.matches(
                order: catalog.positions(sortedBy: sort), ranks: { catalog.ranks(sortedBy: sort) }, rows: matching,
                into: &buffer)
        case (let matching?, nil):
            matching.positions(into: &buffer)
        }
        matches = buffer
    }
}
