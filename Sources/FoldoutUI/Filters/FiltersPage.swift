// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// Where the Filters page's catalog comes from when the page is first shown.
enum CatalogSource: Sendable {
    case generated(count: Int)
    case loaded(Catalog)
    /// A file read once the page is first shown, with its progress, as `options` say (its table,
    /// its character set); the built-in catalog is shown instead if the file cannot be used.
    case file(path: String, options: CatalogReadOptions = CatalogReadOptions())
}

/// The Filters page (seeds 001 and 003) over any table (`FilteredTable`): a catalog read into
/// memory or a table filtered in its database server, shown by the same widgets. A flyout facet
/// bar and inline combo rows derived from the table's columns, a search field, and the matching
/// rows in a list whose rows exist only for what is shown (a server's fetched a page at a time as
/// the list scrolls). When nothing matches, a message names the chosen facets and the search, and
/// offers to clear them; an answer that could not be had is said in a banner with Retry. The page
/// builds its widgets and coordinates its parts, each owning its state: the rows (`ResultsList`),
/// the unfolded record (`UnfoldedResult`), the table's layout (`TableLayout`), the sort
/// (`SortRun`), the view kept per table (`RememberedView`), the file watched
/// (`WatchedCatalogFile`) and what a launch asks (`FiltersLaunchRequests`).
@MainActor
final class FiltersPage {
    let root = Box(.vertical)
    /// What the page does, as actions (`filters.open`, `filters.export-rows`…): its keys run them,
    /// and the window offers them while the page is shown, to its menu and the accelerators.
    let actions = ActionGroup()
    static let prefix = "filters"
    let section = ComboSection()
    private let shown = ShownTable()
    private let host: FiltersPageHost
    /// The name of the table shown (a file's, a server table's), nil for the generated catalog;
    /// the window's title says it.
    private(set) var shownName: String? {
        didSet { if shownName != oldValue { host.shownNameChanged(shownName) } }
    }
    private let combos: ComboRows
    /// Wraps at a word in a narrow window ("336,776 of 336,776 rows" is wider than the line has
    /// room for at 360 px beside the view's buttons): the line grows, nothing is cut off.
    let countLabel = Label(wrap: true)
    let sourceLabel = Label()
    /// Turns while the table works out an answer (a server's counts, rows or figures).
    let spinner = Spinner()
    let retryButton = Button(label: tr("_Retry"), mnemonic: true)
    private(set) lazy var banner = Banner(action: retryButton)
    private lazy var opens = OpenButtons { [weak self] in self?.chooseFile() }
    let rowsExport: RowsExport
    /// The rows are positions in `filter.matches`; the matches change without the rows changing.
    private let model = PositionListModel()
    /// The results as rows, a table or a summary, and the switch between them.
    let resultsStack = Stack()
    let viewSwitcher: StackSwitcher

