// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Copying results: a value from an unfolded record, or the rows selected (Ctrl+C) as
/// tab-separated text with a header line, every column, as a spreadsheet pastes them into cells.
@MainActor
final class ResultsClipboard {
    private let shown: ShownTable
    private let list: ResultsList
    private let table: ResultsTable
    /// The results' stack: rows, table or summary.
    private let views: Stack
    /// Tells the user what was copied.
    private let notify: @MainActor (String) -> Void

    init(
        shown: ShownTable, list: ResultsList, table: ResultsTable, views: Stack,
        notify: @escaping @MainActor (String) -> Void
    ) {
        self.shown = shown
        self.list = list
        self.table = table
        self.views = views
        self.notify = notify
    }

    /// Puts `text` on the clipboard and says so; `what` names it (a column), nil for a whole row.
    func copy(_ text: String, what: String?) {
        Display.copyToClipboard(text)
        notify(what.map { tr("Copied {column}", ["column": $0]) } ?? Self.copiedRows(1))
    }

    /// Puts `count` rows, written as `text`, on the clipboard and says so.
    func copy(rows text: String, count: Int) {
        Display.copyToClipboard(text)
        notify(Self.copiedRows(count))
    }

    /// The rows selected (or else the focused one) as tab-separated text with a header line, every
    /// column; false when there is nothing to copy.
    @discardableResult
    func copySelectedRows() -> Bool {
        guard let shown = shown.table?.rowsText(atListPositions: chosenPositions) else { return false }
        copy(rows: shown.text, count: shown.count)
        return true
    }

    /// The listed positions of the rows selected in the table, if it is shown, else in the rows
    /// list; with none selected there, the row that holds the keyboard focus.
    private var chosenPositions: [Int] {
        let inTable = ResultsView(shownIn: views) == .table
        let selected = inTable ? table.view.selectedPositions : list.listView.selectedPositions
        guard selected.isEmpty, !inTable,
            let focused = list.boundRows.values.first(where: { $0.root.isAncestor(ofFocus: list.listView) })
        else { return selected }
        return [focused.listPosition]
    }

    private static func copiedRows(_ count: Int) -> String {
        trn("Copied {count} row", "Copied {count} rows", count, ["count": NumberText.grouped(count)])
    }
}
