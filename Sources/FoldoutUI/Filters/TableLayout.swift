// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The results as a table (`ResultsTable`), over any table the page filters: the same matches,
/// in the same order, with every column at first, the title column first; a column can be hidden
/// and moved from its header's menu or the Columns popover (`TableColumnsMenu`). A header click
/// sorts as the Sort by combo does, and the combo follows. The columns and the widths dragged are
/// kept per table (by its name), with its view.
@MainActor
final class TableLayout {
    private let model: PositionListModel
    private let section: ComboSection
    /// The table shown, if one is.
    private let shown: @MainActor () -> (any FilteredTable)?
    /// Tells that the layout changed: the view to keep changed.
    private let changed: @MainActor () -> Void
    /// Column widths dragged in the table, by table name, then column name.
    private var widths: [String: [String: Int]] = [:]
    /// The table's columns as the user changed them, by table name.
    private var layouts: [String: TableColumns] = [:]
    private(set) lazy var table = ResultsTable(model: model, owner: self)
    private(set) lazy var menu = TableColumnsMenu(keeper: self)

    /// The table is over `model`, the list positions of `shown`'s matches.
    init(
        model: PositionListModel, section: ComboSection, shown: @escaping @MainActor () -> (any FilteredTable)?,
        changed: @escaping @MainActor () -> Void
    ) {
        self.model = model
        self.section = section
        self.shown = shown
        self.changed = changed
    }

    /// The table's columns for the table shown: as the user left them, else every column with the
    /// title column first.
    var columns: TableColumns? {
        guard let shown = shown() else { return nil }
        return layouts[shown.tableName] ?? TableColumns(names: shown.columnNames, title: section.titleColumn)
    }

    /// The widths dragged in the table shown, by column name.
    var shownWidths: [String: Int] { shown().flatMap { widths[$0.tableName] } ?? [:] }

    /// The columns the user chose for the table shown, if they chose.
    var shownLayout: TableColumns? { shown().flatMap { layouts[$0.tableName] } }

    /// Gives the table shown the columns and widths of a view kept, shown afresh.
    func restore(_ state: CatalogViewState) {
        guard let shown = shown() else { return }
        widths[shown.tableName] = state.widths
        layouts[shown.tableName] = state.tableColumns(among: shown.columnNames, title: section.titleColumn)
        show(rebuilding: true)
    }

    /// Gives the table shown every column, as they come, shown afresh.
    func reset() {
        guard let shown = shown() else { return }
        widths[shown.tableName] = nil
        layouts[shown.tableName] = nil
        show(rebuilding: true)
    }

    /// Changes the table's columns as `change` says, shows them and keeps them with the view.
    private func change(_ change: (inout TableColumns) -> Void) {
        guard let shown = shown(), var columns else { return }
        change(&columns)
        guard columns != self.columns else { return }
        layouts[shown.tableName] = columns
        show()
        menu.refresh()
        changed()
    }

    /// The table's shown columns, sorted as the combo says; `rebuilding` makes them afresh, with
    /// the widths kept, even where they are the same columns.
    func show(rebuilding: Bool = false) {
        guard let shown = shown(), let columns else { return }
        let names = shown.columnNames
        let headings = columns.shownColumns(among: names).map {
            ResultsTable.Heading(
                column: $0, name: names[$0], isNumber: shown.valueShape(ofColumn: $0).kind == .number,
                characters: shown.typicalCharacters(ofColumn: $0))
        }
        table.setColumns(headings, widths: widths[shown.tableName] ?? [:], sort: section.sort, rebuilding: rebuilding)
        table.showSort(section.sort)
    }
}

extension TableLayout: ResultsTableOwner {
    func tableValue(at listPosition: Int, column: Int) -> String? {
        shown()?.shownValue(atListPosition: listPosition, column: column)
    }

    func sortTable(by sort: CatalogSortKey?) { section.choose(sort: sort) }

    func tableWidthsChanged(_ widths: [String: Int]) {
        guard let name = shown()?.tableName else { return }
        self.widths[name] = widths
        changed()
    }

    func chooseTableColumns() { menu.button.popup() }

    func setShown(_ name: String, _ shown: Bool) { change { $0.setShown(name, shown) } }

    func move(_ name: String, by offset: Int) { change { $0.move(name, by: offset) } }

    func showAll() { change { $0.showAll() } }
}
