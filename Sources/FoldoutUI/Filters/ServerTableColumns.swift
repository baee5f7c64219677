// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// A table in its server shown as a table (`ResultsTable`), as a catalog's results are
/// (`TableLayout`): the rows fetched so far, every column at first with the title column first; a
/// column hidden or moved from its header's menu or the Columns popover; a header click sorts as
/// Sort by does (the server orders the rows); widths the user drags. The columns and widths are
/// kept with the table's view (`RememberedServerView`).
@MainActor
final class ServerTableColumns {
    private let facets: DatabaseFacets
    private let section: ComboSection
    private let model: PositionListModel
    private let names: [String]
    /// Tells that the columns or widths changed: the view to keep changed.
    private let changed: @MainActor () -> Void
    /// The widths dragged, by column name.
    private(set) var widths: [String: Int] = [:]
    /// The columns as the user changed them; nil: every column, the title first.
    private(set) var layout: TableColumns?
    private(set) lazy var table = ResultsTable(model: model, owner: self)
    private(set) lazy var menu = TableColumnsMenu(keeper: self)

    /// The table is over `model`, the positions of the rows `facets` fetched.
    init(
        facets: DatabaseFacets, section: ComboSection, model: PositionListModel,
        changed: @escaping @MainActor () -> Void
    ) {
        self.facets = facets
        self.section = section
        self.model = model
        self.changed = changed
        names = facets.table.columns.map(\.name)
    }

    /// Gives the table the columns and widths of a view kept, shown afresh.
    func restore(_ state: CatalogViewState) {
        widths = state.widths
        layout = state.tableColumns(among: names, title: section.titleColumn)
        show(rebuilding: true)
    }

    /// Every column again, as they come, shown afresh.
    func reset() {
        widths = [:]
        layout = nil
        show(rebuilding: true)
    }

    /// The table's shown columns, in the order of now's sort; `rebuilding` makes them afresh.
    func show(rebuilding: Bool = false) {
        let kinds = facets.table.columns.map(\.kind)
        let rows = facets.rows
        let headings = current.shownColumns(among: names).map { column in
            ResultsTable.Heading(
                column: column, name: names[column], isNumber: kinds[column] == .number,
                characters: ResultValue.widest(rows.lazy.map { $0.indices.contains(column) ? $0[column] : nil }))
        }
        table.setColumns(headings, widths: widths, sort: section.sort, rebuilding: rebuilding)
        table.showSort(section.sort)
    }

    /// The columns now: as the user left them, else every column with the title column first.
    private var current: TableColumns { layout ?? TableColumns(names: names, title: section.titleColumn) }

    private func change(_ change: (inout TableColumns) -> Void) {
        var columns = current
        change(&columns)
        guard columns != current else { return }
        layout = columns
        show()
        menu.refresh()
        changed()
    }
}

extension ServerTableColumns: ResultsTableOwner {
    var columns: TableColumns? { current }

    func tableValue(at listPosition: Int, column: Int) -> String? {
        let rows = facets.rows
        guard rows.indices.contains(listPosition), rows[listPosition].indices.contains(column) else { return nil }
        return rows[listPosition][column]
    }

    func sortTable(by sort: CatalogSortKey?) { section.choose(sort: sort) }

    func tableWidthsChanged(_ widths: [String: Int]) {
        self.widths = widths
        changed()
    }

    func chooseTableColumns() { menu.button.popup() }

    func setShown(_ name: String, _ shown: Bool) { change { $0.setShown(name, shown) } }

    func move(_ name: String, by offset: Int) { change { $0.move(name, by: offset) } }

    func showAll() { change { $0.showAll() } }
}