    // The widgets and parts that call the page back, made once it exists, and the parts made with them.
    private(set) lazy var search: FiltersSearch = FiltersSearch(shown: shown, section: section) { [weak self] busy in
        if busy { self?.work.showSearching() } else { self?.work.finishWorking() }
    }
    private(set) lazy var facetBar: FacetBar = FacetBar(trailing: [clearButton]) { [weak self] in self?.viewChanged() }
    /// After the facets while anything filters: the facets' buttons and the search field say what.
    let clearButton = Button(label: tr("Clear Filters"))
    private(set) lazy var viewOptions = ViewOptions(combos: combos, everyColumn: search.everyColumn)
    private(set) lazy var fileBar: FileChangedBar = FileChangedBar { [weak self] in self?.reload() }
    private(set) lazy var encodingButton: EncodingButton = EncodingButton { [weak self] encoding in
        self?.reload(in: encoding)
    }
    private(set) lazy var headerRows: HeaderRowChooser = HeaderRowChooser { [weak self] row in
        self?.reload(headerRow: row)
    }
    private(set) lazy var work: CatalogWork = CatalogWork(
        window: host.window,
        onOpened: { [weak self] catalog, path, prepared in self?.opened(catalog, from: path, prepared: prepared) },
        onServerTable: { [weak self] table, path in self?.showServerTable(table, from: path) },
        onFailed: { [weak self] problem in self?.openingFailed(problem) },
        keptSort: { [weak self] in self?.keptSort },
        keptSearch: { [weak self] in self?.filter == nil ? nil : self?.search.kept }, notify: host.notify)
    private(set) lazy var summary: ResultsSummary = ResultsSummary(notify: host.notify) { [weak self] column in
        guard let self, let table = self.shownTable else { return }
        self.facetBar.openMenu(named: table.columnNames[column])
    }
    private(set) lazy var groups: ResultsGroups = {
        let groups = ResultsGroups(notify: host.notify)
        groups.changed = { [weak self] in self?.viewChanged() }
        return groups
    }()
    private(set) lazy var emptyResults: EmptyResults = EmptyResults { [weak self] in self?.clearFilters() }
    private(set) lazy var list: ResultsList = ResultsList(
        model: model, shown: shown, section: section, unfoldedPosition: { [weak self] in self?.unfolded.position },
        copy: { [weak self] text, what in self?.clipboard.copy(text, what: what) })
    private lazy var unfolded: UnfoldedResult = UnfoldedResult(list: list, shown: shown)
    private lazy var clipboard: ResultsClipboard = ResultsClipboard(
        shown: shown, list: list, table: table, views: resultsStack, notify: host.notify)
    private(set) lazy var tableLayout: TableLayout = TableLayout(
        model: model, section: section, shown: { [weak self] in self?.shownTable },
        changed: { [weak self] in self?.viewChanged() })
    private lazy var sortRun: SortRun = SortRun(progress: work)
    private(set) lazy var watchedFile: WatchedCatalogFile = WatchedCatalogFile(bar: fileBar)
    private(set) lazy var rememberedView: RememberedView = RememberedView(
        store: host.viewStore, table: { [weak self] in self?.shownTable },
        path: { [weak self] in self?.rememberedPath }, section: section,
        facetBar: facetBar, tableLayout: tableLayout, groups: groups, views: resultsStack,
        clearFilters: { [weak self] in self?.clearFilters() })
    private lazy var requests: FiltersLaunchRequests = FiltersLaunchRequests(
        shown: shown, search: search, section: section, facetBar: facetBar, unfolded: unfolded, groups: groups)

    private var source: CatalogSource?
    /// The size of the built-in catalog shown when a file given at start cannot be used.
    private var fallbackCount = Catalog.generatedCount
    private var observations: [ObservationToken] = []
    private var tableObservation: ObservationToken?
    /// What the view of the table shown is kept by (`RememberedView`).
    private var rememberedPath: String?
    /// While a catalog is generated off the main thread.
    private var isGenerating = false

    init(source: CatalogSource, host: FiltersPageHost) {
        self.source = source
        self.host = host
        combos = ComboRows(section: section)
        rowsExport = RowsExport(window: host.window, notify: host.notify)
        viewSwitcher = StackSwitcher(stack: resultsStack)
        viewSwitcher.setAccessibleLabel(tr("Show the results as"))
        buildLayout()
        connect()
        connectResults()
        root.on("map") { [weak self] in self?.loadIfNeeded() }
        // Closing the window keeps the view and stops every query: none is left running on a server.
        root.on("unrealize") { [weak self] in
            self?.rememberedView.saveNow()
            self?.shownTable?.close()
        }
    }

    /// The table shown, whichever engine filters it.
    var shownTable: (any FilteredTable)? { shown.table }
    /// The catalog in memory shown, if the table shown is one.
    var filter: FacetFilter? { shown.filter }
    var comboRows: [ComboRow] { combos.rows }
    /// Beside Open…, its menu: Open… and Open Recent (shown once the window gives the recent files).
    var openMenuButton: MenuButton { opens.menuButton }
    var table: ResultsTable { tableLayout.table }
    var columnsMenu: TableColumnsMenu { tableLayout.menu }
    var facetMenus: [FacetMenu] { facetBar.menus }
    var listView: ListView { list.listView }
    /// The rows showing a result now (each row is its own key: results change under them).
    var boundRows: [ObjectIdentifier: ResultRow] { list.boundRows }
    /// The results' vertical scrolling.
    var resultsAdjustment: Adjustment { list.adjustment }
    /// The unfolded record's key (`FilteredTable.rowKey`: a catalog's position), if one is unfolded.
    var unfoldedPosition: Int? { unfolded.position }

