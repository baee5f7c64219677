// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a launch asks of the Filters page (filters, a search, a sort, a flyout, a result
/// unfolded), carried out once the catalog it is meant for is shown, and answered: the first
/// problem, or nil. A launch waits for that answer.
extension FiltersPage {
    /// Carries out `request` now if a catalog is shown and no other is being read, else once the
    /// next one is; `done` hears the first problem, or nil (or why the catalog could not be read).
    func carryOut(_ request: LaunchFilters, done: @escaping @MainActor (String?) -> Void) {
        guard filter != nil, !opening.isOpening, !isGenerating else {
            pendingRequests.append((request, done))
            return
        }
        done(carryOutNow(request))
    }

    func carryOutPendingRequests() {
        let requests = pendingRequests
        pendingRequests = []
        for (request, done) in requests { done(carryOutNow(request)) }
    }

    /// Tells every waiting request that its catalog could not be read.
    func failPendingRequests(_ problem: String) {
        let requests = pendingRequests
        pendingRequests = []
        for (_, done) in requests { done(problem) }
    }

    /// A request that names filters, a search or a sort shows exactly those, as `--export` writes
    /// them: what the page filtered by before (a remembered view, an earlier launch) goes first.
    /// The query is applied as `--export` applies it; the page adds what it shows: the search in
    /// its entry, the sort in its combo, the flyout opened, the measure and the result unfolded.
    private func carryOutNow(_ request: LaunchFilters) -> String? {
        guard let filter else { return nil }
        let query = request.query
        if query.namesResults {
            filter.resetAll()
            search.entry.text = query.search ?? ""
            if query.sort == nil { section.choose(sort: filter.catalog.defaultSort) }
        }
        var problems = query.apply(to: filter) { self.section.choose(sort: $0) }.map(\.message)
        if let name = query.openFacet { openMenu(named: name) }
        if case .success(let measure)? = query.measure(in: filter.catalog) { facetBar.showEverywhere(measure) }
        if let row = request.unfoldRow {
            if row < filter.matchCount {
                unfoldResult(at: row)
            } else {
                problems.append(LaunchRequest.noRowToUnfold(String(row), count: filter.matchCount))
            }
        }
        return problems.first
    }

    /// Opens the flyout of the column `name` means (in any case), as a click on its facet's button
    /// would, making the column a facet first if it is not one; false if there is no such column.
    @discardableResult
    func openMenu(named name: String) -> Bool {
        guard let filter, let column = filter.catalog.column(matching: name) else { return false }
        if !filter.isFacet(column) { filter.setFacet(column, true) }
        let title = filter.catalog.columns[column].name
        let buttons =
            facetMenus.map { ($0.name, $0.button) } + facetBar.rangeMenus.map { ($0.name, $0.button) }
        guard let button = buttons.first(where: { $0.0 == title })?.1 else { return false }
        // After a frame: popped up while the page is being mapped, GTK 4.8's popover finds no
        // focus widget in a window not shown yet (a critical), and opens nowhere.
        flyoutPending = true
        button.afterNextFrame { [weak self, weak button] in
            button?.popup()
            self?.flyoutPending = false
        }
        return true
    }

    /// Unfolds the result at `listPosition` and scrolls to it.
    func unfoldResult(at listPosition: Int) {
        guard let filter, listPosition < filter.matchCount else { return }
        listView.scrollTo(position: listPosition)
        setUnfolded(Int(filter.matches[listPosition]))
    }
}
