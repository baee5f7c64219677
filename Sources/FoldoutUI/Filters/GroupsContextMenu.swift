// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A group's context menu, opened by a right click on its row or by Menu (Shift+F10) on the
/// row selected: "Only “UA, EWR”" narrows the filters to the group (each level's key becomes its
/// column's one choice, a bin its range) and "Leave Out origin “EWR”" leaves its value out of its
/// column, as the engine filters (`CatalogViewState.narrowed`, `leavingOut`). An item that
/// cannot be done for a group (no value of a range, a range's middle) is shown off.
@MainActor
final class GroupsContextMenu {
    static var menuKey: KeyBinding { KeyBinding("Menu|<Shift>F10", tr("Open a group’s menu"), .filters) }

    private let table: GroupsTable
    private let host: Box
    private let menu = Menu()
    private(set) lazy var popover = PopoverMenu(menu, attachedTo: host)
    private var actions = ActionGroup()
    /// What the menu's items would make of the view, for the group it was opened on.
    private var narrowed: CatalogViewState?
    private var leftOut: CatalogViewState?
    /// The table the group is of, and what carries a view out.
    private let filtered: @MainActor () -> (any FilteredTable)?

    init(table: GroupsTable, host: Box, filtered: @escaping @MainActor () -> (any FilteredTable)?) {
        self.table = table
        self.host = host
        self.filtered = filtered
        actions.add("only") { [weak self] in self?.give(self?.narrowed) }
        actions.add("leave-out") { [weak self] in self?.give(self?.leftOut) }
        host.insertActionGroup("group", actions)
        let click = GestureClick.secondary()
        click.onPressed { [weak self] _, x, y in self?.open(atViewX: x, y: y) }
        table.view.add(click)
        let keys = ShortcutController()
        keys.add(Self.menuKey) { [weak self] in self?.openOnSelection() ?? false }
        table.view.add(keys)
    }

    /// A right click: the row under it is selected, and its menu opens there.
    private func open(atViewX x: Double, y: Double) {
        guard let position = table.position(atViewY: y) else { return }
        table.view.focusAndSelectRow(at: position)
        guard let origin = table.view.bounds(in: host) else { return }
        open(on: position, atX: origin.x + x, y: origin.y + y)
    }

    /// Menu or Shift+F10: the selected row's menu, under its key.
    private func openOnSelection() -> Bool {
        guard let position = table.view.selectedPositions.first, let cell = table.keyCell(at: position),
            let bounds = cell.box.bounds(in: host)
        else { return false }
        open(on: position, atX: bounds.x + 24, y: bounds.y + bounds.height)
        return true
    }

    private func open(on position: Int, atX x: Double, y: Double) {
        guard let filtered = filtered(), let id = table.model.row(at: position)?.id else { return }
        let path = table.tree.path(of: id)
        let groups = path.indices.compactMap { table.tree.group(at: Array(path[...$0])) }
        guard groups.count == path.count, let group = groups.last else { return }
        let grouping = table.tree.grouping
        let names = filtered.columnNames
        let state = filtered.viewState(measures: [:])
        narrowed = state.narrowed(toGroup: groups, of: grouping, columnNames: names)
        let level = grouping.levels[path.count - 1]
        leftOut = state.leavingOut(group, of: level, columnNames: names)
        menu.removeAll()
        menu.append(
            tr("Only “{group}”", ["group": groups.map(\.label).joined(separator: ", ")]), action: "group.only")
        menu.append(
            tr("Leave Out {column} “{value}”", ["column": names[level.column], "value": group.label]),
            action: "group.leave-out")
        actions.action(named: "only")?.isEnabled = narrowed != nil
        actions.action(named: "leave-out")?.isEnabled = leftOut != nil
        popover.popup(atX: x, y: y)
    }

    private func give(_ state: CatalogViewState?) {
        guard let state, let filtered = filtered() else { return }
        _ = filtered.restore(state)
    }
}
