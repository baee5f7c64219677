// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Each table's view is remembered (`CatalogViewStore`), whichever engine filters it: when the
/// file (or the table in its server) is opened again its facets, choices, ranges and scales, the
/// measures beside the options, the sort, title and detail columns, rows, table, summary or
/// groups (what they are grouped by, and those folded out), and the table's columns and widths
/// come back, as far as it still has those columns and options.
/// The table gives back what it filters by (`FilteredTable.restore`: a server's once it has made
/// the facets kept, and until then it keeps that view as its own, so nothing kept is lost); the
/// page's parts are given back at once. Reset View returns the table to how it first opened.
@MainActor
final class RememberedView {
    /// Where each table's view is kept; nil: nothing is remembered.
    private let store: CatalogViewStore?
    /// The table shown, and the path its view is kept under ("flights.sqlite#flights", a
    /// database's address without its password).
    private let table: @MainActor () -> (any FilteredTable)?
    private let path: @MainActor () -> String?
    private let section: ComboSection
    private let facetBar: FacetBar
    private let tableLayout: TableLayout
    private let groups: ResultsGroups
    /// The results' stack: rows, table, summary or groups.
    private let views: Stack
    /// Clears every facet's choice and the search.
    private let clearFilters: @MainActor () -> Void
    private var pendingSave: SourceToken?

    init(
        store: CatalogViewStore?, table: @escaping @MainActor () -> (any FilteredTable)?,
        path: @escaping @MainActor () -> String?, section: ComboSection, facetBar: FacetBar, tableLayout: TableLayout,
        groups: ResultsGroups, views: Stack, clearFilters: @escaping @MainActor () -> Void
    ) {
        self.groups = groups
        self.store = store
        self.table = table
        self.path = path
        self.section = section
        self.facetBar = facetBar
        self.tableLayout = tableLayout
        self.views = views
        self.clearFilters = clearFilters
    }

    /// The path a catalog's view is kept under: a database's tables, a workbook's sheets and an
    /// archive's files each have their own ("flights.sqlite#flights").
    static func path(of catalog: Catalog) -> String? {
        guard let origin = catalog.origin else { return nil }
        // A database's table: its address names the table already, and no password.
        if case .postgresql = origin.format { return origin.path }
        let path = Resources.canonical(origin.path)
        switch origin.format {
        case .sqlite(let table): return path + "#" + table
        case .spreadsheet(_, let sheet, _, _): return path + "#" + sheet
        case .compressed(_, let member?, _): return path + "#" + member
        default: return path
        }
    }

    /// The header row chosen for each sheet of the workbook at `path` (see `keep(headerRow:)`).
    func keptHeaderRows(ofFile path: String) -> [String: Int] {
        store?.load(path: Resources.canonical(path))?.headerRows ?? [:]
    }

    /// Keeps the row `sheet`'s header was read from, as chosen: the workbook's own entry holds it,
    /// since which sheet a workbook opens on is known only once it is read.
    func keep(headerRow: Int, sheet: String, ofFile path: String) {
        guard let store else { return }
        let file = Resources.canonical(path)
        var state = store.load(path: file) ?? CatalogViewState()
        guard state.headerRows[sheet] != headerRow else { return }
        state.headerRows[sheet] = headerRow
        store.save(state, path: file)
    }

    /// Whether a change waits to be kept.
    var isSavePending: Bool { pendingSave != nil }

    /// Gives the table just shown the view kept for it, if there is one.
    func restore() {
        guard let table = table(), let path = path(), let state = store?.load(path: path) else { return }
        defer { dropPendingSave() }
        if case .now(let sort) = table.restore(state) { section.choose(sort: sort) }
        facetBar.setMeasures(state.measures(among: table.measurableColumns))
        section.show(
            title: state.title.flatMap(table.column(named:)) ?? section.titleColumn,
            details: state.details.compactMap(table.column(named:)))
        tableLayout.restore(state)
        let unknown = { Catalog.unknownColumn($0, among: table.columnNames) }
        if !state.grouping.levels.isEmpty,
            case .success(let grouping) = state.grouping.grouping(
                in: table.measurableColumns, matching: table.column(matching:), unknown: unknown)
        {
            groups.group(by: grouping, in: table, foldingOut: state.openGroups)
        }
        let shown: ResultsView =
            state.showsSummary ? .summary : state.showsGroups ? .groups : state.showsTable ? .table : .rows
        shown.show(in: views)
    }

    /// Forgets the view kept for the table shown and shows it as it first opened: the facets,
    /// sort, title and details it opened with, no choice, no search, rows, widths as they come.
    func reset() {
        guard let table = table() else { return }
        if let path = path() { store?.forget(path: path) }
        defer { dropPendingSave() }
        clearFilters()
        table.resetFacets()
        facetBar.setMeasures([:])
        section.show(title: table.titleColumn, details: table.detailColumns)
        section.choose(sort: table.defaultSort)
        tableLayout.reset()
        groups.startOver()
        ResultsView.rows.show(in: views)
    }

    /// Keeps the view of the table shown once the main loop is idle: many changes come at once.
    func changed() {
        guard store != nil, pendingSave == nil, path() != nil else { return }
        pendingSave = MainLoop.idle(priority: .low) { [weak self] in
            self?.pendingSave = nil
            self?.save()
            return false
        }
    }

    /// Keeps the view now, a change waiting or not: for closing the table.
    func saveNow() {
        guard pendingSave != nil else { return }
        dropPendingSave()
        save()
    }

    /// A view restored or reset is not a change to keep: the save its changes asked for goes.
    private func dropPendingSave() {
        pendingSave?.cancel()
        pendingSave = nil
    }

    private func save() {
        guard let table = table(), let path = path() else { return }
        let names = table.columnNames
        let view = ResultsView(shownIn: views)
        var state = table.viewState(measures: facetBar.measures)
        state.title = names[section.titleColumn]
        state.details = section.detailColumns.map { names[$0] }
        state.showsTable = view == .table
        state.showsSummary = view == .summary
        state.showsGroups = view == .groups
        if let kept = groups.kept(for: table) {
            state.grouping = GroupingRequest(kept.grouping, columnNames: names)
            state.openGroups = kept.open
        }
        state.widths = tableLayout.shownWidths
        state.tableOrder = tableLayout.shownLayout?.order ?? []
        state.tableHidden = tableLayout.shownLayout?.hidden.sorted() ?? []
        store?.save(state, path: path)
    }
}
