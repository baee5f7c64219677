// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What the Filters page is asked to do once its catalog is shown: the query (filters, a search,
/// a sort, a flyout, a measure), and a result unfolded, which only the window can check.
struct LaunchFilters {
    var query = CatalogQuery()
    var unfoldRow: Int?

    var isEmpty: Bool { query.isEmpty && unfoldRow == nil }

    /// The first problem `catalog` has with the request (an unknown facet, option or column, a
    /// result to unfold past the last), as the page would find it; for checking before the window
    /// opens.
    @MainActor func problem(in catalog: Catalog, unfolding row: Int? = nil) -> String? {
        let filter = FacetFilter(catalog: catalog)
        if let problem = query.apply(to: filter).first { return problem.message }
        guard let row else { return nil }
        if let search = query.search { filter.setSearch(search) }
        return row < filter.matchCount ? nil : LaunchRequest.noRowToUnfold(String(row), count: filter.matchCount)
    }
}
