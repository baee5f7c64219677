// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// One row of the Filters page's results: the row's title column and, beneath it, the values of
/// the detail columns ("Price 12.50 · Date 2024-05-01 · …"); unfolded, the whole record
/// (`ResultRecord`, built the first time this row unfolds). A table filtered in its server gives
/// its rows as values by column, `position` then being the row's place among those fetched.
@MainActor
final class ResultRow: UnfoldingRow {
    let root = Box(.vertical, role: .button)
    private let heading = Box(.horizontal, spacing: 8)
    let name = Inscription()
    let details = Inscription()
    private(set) var position: Int?
    private(set) var listPosition = 0
    private var recordPart: ResultRecord?
    /// Called with the text a copy button of the record copies and what it is (nil: the row).
    private let onCopy: @MainActor (_ text: String, _ what: String?) -> Void

    init(onCopy: @escaping @MainActor (_ text: String, _ what: String?) -> Void) {
        self.onCopy = onCopy
        root.isFocusable = true
        root.addCSSClass("result-row")
        let lines = Box(.vertical, spacing: 2)
        lines.hexpand = true
        lines.append(name)
        lines.append(details)
        name.addCSSClass("result-name")
        details.addCSSClass("dim-label")
        let arrow = Image(iconName: "pan-end-symbolic")
        arrow.addCSSClass("expander-arrow")
        arrow.setAlign(vertical: .center)
        heading.append(lines)
        heading.append(arrow)
        root.append(heading)
    }

    var toggleArea: Widget { heading }

    /// The record, built on first use.
    var record: ResultRecord {
        if let recordPart { return recordPart }
        let part = ResultRecord(onCopy: onCopy)
        root.append(part.revealer)
        recordPart = part
        return part
    }

    var isUnfolded: Bool { recordPart?.revealer.revealChild ?? false }
    var isSettled: Bool { recordPart.map { $0.revealer.childRevealed == $0.revealer.revealChild } ?? true }
    var isFullyUnfolded: Bool { recordPart?.revealer.childRevealed ?? false }

    /// Shows the row at `position`, with where the search occurs in its title highlighted, folded
    /// or unfolded at once (a recycled row must not animate).
    func bind(
        position: Int, listPosition: Int, in catalog: Catalog, title: Int, details columns: [Int], unfolded: Bool,
        highlighter: inout SearchHighlighter
    ) {
        self.position = position
        self.listPosition = listPosition
        let text = catalog.text(title, at: position)
        if text.isEmpty {
            name.text = catalog.title(at: position)
        } else {
            name.setText(text, highlighting: highlighter.ranges(in: text))
        }
        details.isVisible = !columns.isEmpty
        showDetails(
            columns.compactMap { column in
                ResultValue.shown(catalog, column: column, at: position).map { (catalog.columns[column].name, $0) }
            })
        if unfolded || recordPart != nil {
            if unfolded { record.show(position: position, in: catalog) }
            record.revealer.setRevealedImmediately(unfolded)
        }
        markUnfolded(unfolded)
    }

    /// Shows a server's row, fetched `index`th: its values by column (`names`, `kinds`), titled by
    /// column `title`, the columns `columns` beneath, written as a catalog's.
    func bind(
        index: Int, values: [String?], names: [String], kinds: [CatalogColumn.Kind], title: Int, details columns: [Int],
        unfolded: Bool
    ) {
        position = index
        listPosition = index
        name.text = values[title] ?? tr("No value")
        details.isVisible = !columns.isEmpty
        showDetails(
            columns.compactMap { column in
                ResultValue.shown(values[column], kind: kinds[column]).map { (names[column], $0) }
            })
        if unfolded || recordPart != nil {
            if unfolded { record.show(names: names, kinds: kinds, values: values) }
            record.revealer.setRevealedImmediately(unfolded)
        }
        markUnfolded(unfolded)
    }

    /// "Price 12.50 · Date 2024-05-01", and what a screen reader says of the row.
    private func showDetails(_ shown: [(column: String, value: String)]) {
        details.text = shown.map {
            // TRANSLATORS: one detail of a result row: a column's name and the row's value in it.
            tr("{column} {value}", ["column": $0.column, "value": $0.value])
        }.joined(separator: " · ")
        // A screen reader says the title and the details.
        let label = details.isVisible ? name.text + ", " + details.text : name.text
        root.setAccessibleLabel(label)
        root.setParentAccessibleLabel(label)
    }

    /// Folds or unfolds with the revealer's animation (none when GTK's animations are off).
    func setUnfolded(_ unfolded: Bool, catalog: Catalog) {
        guard unfolded || recordPart != nil, let position else { return }
        if unfolded { record.show(position: position, in: catalog) }
        reveal(record.revealer, unfolded)
    }

    /// Folds or unfolds a server's row with the revealer's animation, showing `values` unfolded.
    func setUnfolded(_ unfolded: Bool, values: [String?], names: [String], kinds: [CatalogColumn.Kind]) {
        guard unfolded || recordPart != nil else { return }
        if unfolded { record.show(names: names, kinds: kinds, values: values) }
        reveal(record.revealer, unfolded)
    }

    func unbind() { position = nil }
}
