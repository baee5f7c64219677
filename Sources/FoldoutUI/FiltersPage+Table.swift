// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The results as a table (`ResultsTable`): the same matches, in the same order, with every column
/// at first, the title column first; a column can be hidden and moved from its header's menu or the
/// Columns popover (`TableColumnsMenu`). A header click sorts as the Sort by combo does, and the
/// combo follows. The columns and the widths dragged are kept per file, with its view.
extension FiltersPage {
    func connectTable() {
        table.filter = { [weak self] in self?.filter }
        table.onSort = { [weak self] sort in self?.section.choose(sort: sort) }
        table.onWidthsChanged = { [weak self] widths in
            guard let self, let name = self.filter?.catalog.name else { return }
            self.tableWidths[name] = widths
            self.viewChanged()
        }
        table.onHide = { [weak self] name in self?.changeTableColumns { $0.setShown(name, false) } }
        table.onMove = { [weak self] name, offset in self?.changeTableColumns { $0.move(name, by: offset) } }
        table.onChooseColumns = { [weak self] in self?.columnsMenu.button.popup() }
        columnsMenu.columns = { [weak self] in self?.tableColumns }
        columnsMenu.onShown = { [weak self] name, shown in self?.changeTableColumns { $0.setShown(name, shown) } }
        columnsMenu.onMove = { [weak self] name, offset in self?.changeTableColumns { $0.move(name, by: offset) } }
        columnsMenu.onShowAll = { [weak self] in self?.changeTableColumns { $0.showAll() } }
        columnsMenu.button.isVisible = false
        resultsStack.onNotify("visible-child-name") { [weak self] in
            guard let self else { return }
            self.columnsMenu.button.isVisible = self.isTableShown
            if self.isTableShown { self.table.showing() }
            self.onResultsViewChanged(self.resultsView)
            self.refreshSummary()
            self.viewChanged()
        }
        let keys = ShortcutController()
        keys.add(accelerators: "<Control>c") { [weak self] in self?.copySelectedRows() ?? false }
        table.view.add(keys)
    }

    /// How the results are shown: rows, a table or a summary of every column.
    var resultsView: ResultsView {
        get { ResultsView(rawValue: resultsStack.visibleChildName ?? "") ?? .rows }
        set { resultsStack.visibleChildName = newValue.rawValue }
    }

    /// Whether the results are shown as a table.
    var isTableShown: Bool {
        get { resultsView == .table }
        set { resultsView = newValue ? .table : .rows }
    }

    /// The table's columns for the catalog shown: as the user left them, else every column with
    /// the title column first.
    var tableColumns: TableColumns? {
        guard let catalog = filter?.catalog else { return nil }
        return tableLayouts[catalog.name] ?? TableColumns(catalog: catalog, title: section.titleColumn)
    }

    /// Changes the table's columns as `change` says, shows them and keeps them with the view.
    func changeTableColumns(_ change: (inout TableColumns) -> Void) {
        guard let catalog = filter?.catalog, var columns = tableColumns else { return }
        change(&columns)
        guard columns != tableColumns else { return }
        tableLayouts[catalog.name] = columns
        showTableColumns()
        columnsMenu.refresh()
        viewChanged()
    }

    /// The table's shown columns; `rebuilding` makes them afresh, with the widths kept, even where
    /// they are the same columns.
    func showTableColumns(rebuilding: Bool = false) {
        guard let filter, let columns = tableColumns else { return }
        table.setColumns(
            columns.shownColumns(in: filter.catalog), of: filter.catalog,
            widths: tableWidths[filter.catalog.name] ?? [:], sort: section.sort, rebuilding: rebuilding)
    }
}
