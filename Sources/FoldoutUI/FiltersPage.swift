import CGtk
import FoldoutCore
import Gtk

/// Where the Filters page's catalog comes from when the page is first shown.
public enum CatalogSource: Sendable {
    case generated(count: Int)
    case loaded(Catalog)
}

/// The Filters page (seeds 001 and 003): a flyout facet bar and inline combo rows over a catalog
/// of a million items, with the matching items in a list whose rows exist only for what is shown.
@MainActor
public final class FiltersPage {
    public let root = Box(GTK_ORIENTATION_VERTICAL)
    let section = ComboSection()
    private(set) var filter: FacetFilter?
    let facetMenus: [FacetMenu]
    let comboRows: [ComboRow]
    let countLabel = Label()
    let openButton = Button(label: tr("_Open…"), mnemonic: true)
    private let loading = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    private let loadingLabel = Label()
    private let spinner = Spinner()
    private let model = IdListModel()
    let listView: ListView
    private let scrolled = ScrolledWindow()
    private var factory: ListItemFactory<ResultRow>!
    private(set) var boundRows: [ObjectIdentifier: ResultRow] = [:]
    private var source: CatalogSource?
    private var observations: [ObservationToken] = []
    private var filterObservation: ObservationToken?
    private var chooser: FileChooser?
    var window: () -> Window? = { nil }
    /// The last import error shown, for tests.
    private(set) var lastErrorDialog: ErrorDialog?

    public init(source: CatalogSource) {
        self.source = source
        facetMenus = Facet.allCases.map(FacetMenu.init)
        comboRows = ComboSection.Combo.allCases.map { ComboRow(combo: $0, options: ComboSection().options(for: $0)) }

        let owner = WeakReference<FiltersPage>()
        factory = ListItemFactory<ResultRow>(
            setup: { item in
                item.setActivatable(false)
                let row = ResultRow()
                item.setChild(row.root)
                return row
            },
            bind: { row, item in owner.value?.bind(row, item) },
            unbind: { row, _ in owner.value?.unbind(row) }
        )
        listView = ListView(model: model, factory: factory)
        owner.value = self
        buildLayout()
        connect()
        root.on("map") { [weak self] in self?.loadIfNeeded() }
    }

    /// Puts the keyboard focus on the first facet button, or, while the catalog loads and the
    /// facet buttons are insensitive, on the first widget of the page that can take it.
    func focusFirst() {
        if facetMenus.first?.button.grabFocus() != true { root.focusFirstChild() }
    }

    private func buildLayout() {
        root.addCSSClass("filters-page")
        let bar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        bar.addCSSClass("facet-bar")
        for menu in facetMenus { bar.append(menu.button) }
        let spacer = Box(GTK_ORIENTATION_HORIZONTAL)
        spacer.hexpand = true
        bar.append(spacer)
        openButton.tooltip = tr("Open a catalog CSV file")
        bar.append(openButton)
        root.append(bar)

        let combos = Box(GTK_ORIENTATION_VERTICAL)
        combos.addCSSClass("combo-section")
        for row in comboRows { combos.append(row.root) }
        root.append(combos)

        let status = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        status.addCSSClass("results-status")
        countLabel.xalign = 0
        countLabel.hexpand = true
        status.append(countLabel)
        loading.append(spinner)
        loading.append(loadingLabel)
        loading.isVisible = false
        status.append(loading)
        root.append(status)

        scrolled.child = listView
        scrolled.vexpand = true
        listView.addCSSClass("results-list")
        root.append(scrolled)
        setInteractive(false)
    }

    private func connect() {
        for menu in facetMenus {
            menu.onChoose = { [weak self] index in self?.filter?.select(option: index, in: menu.facet) }
            menu.onReset = { [weak self] in self?.filter?.reset(menu.facet) }
        }
        for row in comboRows {
            row.onToggle = { [weak self] in self?.section.toggle(row.combo) }
            row.onChoose = { [weak self] index in self?.section.choose(index, in: row.combo) }
        }
        observations.append(section.changes.add { [weak self] change in self?.apply(change) })
        openButton.onClicked { [weak self] in self?.chooseFile() }
        refreshCombos()
    }

    // MARK: Catalog

