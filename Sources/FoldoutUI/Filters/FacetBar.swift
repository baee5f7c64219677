// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The facet bar: one flyout per facet column of the catalog (in lines that wrap when they do not
/// fit: a button is never cut off, its label is shortened with "…"), then the Facets menu, in which
/// any column with few enough values can be made a facet or stop being one, then whatever the page
/// puts at the end (the Open button).
@MainActor
final class FacetBar {
    let root = Box(.horizontal, spacing: 6)
    private let menusBox = WrapBox(spacing: 6)
    let facetsButton = MenuButton()
    private let facetsPopover = Popover()
    private(set) var menus: [FacetMenu] = []
    private(set) var rangeMenus: [RangeMenu] = []
    private var shownChecks: FacetChecks?
    var facetChecks: [CheckButton] { shownChecks?.checks ?? [] }
    private var filter: FacetFilter?
    /// The measure each option flyout shows, by its column's name: kept while facets come and go.
    private var measureChoices: [String: FacetMeasureChoice] = [:]
    /// The catalog whose columns the measures are of.
    private var measuredCatalog: Catalog?
    /// Between a flyout asked for (`openMenu`) and its opening, a frame later.
    private(set) var isMenuPending = false
    /// The user chose a measure in a flyout.
    private let onMeasureChosen: @MainActor () -> Void

    init(trailing: [Widget], onMeasureChosen: @escaping @MainActor () -> Void) {
        self.onMeasureChosen = onMeasureChosen
        root.addCSSClass("facet-bar")
        menusBox.hexpand = true
        root.append(menusBox)
        FacetChecks.dress(facetsButton, popover: facetsPopover) { [weak self] in self?.buildFacetChecks() }
        root.append(facetsButton)
        for widget in trailing {
            widget.setAlign(vertical: .start)
            root.append(widget)
        }
    }

    var isSensitive: Bool {
        get { facetsButton.isSensitive }
        set {
            facetsButton.isSensitive = newValue
            for menu in menus { menu.button.isSensitive = newValue }
            for menu in rangeMenus { menu.button.isSensitive = newValue }
        }
    }

    /// One flyout per facet of `filter`, replacing the old ones.
    func rebuild(for filter: FacetFilter) {
        self.filter = filter
        keepMeasures(for: filter.catalog)
        for menu in menus { menusBox.remove(menu.button) }
        for menu in rangeMenus { menusBox.remove(menu.button) }
        menus = []
        rangeMenus = []
        for column in filter.facetColumns {
            switch filter.kind(ofColumn: column) {
            case .options:
                let menu = FacetMenu(
                    column: column, name: filter.catalog.columns[column].name,
                    options: filter.optionLabels(forColumn: column), order: filter.optionOrder(forColumn: column),
                    noValue: filter.noValueOption(forColumn: column) != nil,
                    columns: filter.catalog.columns.map(MeasurableColumn.init),
                    filter: filter
                ) { [weak self, name = filter.catalog.columns[column].name] choice in
                    guard let self else { return }
                    self.measureChoices[name] = choice
                    self.onMeasureChosen()
                }
                menu.measureChoice = measureChoices[menu.name]
                menusBox.append(menu.button)
                menus.append(menu)
            case .range:
                let menu = RangeMenu(column: column, filter: filter)
                menusBox.append(menu.button)
                rangeMenus.append(menu)
            }
        }
        showLabels()
    }

    /// The measures chosen, by facet column, for the view kept.
    var measures: [Int: FacetMeasureChoice] {
        var measures: [Int: FacetMeasureChoice] = [:]
        for menu in menus { measures[menu.column] = measureChoices[menu.name] }
        return measures
    }

    /// Shows `measures` (by facet column) in the flyouts, and nothing in the others.
    func setMeasures(_ measures: [Int: FacetMeasureChoice]) {
        guard let filter else { return }
        measureChoices = [:]
        for (column, choice) in measures { measureChoices[filter.catalog.columns[column].name] = choice }
        for menu in menus { menu.measureChoice = measures[menu.column] }
    }

    /// Shows `measure` in every option flyout, listed as before.
    func showEverywhere(_ measure: FacetMeasure) {
        for menu in menus {
            let choice = FacetMeasureChoice(measure, sortsByValue: measureChoices[menu.name]?.sortsByValue ?? false)
            measureChoices[menu.name] = choice
            menu.measureChoice = choice
        }
    }

    /// Opens the flyout of the column `name` means (in any case), as a click on its facet's button
    /// would, making the column a facet of `filter` first if it is not one; false if there is no
    /// such column.
    @discardableResult
    func openMenu(named name: String, in filter: FacetFilter) -> Bool {
        guard let column = filter.catalog.column(matching: name) else { return false }
        if !filter.isFacet(column) { filter.setFacet(column, true) }
        let title = filter.catalog.columns[column].name
        let buttons = menus.map { ($0.name, $0.button) } + rangeMenus.map { ($0.name, $0.button) }
        guard let button = buttons.first(where: { $0.0 == title })?.1 else { return false }
        // After a frame: popped up while the page is being mapped, GTK 4.8's popover finds no
        // focus widget in a window not shown yet (a critical), and opens nowhere.
        isMenuPending = true
        button.afterNextFrame { [weak self, weak button] in
            button?.popup()
            self?.isMenuPending = false
        }
        return true
    }

    /// The measures chosen, given to `catalog`'s columns by name when it is another catalog.
    private func keepMeasures(for catalog: Catalog) {
        defer { measuredCatalog = catalog }
        guard let old = measuredCatalog, old !== catalog else { return }
        measureChoices = measureChoices.compactMapValues { choice in
            FacetMeasure(spelling: choice.measure.spelling(in: old), in: catalog).map {
                FacetMeasureChoice($0, sortsByValue: choice.sortsByValue)
            }
        }
    }

    func showLabels() {
        for menu in menus { menu.showChoice() }
        for menu in rangeMenus { menu.refresh() }
    }

    /// The Facets menu: every column, ticked when it is a facet.
    private func buildFacetChecks() {
        guard let filter else { return }
        let checks = FacetChecks(
            labels: filter.catalog.columns.map(Self.describe), height: max((facetsButton.rootHeight ?? 600) - 160, 120),
            isActive: { filter.isFacet($0) },
            onToggled: { [weak self] column, on in
                self?.filter?.setFacet(column, on)
                self?.refreshChecks()
            })
        shownChecks = checks
        refreshChecks()
        facetsPopover.child = checks.root
    }

    private func refreshChecks() {
        guard let filter else { return }
        shownChecks?.show(
            isActive: { filter.isFacet($0) },
            refusal: { filter.canMakeFacet($0) ? nil : tr("No row has a value here") })
    }

    /// "genre (text, 12 values)".
    static func describe(_ column: CatalogColumn) -> String {
        let kind = column.kind.label
        guard let distinct = column.distinctCount else {
            return tr("{column} ({kind})", ["column": column.name, "kind": kind])
        }
        let values = trn("{count} value", "{count} values", distinct, ["count": NumberText.grouped(distinct)])
        return tr("{column} ({kind}, {values})", ["column": column.name, "kind": kind, "values": values])
    }
}