    /// Whether the page shows its data: a table, searched, with every answer asked for come (or
    /// a problem said), nothing being read, made or opened, a launch's request carried out, and
    /// every row shown as it now is (bound, unfolded).
    var isReady: Bool {
        guard let table = shownTable, !search.isSearching, !work.isOpening, !isGenerating, !facetBar.isMenuPending,
            !list.isRebinding, unfolded.isSettled
        else { return false }
        if table.failure != nil { return true }
        return table.areFacetsMade && !table.isCounting && !table.isFetchingRows && !table.isMeasuring
            && !summary.isSummarizing && !groups.isGrouping && !requests.isWaiting
    }

    /// Puts the keyboard focus on the first facet button, or, while the table loads and the
    /// facet buttons are insensitive, on the first widget of the page that can take it.
    func focusFirst() {
        if facetMenus.first?.button.grabFocus() != true { root.focusFirstChild() }
    }

    /// Enter in the search field: the first result takes the keyboard focus, selected, so that the
    /// first Down moves on (see `ListView.focusAndSelectRow`).
    private func focusFirstResult() {
        listView.focusAndSelectRow(at: 0)
        boundRows.values.first { $0.listPosition == 0 && $0.position != nil }?.root.grabFocus()
    }

    private func buildLayout() {
        // docs/design.md: the search and Open… on the first line, the facets on one line that
        // scrolls sideways, then the count with the view's controls; the results get the rest.
        root.addCSSClass("filters-page")
        let toolbar = Box(.horizontal, spacing: 6)
        toolbar.addCSSClass("filters-toolbar")
        search.root.hexpand = true
        toolbar.append(search.root)
        toolbar.append(opens.root)
        root.append(toolbar)
        root.append(facetBar.root)

        root.append(fileBar.root)
        root.append(banner.root)

        let status = Self.statusBar(countLabel, sourceLabel)
        clearButton.addCSSClass("flat")
        clearButton.tooltip = tr("Show every row: no facet chosen, no search (Ctrl+Backspace)")
        clearButton.isVisible = false
        clearButton.onClicked { [weak self] in self?.clearFilters() }
        status.append(headerRows.root)
        status.append(encodingButton.root)
        status.append(spinner)
        status.append(work.root)
        status.append(rowsExport.root)
        status.append(columnsMenu.button)
        status.append(viewOptions.button)
        viewSwitcher.addCSSClass("results-views")
        status.append(viewSwitcher)
        root.append(status)

        resultsStack.addTitled(list.scrolled, name: "rows", title: tr("Rows"), iconName: "view-list-symbolic")
        resultsStack.addTitled(table.root, name: "table", title: tr("Table"), iconName: "view-grid-symbolic")
        resultsStack.addTitled(
            summary.root, name: "summary", title: tr("Summary"), iconName: "accessories-calculator-symbolic")
        resultsStack.addTitled(
            groups.root, name: "groups", title: tr("Groups"), iconName: "view-list-bullet-symbolic")
        viewOptions.show(for: .rows)
        // A wide table scrolls sideways; the rows fit a narrow window.
        // Rows, table and summary change at once, as Files' views do: a click just after the
        // switch reaches the view shown, not the one fading out.
        resultsStack.crossfades = false
        resultsStack.isWidthHomogeneous = false
        resultsStack.vexpand = true
        root.append(resultsStack)

        root.append(emptyResults.root)
        setInteractive(false)
    }

    /// The line above the results: how many match, then where they come from, dimmed.
    private static func statusBar(_ countLabel: Label, _ sourceLabel: Label) -> Box {
        let status = Box(.horizontal, spacing: 4)
        status.addCSSClass("results-status")
        countLabel.xalign = 0
        countLabel.wrapsOnlyWhenNarrow()
        status.append(countLabel)
        sourceLabel.makeDimCaption()
        status.append(sourceLabel)
        return status
    }

