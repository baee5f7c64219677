// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Sorting the results: by the Sort by combo, a table header or `--sort`; a new order is computed
/// away from the main thread, the list keeping its order until it is ready.
extension FiltersPage {
    /// Sorts away from the main thread the first time an order is used (a million distinct texts
    /// take a while to sort), with a spinner; the list keeps its order until the new one is ready.
    func applySort(_ sort: CatalogSortKey?) {
        guard let filter else { return }
        sortRequest += 1
        sortInFlight = nil
        guard let sort, !filter.catalog.hasOrder(sort) else {
            filter.sort = sort
            return
        }
        sortInFlight = sort
        let catalog = filter.catalog
        let request = sortRequest
        opening.showSorting()
        let deliver: @Sendable @MainActor () -> Void = { [weak self] in
            self?.finishSorting(sort, request: request, catalog: catalog)
        }
        Task.detached {
            _ = catalog.positions(sortedBy: sort)
            MainLoop.post { deliver() }
        }
    }

    private func finishSorting(_ sort: CatalogSortKey, request: Int, catalog: Catalog) {
        guard sortRequest == request, filter?.catalog === catalog else { return }
        opening.finishWorking()
        sortInFlight = nil
        filter?.sort = sort
    }
}
