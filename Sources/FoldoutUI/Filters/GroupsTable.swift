// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The groups as a tree that folds out (`GtkTreeExpander` rows over a `GtkTreeListModel`): a row
/// a group with its key, its row count beside a bar drawn against the largest of its level, and a
/// column for each measure. Each level is an `IdListModel` of the groups' ids (`GroupTree`), filled
/// when its groups are answered; a group folded out asks for its level (`onFoldOut`). A level
/// answered again is spliced where it changed, so the rows that stay keep their folding.
@MainActor
final class GroupsTable {
    let root = ScrolledWindow()
    private(set) lazy var view = ColumnView(model: model)
    private(set) var tree = GroupTree(Grouping(levels: []))
    private let rootLevel = IdListModel()
    private(set) lazy var model = TreeListModel(root: rootLevel) { [weak self] id in self?.level(below: id) }
    /// The level of groups under each group folded out, by its path ([] for the outermost).
    private var levels: [[GroupKey]: IdListModel] = [:]
    private var measureColumns: [ColumnViewColumn] = []
    private var columns: [MeasurableColumn] = []
    private var cells: [ObjectIdentifier: Cell] = [:]
    /// A group was folded out whose level is not known yet.
    private let onFoldOut: @MainActor () -> Void

    /// What a column of the tree shows.
    enum Part {
        case key, count
        case measure(Int)
    }

    @MainActor final class Cell {
        let box = Box(.horizontal, spacing: 6)
        let text = Label()
        let expander: TreeExpander?
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
                bar = nil
            case .count, .measure:
                expander = nil
                text.xalign = 1
                text.hexpand = true
                box.append(text)
                if case .count = part {
                    let bar = DrawingArea()
                    bar.setContentSize(width: 80, height: 12)
                    bar.addCSSClass("group-bar")
                    box.append(bar)
                    self.bar = bar
                } else {
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
        // No column takes the room left: a group's figures stay beside its key in a wide window.
        view.append(column(.key, title: tr("Group")))
        view.append(column(.count, title: tr("Rows")))
        root.child = view
        root.vexpand = true
        root.scrollBothWays()
    }

    private func column(_ part: Part, title: String, expands: Bool = false) -> ColumnViewColumn {
        let factory = ListItemFactory<Cell>(
            setup: { item in
                let cell = Cell(part)
                item.setChild(cell.box)
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
        let column = ColumnViewColumn(title: title, factory: factory, sorts: false)
        column.expands = expands
        return column
    }

    /// Starts over with `grouping` over a table of `columns`: no group shown or folded out, a
    /// column for each measure.
    func reset(_ grouping: Grouping, columns: [MeasurableColumn]) {
        rootLevel.splice(at: 0, removing: rootLevel.count)
        levels = [[]: rootLevel]
        tree = GroupTree(grouping)
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
            guard let row = model.row(at: position), row.isExpanded, let id = row.id else { return nil }
            return tree.path(of: id)
        }
    }

    /// Shows the groups answered for the matches `source`, then folds out again the groups of
    /// `open` that a level answered anew brought back.
    func show(_ answered: [[GroupKey]: [GroupRow]], for source: AnyHashable, open: [[GroupKey]]) {
        tree.take(answered, for: source)
        for path in answered.keys.sorted(by: { $0.count < $1.count }) {
            guard let level = levels[path], let groups = tree.groups(under: path) else { continue }
            Self.replace(level, with: groups.map { tree.id(of: path + [$0.key]) })
        }
        let wanted = Set(open)
        var position = 0
        while position < model.count {
            if let row = model.row(at: position), let id = row.id, !row.isExpanded, wanted.contains(tree.path(of: id)) {
                row.isExpanded = true
            }
            position += 1
        }
        for cell in cells.values { show(cell) }
    }

    /// The cells bound to a group now.
    var boundCells: [Cell] { Array(cells.values) }

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

    /// The level under the group `id`, made when GTK first asks whether the row folds out (its
    /// groups are asked for when it is folded out: `folded`); none under the last level.
    private func level(below id: UInt32) -> IdListModel? {
        let path = tree.path(of: id)
        guard tree.foldsOut(path) else { return nil }
        if let level = levels[path] { return level }
        let level = IdListModel()
        levels[path] = level
        if let groups = tree.groups(under: path) {
            level.splice(at: 0, removing: 0, inserting: groups.map { tree.id(of: path + [$0.key]) })
        }
        return level
    }

    /// A row was folded out or in: its level is asked for once GTK has folded it (the tree's
    /// rows are not to be walked meanwhile).
    private func folded() { MainLoop.post { [weak self] in self?.onFoldOut() } }

    private func show(_ cell: Cell) {
        guard let id = cell.id, let group = tree.group(id) else {
            cell.text.text = ""
            cell.fraction = 0
            return
        }
        switch cell.part {
        case .key:
            cell.text.text = group.label
            cell.text.tooltip = group.label
            cell.expander?.setAccessibleLabel(heard(group, id))
        case .count:
            cell.text.text = NumberText.grouped(group.count)
            let largest = tree.largestCount(under: Array(tree.path(of: id).dropLast()))
            cell.fraction = largest > 0 ? Double(group.count) / Double(largest) : 0
            cell.bar?.queueDraw()
        case .measure(let index):
            cell.text.text = figureText(group, index) ?? "—"
        }
    }

    private func figureText(_ group: GroupRow, _ index: Int) -> String? {
        guard group.figures.indices.contains(index), let value = group.figures[index].value else { return nil }
        return FacetMenu.valueText(value, of: tree.grouping.measures[index], in: columns)
    }

    /// "UA, 5,117 rows, mean of arr_delay 3.5, level 1": what a screen reader says of a group
    /// (its expanded state is the expander's own).
    private func heard(_ group: GroupRow, _ id: UInt32) -> String {
        var parts = [
            group.label, trn("{count} row", "{count} rows", group.count, ["count": NumberText.grouped(group.count)]),
        ]
        for index in tree.grouping.measures.indices {
            let name = FacetMenu.measureName(tree.grouping.measures[index], in: columns)
            parts.append(name + " " + (figureText(group, index) ?? tr("no value")))
        }
        parts.append(tr("level {level}", ["level": String(tree.level(of: id))]))
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
