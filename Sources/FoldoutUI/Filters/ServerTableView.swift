// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// A PostgreSQL table filtered where it lives, shown by the Filters page in place of a catalog
/// read into memory: a search field, the page's own facet bar, filter chips and empty state over
/// `DatabaseFacets`, Sort by, Title and Details, the matching count, and the matching rows, a page
/// at a time as the list scrolls, each unfolding to its whole record, or as a table
/// (`TableLayout`), or the summary of every column. Its view is kept (`RememberedView`). What is
/// still its own (the list's binding and paging, the search field, the launch's handling) is
/// what is left to build once for both engines (ARCHITECTURE.md, "Where a Filters feature goes").
/// Every answer comes from the server off the main thread; while a count is under way the old
/// counts stay, dimmed, and a spinner turns. A query that fails is said in a banner with Retry;
/// the filters stay.
@MainActor
final class ServerTableView {
    let root = Box(.vertical)
    let facets: DatabaseFacets
    let searchEntry = SearchEntry(placeholder: tr("Search the table"))
    private(set) lazy var facetBar = FacetBar(trailing: []) { [weak self] in self?.remembered?.changed() }
    /// What filters the rows, at a glance, with Clear Filters; and the same said when none matches.
    private(set) lazy var activeBar = ActiveFiltersBar(
        onRemove: { [weak self] column in self?.facets.reset(column: column) },
        onRemoveSearch: { [weak self] in self?.searchEntry.text = "" },
        onClear: { [weak self] in self?.clearFilters() })
    private(set) lazy var emptyResults = EmptyResults { [weak self] in self?.clearFilters() }
    let countLabel = Label()
    let sourceLabel = Label()
    let spinner = Spinner()
    /// The line above the rows: the count, the table, the spinner (and an export's progress).
    private(set) lazy var status = FiltersPage.statusBar(countLabel, sourceLabel)
    let retryButton = Button(label: tr("_Retry"), mnemonic: true)
    private(set) lazy var banner = Banner(action: retryButton)
    private let model = PositionListModel()
    private let binder: ListBinder<ServerTableView, Int, ResultRow>
    let scrolled = ScrolledWindow()
    /// The rows, the table, or the summary of every column (asked of the server while it is shown).
    let resultsStack = Stack()
    private(set) lazy var tableLayout = TableLayout(
        model: model, section: section, shown: { [weak self] in self?.facets },
        changed: { [weak self] in self?.remembered?.changed() })
    private(set) lazy var viewSwitcher = StackSwitcher(stack: resultsStack)
    let summary: ResultsSummary
    /// The fetched row whose record is unfolded, if one is.
    private(set) var unfoldedIndex: Int?
    /// A row a launch asked to unfold, until it is fetched, and who hears how it went.
    private var pendingUnfold: (row: Int, done: @MainActor (String?) -> Void)?
    /// What waits for the first counts and every flyout.
    private var waitingForFacets: [@MainActor () -> Void] = []
    private lazy var unfolding = RowUnfolding<Int, ResultRow>(
        listView: binder.listView, scrolled: scrolled, keys: (UnfoldedResult.unfoldKey, UnfoldedResult.foldKey),
        rows: { [unowned self] in self.binder.boundRows },
        unfolded: { [unowned self] in self.unfoldedIndex },
        toggle: { [unowned self] index in self.unfold(index == self.unfoldedIndex ? nil : index) },
        fold: { [unowned self] in
            guard self.unfoldedIndex != nil else { return false }
            self.unfold(nil)
            return true
        })
    private var observation: ObservationToken?
    private let names: [String]
    private let kinds: [CatalogColumn.Kind]
    /// Sort by, Title and Details (seed 003), as a catalog's.
    let section = ComboSection()
    let combos: ComboRows
    private var sectionObservation: ObservationToken?
    /// The view kept for the table, and given back when it opens again.
    private(set) var remembered: RememberedView!
    /// Puts rows, written as text, on the clipboard and says how many.
    private let copyRows: @MainActor (String, Int) -> Void