    private func connect() {
        observations.append(section.changes.add { [weak self] change in self?.apply(change) })
        connectSearch()
        actions.add("clear") { [weak self] in self?.clearFilters() }
        actions.add("search") { [weak self] in _ = self?.search.entry.grabFocus() }
        actions.add("reload") { [weak self] in self?.reload() }
        actions.add("open") { [weak self] in self?.chooseFile() }
        actions.add("export-rows") { [weak self] in self?.exportRows() }
        actions.add("reset-view") { [weak self] in self?.resetView() }
        root.installKeys(
            Self.prefix, actions, [(Self.clearKey, "clear"), (Self.searchKey, "search"), (Self.reloadKey, "reload")])
        updateActions()
        let drop = FileDropTarget()
        drop.onDrop { [weak self] path in
            self?.open(path: path)
            return true
        }
        root.add(drop)
        retryButton.onClicked { [weak self] in self?.shownTable?.retry() }
        combos.refresh()
    }

    private func connectSearch() {
        search.entry.captureKeys(from: listView)
        // GTK 4.8 types what the list captured into the field but leaves the focus in the list.
        search.entry.onChanged { [weak self] in
            guard let self, self.listView.containsFocus else { return }
            self.search.entry.focusAtEnd()
        }
        search.entry.onActivate { [weak self] in self?.focusFirstResult() }
    }

    // MARK: Catalog

    private func loadIfNeeded() {
        guard let source else { return }
        self.source = nil
        switch source {
        case .loaded(let catalog):
            show(catalog)
        case .generated(let count):
            generate(count: count)
        case .file(let path, let options):
            open(path: path, options: options)
        }
    }

    /// Shows a generated catalog of `count` items, built off the main thread.
    func generate(count: Int) {
        source = nil
        isGenerating = true
        work.showBuilding(count: count)
        let kept = filter == nil ? nil : search.kept
        let deliver: @Sendable @MainActor (Catalog, PreparedSearch?) -> Void = { [weak self] catalog, prepared in
            self?.show(catalog, prepared: prepared)
        }
        Task.detached {
            let catalog = Catalog.generate(count: count)
            let prepared = kept.flatMap { PreparedSearch($0.text, in: catalog, everyColumn: $0.everyColumn) }
            MainLoop.post { deliver(catalog, prepared) }
        }
    }

    /// Shows `catalog`: its facets, combos and rows. Choices are kept where the new catalog has the
    /// same facet and option, the sort where it has the same column.
    func show(_ catalog: Catalog, prepared: PreparedSearch? = nil) {
        isGenerating = false
        work.finish()
        unfolded.fold(animated: false)
        rememberedPath = RememberedView.path(of: catalog)
        sourceLabel.text = catalog.sourceText
        sourceLabel.tooltip = nil
        sourceLabel.isVisible = !headerRows.show(for: catalog)
        shownName = catalog.name.isEmpty ? nil : catalog.name
        if let filter {
            filter.replaceCatalog(catalog, prepared: prepared)
            setInteractive(true)
            rememberedView.restore()
            requests.carryOutPending()
        } else {
            present(FacetFilter(catalog: catalog))
        }
        encodingButton.show(encoding: catalog.origin?.encoding)
        search.catalogReplaced()
    }

    /// Shows `table` in place of the one shown (whose work stops): its facets, combos and rows,
    /// its view kept, then what a launch asked of it.
    private func present(_ table: any FilteredTable) {
        shownTable?.close()
        requests.tableReplaced()
        unfolded.fold(animated: false)
        shown.table = table
        tableObservation = table.observe { [weak self] change in self?.show(change) }
        section.unsortedName = table.ownOrderName
        facetBar.rebuild(for: table)
        section.setColumns(
            named: table.columnNames, title: table.titleColumn, details: table.detailColumns, sort: table.sort)
        showResults()
        showCounts()
        showProblem()
        refreshSummary()
        setInteractive(true)
        rememberedView.restore()
        requests.carryOutPending()
    }

    /// Reads and checks `path` away from the main thread; the catalog shown stays until it is good.
    /// Asked before the page has shown anything, it replaces the catalog the page would show.
    func open(path: String, options: CatalogReadOptions = CatalogReadOptions()) {
        if case .generated(let count)? = source { fallbackCount = count }
        source = nil
        // A database's address without a password is opened once the keyring is asked for one.
        if DatabasePasswords.fillIn(path, then: { [weak self] in self?.open(path: $0, options: options) }) { return }
        var options = options
        if !DatabaseAddress.isAddress(path) && options.keptHeaderRows.isEmpty {
            options.keptHeaderRows = rememberedView.keptHeaderRows(ofFile: path)
        }
        work.open(path: path, options: options)
    }

