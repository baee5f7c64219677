// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The groups as a tree that folds out (`GtkTreeExpander` rows over a `GtkTreeListModel`): a row
/// a group with its key, its row count beside a bar drawn against the largest of its level, and a
/// column for each measure. Each level is an `IdListModel` of the groups' ids (`GroupTree`), filled
/// when its groups are answered; a group folded out asks for its level (`onFoldOut`). A level
/// answered again is spliced where it changed, so the rows that stay keep their folding.
/// An innermost group folds out into its matching rows, a page at a time (a last row lists
/// more), each titled as the rows view titles it with its own values under the measures, and a
/// row into its record's fields.
@MainActor
final class GroupsTable {
    let root = ScrolledWindow()
    private(set) lazy var view = ColumnView(model: model)
    private(set) var tree = GroupTree(Grouping(levels: []))
    private let rootLevel = IdListModel()
    private(set) lazy var model = TreeListModel(root: rootLevel) { [weak self] id in self?.level(below: id) }
    /// The level of groups under each group folded out, by its path ([] for the outermost).
    private var levels: [[GroupKey]: IdListModel] = [:]
    private lazy var keyColumn = column(.key, title: tr("Group"))
    private lazy var countColumn = column(.count, title: tr("Rows"), expands: true)
    private var measureColumns: [ColumnViewColumn] = []
    private(set) var columns: [MeasurableColumn] = []
    private var cells: [ObjectIdentifier: Cell] = [:]
    /// A group was folded out whose level is not known yet, or more of a group's rows were asked for.
    private let onFoldOut: @MainActor () -> Void
    /// The column a group's rows are titled by, and those their details line shows (the rows
    /// view's Title and Details).
    var titleColumn = 0
    var detailColumns: [Int] = []

    /// What a column of the tree shows.
    enum Part {
        case key, count
        case measure(Int)
    }

    @MainActor final class Cell {
        let box = Box(.horizontal, spacing: 6)
        let text = Label()
        let expander: TreeExpander?
        /// The key cell's button that lists more of a group's rows, shown on that row only.
        let moreButton: Button?
        let bar: DrawingArea?
        let part: Part
        var id: UInt32?
        var fraction = 0.0
        /// The key cell's row folded out or in.
        var folding: SignalConnection?

        init(_ part: Part) {
            self.part = part
            switch part {
            case .key:
                let expander = TreeExpander()
                expander.setChild(text)
                text.xalign = 0
                text.ellipsizeEnd()
                // Room for a short key under two levels' indents; a longer one is cut, and whole
                // in its tooltip.
                text.setSizeRequest(width: 96)
                box.append(expander)
                self.expander = expander
                let more = Button(label: "")
                more.addCSSClass("flat")
                more.isVisible = false
                box.append(more)
                moreButton = more
                bar = nil
            case .count, .measure:
                expander = nil
                moreButton = nil
                text.xalign = 1
                box.append(text)
                if case .count = part {
                    // The counts of a level line up, and the bar beside them takes the room a
                    // wide window has: a bar chart of the level, the figures still beside it.
                    text.widthChars = 7
                    // A group's row shows its details here, cut short.
                    text.maxWidthChars = 48
                    text.ellipsizeEnd()
                    let bar = DrawingArea()
                    bar.setContentSize(width: 80, height: 12)
                    bar.hexpand = true
                    bar.addCSSClass("group-bar")
                    box.append(bar)
                    self.bar = bar
                } else {
                    text.hexpand = true
                    bar = nil
                }
            }
            bar?.onDraw { [weak self] canvas, width, height in self?.draw(canvas, width, height) }
        }

        private func draw(_ canvas: Canvas, _ width: Double, _ height: Double) {
            guard let bar, fraction > 0 else { return }
            let (red, green, blue, _) = bar.foregroundColor
            canvas.setColor(red, green, blue, 0.8)
            let length = max(1, width * fraction)
            canvas.fillRectangle(x: bar.isRightToLeft ? width - length : 0, y: 0, width: length, height: height)
        }
    }

