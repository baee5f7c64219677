// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a launch asks of the Filters page (filters, a search, a sort, a flyout, a result
/// unfolded), carried out once the catalog it is meant for is shown, and answered: the first
/// problem, or nil. A launch waits for that answer.
@MainActor
final class FiltersLaunchRequests {
    private let shown: ShownFilter
    private let search: FiltersSearch
    private let section: ComboSection
    private let facetBar: FacetBar
    private let unfolded: UnfoldedResult
    /// Requests to carry out once the next catalog is shown, each with who hears how it went.
    private var pending: [(LaunchFilters, done: @MainActor (String?) -> Void)] = []
    private var filter: FacetFilter? { shown.filter }

    init(
        shown: ShownFilter, search: FiltersSearch, section: ComboSection, facetBar: FacetBar,
        unfolded: UnfoldedResult
    ) {
        self.shown = shown
        self.search = search
        self.section = section
        self.facetBar = facetBar
        self.unfolded = unfolded
    }

    /// Carries out `request` now if a catalog is shown and the page is `ready` (no other catalog
    /// is being read or made), else once the next one is; `done` hears the first problem, or nil
    /// (or why the catalog could not be read).
    func carryOut(_ request: LaunchFilters, ready: Bool, done: @escaping @MainActor (String?) -> Void) {
        guard filter != nil, ready else {
            pending.append((request, done))
            return
        }
        done(carryOutNow(request))
    }

    func carryOutPending() {
        let requests = pending
        pending = []
        for (request, done) in requests { done(carryOutNow(request)) }
    }

    /// Tells every waiting request that its catalog could not be read.
    func failPending(_ problem: String) { answerPending { _ in problem } }

    /// Answers every waiting request with what `problem` says of it, carrying none out.
    func answerPending(_ problem: (LaunchFilters) -> String?) {
        let requests = pending
        pending = []
        for (request, done) in requests { done(problem(request)) }
    }

    /// Hands every waiting request, with who hears how it went, to `carryOut` (a table in its
    /// server's, which answers once it has made the facets a request names).
    func handOverPending(_ carryOut: (LaunchFilters, @escaping @MainActor (String?) -> Void) -> Void) {
        let requests = pending
        pending = []
        for (request, done) in requests { carryOut(request, done) }
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
        if let name = query.openFacet { facetBar.openMenu(named: name) }
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

    private func unfoldResult(at listPosition: Int) { unfolded.unfoldResult(at: listPosition) }
}
