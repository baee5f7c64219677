// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// One row of the Filters page's results: the row's title column and, beneath it, the values of
/// the detail columns ("Price 12.50 · Date 2024-05-01 · …"); unfolded, the whole record
/// (`ResultRecord`, built the first time this row unfolds). `position` names the record shown
/// (`FilteredTable.rowKey`: a catalog's position), `listPosition` where the row is listed.
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

    /// Shows the match listed at `listPosition` of `table`, its record named `key`: its title from
    /// column `title`, with where the search occurs in it highlighted, and the `details` columns
    /// beneath; folded or unfolded at once (a recycled row must not animate).
    func bind(
        key: Int, listPosition: Int, in table: any FilteredTable, names: [String], title: Int, details columns: [Int],
        unfolded: Bool, highlighter: inout SearchHighlighter
    ) {
        position = key
        self.listPosition = listPosition
        let shownTitle = table.title(atListPosition: listPosition, column: title)
        if shownTitle.isValue {
            name.setText(shownTitle.text, highlighting: highlighter.ranges(in: shownTitle.text))
        } else {
            name.text = shownTitle.text
        }
        details.isVisible = !columns.isEmpty
        showDetails(
            columns.compactMap { column in
                table.shownValue(atListPosition: listPosition, column: column).map { (names[column], $0) }
            })
        if unfolded || recordPart != nil {
            if unfolded, let shown = table.record(ofRow: key) { record.show(shown) }
            record.revealer.setRevealedImmediately(unfolded)
        }
        markUnfolded(unfolded)
    }

    /// "Price 12.50 · Date 2024-05-01": a row's details line, wherever a row is listed.
    static func detailsText(_ shown: [(column: String, value: String)]) -> String {
        shown.map {
            // TRANSLATORS: one detail of a result row: a column's name and the row's value in it.
            tr("{column} {value}", ["column": $0.column, "value": $0.value])
        }.joined(separator: " · ")
    }

    /// "Price 12.50 · Date 2024-05-01", and what a screen reader says of the row.
    private func showDetails(_ shown: [(column: String, value: String)]) {
        details.text = Self.detailsText(shown)
        // A screen reader says the title and the details.
        let label = details.isVisible ? name.text + ", " + details.text : name.text
        root.setAccessibleLabel(label)
        root.setParentAccessibleLabel(label)
    }

    /// Folds, or unfolds showing `shown`, with the revealer's animation (none when GTK's
    /// animations are off).
    func setUnfolded(_ unfolded: Bool, showing shown: ShownRecord?) {
        guard unfolded || recordPart != nil else { return }
        if unfolded, let shown { record.show(shown) }
        reveal(record.revealer, unfolded)
    }

    func unbind() { position = nil }
}