    /// `address` is the table's, without its password; `viewStore` keeps its view (nil: nothing
    /// is kept); `copy` puts a value on the clipboard (its column named, or nil for a row),
    /// `copyRows` rows as text (and how many); `open` asks for another catalog; `view` is how the
    /// results are shown unless the table's view kept says otherwise.
    init(
        table: DatabaseTable, address: String, viewStore: CatalogViewStore?,
        copy: @escaping @MainActor (String, String?) -> Void, copyRows: @escaping @MainActor (String, Int) -> Void,
        open: @escaping @MainActor () -> Void, notify: @escaping @MainActor (String) -> Void,
        shownAs view: ResultsView
    ) {
        facets = DatabaseFacets(table: table) { body in MainLoop.post(body) }
        self.copyRows = copyRows
        var openFlyout: @MainActor (Int) -> Void = { _ in }
        summary = ResultsSummary(notify: notify) { column in openFlyout(column) }
        names = table.columns.map(\.name)
        kinds = table.columns.map(\.kind)
        combos = ComboRows(section: section)
        section.unsortedName = tr("Table order")
        section.setColumns(named: names, title: facets.titleColumn, details: facets.detailColumns, sort: nil)
        binder = ListBinder(
            model: model, selection: .multiple, makeRow: { ResultRow(onCopy: copy) },
            bind: { view, row, item in view.bind(row, at: item.position) })
        binder.owner = self
        openFlyout = { [weak self] column in self?.facetBar.button(ofColumn: column)?.popup() }
        buildLayout(table: table, address: address, open: open)
        _ = unfolding
        observation = facets.changes.add { [weak self] change in self?.show(change) }
        sectionObservation = section.changes.add { [weak self] change in self?.apply(change) }
        combos.refresh()
        searchEntry.onSearchChanged { [weak self] in
            guard let self else { return }
            self.facets.setSearch(self.searchEntry.text)
        }
        // Enter in the search field: the first row takes the focus, as in a catalog's results.
        searchEntry.onActivate { [weak self] in
            guard let self else { return }
            self.listView.focusAndSelectRow(at: 0)
            self.boundRows[0]?.root.grabFocus()
        }
        retryButton.onClicked { [weak self] in self?.facets.retry() }
        for view in [listView, tableLayout.table.view] as [Widget] {
            let keys = ShortcutController()
            if view === listView {
                keys.add(UnfoldedResult.belowKey) { [weak self] in self?.moveUnfolded(by: 1) ?? false }
                keys.add(UnfoldedResult.aboveKey) { [weak self] in self?.moveUnfolded(by: -1) ?? false }
            }
            keys.add(FiltersPage.copyKey) { [weak self] in self?.copySelectedRows() ?? false }
            view.add(keys)
        }
        for adjustment in [scrolled.verticalAdjustment, tableLayout.table.root.verticalAdjustment] {
            adjustment.onValueChanged { [weak self] in self?.fetchIfNearTheEnd() }
        }
        // Closing the window stops every query: none is left running on the server.
        root.on("unrealize") { [weak self] in
            self?.remembered?.saveNow()
            self?.facets.close()
        }
        showCounts()
        remembered = RememberedView(
            store: viewStore, table: { [weak self] in self?.facets },
            path: { [weak self] in
                guard let self else { return nil }
                return DatabaseAddress(address)?.withoutPassword(table: self.facets.table.name)
            }, section: section, facetBar: facetBar, tableLayout: tableLayout, views: resultsStack,
            clearFilters: { [weak self] in self?.clearFilters() })
        resultsView = view
        remembered.restore()
    }

    var listView: ListView { binder.listView }
    /// Whether every answer asked for has come (or a problem is shown).
    var isSettled: Bool {
        facets.problem != nil
            || (areFacetsMade && !facets.isCounting && !facets.isFetchingRows && !facetBar.isMenuPending
                && !summary.isSummarizing && !facets.isMeasuring)
    }
    var boundRows: [Int: ResultRow] { binder.boundRows }