    init(onFoldOut: @escaping @MainActor () -> Void) {
        self.onFoldOut = onFoldOut
        levels[[]] = rootLevel
        view.addCSSClass("groups-table")
        // Enter (or a double click) folds a row out or in, or lists more of a group's rows.
        view.onActivate { [weak self] position in self?.activate(at: position) }
        view.append(keyColumn)
        view.append(countColumn)
        // A header sorts every level by its column, up, then down.
        view.onSortChanged { [weak self] column, descending in self?.sortChosen(column, descending) }
        root.child = view
        root.vexpand = true
        root.scrollBothWays()
    }

    private func column(_ part: Part, title: String, expands: Bool = false) -> ColumnViewColumn {
        let factory = ListItemFactory<Cell>(
            setup: { [weak self] item in
                let cell = Cell(part)
                item.setChild(cell.box)
                cell.moreButton?.onClicked { [weak self, weak cell] in
                    if let id = cell?.id { self?.listMore(id) }
                }
                return cell
            },
            bind: { [weak self] cell, item in
                guard let self else { return }
                let row = item.treeRow
                cell.expander?.setRow(row)
                cell.id = row?.id
                if cell.expander != nil {
                    cell.folding = row?.onExpandedChanged { [weak self] in self?.folded() }
                }
                self.cells[ObjectIdentifier(cell)] = cell
                self.show(cell)
            },
            unbind: { [weak self] cell, _ in
                cell.folding?.disconnect()
                cell.folding = nil
                cell.expander?.setRow(nil)
                cell.id = nil
                self?.cells[ObjectIdentifier(cell)] = nil
            })
        let column = ColumnViewColumn(title: title, factory: factory)
        column.expands = expands
        return column
    }

    /// Starts over with `grouping` over a table of `columns`: no group shown or folded out, a
    /// column for each measure.
    func reset(_ grouping: Grouping, columns: [MeasurableColumn]) {
        rootLevel.splice(at: 0, removing: rootLevel.count)
        levels = [[]: rootLevel]
        let order = tree.order
        tree = GroupTree(grouping)
        // The order chosen stays while its column does.
        if case .measure(let index) = order.by, index >= grouping.measures.count {
            view.showSort(nil, descending: false)
        } else {
            tree.order = order
        }
        self.columns = columns
        for column in measureColumns { view.remove(column) }
        measureColumns = grouping.measures.indices.map { index in
            column(
                .measure(index),
                title: MeasureChooser.aggregateItem(grouping.measures[index].aggregate) + " "
                    + columns[grouping.measures[index].column].name)
        }
        for column in measureColumns { view.append(column) }
    }

    /// The paths of the groups folded out now, outer ones first.
    var openPaths: [[GroupKey]] {
        (0..<model.count).compactMap { position in
            guard let row = model.row(at: position), row.isExpanded, let id = row.id, tree.isGroup(id) else {
                return nil
            }
            return tree.path(of: id)
        }
    }

    /// Shows the groups answered for the matches `source`, then folds out again the groups of
    /// `open` that a level answered anew brought back.
    func show(_ answered: [[GroupKey]: [GroupRow]], for source: AnyHashable, open: [[GroupKey]]) {
        tree.take(answered, for: source)
        showLevels(answered.keys, open: open)
    }

    /// Shows the total row answered for the matches `source`, last of the outermost level.
    func showTotal(_ total: GroupRow, for source: AnyHashable) {
        tree.takeTotal(total, for: source)
        if let ids = tree.shownIds(under: []) { Self.replace(rootLevel, with: ids) }
        for cell in cells.values { show(cell) }
    }

    /// Shows every level of groups in `order`, the groups folded out still folded out.
    func reorder(_ order: GroupOrder) {
        guard order != tree.order else { return }
        let open = openPaths
        tree.order = order
        showLevels(levels.keys.filter { tree.foldsOut($0) }, open: open)
    }

    /// The order a header click asks for.
    private func sortChosen(_ column: ColumnViewColumn?, _ descending: Bool) {
        let by: GroupOrder.By? =
            column === keyColumn
            ? .key : column === countColumn ? .count : measureColumns.firstIndex { $0 === column }.map { .measure($0) }
        reorder(by.map { GroupOrder(by: $0, descending: descending) } ?? .levels)
    }

