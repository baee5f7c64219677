// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Each catalog file's view is remembered (`CatalogViewStore`): when the file is opened again its
/// facets, choices, ranges, sort, title and detail columns, rows or table and column widths come
/// back, as far as the file still has those columns and options. Reset View returns the file to
/// what inference chose.
@MainActor
final class RememberedView {
    /// Where each file's view is kept; nil: nothing is remembered.
    private let store: CatalogViewStore?
    private let shown: ShownFilter
    private let section: ComboSection
    private let facetBar: FacetBar
    private let tableLayout: TableLayout
    /// The results' stack: rows, table or summary.
    private let views: Stack
    /// Clears every facet's choice and the search.
    private let clearFilters: @MainActor () -> Void
    private var pendingSave: SourceToken?

    init(
        store: CatalogViewStore?, shown: ShownFilter, section: ComboSection, facetBar: FacetBar,
        tableLayout: TableLayout, views: Stack, clearFilters: @escaping @MainActor () -> Void
    ) {
        self.store = store
        self.shown = shown
        self.section = section
        self.facetBar = facetBar
        self.tableLayout = tableLayout
        self.views = views
        self.clearFilters = clearFilters
    }

    /// Whether a change waits to be kept.
    var isSavePending: Bool { pendingSave != nil }

    /// The path the view of the catalog shown is kept under, if it is kept: a database's tables, a
    /// workbook's sheets and an archive's files each have their own ("flights.sqlite#flights").
    private var path: String? {
        guard store != nil, let origin = shown.filter?.catalog.origin else { return nil }
        // A database's table: its address names the table already, and no password.
        if case .postgresql = origin.format { return origin.path }
        let path = Resources.canonical(origin.path)
        switch origin.format {
        case .sqlite(let table): return path + "#" + table
        case .spreadsheet(_, let sheet, _): return path + "#" + sheet
        case .compressed(_, let member?, _): return path + "#" + member
        default: return path
        }
    }

    /// Gives the catalog just shown the view kept for its file, if there is one.
    func restore() {
        guard let filter = shown.filter, let path, let state = store?.load(path: path) else { return }
        defer { dropPendingSave() }
        let kept = state.apply(to: filter)
        facetBar.setMeasures(state.measures(in: filter.catalog))
        section.show(title: kept.title ?? section.titleColumn, details: kept.details)
        section.choose(sort: kept.sort)
        tableLayout.restore(state)
        (state.showsSummary ? ResultsView.summary : state.showsTable ? .table : .rows).show(in: views)
    }

    /// Forgets the view kept for the file shown and shows it as it first opened: the facets,
    /// sort, title and details inference chose, no choice, no search, rows, widths as they come.
    func reset() {
        guard let filter = shown.filter else { return }
        if let path { store?.forget(path: path) }
        defer { dropPendingSave() }
        let catalog = filter.catalog
        clearFilters()
        for column in filter.facetColumns where !catalog.facetColumns.contains(column) {
            filter.setFacet(column, false)
        }
        for column in catalog.facetColumns { filter.setFacet(column, true) }
        facetBar.setMeasures([:])
        section.show(title: catalog.titleColumn, details: catalog.detailColumns)
        section.choose(sort: catalog.defaultSort)
        tableLayout.reset()
        ResultsView.rows.show(in: views)
    }

    /// Keeps the view of the file shown once the main loop is idle: many changes come at once.
    func changed() {
        guard path != nil, pendingSave == nil else { return }
        pendingSave = MainLoop.idle(priority: .low) { [weak self] in
            self?.pendingSave = nil
            self?.save()
            return false
        }
    }

    /// A view restored or reset is not a change to keep: the save its changes asked for goes.
    private func dropPendingSave() {
        pendingSave?.cancel()
        pendingSave = nil
    }

    private func save() {
        guard let filter = shown.filter, let path else { return }
        let view = ResultsView(shownIn: views)
        let state = CatalogViewState(
            filter, title: section.titleColumn, details: section.detailColumns, showsTable: view == .table,
            showsSummary: view == .summary, widths: tableLayout.shownWidths,
            table: tableLayout.shownLayout, measures: facetBar.measures)
        store?.save(state, path: path)
    }
}