    private func buildLayout(table: DatabaseTable, address: String, open: @escaping @MainActor () -> Void) {
        root.addCSSClass("filters-page")
        root.addCSSClass("server-table")
        searchEntry.setAccessibleLabel(tr("Search the table"))
        let top = Box(.horizontal, spacing: 6)
        top.addCSSClass("search-bar")
        searchEntry.hexpand = true
        top.append(searchEntry)
        let openButton = Button(label: tr("_Open…"), mnemonic: true)
        openButton.tooltip = tr("Open another catalog")
        openButton.onClicked { open() }
        top.append(openButton)
        root.append(top)
        root.append(facetBar.root)
        facetBar.rebuild(for: facets)
        root.append(combos.root)
        root.append(banner.root)
        root.append(activeBar.root)

        let shown = DatabaseAddress(address)?.displayName(table: table.name) ?? table.name
        sourceLabel.text = tr("in {table}, filtered in its server", ["table": shown])
        sourceLabel.tooltip = address
        status.append(spinner)
        status.append(tableLayout.menu.button)
        tableLayout.menu.button.isVisible = false
        viewSwitcher.addCSSClass("results-views")
        viewSwitcher.setAccessibleLabel(tr("Show the results as"))
        status.append(viewSwitcher)
        root.append(status)

        scrolled.child = binder.listView
        scrolled.vexpand = true
        binder.listView.addCSSClass("results-list")
        resultsStack.addTitled(scrolled, name: "rows", title: tr("Rows"), iconName: "view-list-symbolic")
        resultsStack.addTitled(
            tableLayout.table.root, name: "table", title: tr("Table"), iconName: "x-office-spreadsheet-symbolic")
        resultsStack.addTitled(
            summary.root, name: "summary", title: tr("Summary"), iconName: "dialog-information-symbolic")
        // A wide table scrolls sideways; the rows fit a narrow window.
        resultsStack.isWidthHomogeneous = false
        resultsStack.vexpand = true
        tableLayout.show()
        resultsStack.onNotify("visible-child-name") { [weak self] in
            guard let self else { return }
            self.tableLayout.menu.button.isVisible = self.resultsView == .table
            self.summarizeIfShown()
            self.fetchIfNearTheEnd()
            self.remembered?.changed()
        }
        root.append(resultsStack)
        root.append(emptyResults.root)
    }

    /// Ends every facet's filter and the search.
    func clearFilters() {
        facets.resetAll()
        searchEntry.text = ""
    }

    // MARK: Sort by, Title and Details

    private func apply(_ change: ComboSection.Change) {
        if case .chose = change { remembered?.changed() }
        combos.refresh()
        switch change {
        case .chose(.sort):
            facets.setSort(section.sort)
            tableLayout.table.showSort(section.sort)
        case .chose(.title), .chose(.details): rebindRows()
        default: break
        }
    }

    /// Every row shown again, as the title and details now say.
    private func rebindRows() {
        let value = scrolled.verticalAdjustment.value
        model.count = 0
        model.count = facets.rows.count
        scrolled.verticalAdjustment.value = value
    }

    // MARK: What the server answered

    private func show(_ change: DatabaseFacets.Change) {
        if !change.intersection([.filter, .facets]).isEmpty { remembered?.changed() }
        if change.contains(.filter) {
            // The sort is the filter's: a view given back or a launch sets it there.
            if section.sort != facets.filter.sort { section.choose(sort: facets.filter.sort) }
            unfold(nil)
            facetBar.showLabels()
            activeBar.show(facets)
            summarizeIfShown()
        }
        if change.contains(.counts) || change.contains(.facets) {
            facetBar.rebuild(for: facets)
            if change.contains(.facets) { activeBar.show(facets) }
            if areFacetsMade {
                let waiting = waitingForFacets
                waitingForFacets = []
                for body in waiting { body() }
            }
            facetBar.refreshCounts()
        }
        if change.contains(.measures) { facetBar.refreshFigures() }
        if change.contains(.rows) {
            model.count = 0
            model.count = facets.rows.count
            scrolled.verticalAdjustment.value = 0
            unfoldPending()
        }
        if change.contains(.moreRows) {
            model.count = facets.rows.count
            fetchIfNearTheEnd()
            unfoldPending()
        }
        if change.contains(.problem) { showProblem() }
        if change.contains(.counts) || change.contains(.problem) { unfoldPending() }
        showCounts()
    }

