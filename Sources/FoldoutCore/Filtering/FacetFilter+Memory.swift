// SPDX-License-Identifier: GPL-3.0-or-later
extension FacetFilter {
    /// Bytes per row held by the catalog (with the sort orders used), the facets' codes made for
    /// columns without a dictionary, the histograms' bins and the filters' row sets: what the
    /// benchmark reports as the filter's memory.
    public var bytesPerItem: Double {
        guard catalog.count > 0 else { return 0 }
        var bytes = 0
        for (column, state) in states {
            if let made = state.codes, !hasDictionary(column) { bytes += made.codes.byteCount }
            if let bins = state.bins { bytes += bins.codes.byteCount }
            if state.passing != nil { bytes += (catalog.count + 7) / 8 }
        }
        if matching != nil { bytes += (catalog.count + 7) / 8 }
        return catalog.bytesPerItem + Double(bytes) / Double(catalog.count)
    }

    /// Whether the column's own dictionary serves as the facet's codes (counted with the catalog).
    private func hasDictionary(_ column: Int) -> Bool {
        if case .coded = catalog.columns[column].values { return true }
        return false
    }
}
