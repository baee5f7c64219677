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

/// The Filters page (seeds 001 and 003) over any catalog: a flyout facet bar and inline combo rows
/// derived from the catalog's columns, a search field, and the matching rows in a list whose rows
/// exist only for what is shown. When nothing matches, a message names the chosen facets and the
/// search, and offers to clear them.
@MainActor
final class FiltersPage {
    let root = Box(.vertical)
    let section = ComboSection()
    let search = FiltersSearch()
    private(set) var filter: FacetFilter?
    let facetBar: FacetBar
    let activeBar = ActiveFiltersBar()
    let fileBar = FileChangedBar()
    /// Watches the file shown, for the bar above (FiltersPage+Files.swift).
    var monitor: FileMonitor?
    /// The file shown, while it is watched.
    var watchedPath: String?
    var facetMenus: [FacetMenu] { facetBar.menus }
    let comboRows: [ComboRow]
    let countLabel = Label()
    let sourceLabel = Label()
    let encodingButton = EncodingButton()
    let openButton = Button(label: tr("_Open…"), mnemonic: true)
    /// Beside Open…, its menu: Open… and Open Recent (shown once the window gives the recent files).
    let openMenuButton = MenuButton()
    private let openButtons = Box(.horizontal)
    let opening: CatalogOpening
    let rowsExport = RowsExport()
    /// The rows are positions in `filter.matches`; the matches change without the rows changing.
    let model = PositionListModel()
    private let rows: ListBinder<FiltersPage, ObjectIdentifier, ResultRow>
    var listView: ListView { rows.listView }
    let scrolled = ScrolledWindow()
    /// The results as rows or as a table (FiltersPage+Table.swift), and the switch between them.
    let resultsStack: Stack
    let viewSwitcher: StackSwitcher
    let table: ResultsTable
    let summary = ResultsSummary()
    /// Column widths dragged in the table, by file name, then column name.
    var tableWidths: [String: [String: Int]] = [:]
    /// The table's columns as the user changed them, by file name (FiltersPage+Table.swift).
    var tableLayouts: [String: TableColumns] = [:]
    let columnsMenu = TableColumnsMenu()
    /// Where each file's view is kept (FiltersPage+View.swift); nil: nothing is remembered.
    var viewStore: CatalogViewStore?
    var pendingViewSave: SourceToken?
    let emptyState = Box(.vertical, spacing: 12)
    let emptyDetail = Label("", wrap: true)
    let clearButton = Button(label: tr("_Clear Filters"), mnemonic: true)
    var pendingRebind: SourceToken?
    /// Finds the search's matches in the titles bound.
    var highlighter = SearchHighlighter(query: "")
    /// The rows showing a result now (each row is its own key: results change under them).
    var boundRows: [ObjectIdentifier: ResultRow] { rows.boundRows }
    private var source: CatalogSource?
    /// The size of the built-in catalog shown when a file given at start cannot be used.
    private var fallbackCount = Catalog.generatedCount
    private var observations: [ObservationToken] = []
    private var filterObservation: ObservationToken?
    /// Counts sort requests, so that only the last one is applied when its order is ready.
    var sortRequest = 0
    /// The order being computed away from the main thread, which the Sort by combo shows already.
    var sortInFlight: CatalogSortKey?
    /// Requests to carry out once the next catalog is shown, each with who hears how it went
    /// (FiltersPage+Requests.swift).
    var pendingRequests: [(LaunchFilters, done: @MainActor (String?) -> Void)] = []
    /// While a catalog is generated off the main thread.
    private(set) var isGenerating = false
    /// Between a flyout asked for and its opening, a frame later (FiltersPage+Requests.swift).
    var flyoutPending = false
    /// After the results were switched between rows, table and summary.
    var onResultsViewChanged: (ResultsView) -> Void = { _ in }
    /// After a catalog file was read and shown: its path.
    var onFileOpened: (String) -> Void = { _ in }
    /// Tells the user something done in passing ("Copied …"), in the window's notification.
    var notify: (String) -> Void = { _ in } {
        didSet {
            rowsExport.notify = notify
            summary.notify = notify
        }
    }
    /// The unfolded result's catalog position, if one is unfolded (see FiltersPage+Record.swift).
    var unfoldedPosition: Int?
    var unfolding: RowUnfolding<ObjectIdentifier, ResultRow>!
    var window: () -> Window? = { nil } {
        didSet {
            opening.window = window
            rowsExport.window = window
        }
    }

    init(source: CatalogSource) {
        self.source = source
        facetBar = FacetBar(trailing: [openButtons])
        comboRows = ComboSection.Combo.allCases.map(ComboRow.init)
        opening = CatalogOpening()
        table = ResultsTable(model: model)
        let stack = Stack()
        resultsStack = stack
        viewSwitcher = StackSwitcher(stack: stack)

        rows = ListBinder(model: model, selection: .multiple, makeRow: ResultRow.init) { page, row, item in
            page.bind(row, item)
        }
        rows.owner = self
        buildLayout()
        connect()
        connectRecord()
        connectTable()
        connectSummary()
        root.on("map") { [weak self] in self?.loadIfNeeded() }
    }

