// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// A table in its server keeps its view (`CatalogViewStore`) as a catalog file does
/// (`RememberedView`), under its address without a password, naming the table, as the same table
/// read into memory is kept: when it is opened again its facets (those added from the Facets
/// menu too) are made, and once they are, their choices, ranges, scales and measures, the sort,
/// the title and the details come back, and the rows, table or summary shown, with the table's
/// columns and widths. Nothing is kept until then, so the view kept is not lost to the one the
/// table opens with.
@MainActor
final class RememberedServerView {
    private let store: CatalogViewStore
    private let path: String
    private unowned let view: ServerTableView
    private var isRestoring = true
    private var pendingSave: SourceToken?
    private var observations: [ObservationToken] = []
    /// How the table first opened, for Reset View: its facets, title and details.
    private let first: (facets: Set<Int>, title: Int, details: [Int])

    /// Nil when nothing is kept (no store, or an address that is not one).
    init?(store: CatalogViewStore?, address: String, view: ServerTableView) {
        guard let store, let address = DatabaseAddress(address) else { return nil }
        self.store = store
        path = address.withoutPassword(table: view.facets.table.name)
        self.view = view
        first = (Set(view.facets.wantedFacets), view.section.titleColumn, view.section.detailColumns)
        observations.append(
            view.facets.changes.add { [weak self] change in
                if !change.intersection([.filter, .facets]).isEmpty { self?.changed() }
            })
        observations.append(
            view.section.changes.add { [weak self] change in
                if case .chose = change { self?.changed() }
            })
        restore()
    }

    private func restore() {
        guard let state = store.load(path: path) else {
            isRestoring = false
            return
        }
        view.facets.setFacets(keptIn: state)
        view.afterFacetsAreMade { [weak self] in
            guard let self else { return }
            let facets = view.facets
            let filter = facets.filter(keptIn: state)
            facets.setFilter(filter)
            facets.setScales(keptIn: state)
            view.facetBar.setMeasures(state.measures(among: facets.measurableColumns))
            view.section.choose(sort: filter.sort)
            if let title = state.title.flatMap(facets.column(named:)) {
                view.section.show(title: title, details: state.details.compactMap(facets.column(named:)))
            }
            view.tableLayout.restore(state)
            view.resultsView = state.showsSummary ? .summary : state.showsTable ? .table : .rows
            isRestoring = false
        }
    }

    /// Forgets the view kept and shows the table as it first opened: its first facets, each on a
    /// linear scale, no choice and no search, in the table's order, its first title and details.
    func reset() {
        store.forget(path: path)
        let facets = view.facets
        view.searchEntry.text = ""
        facets.resetAll()
        for column in facets.wantedFacets where !first.facets.contains(column) { facets.setFacet(column, false) }
        for column in first.facets.sorted() where !facets.isFacet(column) { facets.setFacet(column, true) }
        for column in facets.rangeFacets { facets.setLogarithmic(false, forColumn: column) }
        view.facetBar.setMeasures([:])
        view.section.choose(sort: nil)
        view.section.show(title: first.title, details: first.details)
        view.tableLayout.reset()
        // A view reset is not a change to keep.
        pendingSave?.cancel()
        pendingSave = nil
    }

    /// Keeps the view once the main loop is idle: many changes come at once.
    func changed() {
        guard !isRestoring, pendingSave == nil else { return }
        pendingSave = MainLoop.idle(priority: .low) { [weak self] in
            self?.pendingSave = nil
            self?.save()
            return false
        }
    }

    /// Whether a change waits to be kept.
    var isSavePending: Bool { pendingSave != nil }

    /// Keeps the view now, a change waiting or not: for closing the table.
    func saveNow() {
        pendingSave?.cancel()
        pendingSave = nil
        if !isRestoring { save() }
    }

    private func save() {
        var state = view.facets.viewState(
            title: view.section.titleColumn, details: view.section.detailColumns, measures: view.facetBar.measures
        )
        state.showsTable = view.resultsView == .table
        state.showsSummary = view.resultsView == .summary
        state.widths = view.tableLayout.shownWidths
        state.tableOrder = view.tableLayout.shownLayout?.order ?? []
        state.tableHidden = view.tableLayout.shownLayout?.hidden.sorted() ?? []
        store.save(state, path: path)
    }
}