    /// The matching count (dimmed while a newer count is under way), the spinner, and the note
    /// that nothing matches.
    private func showCounts() {
        let total = facets.table.rowCount
        if let counts = facets.counts {
            countLabel.text = trn(
                "{shown} of {total} item", "{shown} of {total} items", total,
                ["shown": NumberText.grouped(counts.matchCount), "total": NumberText.grouped(total)])
        } else {
            countLabel.text = tr("Counting…")
        }
        let busy = facets.isCounting || facets.isFetchingRows || facets.isSurveying || facets.isMeasuring
        countLabel.setCSSClass("counting", facets.isCounting)
        facetBar.dim()
        countLabel.tooltip = facets.isCounting ? tr("Counting…") : nil
        spinner.spinning = busy && facets.problem == nil
        resultsStack.isVisible = !emptyResults.update(for: facets)
    }

    private func showProblem() {
        guard let problem = facets.problem else { return banner.hide() }
        banner.show(tr("The database server could not answer"), detail: problem.description)
    }

    // MARK: The summary

    /// How the matches are shown: rows, a table or the summary of every column.
    var resultsView: ResultsView {
        get { ResultsView(shownIn: resultsStack) }
        set { newValue.show(in: resultsStack) }
    }

    private func summarizeIfShown() {
        if resultsView == .summary { summary.update(facets) }
    }

    // MARK: A launch's request

    /// Whether the first counts have come and every flyout is made.
    private var areFacetsMade: Bool { facets.counts != nil && facets.facetsBeingMade.isEmpty }

    /// Runs `body` once the first counts have come and every flyout is made (now, if so).
    func afterFacetsAreMade(_ body: @escaping @MainActor () -> Void) {
        if areFacetsMade { body() } else { waitingForFacets.append(body) }
    }

    /// Carries out what a launch asks (filters, a search, a sort, a flyout opened, a result
    /// unfolded) as far as a table in its server can, once the columns it names that are no facet
    /// yet are made facets and every flyout is made; `done` hears the first problem, or nil.
    func carryOut(_ request: LaunchFilters, done: @escaping @MainActor (String?) -> Void) {
        facets.makeFacets(for: request.query.filters, flyout: request.query.openFacet)
        afterFacetsAreMade { [weak self] in
            guard let self else { return done(nil) }
            if let problem = carryOutNow(request) { return done(problem) }
            guard let row = request.unfoldRow else { return done(nil) }
            pendingUnfold = (row, done)
            unfoldPending()
        }
    }

    private func carryOutNow(_ request: LaunchFilters) -> String? {
        let query = request.query
        let columns = facets.measurableColumns
        let unknown = { Catalog.unknownColumn($0, among: columns.map(\.name)) }
        switch query.measure(in: columns, matching: facets.table.column(matching:), unknown: unknown) {
        case .failure(let problem)?: return problem.message
        case .success(let measure)?: facetBar.showEverywhere(measure)
        case nil: break
        }
        if let problem = facets.unfitFacet(query.filters) { return problem }
        switch facets.table.filter(query.filters, search: query.search, sort: query.sort) {
        case .failure(let problem): return problem.message
        case .success(let filter):
            // Sort by follows the filter's sort (`show(_:)`).
            if query.namesResults { facets.setFilter(filter) }
        }
        if let search = query.search { searchEntry.text = search }
        if let name = query.openFacet, !facetBar.openMenu(named: name) {
            return tr("“{facet}” has no flyout here", ["facet": name])
        }
        return nil
    }