    /// Puts the keyboard focus on the first facet button, or, while the catalog loads and the
    /// facet buttons are insensitive, on the first widget of the page that can take it.
    func focusFirst() {
        if facetMenus.first?.button.grabFocus() != true { root.focusFirstChild() }
    }

    /// Enter in the search field: the first result takes the keyboard focus, selected, so that the
    /// first Down moves on (see `ListView.focusAndSelectRow`).
    func focusFirstResult() {
        listView.focusAndSelectRow(at: 0)
        boundRows.values.first { $0.listPosition == 0 && $0.position != nil }?.root.grabFocus()
    }

    private func buildLayout() {
        root.addCSSClass("filters-page")
        openButton.tooltip = tr("Open a catalog: CSV, TSV, JSON, a SQLite database, or any of them compressed")
        openButtons.addCSSClass("linked")
        openButtons.append(openButton)
        openMenuButton.tooltip = tr("Open a recent catalog")
        openMenuButton.setAccessibleLabel(tr("Open Recent"))
        openMenuButton.isVisible = false
        openButtons.append(openMenuButton)
        root.append(search.root)
        root.append(facetBar.root)

        let combos = Box(.vertical)
        combos.addCSSClass("combo-section")
        for row in comboRows { combos.append(row.root) }
        root.append(combos)
        root.append(fileBar.root)
        root.append(activeBar.root)

        let status = Box(.horizontal, spacing: 8)
        status.addCSSClass("results-status")
        countLabel.xalign = 0
        status.append(countLabel)
        sourceLabel.xalign = 0
        sourceLabel.hexpand = true
        sourceLabel.ellipsizeEnd()
        sourceLabel.addCSSClass("dim-label")
        status.append(sourceLabel)
        status.append(encodingButton.root)
        status.append(opening.root)
        status.append(rowsExport.root)
        status.append(columnsMenu.button)
        viewSwitcher.addCSSClass("results-views")
        status.append(viewSwitcher)
        root.append(status)

        scrolled.child = listView
        scrolled.vexpand = true
        listView.addCSSClass("results-list")
        resultsStack.addTitled(scrolled, name: "rows", title: tr("Rows"), iconName: "view-list-symbolic")
        resultsStack.addTitled(
            table.root, name: "table", title: tr("Table"), iconName: "x-office-spreadsheet-symbolic")
        resultsStack.addTitled(
            summary.root, name: "summary", title: tr("Summary"), iconName: "dialog-information-symbolic")
        // A wide table scrolls sideways; the rows fit a narrow window.
        resultsStack.isWidthHomogeneous = false
        resultsStack.vexpand = true
        root.append(resultsStack)

        emptyState.addCSSClass("empty-results")
        emptyState.vexpand = true
        emptyState.setAlign(vertical: .center)
        let heading = Label(tr("No items match"))
        heading.addCSSClass("title-2")
        emptyState.append(heading)
        emptyDetail.setAlign(horizontal: .center)
        emptyState.append(emptyDetail)
        clearButton.setAlign(horizontal: .center)
        clearButton.addCSSClass("suggested-action")
        clearButton.tooltip = tr("Show every item (Ctrl+Backspace)")
        emptyState.append(clearButton)
        emptyState.isVisible = false
        root.append(emptyState)
        setInteractive(false)
    }

    private func connect() {
        for row in comboRows {
            row.onToggle = { [weak self] in self?.section.toggle(row.combo) }
            row.onChoose = { [weak self] index in self?.section.choose(index, in: row.combo) }
        }
        observations.append(section.changes.add { [weak self] change in self?.apply(change) })
        connectSearch()
        openButton.onClicked { [weak self] in self?.chooseFile() }
        clearButton.onClicked { [weak self] in self?.clearFilters() }
        facetBar.onMeasureChosen = { [weak self] in self?.viewChanged() }
        activeBar.onClear = { [weak self] in self?.clearFilters() }
        activeBar.onRemove = { [weak self] column in self?.filter?.reset(column: column) }
        activeBar.onRemoveSearch = { [weak self] in self?.search.entry.text = "" }
        opening.onOpened = { [weak self] catalog, path, prepared in
            self?.show(catalog, prepared: prepared)
            self?.watch(path: path)
            self?.onFileOpened(Self.keptPath(of: catalog, openedFrom: path))
        }
        fileBar.onReload = { [weak self] in self?.reload() }
        encodingButton.onChoose = { [weak self] encoding in
            guard let self, let path = self.watchedPath else { return }
            var options = self.opening.lastOptions
            options.encoding = encoding
            self.open(path: path, options: options)
        }
        // A file given at start that cannot be used leaves the page with the built-in catalog.
        opening.onFailed = { [weak self] problem in
            guard let self else { return }
            self.failPendingRequests(problem)
            if self.filter == nil { self.generate(count: self.fallbackCount) }
        }
        opening.keptSearch = { [weak self] in self?.filter == nil ? nil : self?.search.kept }
        opening.keptSort = { [weak self] in
            guard let filter = self?.filter, let sort = filter.sort else { return nil }
            return (filter.catalog.columns[sort.column].name, sort.descending)
        }
        root.installActions(
            "filters",
            [
                KeyedAction("clear", keys: "<Control>BackSpace") { [weak self] in self?.clearFilters() },
                KeyedAction("search", keys: "<Control>f") { [weak self] in _ = self?.search.entry.grabFocus() },
                KeyedAction("reload", keys: "F5|<Control>r") { [weak self] in self?.reload() },
                KeyedAction("open") { [weak self] in self?.chooseFile() },
            ])
        let drop = FileDropTarget()
        drop.onDrop { [weak self] path in
            self?.open(path: path)
            return true
        }
        root.add(drop)
        refreshCombos()
    }