    private func setInteractive(_ interactive: Bool) {
        facetBar.isSensitive = interactive
        search.root.isSensitive = interactive
        combos.setSensitive(interactive)
        viewOptions.button.isSensitive = interactive
        updateActions()
    }

    /// Greys out what cannot be done now: exporting or resetting before a catalog is shown, and
    /// reloading with no file read.
    private func updateActions() {
        actions.action(named: "export-rows")?.isEnabled = shownTable != nil
        actions.action(named: "reset-view")?.isEnabled = shownTable != nil
        actions.action(named: "reload")?.isEnabled = watchedFile.path != nil
    }

    /// Clears every facet's choice and the search.
    func clearFilters() {
        shownTable?.resetAll()
        search.entry.text = ""
    }

    /// In a narrow window Clear Filters is its icon, so the facet bar keeps the room for a facet's
    /// button whole; its name stays for assistive technologies and in its tooltip.
    func setNarrow(_ narrow: Bool) {
        if narrow {
            clearButton.setIconName("edit-clear-all-symbolic")
        } else {
            clearButton.label = tr("Clear Filters")
        }
        clearButton.setAccessibleLabel(tr("Clear Filters"))
    }

    /// Sets the filter asked for; false if the catalog shown cannot take it.
    @discardableResult
    func apply(_ request: FilterRequest) -> Bool { filter != nil && filter?.apply(request) == nil }

    /// Chooses the option spelled `option` of the facet named `name`; false if there is none.
    @discardableResult
    func choose(_ option: String, inFacetNamed name: String) -> Bool {
        FilterRequest(.choose, name + "=" + option).map(apply) ?? false
    }

    // MARK: Results

    private func show(_ change: TableChange) {
        guard let table = shownTable else { return }
        if !change.isDisjoint(with: [.filter, .facets]) { viewChanged() }
        if change.contains(.facets) {
            facetBar.rebuild(for: table)
            let names = table.columnNames
            if section.columnNames != names || section.sort != (sortRun.inFlight ?? table.sort) {
                section.setColumns(
                    named: names, title: table.titleColumn, details: table.detailColumns, sort: table.sort)
            }
            facetBar.refreshCounts()
        }
        if change.contains(.filter) {
            // A view given back or a launch may set the sort in the table: Sort by follows.
            if sortRun.inFlight == nil && section.sort != table.sort { section.choose(sort: table.sort) }
            facetBar.showLabels()
            refreshSummary()
        }
        if change.contains(.counts) { facetBar.refreshCounts() }
        if change.contains(.measures) { facetBar.refreshFigures() }
        if change.contains(.rows) { showResults() }
        if change.contains(.moreRows) {
            model.count = table.listedCount
            fetchIfNearTheEnd()
        }
        if change.contains(.problem) { showProblem() }
        showCounts()
    }

    // MARK: Combo rows

    private func apply(_ change: ComboSection.Change) {
        if case .chose = change { viewChanged() }
        combos.refresh()
        switch change {
        case .opened, .closed:
            break
        case .chose(.sort):
            table.showSort(section.sort)
            if let shownTable { sortRun.sort(shownTable, by: section.sort) }
        case .chose(.title):
            search.describeColumns()
            list.rebind()
            tableLayout.show()
            if !search.entry.text.isEmpty && !search.everyColumn.isActive { search.run() }
        case .chose(.details):
            list.rebind()
            tableLayout.show()
        case .columns:
            // A new catalog: its results follow and bind every row afresh.
            search.describeColumns()
            tableLayout.show()
        }
    }

    /// The rows' keys (Alt+Up and Alt+Down take the unfolded record along, Ctrl+C copies), the
    /// table's, the switch between rows, table and summary, and a summary's column opening its flyout.
    private func connectResults() {
        _ = unfolded  // its handlers on the list come first
        let keys = ShortcutController()
        keys.add(UnfoldedResult.belowKey) { [weak self] in self?.unfolded.move(by: 1) ?? false }
        keys.add(UnfoldedResult.aboveKey) { [weak self] in self?.unfolded.move(by: -1) ?? false }
        keys.add(Self.copyKey) { [weak self] in self?.clipboard.copySelectedRows() ?? false }
        listView.add(keys)
        columnsMenu.button.isVisible = false
        resultsStack.onNotify("visible-child-name") { [weak self] in
            guard let self else { return }
            self.columnsMenu.button.isVisible = self.isTableShown
            self.viewOptions.show(for: self.resultsView)
            if self.isTableShown { self.table.showing() }
            self.host.resultsViewChanged(self.resultsView)
            self.refreshSummary()
            self.fetchIfNearTheEnd()
            self.viewChanged()
        }
        let tableKeys = ShortcutController()
        tableKeys.add(Self.copyKey) { [weak self] in self?.clipboard.copySelectedRows() ?? false }
        table.view.add(tableKeys)
        for adjustment in [resultsAdjustment, table.root.verticalAdjustment] {
            adjustment.onValueChanged { [weak self] in self?.fetchIfNearTheEnd() }
        }
    }

