// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// The facet bar of a table in its server (`ServerTableView`): a flyout per facet (the catalog's
/// own `FacetMenu` and `RangeMenu`, choosing in `DatabaseFacets`), each greyed-out placeholder
/// until its facet is made, the measure each option flyout shows, and the Facets menu that makes
/// any column a facet or gives one up.
@MainActor
final class ServerFacetBar {
    let root = Box(.horizontal, spacing: 6)
    private let menusBox = WrapBox(spacing: 6)
    let facetsButton = MenuButton()
    private let facetsPopover = Popover()
    private(set) var facetChecks: FacetChecks?
    private(set) var menus: [FacetMenu] = []
    private(set) var rangeMenus: [RangeMenu] = []
    /// Until its flyout is made (the first counts come; a range facet's histogram is counted):
    /// each facet's button, greyed out, so nothing moves when the flyouts take their place.
    private(set) var placeholders: [MenuButton] = []
    /// The measure each option flyout shows beside its options, by facet column.
    private(set) var measureChoices: [Int: FacetMeasureChoice] = [:]
    private let facets: DatabaseFacets
    private let names: [String]
    /// The user chose a measure in a flyout.
    private let onMeasureChosen: @MainActor () -> Void

    init(facets: DatabaseFacets, onMeasureChosen: @escaping @MainActor () -> Void) {
        self.facets = facets
        self.onMeasureChosen = onMeasureChosen
        names = facets.table.columns.map(\.name)
        root.addCSSClass("facet-bar")
        menusBox.hexpand = true
        root.append(menusBox)
        FacetChecks.dress(facetsButton, popover: facetsPopover) { [weak self] in self?.buildFacetChecks() }
        root.append(facetsButton)
        addPlaceholders(facets.optionFacets + facets.rangeFacets + facets.facetsBeingMade)
    }

    /// Each flyout's button, with its column and name.
    private var buttons: [(column: Int, name: String, button: MenuButton)] {
        menus.map { ($0.column, $0.name, $0.button) } + rangeMenus.map { ($0.column, $0.name, $0.button) }
    }

    /// The flyout button of `column`, if it is a facet made.
    func button(ofColumn column: Int) -> MenuButton? { buttons.first { $0.column == column }?.button }

    /// The flyout button of the facet named `name`, in any case.
    func button(named name: String) -> MenuButton? {
        buttons.first { $0.name.lowercased() == name.lowercased() }?.button
    }

    /// The flyouts not made yet of the facets made, in place of their placeholders (those of the
    /// facets still being made stay, after them); those of facets given up gone.
    func buildMenus() {
        for placeholder in placeholders { menusBox.remove(placeholder) }
        placeholders = []
        let facetColumns = Set(facets.optionFacets + facets.rangeFacets)
        for menu in menus where !facetColumns.contains(menu.column) { menusBox.remove(menu.button) }
        for menu in rangeMenus where !facetColumns.contains(menu.column) { menusBox.remove(menu.button) }
        menus.removeAll { !facetColumns.contains($0.column) }
        rangeMenus.removeAll { !facetColumns.contains($0.column) }
        let made = Set(menus.map(\.column) + rangeMenus.map(\.column))
        for column in facets.optionFacets where !made.contains(column) {
            let kind = facets.table.columns[column].kind
            let menu = FacetMenu(
                column: column, name: names[column], options: facets.options(forColumn: column),
                order: kind == .text ? .alphabetical : .byValue,
                noValue: facets.noValueOption(forColumn: column) != nil, columns: facets.measurableColumns,
                filter: facets
            ) { [weak self] choice in
                self?.measureChoices[column] = choice
                self?.onMeasureChosen()
            }
            menu.measureChoice = measureChoices[column]
            menusBox.append(menu.button)
            menus.append(menu)
        }
        for column in facets.rangeFacets where !made.contains(column) {
            let menu = RangeMenu(column: column, filter: facets)
            menusBox.append(menu.button)
            rangeMenus.append(menu)
        }
        addPlaceholders(facets.facetsBeingMade)
        showFacetChecks()
    }

    /// What each flyout filters by, on its button.
    func showLabels() {
        for menu in menus { menu.showChoice() }
        for menu in rangeMenus { menu.refresh() }
    }

    /// The counts of now in the open flyout, and its figures.
    func refreshCounts() {
        for menu in menus {
            menu.refreshCounts()
            menu.refreshFigures()
        }
        for menu in rangeMenus { menu.countsChanged() }
    }

    /// The figures of now in the open option flyout.
    func refreshFigures() {
        for menu in menus { menu.refreshFigures() }
    }

    /// The flyouts dimmed while their counts, or the measure an option flyout shows, are asked.
    func dim() {
        for menu in rangeMenus { menu.popover.setCSSClass("counting", facets.isCounting) }
        for menu in menus {
            menu.popover.setCSSClass("counting", facets.isCounting || (facets.isMeasuring && menu.measureChoice != nil))
        }
    }

    /// Shows `measures` (by facet column) in the flyouts, and nothing in the others.
    func setMeasures(_ measures: [Int: FacetMeasureChoice]) {
        measureChoices = measures
        for menu in menus { menu.measureChoice = measures[menu.column] }
    }

    /// Shows `measure` in every option flyout, each listed as before.
    func showEverywhere(_ measure: FacetMeasure) {
        for menu in menus {
            let choice = FacetMeasureChoice(measure, sortsByValue: measureChoices[menu.column]?.sortsByValue ?? false)
            measureChoices[menu.column] = choice
            menu.measureChoice = choice
        }
    }

    /// The Facets menu: every column, ticked when it is a facet or being made one.
    private func buildFacetChecks() {
        let columns = facets.table.columns
        let checks = FacetChecks(
            labels: columns.map { tr("{column} ({kind})", ["column": $0.name, "kind": $0.kind.label]) },
            height: max((facetsButton.rootHeight ?? 600) - 160, 120), isActive: { [facets] in facets.isFacet($0) },
            onToggled: { [weak self] column, on in
                self?.facets.setFacet(column, on)
                self?.showFacetChecks()
            })
        facetChecks = checks
        showFacetChecks()
        facetsPopover.child = checks.root
    }

    private func showFacetChecks() {
        facetChecks?.show(
            isActive: { [facets] in facets.isFacet($0) },
            refusal: { [facets] column in
                facets.refusedFacets.contains(column) ? tr("Too many different values for a flyout") : nil
            })
    }

    private func addPlaceholders(_ columns: [Int]) {
        for column in columns {
            let button = MenuButton()
            button.label = names[column]
            button.isSensitive = false
            button.tooltip = tr("Counting…")
            menusBox.append(button)
            placeholders.append(button)
        }
    }
}
