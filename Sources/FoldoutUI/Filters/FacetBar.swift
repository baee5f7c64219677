// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The facet bar, over any table the page filters (`FilteredTable`): one flyout per facet, in
/// column order, on one line that scrolls sideways when it does not fit (the results keep the
/// height; a button's label is shortened with "…"), a greyed-out button in the place of each facet
/// still being made, then, always in view at the end, the Facets menu, in which any column can be
/// made a facet or stop being one. The measure each option flyout shows is kept by its column's
/// name while facets come and go.
@MainActor
final class FacetBar {
    let root = Box(.horizontal, spacing: 6)
    private let menusBox = Box(.horizontal, spacing: 6, role: .group)
    /// The flyouts' line, scrolled sideways to the button that takes the focus.
    let scroller = ScrolledWindow()
    let facetsButton = MenuButton()
    private let facetsPopover = Popover()
    /// The option flyouts and the range flyouts, each in column order.
    private(set) var menus: [FacetMenu] = []
    private(set) var rangeMenus: [RangeMenu] = []
    /// Until its flyout can be made, each facet's button, greyed out, so nothing moves when the
    /// flyout takes its place; in column order.
    private(set) var placeholders: [MenuButton] = []
    private var placeholderColumns: [Int] = []
    /// The Facets menu's list, made each time it opens.
    private(set) var facetChecks: FacetChecks?
    private var table: (any FilteredTable)?
    /// What the flyouts were made from (`FilteredTable.facetSource`), not kept alive by them.
    private weak var madeFrom: AnyObject?
    /// The measure each option flyout shows, by its column's name.
    private var measureChoices: [String: FacetMeasureChoice] = [:]
    /// The columns the measures are of.
    private var measuredColumns: [MeasurableColumn] = []
    /// Between a flyout asked for (`openMenu`) and its opening, a frame later.
    private(set) var isMenuPending = false
    /// The user chose a measure in a flyout.
    private let onMeasureChosen: @MainActor () -> Void

