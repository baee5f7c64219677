// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The table's Columns button and its popover: every column of the catalog in the table's order,
/// each with a tick box (shown or hidden) and buttons that move it left or right, and Show All.
/// All of it works from the keyboard; after a move the focus stays on the button pressed, on the
/// column's new line. The popover asks the page for each change and shows what the page then has.
@MainActor
final class TableColumnsMenu {
    /// Who keeps the columns: asked for each change.
    private weak var keeper: TableColumnsKeeper?
    let button = MenuButton()
    private let popover = Popover()
    private let list = Box(.vertical, spacing: 2)
    /// Each line's tick box and move buttons, by column name, as last built.
    private(set) var checks: [String: CheckButton] = [:]
    private(set) var moveButtons: [String: (left: Button, right: Button)] = [:]
    private var builtOrder: [String] = []
    private var lines: [Box] = []

    init(keeper: TableColumnsKeeper) {
        self.keeper = keeper
        button.label = tr("Columns")
        button.tooltip = tr("Choose the table’s columns and their order")
        button.popover = popover
        popover.addCSSClass("table-columns")
        let box = Box(.vertical, spacing: 6)
        let showAll = Button(label: tr("Show All Columns"))
        showAll.onClicked { [weak self] in self?.keeper?.showAll() }
        box.append(showAll)
        let scrolled = ScrolledWindow()
        scrolled.child = list
        scrolled.limitHeight(to: 420)
        box.append(scrolled)
        popover.child = box
        popover.onShow { [weak self] in self?.refresh() }
    }

    /// Shows the columns as the page has them now, if the popover is open.
    func refresh() {
        guard popover.isOpen, let columns = keeper?.columns else { return }
        guard columns.order == builtOrder else { return rebuild(columns) }
        for (name, check) in checks { check.isActive = columns.isShown(name) }
        refreshMoves(columns)
    }

    private func rebuild(_ columns: TableColumns) {
        for line in lines { list.remove(line) }
        lines = []
        checks = [:]
        moveButtons = [:]
        builtOrder = columns.order
        for name in columns.order {
            let line = Box(.horizontal, spacing: 4)
            let check = CheckButton(label: name)
            check.isActive = columns.isShown(name)
            check.hexpand = true
            check.onToggled { [weak self, weak check] in
                guard let self, let check else { return }
                self.keeper?.setShown(name, check.isActive)
                self.refresh()
            }
            line.append(check)
            let left = Button(iconName: "go-up-symbolic", tooltip: tr("Move {column} left", ["column": name]))
            let right = Button(iconName: "go-down-symbolic", tooltip: tr("Move {column} right", ["column": name]))
            for (button, offset) in [(left, -1), (right, 1)] {
                button.addCSSClass("flat")
                button.onClicked { [weak self] in self?.move(name, by: offset) }
                line.append(button)
            }
            list.append(line)
            lines.append(line)
            checks[name] = check
            moveButtons[name] = (left, right)
        }
        refreshMoves(columns)
    }

    private func refreshMoves(_ columns: TableColumns) {
        for (name, buttons) in moveButtons {
            buttons.left.isSensitive = columns.canMove(name, by: -1)
            buttons.right.isSensitive = columns.canMove(name, by: 1)
        }
    }

    /// Moves the column, keeping the focus on the same button of its new line (or the other one
    /// where that end is reached).
    private func move(_ name: String, by offset: Int) {
        keeper?.move(name, by: offset)
        refresh()
        guard let buttons = moveButtons[name] else { return }
        let pressed = offset < 0 ? buttons.left : buttons.right
        _ = (pressed.isSensitive ? pressed : offset < 0 ? buttons.right : buttons.left).grabFocus()
    }
}

/// Who keeps a table's columns: the Columns popover and the table's header menus ask it for each
/// change, and show what it then has.
@MainActor
protocol TableColumnsKeeper: AnyObject {
    /// The table's columns now (nil: no catalog).
    var columns: TableColumns? { get }
    func setShown(_ name: String, _ shown: Bool)
    /// Moves the column named `offset` places (-1: left).
    func move(_ name: String, by offset: Int)
    func showAll()
}
