// SPDX-License-Identifier: GPL-3.0-or-later
extension FacetFilter {
    /// Bytes per row held by the catalog (with the sort orders used), the facets' codes made for
    /// columns without a dictionary, the histograms' bins and the filters' row sets: what the
    /// benchmark reports as the filter's memory.
    public var bytesPerItem: Double {
        guard catalog.count > 0 else { return 0 }
        var bytes = 0
        // A row set is counted once however many hold it: with one filter, the matches are that
        // filter's own set, shared, not copied.
        var rowSets = Set<Int>()
        func add(_ set: RowSet?) {
            if let set, rowSets.insert(set.wordsAddress).inserted { bytes += (catalog.count + 7) / 8 }
        }
        for (column, state) in states {
            if let made = state.codes, !hasDictionary(column) { bytes += made.codes.byteCount }
            if let bins = state.bins { bytes += bins.codes.byteCount }
            add(state.passing)
        }
        add(matching)
        return catalog.bytesPerItem + Double(bytes) / Double(catalog.count)
    }

    /// Whether the column's own dictionary serves as the facet's codes (counted with the catalog).
    private func hasDictionary(_ column: Int) -> Bool {
        if case .coded = catalog.columns[column].values { return true }
        return false
    }
}