    /// `trailing` follows the Facets menu (the page's Clear Filters).
    init(trailing: [Widget], onMeasureChosen: @escaping @MainActor () -> Void) {
        self.onMeasureChosen = onMeasureChosen
        root.addCSSClass("facet-bar")
        menusBox.setAccessibleLabel(tr("Facets"))
        scroller.scrollHorizontally()
        scroller.hexpand = true
        scroller.child = menusBox
        scroller.scrollAtNaturalWidth()
        root.append(scroller)
        FacetChecks.dress(facetsButton, popover: facetsPopover) { [weak self] in self?.buildFacetChecks() }
        facetsButton.setAlign(vertical: .start)
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
            for button in flyoutButtons { button.isSensitive = newValue }
        }
    }

    /// Each flyout's column, name and button, in the bar's order.
    private var flyouts: [(column: Int, name: String, button: MenuButton)] {
        (menus.map { ($0.column, $0.name, $0.button) } + rangeMenus.map { ($0.column, $0.name, $0.button) })
            .sorted { $0.column < $1.column }
    }

    private var flyoutButtons: [MenuButton] { flyouts.map(\.button) }

    /// The flyout button of `column`, if it is a facet made.
    func button(ofColumn column: Int) -> MenuButton? { flyouts.first { $0.column == column }?.button }

    /// Shows the facets of `table`: a flyout for each facet made (those made before from the same
    /// data stay as they are, an open one open), a placeholder for each still being made.
    func rebuild(for table: any FilteredTable) {
        if madeFrom !== table.facetSource {
            for button in flyoutButtons { menusBox.remove(button) }
            menus = []
            rangeMenus = []
        }
        self.table = table
        madeFrom = table.facetSource
        keepMeasures(for: table.measurableColumns)
        let facets = table.facetColumns
        let kinds = Dictionary(uniqueKeysWithValues: facets.map { ($0, table.kind(ofColumn: $0)) })
        for menu in menus where kinds[menu.column] != .options { menusBox.remove(menu.button) }
        for menu in rangeMenus where kinds[menu.column] != .range { menusBox.remove(menu.button) }
        menus.removeAll { kinds[$0.column] != .options }
        rangeMenus.removeAll { kinds[$0.column] != .range }
        let made = Set(menus.map(\.column) + rangeMenus.map(\.column))
        for column in facets where !made.contains(column) {
            switch kinds[column] {
            case .options?: menus.append(makeMenu(column, in: table))
            case .range?:
                let menu = RangeMenu(column: column, filter: table)
                menu.button.isSensitive = facetsButton.isSensitive
                rangeMenus.append(menu)
            case nil: break
            }
        }
        menus.sort { $0.column < $1.column }
        rangeMenus.sort { $0.column < $1.column }
        showPlaceholders(for: table.facetsBeingMade.filter { kinds[$0] == nil })
        arrange()
        showLabels()
        refreshChecks()
    }

    private func makeMenu(_ column: Int, in table: any FilteredTable) -> FacetMenu {
        let name = table.columnNames[column]
        let varies: (Int) -> Bool = { [weak table] in
            table?.extent(ofColumn: $0).map { $0.lowerBound < $0.upperBound } ?? true
        }
        let menu = FacetMenu(
            column: column, name: name, options: table.optionLabels(forColumn: column),
            order: table.optionOrder(forColumn: column), noValue: table.noValueOption(forColumn: column) != nil,
            columns: table.measurableColumns, filter: table, varies: varies
        ) { [weak self] choice in
            guard let self else { return }
            self.measureChoices[name] = choice
            self.onMeasureChosen()
        }
        menu.measureChoice = measureChoices[name]
        menu.button.isSensitive = facetsButton.isSensitive
        return menu
    }

    private func showPlaceholders(for columns: [Int]) {
        guard columns != placeholderColumns, let table else { return }
        for button in placeholders { menusBox.remove(button) }
        placeholderColumns = columns
        placeholders = columns.map { column in
            let button = MenuButton()
            button.label = table.columnNames[column]
            button.isSensitive = false
            button.tooltip = tr("Counting…")
            return button
        }
    }

    /// Every button in column order, the flyouts and the placeholders; a button already in the bar
    /// is moved, not taken out, so an open flyout stays open.
    private func arrange() {
        let ordered =
            (flyouts.map { ($0.column, $0.button) } + zip(placeholderColumns, placeholders).map { ($0, $1) })
            .sorted { $0.0 < $1.0 }.map(\.1)
        var previous: Widget?
        for button in ordered {
            if !menusBox.holds(button) {
                menusBox.insert(button, after: previous)
            } else {
                menusBox.reorder(button, after: previous)
            }
            previous = button
        }
    }

    /// The measures chosen, by facet column, for the view kept.
    var measures: [Int: FacetMeasureChoice] {
        var measures: [Int: FacetMeasureChoice] = [:]
        for menu in menus { measures[menu.column] = measureChoices[menu.name] }
        return measures
    }

    /// Shows `measures` (by facet column) in the flyouts, and nothing in the others.
    func setMeasures(_ measures: [Int: FacetMeasureChoice]) {
        guard let table else { return }
        measureChoices = [:]
        for (column, choice) in measures { measureChoices[table.columnNames[column]] = choice }
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
    /// would, making the column a facet first if it is not one; false if there is no such column
    /// or its flyout cannot be made yet.
    @discardableResult
    func openMenu(named name: String) -> Bool {
        guard let table, let column = table.column(matching: name) else { return false }
        if !table.isFacet(column) { table.setFacet(column, true) }
        guard let button = button(ofColumn: column) else { return false }
        // After a frame: popped up while the page is being mapped, GTK 4.8's popover finds no
        // focus widget in a window not shown yet (a critical), and opens nowhere.
        isMenuPending = true
        button.afterNextFrame { [weak self, weak button] in
            button?.popup()
            self?.isMenuPending = false
        }
        return true
    }

    /// The measures chosen, given to `columns` by name when they are another table's.
    private func keepMeasures(for columns: [MeasurableColumn]) {
        defer { measuredColumns = columns }
        guard !measuredColumns.isEmpty, measuredColumns != columns else { return }
        let old = measuredColumns
        measureChoices = measureChoices.compactMapValues { choice in
            guard old.indices.contains(choice.measure.column) else { return nil }
            let spelling = choice.measure.spelling(columnName: old[choice.measure.column].name)
            return FacetMeasure(spelling: spelling, in: columns).map {
                FacetMeasureChoice($0, sortsByValue: choice.sortsByValue)
            }
        }
    }

    /// What each flyout filters by, on its button.
    func showLabels() {
        for menu in menus { menu.showChoice() }
        for menu in rangeMenus { menu.refresh() }
    }

    /// The counts of now in the open flyout, and its figures: counts that came after it opened.
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

    /// The flyouts dimmed while their counts, or the measure an option flyout shows, are worked out.
    func dim() {
        let counting = table?.isCounting == true
        let measuring = table?.isMeasuring == true
        for menu in rangeMenus { menu.popover.setCSSClass("counting", counting) }
        for menu in menus { menu.popover.setCSSClass("counting", counting || (measuring && menu.measureChoice != nil)) }
    }

    /// The Facets menu: every column, ticked when it is a facet or being made one.
    private func buildFacetChecks() {
        guard let table else { return }
        let checks = FacetChecks(
            labels: table.columnNames.indices.map(table.facetDescription(ofColumn:)),
            height: max((facetsButton.rootHeight ?? 600) - 160, 120), isActive: { table.isFacet($0) },
            onToggled: { [weak self] column, on in
                self?.table?.setFacet(column, on)
                self?.refreshChecks()
            })
        facetChecks = checks
        refreshChecks()
        facetsPopover.child = checks.root
    }

    private func refreshChecks() {
        guard let table else { return }
        facetChecks?.show(isActive: { table.isFacet($0) }, refusal: { table.facetRefusal(ofColumn: $0) })
    }
}
