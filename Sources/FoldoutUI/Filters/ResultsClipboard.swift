// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Copying results: a value from an unfolded record, or the rows selected (Ctrl+C) as
/// tab-separated text with a header line, every column, as a spreadsheet pastes them into cells.
@MainActor
final class ResultsClipboard {
    private let shown: ShownFilter
    private let list: ResultsList
    private let table: ResultsTable
    /// The results' stack: rows, table or summary.
    private let views: Stack
    /// Tells the user what was copied.
    private let notify: @MainActor (String) -> Void

    init(
        shown: ShownFilter, list: ResultsList, table: ResultsTable, views: Stack,
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
        guard let filter = shown.filter else { return false }
        let listView = list.listView
        let isTableShown = ResultsView(shownIn: views) == .table
        var listed = isTableShown ? table.view.selectedPositions : listView.selectedPositions
        if listed.isEmpty, !isTableShown,
            let focused = list.boundRows.values.first(where: { $0.root.isAncestor(ofFocus: listView) })
        {
            listed = [focused.listPosition]
        }
        let rows = listed.filter { $0 < filter.matchCount }.map { filter.matches[$0] }
        guard !rows.isEmpty else { return false }
        copy(rows: CatalogExport(catalog: filter.catalog, rows: rows, format: .tsv).valuesText(), count: rows.count)
        return true
    }

    private static func copiedRows(_ count: Int) -> String {
        trn("Copied {count} row", "Copied {count} rows", count, ["count": NumberText.grouped(count)])
    }
}
