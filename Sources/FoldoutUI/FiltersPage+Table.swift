// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The results as a table (`ResultsTable`): the same matches, in the same order, with the title
/// and Details columns as its columns; a header click sorts as the Sort by combo does, and the
/// combo follows. Widths dragged are kept per file.
extension FiltersPage {
    func connectTable() {
        table.filter = { [weak self] in self?.filter }
        table.onSort = { [weak self] sort in self?.section.choose(sort: sort) }
        table.onWidthsChanged = { [weak self] widths in
            guard let self, let name = self.filter?.catalog.name else { return }
            self.tableWidths[name] = widths
            self.viewChanged()
        }
        resultsStack.onNotify("visible-child-name") { [weak self] in self?.viewChanged() }
        let keys = ShortcutController()
        keys.add(accelerators: "<Control>c") { [weak self] in self?.copySelectedRows() ?? false }
        table.view.add(keys)
    }

    /// Whether the results are shown as a table.
    var isTableShown: Bool {
        get { resultsStack.visibleChildName == "table" }
        set { resultsStack.visibleChildName = newValue ? "table" : "rows" }
    }

    /// The table's columns: the title column, then the Details combo's; `rebuilding` makes them
    /// afresh, with the widths kept, even where they are the same columns.
    func showTableColumns(rebuilding: Bool = false) {
        guard let filter else { return }
        let columns = [section.titleColumn] + section.detailColumns.filter { $0 != section.titleColumn }
        table.setColumns(
            columns, of: filter.catalog, widths: tableWidths[filter.catalog.name] ?? [:], sort: section.sort,
            rebuilding: rebuilding)
    }
}