    private func loadIfNeeded() {
        guard let source else { return }
        self.source = nil
        switch source {
        case let .loaded(catalog):
            show(catalog)
        case let .generated(count):
            setLoading(trn("Building {count} item…", "Building {count} items…", count, ["count": NumberText.grouped(count)]))
            Task.detached { [weak self] in
                let catalog = Catalog.generate(count: count)
                MainLoop.post { self?.show(catalog) }
            }
        }
    }

    /// Shows `catalog`, keeping the current choices and sort order.
    func show(_ catalog: Catalog) {
        setLoading(nil)
        if let filter {
            filter.replaceCatalog(catalog)
        } else {
            let filter = FacetFilter(catalog: catalog)
            filter.sortOrder = section.sortOrder
            self.filter = filter
            filterObservation = filter.changes.add { [weak self] _ in self?.showResults() }
            showResults()
        }
        setInteractive(true)
    }

    /// The last part of `path`, as messages name a file.
    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    func chooseFile() {
        let chooser = FileChooser(title: tr("Open a Catalog"), parent: window(), acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        chooser.addFilter(name: tr("CSV files"), mimeType: "text/csv", pattern: "*.csv")
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            if let path { self?.open(path: path) }
        }
    }

    /// Reads and checks `path` away from the main thread; the catalog shown stays until it is good.
    func open(path: String) {
        setLoading(tr("Opening {file}…", ["file": Self.fileName(path)]))
        openButton.isSensitive = false
        Task.detached { [weak self] in
            let result = Result { () throws(CatalogImportError) in try Catalog.load(path: path) }
            MainLoop.post {
                guard let self else { return }
                self.openButton.isSensitive = true
                self.setLoading(nil)
                switch result {
                case let .success(catalog): self.show(catalog)
                case let .failure(error): self.showImportError(error, path: path)
                }
            }
        }
    }

    private func showImportError(_ error: CatalogImportError, path: String) {
        let dialog = ErrorDialog(parent: window(), title: tr("Could not open “{file}”", ["file": Self.fileName(path)]),
                                 detail: error.description + "\n" + tr("The catalog shown has not changed."))
        dialog.present()
        lastErrorDialog = dialog
    }

    private func setLoading(_ text: String?) {
        loading.isVisible = text != nil
        spinner.spinning = text != nil
        loadingLabel.text = text ?? ""
        if text != nil && filter == nil { countLabel.text = "" }
    }

    private func setInteractive(_ interactive: Bool) {
        for menu in facetMenus { menu.button.isSensitive = interactive }
        for row in comboRows { row.root.isSensitive = interactive }
    }

    /// The results' vertical scrolling.
    var resultsAdjustment: Adjustment { scrolled.verticalAdjustment }

    /// Opens the flyout of `facet`, as a click on its button would.
    public func openMenu(_ facet: Facet) {
        facetMenus.first { $0.facet == facet }?.button.popup()
    }

    // MARK: Results

    private func showResults() {
        guard let filter else { return }
        model.splice(at: 0, removing: model.count, inserting: filter.matches)
        countLabel.text = trn("{shown} of {total} item", "{shown} of {total} items", filter.catalog.count,
                              ["shown": NumberText.grouped(filter.matchCount), "total": NumberText.grouped(filter.catalog.count)])
        for menu in facetMenus { menu.showLabel(filter.label(for: menu.facet)) }
    }

    private func bind(_ row: ResultRow, _ item: ListItem) {
        guard let filter, let position = item.itemID.map(Int.init) else { return }
        row.bind(position: position, listPosition: item.position, in: filter.catalog, layout: section.layout)
        boundRows[ObjectIdentifier(row)] = row
    }

    private func unbind(_ row: ResultRow) {
        boundRows[ObjectIdentifier(row)] = nil
        row.unbind()
    }

    // MARK: Combo rows

    private func apply(_ change: ComboSection.Change) {
        switch change {
        case .opened, .closed:
            refreshCombos()
        case .chose(.sort):
            refreshCombos()
            filter?.sortOrder = section.sortOrder
        case .chose(.layout):
            refreshCombos()
            if let filter {
                for row in boundRows.values { row.relayout(section.layout, in: filter.catalog) }
            }
        }
    }

    /// The names in the visible rows, top to bottom.
    var visibleNames: [String] {
        boundRows.values.filter { $0.position != nil }.sorted { $0.listPosition < $1.listPosition }.map(\.name.text)
    }

    private func refreshCombos() {
        for row in comboRows {
            row.show(value: section.value(for: row.combo), selected: section.selectedIndex(for: row.combo), open: section.isOpen(row.combo))
        }
    }
}