    /// GTK binds rows well past the view, so more matches are asked for (a server's next page) by
    /// where the view (the rows' or the table's) is: less than a screenful above the last listed.
    private func fetchIfNearTheEnd() {
        guard let table = shownTable, !table.hasAllListed, resultsView == .rows || resultsView == .table else { return }
        let adjustment = isTableShown ? self.table.root.verticalAdjustment : resultsAdjustment
        guard adjustment.upper > 0, adjustment.value + 2 * adjustment.pageSize >= adjustment.upper else { return }
        table.fetchMore()
    }

    /// The matches listed anew, from the top.
    private func showResults() {
        guard let shownTable else { return }
        list.highlight(shownTable.searchText)
        // A selection names rows by where they are listed: other results are other rows.
        listView.unselectAll()
        table.view.unselectAll()
        model.count = shownTable.listedCount
        // New results start at the top; the rows that stay are bound again to what is there now.
        list.rebind(showingFrom: 0)
        resultsAdjustment.value = 0
        table.resultsChanged(shown: isTableShown)
    }

    /// The matching count (dimmed while a newer count is under way), the spinner, the facets
    /// dimmed while counted, and the note that nothing matches.
    private func showCounts() {
        guard let table = shownTable else { return }
        let total = table.rowCount
        if table.isMatchCountKnown {
            let figures = ["shown": NumberText.grouped(table.matchCount), "total": NumberText.grouped(total)]
            countLabel.text = trn("{shown} of {total} row", "{shown} of {total} rows", total, figures)
        } else {
            countLabel.text = tr("Counting…")
        }
        countLabel.setCSSClass("counting", table.isCounting)
        countLabel.tooltip = table.isCounting ? tr("Counting…") : nil
        clearButton.isVisible = table.isNarrowed
        facetBar.dim()
        let busy = table.isCounting || table.isFetchingRows || !table.facetsBeingMade.isEmpty || table.isMeasuring
        spinner.spinning = busy && table.failure == nil
        resultsStack.isVisible = !emptyResults.update(for: table)
    }

    /// Why an answer could not be had, in a banner with Retry; the filters stay.
    private func showProblem() {
        guard let failure = shownTable?.failure else { return banner.hide() }
        banner.show(tr("The database server could not answer"), detail: failure)
    }

    /// Summarizes the matches now if the summary is shown, or folds them into groups if the
    /// groups are; else each is worked out when it is shown.
    private func refreshSummary() {
        guard let shownTable else { return }
        if resultsView == .summary { summary.update(shownTable) }
        if resultsView == .groups {
            groups.table.titleColumn = section.titleColumn
            groups.table.detailColumns = section.detailColumns
            groups.update(shownTable)
        }
    }

    /// How the results are shown: rows, a table or a summary of every column.
    var resultsView: ResultsView {
        get { ResultsView(shownIn: resultsStack) }
        set { newValue.show(in: resultsStack) }
    }

    /// Whether the results are shown as a table.
    var isTableShown: Bool {
        get { resultsView == .table }
        set { resultsView = newValue ? .table : .rows }
    }

    /// Unfolds the record at catalog position `position` (nil: none), folding the one unfolded.
    func setUnfolded(_ position: Int?) { unfolded.unfold(position) }

    /// Unfolds the result at `listPosition` and scrolls to it.
    func unfoldResult(at listPosition: Int) { unfolded.unfoldResult(at: listPosition) }

