// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Each catalog file's view is remembered (`CatalogViewStore`): when the file is opened again its
/// facets, choices, ranges, sort, title and detail columns, rows or table and column widths come
/// back, as far as the file still has those columns and options. Reset View returns the file to
/// what inference chose.
extension FiltersPage {
    /// The path the view of the catalog shown is kept under, if it is kept: a database's tables, a
    /// workbook's sheets and an archive's files each have their own ("flights.sqlite#flights").
    private var viewPath: String? {
        guard viewStore != nil, let origin = filter?.catalog.origin else { return nil }
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
    func restoreView() {
        guard let filter, let path = viewPath, let state = viewStore?.load(path: path) else { return }
        defer { dropPendingSave() }
        let kept = state.apply(to: filter)
        facetBar.setMeasures(state.measures(in: filter.catalog))
        section.show(title: kept.title ?? section.titleColumn, details: kept.details)
        section.choose(sort: kept.sort)
        tableWidths[filter.catalog.name] = state.widths
        tableLayouts[filter.catalog.name] =
            state.tableOrder.isEmpty ? nil : state.tableColumns(in: filter.catalog, title: section.titleColumn)
        showTableColumns(rebuilding: true)
        resultsView = state.showsSummary ? .summary : state.showsTable ? .table : .rows
    }

    /// Keeps the view of the file shown once the main loop is idle: many changes come at once.
    func viewChanged() {
        guard viewPath != nil, pendingViewSave == nil else { return }
        pendingViewSave = MainLoop.idle(priority: .low) { [weak self] in
            self?.pendingViewSave = nil
            self?.saveView()
            return false
        }
    }

    /// A view restored or reset is not a change to keep: the save its changes asked for goes.
    private func dropPendingSave() {
        pendingViewSave?.cancel()
        pendingViewSave = nil
    }

    private func saveView() {
        guard let filter, let path = viewPath else { return }
        let state = CatalogViewState(
            filter, title: section.titleColumn, details: section.detailColumns, showsTable: isTableShown,
            showsSummary: resultsView == .summary,
            widths: tableWidths[filter.catalog.name] ?? [:], table: tableLayouts[filter.catalog.name],
            measures: facetBar.measures)
        viewStore?.save(state, path: path)
    }

    /// Forgets the view kept for the file shown and shows it as it first opened: the facets,
    /// sort, title and details inference chose, no choice, no search, rows, widths as they come.
    func resetView() {
        guard let filter else { return }
        if let path = viewPath { viewStore?.forget(path: path) }
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
        tableWidths[catalog.name] = nil
        tableLayouts[catalog.name] = nil
        showTableColumns(rebuilding: true)
        resultsView = .rows
    }
}
