// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Filters results as a table (`GtkColumnView`) over the same positions as the rows: a column
/// per shown column (`TableColumns`: every column at first), numbers at the end of their cells,
/// headers that sort in the Sort by combo's orders (an arrow shows which) and open a menu that
/// hides or moves their column, and widths the user can drag, which the page keeps per file. Its
/// owner (`TableLayout`) gives each cell's value, from whichever engine the page filters in.
@MainActor
final class ResultsTable {
    let root = ScrolledWindow()
    let view: ColumnView
    private let model: PositionListModel
    private(set) var shown: [(column: Int, name: String, view: ColumnViewColumn)] = []
    /// The cells showing a value now.
    private(set) var cells: [ObjectIdentifier: TableCell] = [:]
    /// The results changed while the table was hidden: its cells show them once it is shown.
    private var isStale = false
    private weak var owner: ResultsTableOwner?

    /// One cell: a line of text, bound to a column and a listed position.
    @MainActor final class TableCell {
        let text = Inscription()
        let column: Int
        var listPosition: Int?
        init(column: Int) { self.column = column }
    }

    init(model: PositionListModel, owner: ResultsTableOwner) {
        self.model = model
        self.owner = owner
        view = ColumnView(model: model)
        view.takesNaturalWidth = true
        view.addCSSClass("results-table")
        root.child = view
        root.vexpand = true
        root.scrollBothWays()
        let actions = ActionGroup()
        actions.add("hide-column") { [weak self] name in self?.owner?.setShown(name, false) }
        actions.add("move-left") { [weak self] name in self?.owner?.move(name, by: -1) }
        actions.add("move-right") { [weak self] name in self?.owner?.move(name, by: 1) }
        actions.add("columns") { [weak self] in self?.owner?.chooseTableColumns() }
        view.insertActionGroup("table", actions)
        view.onSortChanged { [weak self] column, descending in
            guard let self else { return }
            let catalogColumn = self.shown.first { $0.view === column }?.column
            self.owner?.sortTable(by: catalogColumn.map { CatalogSortKey(column: $0, descending: descending) })
        }
    }

    /// One shown column: its index, its name, whether it holds numbers (set at the end), and how
    /// many characters wide its values are (0: unknown; the header's width then).
    struct Heading {
        let column: Int
        let name: String
        let isNumber: Bool
        var characters = 0
    }

    /// Shows `headings`' columns, with the widths kept for them (by name).
    func setColumns(_ headings: [Heading], widths: [String: Int], sort: CatalogSortKey?, rebuilding: Bool = false) {
        let columns = headings.map(\.column)
        let names = headings.map(\.name)
        guard rebuilding || shown.map(\.name) != names || shown.map(\.column) != columns else { return rebind() }
        for entry in shown { view.remove(entry.view) }
        cells = [:]
        shown = headings.map { heading in
            let (column, name, number) = (heading.column, heading.name, heading.isNumber)
            let characters = heading.characters
            let factory = ListItemFactory<TableCell>(
                setup: { item in
                    let cell = TableCell(column: column)
                    cell.text.alignsAtEnd = number
                    cell.text.naturalCharacters = characters
                    item.setChild(cell.text)
                    return cell
                },
                bind: { [weak self] cell, item in self?.bind(cell, item) },
                unbind: { [weak self] cell, _ in
                    cell.listPosition = nil
                    self?.cells[ObjectIdentifier(cell)] = nil
                })
            let columnView = ColumnViewColumn(title: name, factory: factory)
            columnView.setHeaderMenu(Self.headerMenu(for: name))
            if let width = widths[name] { columnView.fixedWidth = width }
            columnView.onWidthChanged { [weak self] in self?.reportWidths() }
            view.append(columnView)
            return (column, name, columnView)
        }
        showSort(sort)
    }

    /// A header's menu: hide or move its column, or choose them all.
    private static func headerMenu(for name: String) -> Menu {
        let menu = Menu()
        menu.append(tr("_Hide Column"), action: "table.hide-column", target: name)
        menu.append(tr("Move _Left"), action: "table.move-left", target: name)
        menu.append(tr("Move _Right"), action: "table.move-right", target: name)
        let all = Menu()
        all.append(tr("_Columns…"), action: "table.columns")
        menu.appendSection(all)
        return menu
    }

    /// Shows the arrow of the order the page sorts by.
    func showSort(_ sort: CatalogSortKey?) {
        let column = sort.flatMap { sort in shown.first { $0.column == sort.column }?.view }
        view.showSort(column, descending: sort?.descending ?? false)
    }

    /// The widths the user dragged, by column name.
    var widths: [String: Int] {
        Dictionary(shown.filter { $0.view.fixedWidth > 0 }.map { ($0.name, $0.view.fixedWidth) }) { a, _ in a }
    }

    private func reportWidths() { owner?.tableWidthsChanged(widths) }

    /// The results changed under the cells. Shown, each bound cell shows its value again now;
    /// hidden, when the table is next shown (`showing()`): GTK keeps a cell per column for each of
    /// the 200 rows it keeps even while the rows or the summary are shown, and rebinding them all
    /// took more of a keystroke than the search itself.
    func resultsChanged(shown: Bool) {
        if shown { rebind() } else { isStale = true }
    }

    /// The table is shown now: its cells show the results of the changes made while it was hidden.
    func showing() {
        if isStale { rebind() }
    }

    /// Shows each bound cell's value again: the results changed under them.
    func rebind() {
        isStale = false
        for cell in cells.values { show(cell) }
    }

    private func bind(_ cell: TableCell, _ item: ListItem) {
        cell.listPosition = item.itemID.map(Int.init)
        cells[ObjectIdentifier(cell)] = cell
        show(cell)
    }

    private func show(_ cell: TableCell) {
        cell.text.text = cell.listPosition.flatMap { owner?.tableValue(at: $0, column: cell.column) } ?? ""
    }
}

/// Who a results table shows the matches of, and tells what the user does to its columns: sorting
/// by a header, dragging a width, hiding or moving a column from its header's menu.
@MainActor
protocol ResultsTableOwner: TableColumnsKeeper {
    /// The value shown in `column` of the result listed at `listPosition`; nil for none, or while
    /// the results and the columns are not yet each other's.
    func tableValue(at listPosition: Int, column: Int) -> String?
    /// A header click asks for an order (nil: the file's).
    func sortTable(by sort: CatalogSortKey?)
    /// The user dragged a column's width: every dragged width, by column name.
    func tableWidthsChanged(_ widths: [String: Int])
    /// A header's menu asks for the Columns popover.
    func chooseTableColumns()
}