    /// Unfolds the row a launch asked for once it has been fetched, fetching pages until it is,
    /// and answers the launch: a row past the matches is refused as a catalog's is.
    private func unfoldPending() {
        guard let (row, done) = pendingUnfold else { return }
        if let problem = facets.problem {
            pendingUnfold = nil
            return done(problem.description)
        }
        let count = facets.isCounting ? nil : facets.counts?.matchCount
        guard !facets.isFetchingRows || count.map({ row >= $0 }) == true else { return }
        if row >= facets.rows.count && !facets.hasAllRows && count.map({ row < $0 }) != false {
            return facets.fetchMoreRows()
        }
        pendingUnfold = nil
        guard row < facets.rows.count else {
            return done(LaunchRequest.noRowToUnfold(String(row), count: count ?? facets.rows.count))
        }
        listView.scrollTo(position: row)
        unfold(row)
        done(nil)
    }

    // MARK: Rows

    /// The rows selected (or else the focused one) as tab-separated text with a header line, every
    /// column, as the server gave them; false when there is nothing to copy.
    @discardableResult
    func copySelectedRows() -> Bool {
        let listed = ResultsClipboard.chosenPositions(
            inTable: resultsView == .table, table: tableLayout.table.view, list: listView, rows: boundRows.values)
        let rows = listed.filter(facets.rows.indices.contains).map { facets.rows[$0].map { $0 ?? "" } }
        guard !rows.isEmpty else { return false }
        copyRows(CatalogExport.text(of: [names] + rows, format: .tsv), rows.count)
        return true
    }

    private func bind(_ row: ResultRow, at index: Int) -> Int? {
        guard facets.rows.indices.contains(index) else { return nil }
        row.bind(
            index: index, values: facets.rows[index], names: names, kinds: kinds, title: section.titleColumn,
            details: section.detailColumns.filter { $0 != section.titleColumn }, unfolded: index == unfoldedIndex)
        return index
    }

    /// GTK binds rows well past the view, so the next page is asked for by where the view (the
    /// rows' or the table's) is: less than a screenful above the last row fetched.
    private func fetchIfNearTheEnd() {
        guard resultsView != .summary else { return }
        let adjustment = (resultsView == .table ? tableLayout.table.root : scrolled).verticalAdjustment
        guard adjustment.upper > 0, adjustment.value + 2 * adjustment.pageSize >= adjustment.upper else { return }
        facets.fetchMoreRows()
    }

    /// Alt+Up and Alt+Down: the record unfolded instead in the row above or below.
    private func moveUnfolded(by step: Int) -> Bool {
        UnfoldedResult.move(
            by: step, in: listView, rows: boundRows.values, unfolded: unfoldedIndex.flatMap { boundRows[$0] },
            count: facets.rows.count
        ) { self.unfold($0) }
    }

    /// Unfolds fetched row `index` (nil: none), folding the one unfolded; its record is read again
    /// from the server, and shown as fetched meanwhile.
    func unfold(_ index: Int?) {
        guard index != unfoldedIndex else { return }
        if let old = unfoldedIndex, let row = boundRows[old] {
            row.setUnfolded(false, values: [], names: names, kinds: kinds)
        }
        unfoldedIndex = index
        guard let index, facets.rows.indices.contains(index) else { return }
        if let row = boundRows[index] {
            row.setUnfolded(true, values: facets.rows[index], names: names, kinds: kinds)
            unfolding.keepInView(index, listPosition: index)
        }
        facets.record(at: index) { [weak self] result in
            guard let self, self.unfoldedIndex == index, case .success(let values?) = result else { return }
            self.boundRows[index]?.record.show(names: self.names, kinds: self.kinds, values: values)
        }
    }
}
