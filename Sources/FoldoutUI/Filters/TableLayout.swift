// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The results as a table (`ResultsTable`): the same matches, in the same order, with every column
/// at first, the title column first; a column can be hidden and moved from its header's menu or the
/// Columns popover (`TableColumnsMenu`). A header click sorts as the Sort by combo does, and the
/// combo follows. The columns and the widths dragged are kept per file, with its view.
@MainActor
final class TableLayout {
    private let model: PositionListModel
    private let section: ComboSection
    private let shown: ShownFilter
    /// Tells that the layout changed: the view to keep changed.
    private let changed: @MainActor () -> Void
    /// Column widths dragged in the table, by file name, then column name.
    private var widths: [String: [String: Int]] = [:]
    /// The table's columns as the user changed them, by file name.
    private var layouts: [String: TableColumns] = [:]
    private(set) lazy var table = ResultsTable(model: model, owner: self)
    private(set) lazy var menu = TableColumnsMenu(keeper: self)

    /// The table is over `model`, the positions of the shown filter's matches.
    init(
        model: PositionListModel, section: ComboSection, shown: ShownFilter, changed: @escaping @MainActor () -> Void
    ) {
        self.model = model
        self.section = section
        self.shown = shown
        self.changed = changed
    }

    /// The table's columns for the catalog shown: as the user left them, else every column with
    /// the title column first.
    var columns: TableColumns? {
        guard let catalog = shown.filter?.catalog else { return nil }
        return layouts[catalog.name] ?? TableColumns(catalog: catalog, title: section.titleColumn)
    }

    /// The widths dragged in `catalog`'s table, by column name.
    func widths(of catalog: Catalog) -> [String: Int] { widths[catalog.name] ?? [:] }

    /// The columns the user chose for `catalog`'s table, if they chose.
    func layout(of catalog: Catalog) -> TableColumns? { layouts[catalog.name] }

    /// Gives `catalog`'s table the columns and widths of a view kept, shown afresh.
    func restore(_ state: CatalogViewState, in catalog: Catalog) {
        widths[catalog.name] = state.widths
        layouts[catalog.name] =
            state.tableOrder.isEmpty ? nil : state.tableColumns(in: catalog, title: section.titleColumn)
        show(rebuilding: true)
    }

    /// Gives `catalog`'s table every column, as they come, shown afresh.
    func reset(_ catalog: Catalog) {
        widths[catalog.name] = nil
        layouts[catalog.name] = nil
        show(rebuilding: true)
    }

    /// Changes the table's columns as `change` says, shows them and keeps them with the view.
    private func change(_ change: (inout TableColumns) -> Void) {
        guard let catalog = shown.filter?.catalog, var columns else { return }
        change(&columns)
        guard columns != self.columns else { return }
        layouts[catalog.name] = columns
        show()
        menu.refresh()
        changed()
    }

    /// The table's shown columns; `rebuilding` makes them afresh, with the widths kept, even where
    /// they are the same columns.
    func show(rebuilding: Bool = false) {
        guard let filter = shown.filter, let columns else { return }
        let catalog = filter.catalog
        let headings = columns.shownColumns(in: catalog).map {
            ResultsTable.Heading(
                column: $0, name: catalog.columns[$0].name, isNumber: catalog.columns[$0].kind == .number,
                characters: ResultValue.typicalCharacters(catalog, column: $0))
        }
        table.setColumns(headings, widths: widths[catalog.name] ?? [:], sort: section.sort, rebuilding: rebuilding)
    }
}

extension TableLayout: ResultsTableOwner {
    func tableValue(at listPosition: Int, column: Int) -> String? {
        // A new catalog's results can come before its columns: a cell of a column it lacks waits.
        // The results that follow bind it again.
        guard let filter = shown.filter, listPosition < filter.matchCount, column < filter.catalog.columns.count
        else { return nil }
        // While a new catalog replaces the old, the matches can still be the old one's.
        let position = Int(filter.matches[listPosition])
        guard position < filter.catalog.count else { return nil }
        return ResultValue.shown(filter.catalog, column: column, at: position)
    }

    func sortTable(by sort: CatalogSortKey?) { section.choose(sort: sort) }

    func tableWidthsChanged(_ widths: [String: Int]) {
        guard let name = shown.filter?.catalog.name else { return }
        self.widths[name] = widths
        changed()
    }

    func chooseTableColumns() { menu.button.popup() }

    func setShown(_ name: String, _ shown: Bool) { change { $0.setShown(name, shown) } }

    func move(_ name: String, by offset: Int) { change { $0.move(name, by: offset) } }

    func showAll() { change { $0.showAll() } }
}
