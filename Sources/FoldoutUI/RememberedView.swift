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
    /// The view shown now, of the catalog `filter` is over.
    private let current: @MainActor (FacetFilter) -> CatalogViewState
    private var pendingSave: SourceToken?

    init(store: CatalogViewStore?, shown: ShownFilter, current: @escaping @MainActor (FacetFilter) -> CatalogViewState)
    {
        self.store = store
        self.shown = shown
        self.current = current
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

    /// Gives the catalog just shown the view kept for its file, if there is one, by `apply`.
    func restore(by apply: (CatalogViewState, FacetFilter) -> Void) {
        guard let filter = shown.filter, let path, let state = store?.load(path: path) else { return }
        apply(state, filter)
        dropPendingSave()
    }

    /// Forgets the view kept for the file shown, which `apply` then shows as it first opened.
    func reset(by apply: (FacetFilter) -> Void) {
        guard let filter = shown.filter else { return }
        if let path { store?.forget(path: path) }
        apply(filter)
        dropPendingSave()
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
        store?.save(current(filter), path: path)
    }
}
