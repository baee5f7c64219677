// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

@testable import FoldoutUI

extension FiltersPage {
    /// The table filtered in its server the page shows, if it shows one.
    var server: ServerPage? { (shownTable as? DatabaseFacets).map { ServerPage(page: self, facets: $0) } }
}

/// The Filters page while it shows a table filtered in its server, named as the server tests ask
/// for its parts: the page's own widgets, and the server's model.
@MainActor
struct ServerPage {
    let page: FiltersPage
    let facets: DatabaseFacets

    var isSettled: Bool { page.isReady }
    var banner: Banner { page.banner }
    var retryButton: Button { page.retryButton }
    var countLabel: Label { page.countLabel }
    var spinner: Spinner { page.spinner }
    var facetBar: FacetBar { page.facetBar }
    var emptyResults: EmptyResults { page.emptyResults }
    var searchEntry: SearchEntry { page.search.entry }
    var section: ComboSection { page.section }
    var summary: ResultsSummary { page.summary }
    var tableLayout: TableLayout { page.tableLayout }
    var remembered: RememberedView? { page.rememberedView }
    var listView: ListView { page.listView }
    var scrolled: ScrolledWindow { page.resultsScrolled }
    var resultsStack: Stack { page.resultsStack }
    var viewSwitcher: StackSwitcher { page.viewSwitcher }
    var root: Box { page.root }
    var resultsView: ResultsView {
        get { page.resultsView }
        nonmutating set { page.resultsView = newValue }
    }
    /// The rows bound, by where they are listed.
    var boundRows: [Int: ResultRow] {
        Dictionary(page.boundRows.values.filter { $0.position != nil }.map { ($0.listPosition, $0) }) { a, _ in a }
    }
    /// Where the unfolded row is listed, if it is bound.
    var unfoldedIndex: Int? {
        guard let key = page.unfoldedPosition else { return nil }
        return page.boundRows.values.first { $0.position == key }?.listPosition
    }
}