    /// Asks where to save the results, in their order, and saves them (`RowsExport`).
    private func exportRows() {
        guard let shownTable, !work.isOpening else { return }
        // The columns shown: the table's, else the rows' title and details.
        let shown =
            resultsView == .table
            ? tableLayout.columns?.shownColumns(among: shownTable.columnNames) ?? []
            : [section.titleColumn] + section.detailColumns.filter { $0 != section.titleColumn }
        rowsExport.choose(shownTable, shownColumns: shown)
    }

    // MARK: Launch requests

    /// Carries out `request` now if a catalog is shown and no other is being read, else once the
    /// next one is; `done` hears the first problem, or nil (or why the catalog could not be read).
    func carryOut(_ request: LaunchFilters, done: @escaping @MainActor (String?) -> Void) {
        requests.carryOut(request, ready: !work.isOpening && !isGenerating, done: done)
    }

    // MARK: The view kept per file

    /// Forgets the view kept for the file shown and shows it as it first opened (`RememberedView`).
    func resetView() {
        rememberedView.reset()
    }

    private func viewChanged() { rememberedView.changed() }

    // MARK: The file

    private func chooseFile() { work.chooseFile() }

    /// Offers `recent` as Open Recent beside Open… (`OpenButtons.offerRecent`).
    func offerRecent(_ recent: Menu, refresh: @escaping @MainActor () -> Void) {
        opens.offerRecent(recent, refresh: refresh)
    }

    /// What Open Recent and the next start keep of the catalog read from `path`: the path, or a
    /// database's address without its password, naming the table read.
    static func keptPath(of catalog: Catalog, openedFrom path: String) -> String {
        guard let origin = catalog.origin, case .postgresql = origin.format else { return path }
        return origin.path
    }

    /// Watches `path`, the file shown, and says in the bar above the results when it changes.
    func watch(path: String) {
        watchedFile.watch(path: path)
        updateActions()
    }

    private func opened(_ catalog: Catalog, from path: String, prepared: PreparedSearch?) {
        if case .spreadsheet(_, let sheet, let row?, asked: true)? = catalog.origin?.format {
            rememberedView.keep(headerRow: row, sheet: sheet, ofFile: path)
        }
        show(catalog, prepared: prepared)
        watch(path: path)
        host.fileOpened(Self.keptPath(of: catalog, openedFrom: path))
    }

    /// Shows `table`, filtered in its server, in place of the table shown.
    private func showServerTable(_ table: DatabaseTable, from path: String) {
        isGenerating = false
        let address = DatabaseAddress.withoutPassword(path)
        rememberedPath = DatabaseAddress(address)?.withoutPassword(table: table.name)
        let name = DatabaseAddress(address)?.displayName(table: table.name) ?? table.name
        sourceLabel.text = tr("in {table}, filtered in its server", ["table": name])
        shownName = name
        sourceLabel.tooltip = address
        sourceLabel.isVisible = !headerRows.show(for: nil)
        encodingButton.show(encoding: nil)
        present(DatabaseFacets(table: table) { body in MainLoop.post(body) })
        search.catalogReplaced()
        watch(path: path)
        host.fileOpened(address)
    }

    /// A file given at start that cannot be used leaves the page with the built-in catalog.
    private func openingFailed(_ problem: String) {
        requests.failPending(problem)
        if filter == nil { generate(count: fallbackCount) }
    }

    /// The sort order kept for a catalog read (its column's name, and whether descending).
    private var keptSort: (column: String, descending: Bool)? {
        guard let filter, let sort = filter.sort else { return nil }
        return (filter.catalog.columns[sort.column].name, sort.descending)
    }

    /// Reads the file shown again; the filters, sort and search that still apply are kept.
    private func reload() {
        guard let path = watchedFile.path, !work.isOpening else { return }
        fileBar.hide()
        open(path: path, options: work.lastOptions)
    }

    /// Reads the sheet shown again with its header in `headerRow` (from 1).
    private func reload(headerRow: Int) {
        guard let path = watchedFile.path, case .spreadsheet(_, let sheet, _, _)? = filter?.catalog.origin?.format
        else { return }
        var options = work.lastOptions
        options.table = sheet
        options.headerRow = headerRow
        open(path: path, options: options)
    }

    /// Reads the file shown again in the character set named (iconv's name).
    private func reload(in encoding: String) {
        guard let path = watchedFile.path else { return }
        var options = work.lastOptions
        options.encoding = encoding
        open(path: path, options: options)
    }
}