    /// Shows the groups of the levels under `paths` as the tree has them, outer levels first,
    /// then folds out again the groups of `open` that came back.
    private func showLevels(_ paths: some Collection<[GroupKey]>, open: [[GroupKey]]) {
        for path in paths.sorted(by: { $0.count < $1.count }) {
            guard let level = levels[path], let ids = tree.shownIds(under: path) else { continue }
            Self.replace(level, with: ids)
        }
        let wanted = Set(open)
        var position = 0
        while position < model.count {
            if let row = model.row(at: position), let id = row.id, !row.isExpanded, tree.isGroup(id),
                wanted.contains(tree.path(of: id))
            {
                row.isExpanded = true
            }
            position += 1
        }
        for cell in cells.values { show(cell) }
    }

    /// Shows the rows answered for the innermost group at `path` (`GroupTree.takeMembers`).
    func showMembers(
        _ records: [ShownRecord], of path: [GroupKey], offset: Int, limit: Int, for source: AnyHashable
    ) {
        tree.takeMembers(records, of: path, offset: offset, limit: limit, for: source)
        if let level = levels[path], let ids = tree.memberIds(of: path) { Self.replace(level, with: ids) }
        for cell in cells.values { show(cell) }
        if let focus = focusOnArrival, focus.path == path, let ids = tree.memberIds(of: path),
            ids.indices.contains(focus.index),
            let position = (0..<model.count).first(where: { model.row(at: $0)?.id == ids[focus.index] })
        {
            focusOnArrival = nil
            view.focusAndSelectRow(at: position)
        }
    }

    /// Lists a page more of the rows of the group whose more row is `id`; the first row listed
    /// then takes the focus the more row had (it goes once every row is listed).
    private func listMore(_ id: UInt32) {
        guard case .more(let path) = tree.node(id) else { return }
        focusOnArrival = (path, tree.listedMemberCount(path))
        tree.wantMoreMembers(path)
        onFoldOut()
    }

    /// The group and the index of the row listed next that takes the focus once it comes.
    private var focusOnArrival: (path: [GroupKey], index: Int)?

    /// Enter on a row: the more row lists more, any other row that folds out folds out or in.
    private func activate(at position: Int) {
        guard let row = model.row(at: position), let id = row.id else { return }
        if case .more = tree.node(id) {
            listMore(id)
        } else if row.isExpandable {
            row.isExpanded.toggle()
        }
    }

    /// The cells bound to a group now.
    var boundCells: [Cell] { Array(cells.values) }

    /// The key cell of the row at `position`, while it is bound.
    func keyCell(at position: Int) -> Cell? {
        guard let id = model.row(at: position)?.id else { return nil }
        return cells.values.first { $0.id == id && $0.expander != nil }
    }

    /// The row at `y` of the view (a click's): the one whose key cell is nearest, within the
    /// padding of a row.
    func position(atViewY y: Double) -> Int? {
        let nearest = cells.values.compactMap { cell -> (id: UInt32, distance: Double)? in
            guard cell.expander != nil, let id = cell.id, let bounds = cell.box.bounds(in: view) else { return nil }
            return (id, max(bounds.y - y, y - bounds.y - bounds.height, 0))
        }.min { $0.distance < $1.distance }
        guard let nearest, nearest.distance < 8 else { return nil }
        return (0..<model.count).first { model.row(at: $0)?.id == nearest.id }
    }

    /// Dimmed while newer figures are being worked out.
    var isStale = false { didSet { view.setCSSClass("stale", isStale) } }

    /// Replaces the ids of `level` with `ids`, keeping the rows at either end that stay.
    private static func replace(_ level: IdListModel, with ids: [UInt32]) {
        let old = (0..<level.count).map(level.id(at:))
        guard old != ids else { return }
        let head = zip(old, ids).prefix { $0 == $1 }.count
        let tail = zip(old.dropFirst(head).reversed(), ids.dropFirst(head).reversed()).prefix { $0 == $1 }.count
        level.splice(
            at: head, removing: old.count - head - tail, inserting: Array(ids[head..<(ids.count - tail)]))
    }

