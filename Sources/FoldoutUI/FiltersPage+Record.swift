// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A result unfolds to its whole record, by the rules every unfolding list of Foldout keeps
/// (`RowUnfolding`: one at a time, click, Return or space, Escape, followed into view). The record
/// stays unfolded while the filters change and shows again whenever its row is among the results.
/// Up and Down move the focus between rows and leave the record where it is; Alt+Up and Alt+Down
/// take the unfolded record along to the row above or below.
extension FiltersPage {
    func connectRecord() {
        unfolding = RowUnfolding(listView: listView, scrolled: scrolled) { [unowned self] in self.boundRows }
        unfolding.toggle = { [unowned self] key in
            guard let position = self.boundRows[key]?.position else { return }
            self.setUnfolded(position == self.unfoldedPosition ? nil : position)
        }
        unfolding.fold = { [unowned self] in
            guard self.unfoldedPosition != nil else { return false }
            self.setUnfolded(nil)
            return true
        }
        unfolding.unfolded = { [unowned self] in self.unfoldedRow.map(ObjectIdentifier.init) }
        let keys = ShortcutController()
        keys.add(accelerators: "<Alt>Down") { [weak self] in self?.moveRecord(by: 1) ?? false }
        keys.add(accelerators: "<Alt>Up") { [weak self] in self?.moveRecord(by: -1) ?? false }
        keys.add(accelerators: "<Control>c") { [weak self] in self?.copySelectedRows() ?? false }
        listView.add(keys)
    }

    /// The bound row showing the unfolded record, if it is bound.
    var unfoldedRow: ResultRow? {
        guard let unfoldedPosition else { return nil }
        return boundRows.values.first { $0.position == unfoldedPosition }
    }

    /// Unfolds the record at catalog position `position` (nil: none), folding the one unfolded.
    func setUnfolded(_ position: Int?) {
        guard let filter, position != unfoldedPosition else { return }
        unfoldedRow?.setUnfolded(false, catalog: filter.catalog)
        unfoldedPosition = position
        guard let row = unfoldedRow else { return }
        row.setUnfolded(true, catalog: filter.catalog)
        unfolding.keepInView(ObjectIdentifier(row), listPosition: row.listPosition)
    }

    /// Folds the unfolded record, if any: at once when the rows are about to show something else.
    func foldRecord(animated: Bool) {
        guard unfoldedPosition != nil else { return }
        if animated { setUnfolded(nil) } else { unfoldedPosition = nil }
    }

    /// Unfolds the row `step` rows below the focused (or unfolded) one and moves the focus to it;
    /// false when there is no such row.
    private func moveRecord(by step: Int) -> Bool {
        guard let filter else { return false }
        let current =
            boundRows.values.first { $0.root.isAncestor(ofFocus: listView) } ?? unfoldedRow
        guard let current else { return false }
        let target = current.listPosition + step
        guard target >= 0 && target < filter.matchCount else { return true }
        setUnfolded(Int(filter.matches[target]))
        if let row = boundRows.values.first(where: { $0.listPosition == target }) {
            row.root.grabFocus()
        } else {
            listView.scrollTo(position: target)
        }
        return true
    }

    /// Puts `text` on the clipboard and says so; `what` names it (a column), nil for a whole row.
    func copy(_ text: String, what: String?) {
        Display.copyToClipboard(text)
        notify(what.map { tr("Copied {column}", ["column": $0]) } ?? Self.copiedRows(1))
    }

    /// The rows selected (or else the focused one) as tab-separated text with a header line, every
    /// column, as a spreadsheet pastes them into cells; false when there is nothing to copy.
    @discardableResult
    func copySelectedRows() -> Bool {
        guard let filter else { return false }
        var listed = isTableShown ? table.view.selectedPositions : listView.selectedPositions
        if listed.isEmpty, !isTableShown,
            let focused = boundRows.values.first(where: { $0.root.isAncestor(ofFocus: listView) })
        {
            listed = [focused.listPosition]
        }
        let rows = listed.filter { $0 < filter.matchCount }.map { filter.matches[$0] }
        guard !rows.isEmpty else { return false }
        Display.copyToClipboard(CatalogExport(catalog: filter.catalog, rows: rows, format: .tsv).valuesText())
        notify(Self.copiedRows(rows.count))
        return true
    }

    private static func copiedRows(_ count: Int) -> String {
        trn("Copied {count} row", "Copied {count} rows", count, ["count": NumberText.grouped(count)])
    }

    /// Asks where to save the results, in their order, and saves them (`RowsExport`).
    func exportRows() {
        guard let filter, !opening.isOpening else { return }
        // The columns shown: the table's, else the rows' title and details.
        let shown =
            resultsView == .table
            ? tableColumns?.shownColumns(in: filter.catalog) ?? []
            : [section.titleColumn] + section.detailColumns.filter { $0 != section.titleColumn }
        rowsExport.choose(catalog: filter.catalog, rows: filter.matches, shownColumns: shown)
    }
}