    private func connectSearch() {
        search.filter = { [weak self] in self?.filter }
        search.titleColumn = { [weak self] in self?.section.titleColumn ?? 0 }
        search.onBusy = { [weak self] busy in
            if busy { self?.opening.showSearching() } else { self?.opening.finishWorking() }
        }
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
        opening.showBuilding(count: count)
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
        opening.finish()
        foldRecord(animated: false)
        if let filter {
            filter.replaceCatalog(catalog, prepared: prepared)
        } else {
            let filter = FacetFilter(catalog: catalog)
            self.filter = filter
            filterObservation = filter.changes.add { [weak self] change in self?.apply(change) }
            facetBar.rebuild(for: filter)
            section.setColumns(of: catalog, sort: filter.sort)
            showResults()
            refreshSummary()
        }
        restoreView()
        carryOutPendingRequests()
        sourceLabel.text = sourceText(of: catalog)
        encodingButton.show(encoding: catalog.origin?.encoding)
        setInteractive(true)
        search.catalogReplaced()
    }

    /// Reads and checks `path` away from the main thread; the catalog shown stays until it is good.
    /// Asked before the page has shown anything, it replaces the catalog the page would show.
    func open(path: String, options: CatalogReadOptions = CatalogReadOptions()) {
        if case .generated(let count)? = source { fallbackCount = count }
        source = nil
        opening.open(path: path, options: options)
    }

    private func setInteractive(_ interactive: Bool) {
        facetBar.isSensitive = interactive
        search.root.isSensitive = interactive
        for row in comboRows { row.root.isSensitive = interactive }
    }

    /// The results' vertical scrolling.
    var resultsAdjustment: Adjustment { scrolled.verticalAdjustment }

    /// Clears every facet's choice and the search.
    func clearFilters() {
        filter?.resetAll()
        search.entry.text = ""
    }

    /// Sets the filter asked for; false if the catalog shown cannot take it.
    @discardableResult
    func apply(_ request: FilterRequest) -> Bool { filter != nil && filter?.apply(request) == nil }

    /// Chooses the option spelled `option` of the facet named `name`; false if there is none.
    @discardableResult
    func choose(_ option: String, inFacetNamed name: String) -> Bool {
        FilterRequest(.choose, name + "=" + option).map(apply) ?? false
    }

    // MARK: Results (the rest in FiltersPage+Results.swift)

    private func apply(_ change: FacetFilter.Change) {
        guard let filter else { return }
        viewChanged()
        if change.contains(.facets) {
            facetBar.rebuild(for: filter)
            if section.columnNames != filter.catalog.columns.map(\.name)
                || section.sort != (sortInFlight ?? filter.sort)
            {
                section.setColumns(of: filter.catalog, sort: filter.sort)
            }
        }
        if change.contains(.results) {
            showResults()
            refreshSummary()
        }
    }

    // MARK: Combo rows

    private func apply(_ change: ComboSection.Change) {
        if case .chose = change { viewChanged() }
        switch change {
        case .opened, .closed:
            refreshCombos()
        case .chose(.sort):
            refreshCombos()
            table.showSort(section.sort)
            applySort(section.sort)
        case .chose(.title):
            refreshCombos()
            rebindRows()
            showTableColumns()
            if !search.entry.text.isEmpty && !search.everyColumn.isActive { search.run() }
        case .chose(.details):
            refreshCombos()
            rebindRows()
            showTableColumns()
        case .columns:
            // A new catalog: its results follow and bind every row afresh.
            refreshCombos()
            showTableColumns()
        }
    }

    private func refreshCombos() {
        for row in comboRows {
            row.setOptions(section.options(for: row.combo))
            row.show(
                value: section.value(for: row.combo), chosen: section.chosen(row.combo), open: section.isOpen(row.combo)
            )
        }
    }
}