    /// The level under the row `id`, made when GTK first asks whether the row folds out (its
    /// groups or rows are asked for when it is folded out: `folded`): a group's groups, an
    /// innermost group's rows, a row's fields; none under a field or the more row.
    private func level(below id: UInt32) -> IdListModel? {
        switch tree.node(id) {
        case .group(let path):
            if let level = levels[path] { return level }
            let level = IdListModel()
            levels[path] = level
            let ids =
                tree.foldsOut(path)
                ? tree.shownIds(under: path) : tree.memberIds(of: path)
            level.splice(at: 0, removing: 0, inserting: ids ?? [])
            return level
        case .member:
            guard let record = tree.record(id) else { return nil }
            let level = IdListModel()
            level.splice(
                at: 0, removing: 0, inserting: record.names.indices.map { tree.id(of: .field(member: id, index: $0)) })
            return level
        case .field, .more, .total:
            return nil
        }
    }

    /// A row was folded out or in: its level is asked for once GTK has folded it (the tree's
    /// rows are not to be walked meanwhile).
    private func folded() { MainLoop.post { [weak self] in self?.onFoldOut() } }

    private func show(_ cell: Cell) {
        cell.moreButton?.isVisible = false
        cell.text.setCSSClass("dim-label", false)
        if cell.expander == nil { cell.text.tooltip = nil }
        if cell.bar != nil { cell.text.xalign = 1 }
        cell.text.setCSSClass("group-total", false)
        guard let id = cell.id else { return clear(cell) }
        switch tree.node(id) {
        case .group, .total: break
        case .member: return showMember(cell, id)
        case .field(_, let index): return showField(cell, id, index)
        case .more(let path): return showMore(cell, path)
        }
        let isTotal = tree.node(id) == .total
        guard let group = isTotal ? tree.total : tree.group(id) else { return clear(cell) }
        cell.text.setCSSClass("group-total", isTotal)
        switch cell.part {
        case .key:
            cell.text.text = group.label
            cell.text.tooltip = group.label
            cell.expander?.setAccessibleLabel(heard(group, id))
        case .count:
            cell.text.text = NumberText.grouped(group.count)
            // The total has no bar: it would dwarf every group's.
            let largest = isTotal ? 0 : tree.largestCount(under: Array(tree.path(of: id).dropLast()))
            cell.fraction = largest > 0 ? Double(group.count) / Double(largest) : 0
            cell.bar?.queueDraw()
        case .measure(let index):
            cell.text.text = figureText(group, index) ?? "—"
        }
    }

    func clear(_ cell: Cell) {
        cell.text.text = ""
        cell.fraction = 0
        cell.bar?.queueDraw()
    }

    private func figureText(_ group: GroupRow, _ index: Int) -> String? {
        guard group.figures.indices.contains(index), let value = group.figures[index].value else { return nil }
        return FacetMenu.valueText(value, of: tree.grouping.measures[index], in: columns)
    }

    /// "UA, 5,117 rows, mean of arr_delay 3.5, level 1": what a screen reader says of a group (of
    /// the total row: "Total, 336,776 rows, mean of arr_delay 6.9")
    /// (its expanded state is the expander's own).
    private func heard(_ group: GroupRow, _ id: UInt32) -> String {
        var parts = [
            group.label, trn("{count} row", "{count} rows", group.count, ["count": NumberText.grouped(group.count)]),
        ]
        for index in tree.grouping.measures.indices {
            let name = FacetMenu.measureName(tree.grouping.measures[index], in: columns)
            parts.append(name + " " + (figureText(group, index) ?? tr("no value")))
        }
        if tree.node(id) != .total { parts.append(tr("level {level}", ["level": String(tree.level(of: id))])) }
        return parts.joined(separator: ", ")
    }

    /// Folds the selected group out (`out`) or in; folding in a group that is not folded out
    /// selects the group it is in. False when no group is selected.
    func fold(out: Bool) -> Bool {
        guard let position = view.selectedPositions.first, let row = model.row(at: position) else { return false }
        if out {
            guard row.isExpandable, !row.isExpanded else { return row.isExpandable }
            row.isExpanded = true
        } else if row.isExpanded {
            row.isExpanded = false
        } else if let parent = row.parent {
            view.focusAndSelectRow(at: parent.position)
        }
        return true
    }
}
