// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A result unfolds to its whole record, by the rules every unfolding list of Foldout keeps
/// (`RowUnfolding`: one at a time, click, Return or space, Escape, followed into view). The record
/// stays unfolded while the filters change and shows again whenever its row is among the results.
/// Up and Down move the focus between rows and leave the record where it is; Alt+Up and Alt+Down
/// take the unfolded record along to the row above or below.
@MainActor
final class UnfoldedResult {
    private let list: ResultsList
    private let shown: ShownTable
    /// The unfolded record's key (`FilteredTable.rowKey`: a catalog's position), if one is unfolded.
    private(set) var position: Int?
    private lazy var unfolding = RowUnfolding<ObjectIdentifier, ResultRow>(
        listView: list.listView, scrolled: list.scrolled, keys: (Self.unfoldKey, Self.foldKey),
        rows: { [unowned self] in self.list.boundRows },
        unfolded: { [unowned self] in self.row.map(ObjectIdentifier.init) },
        toggle: { [unowned self] key in
            guard let position = self.list.boundRows[key]?.position else { return }
            self.unfold(position == self.position ? nil : position)
        },
        fold: { [unowned self] in
            guard self.position != nil else { return false }
            self.unfold(nil)
            return true
        })

    static var unfoldKey: KeyBinding {
        KeyBinding(
            "Return|KP_Enter|ISO_Enter|space|KP_Space", tr("Unfold or fold; leave the search"), .filters)
    }
    static var foldKey: KeyBinding { KeyBinding("Escape", tr("Fold, close or clear the search"), .filters) }
    /// Alt+Up and Alt+Down, one line in the shortcuts window.
    static var aboveKey: KeyBinding { KeyBinding("<Alt>Up", movingTitle, .filters) }
    static var belowKey: KeyBinding { KeyBinding("<Alt>Down", movingTitle, .filters) }
    private static var movingTitle: String { tr("Unfold the one above or below") }

    init(list: ResultsList, shown: ShownTable) {
        self.list = list
        self.shown = shown
        _ = unfolding  // its input handlers, on the list from now on
    }

    /// The bound row showing the unfolded record, if it is bound.
    var row: ResultRow? {
        guard let position else { return nil }
        return list.boundRows.values.first { $0.position == position }
    }

    /// Whether the unfolded row, if shown, has finished unfolding (a row scrolled away stops
    /// its animation where it is).
    var isSettled: Bool {
        guard let row, row.root.isMapped else { return true }
        return row.isSettled
    }

    /// Unfolds the record `key` names (nil: none), folding the one unfolded; a record read again
    /// where it lives (a server's) shows as listed meanwhile.
    func unfold(_ key: Int?) {
        guard let table = shown.table, key != position else { return }
        row?.setUnfolded(false, showing: nil)
        position = key
        guard let key, let row else { return }
        row.setUnfolded(true, showing: table.record(ofRow: key))
        unfolding.keepInView(ObjectIdentifier(row), listPosition: row.listPosition)
        table.readRecord(ofRow: key) { [weak self] record in
            guard let self, self.position == key else { return }
            self.row?.record.show(record)
        }
    }

    /// Folds the unfolded record, if any: at once when the rows are about to show something else.
    func fold(animated: Bool) {
        guard position != nil else { return }
        if animated { unfold(nil) } else { position = nil }
    }

    /// Unfolds the result at `listPosition` and scrolls to it.
    func unfoldResult(at listPosition: Int) {
        guard let key = shown.table?.rowKey(atListPosition: listPosition) else { return }
        list.listView.scrollTo(position: listPosition)
        unfold(key)
    }

    /// Unfolds the row `step` rows below the focused (or unfolded) one and moves the focus to it;
    /// false when there is no such row.
    func move(by step: Int) -> Bool {
        guard let table = shown.table else { return false }
        let listView = list.listView
        let rows = list.boundRows.values
        guard let current = rows.first(where: { $0.root.isAncestor(ofFocus: listView) }) ?? row else { return false }
        let target = current.listPosition + step
        guard let key = table.rowKey(atListPosition: target) else { return true }
        unfold(key)
        if let row = rows.first(where: { $0.listPosition == target }) {
            row.root.grabFocus()
        } else {
            listView.scrollTo(position: target)
        }
        return true
    }
}
