// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// One row of the Filters page's results: the row's title column and, beneath it, the values of
/// the detail columns ("Price 12.50 · Date 2024-05-01 · …").
@MainActor
final class ResultRow: ListRow {
    let root = Box(.vertical, spacing: 2)
    let name = Inscription()
    let details = Inscription()
    private(set) var position: Int?
    private(set) var listPosition = 0

    init() {
        root.addCSSClass("result-row")
        root.append(name)
        root.append(details)
        name.addCSSClass("result-name")
        details.addCSSClass("dim-label")
    }

    /// Shows the row at `position`, with where the search occurs in its title highlighted.
    func bind(
        position: Int, listPosition: Int, in catalog: Catalog, title: Int, details columns: [Int],
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
        defer {
            // A screen reader says the title and the details.
            root.setParentAccessibleLabel(details.isVisible ? name.text + ", " + details.text : name.text)
        }
        guard !columns.isEmpty else { return }
        details.text = columns.compactMap { column in
            let text = catalog.text(column, at: position)
            let value =
                switch catalog.columns[column].kind {
                case .number: NumberText.decimal(text, monetary: catalog.columns[column].isMonetary)
                case .date: RegionFormat.current.date(text)
                case .dateTime, .text: text
                }
            // TRANSLATORS: one detail of a result row: a column's name and the row's value in it.
            return value.isEmpty
                ? nil : tr("{column} {value}", ["column": catalog.columns[column].name, "value": value])
        }.joined(separator: " · ")
    }

    func unbind() { position = nil }
}
