// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a launch asks of the Filters page (filters, a search, a sort, a flyout, a measure, a
/// result unfolded), carried out once the table it is meant for is shown and the facets it names
/// are made (a server makes them off the main thread), and answered: the first problem, or nil.
/// A launch waits for that answer. A row to unfold is waited for until it is listed (a server
/// fetches pages until it is), and refused past the last match, whichever engine lists it.
@MainActor
final class FiltersLaunchRequests {
    private let shown: ShownTable
    private let search: FiltersSearch
    private let section: ComboSection
    private let facetBar: FacetBar
    private let unfolded: UnfoldedResult
    private let groups: ResultsGroups
    /// Requests to carry out once the next table is shown, each with who hears how it went.
    private var pending: [(LaunchFilters, done: @MainActor (String?) -> Void)] = []
    /// The requests waiting for their table's facets or rows: what each listens with, and who
    /// hears how it went.
    private var waiting: [Int: (token: ObservationToken, done: @MainActor (String?) -> Void)] = [:]
    private var nextWait = 0

    init(
        shown: ShownTable, search: FiltersSearch, section: ComboSection, facetBar: FacetBar,
        unfolded: UnfoldedResult, groups: ResultsGroups
    ) {
        self.shown = shown
        self.search = search
        self.section = section
        self.facetBar = facetBar
        self.unfolded = unfolded
        self.groups = groups
    }

    /// Whether a request is still being carried out (its facets or its row are on their way).
    var isWaiting: Bool { !waiting.isEmpty }

    /// Carries out `request` now if a table is shown and the page is `ready` (no other table
    /// is being read or made), else once the next one is; `done` hears the first problem, or nil
    /// (or why the table could not be read).
    func carryOut(_ request: LaunchFilters, ready: Bool, done: @escaping @MainActor (String?) -> Void) {
        guard let table = shown.table, ready else {
            pending.append((request, done))
            return
        }
        start(request, in: table, done: done)
    }

    /// Carries out the requests that waited for the table now shown.
    func carryOutPending() {
        guard let table = shown.table else { return }
        let requests = pending
        pending = []
        for (request, done) in requests { start(request, in: table, done: done) }
    }

    /// Answers the requests still waiting for the table shown, which is being replaced: nothing
    /// more of them can be carried out.
    func tableReplaced() {
        let ended = waiting.values
        waiting = [:]
        for wait in ended { wait.done(nil) }
    }

    /// Tells every waiting request that its table could not be read.
    func failPending(_ problem: String) { answerPending { _ in problem } }

    /// Answers every waiting request with what `problem` says of it, carrying none out.
    func answerPending(_ problem: (LaunchFilters) -> String?) {
        let requests = pending
        pending = []
        for (request, done) in requests { done(problem(request)) }
    }

    private func start(
        _ request: LaunchFilters, in table: any FilteredTable, done: @escaping @MainActor (String?) -> Void
    ) {
        table.makeFacets(for: request.query)
        var applied = false
        whenSettled(table, done: done) { [weak self] in
            guard let self, self.shown.table === table else { return (true, nil) }
            if !applied {
                applied = true
                if let problem = self.carryOutNow(request, in: table) { return (true, problem) }
            }
            guard let row = request.unfoldRow else { return (true, nil) }
            return self.unfold(row, in: table)
        }
    }

    /// Runs `step` once `table`'s facets are made (now, if they are), and again after each change
    /// of the table until it says it is finished; then `done` hears its problem. A table that
    /// cannot answer ends it with why (`FilteredTable.failure`).
    private func whenSettled(
        _ table: any FilteredTable, done: @escaping @MainActor (String?) -> Void,
        step: @escaping @MainActor () -> (finished: Bool, problem: String?)
    ) {
        var isStepping = false
        let attempt: @MainActor () -> Bool = {
            if let failure = table.failure {
                done(failure)
                return true
            }
            // A change the step itself makes (a filter set) is heard by the step when it returns.
            guard table.areFacetsMade, !isStepping else { return false }
            isStepping = true
            let (finished, problem) = step()
            isStepping = false
            if finished { done(problem) }
            return finished
        }
        guard !attempt() else { return }
        let key = nextWait
        nextWait += 1
        let token = table.observe { [weak self] _ in
            guard self?.waiting[key] != nil, attempt() else { return }
            self?.waiting[key] = nil
        }
        waiting[key] = (token, done)
    }

    /// A request that names filters, a search or a sort shows exactly those, as `--export` writes
    /// them: what the page filtered by before (a remembered view, an earlier launch) goes first.
    /// The query is applied as `--export` applies it; the page adds what it shows: the search in
    /// its entry, the sort in its combo, the flyout opened and the measure.
    private func carryOutNow(_ request: LaunchFilters, in table: any FilteredTable) -> String? {
        let query = request.query
        if query.namesResults {
            search.entry.text = query.search ?? ""
            if query.sort == nil { section.choose(sort: table.defaultSort) }
        }
        let section = self.section
        var problems = table.apply(query) { section.choose(sort: $0) }
        if let name = query.openFacet, !facetBar.openMenu(named: name), problems.isEmpty {
            problems.append(tr("“{facet}” has no flyout here", ["facet": name]))
        }
        let unknown = { Catalog.unknownColumn($0, among: table.columnNames) }
        let measure = query.measure(in: table.measurableColumns, matching: table.column(matching:), unknown: unknown)
        if case .success(let measure)? = measure { facetBar.showEverywhere(measure) }
        if !query.grouping.levels.isEmpty {
            switch query.grouping.grouping(
                in: table.measurableColumns, matching: table.column(matching:), unknown: unknown)
            {
            case .success(let grouping): groups.group(by: grouping, in: table, foldingOut: [query.grouping.foldOut])
            case .failure(let problem): problems.append(problem.message)
            }
        }
        return problems.first
    }

    /// Unfolds match `row` once it is listed, asking for more matches until it is; a row past the
    /// matches is refused. Finished once it is unfolded or refused.
    private func unfold(_ row: Int, in table: any FilteredTable) -> (finished: Bool, problem: String?) {
        let count = table.isCounting || !table.isMatchCountKnown ? nil : table.matchCount
        if table.isFetchingRows && count.map({ row >= $0 }) != true { return (false, nil) }
        if row >= table.listedCount && !table.hasAllListed && count.map({ row < $0 }) != false {
            table.fetchMore()
            return (false, nil)
        }
        guard row < table.listedCount else {
            return (true, LaunchRequest.noRowToUnfold(String(row), count: count ?? table.listedCount))
        }
        unfolded.unfoldResult(at: row)
        return (true, nil)
    }
}
