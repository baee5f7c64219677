// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Sorting the Filters page's results: by the Sort by combo, a table header or `--sort`. The first
/// time an order is used it is computed away from the main thread (a million distinct texts take
/// a while to sort), with a spinner; the list keeps its order until the new one is ready.
@MainActor
final class SortRun {
    private let progress: CatalogWork
    /// Counts sort requests, so that only the last one is applied when its order is ready.
    private var request = 0
    /// The order being computed away from the main thread, which the Sort by combo shows already.
    private(set) var inFlight: CatalogSortKey?

    init(progress: CatalogWork) {
        self.progress = progress
    }

    /// Sorts `table`'s matches by `sort` (nil: the table's order), now if the order is known or
    /// the table sorts itself (a server).
    func sort(_ table: any FilteredTable, by sort: CatalogSortKey?) {
        request += 1
        inFlight = nil
        guard let sort, let filter = table as? FacetFilter, !filter.catalog.hasOrder(sort) else {
            table.sort = sort
            return
        }
        inFlight = sort
        let catalog = filter.catalog
        let request = request
        progress.showSorting()
        let deliver: @Sendable @MainActor () -> Void = { [weak self, weak filter] in
            guard let self, let filter else { return }
            self.finish(sort, request: request, filter: filter, catalog: catalog)
        }
        Task.detached {
            _ = catalog.positions(sortedBy: sort)
            MainLoop.post { deliver() }
        }
    }

    private func finish(_ sort: CatalogSortKey, request: Int, filter: FacetFilter, catalog: Catalog) {
        guard self.request == request, filter.catalog === catalog else { return }
        progress.finishWorking()
        inFlight = nil
        filter.sort = sort
    }
}
