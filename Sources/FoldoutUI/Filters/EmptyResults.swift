// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What the Filters page shows instead of its results when nothing matches: a message naming the
/// chosen facets and the search, and a button that clears them.
@MainActor
final class EmptyResults {
    let root = Box(.vertical, spacing: 12)
    let detail = Label("", wrap: true)
    let clearButton = Button(label: tr("_Clear Filters"), mnemonic: true)

    /// `clear` clears every facet's choice and the search.
    init(clear: @escaping @MainActor () -> Void) {
        root.addCSSClass("empty-results")
        root.vexpand = true
        root.setAlign(vertical: .center)
        let heading = Label(tr("No items match"))
        heading.addCSSClass("title-2")
        root.append(heading)
        detail.setAlign(horizontal: .center)
        root.append(detail)
        clearButton.setAlign(horizontal: .center)
        clearButton.addCSSClass("suggested-action")
        clearButton.tooltip = tr("Show every item (Ctrl+Backspace)")
        clearButton.onClicked(clear)
        root.append(clearButton)
        root.isVisible = false
    }

    /// Shows itself, saying why, when `table` has rows and none matches (counted for the filter
    /// of now), else hides; whether it shows.
    func update(for table: any FilteredTable) -> Bool {
        let nothing = table.matchCount == 0 && table.rowCount > 0 && !table.isCounting
        root.isVisible = nothing
        if nothing { detail.text = Self.explanation(table) }
        return nothing
    }

    /// Why nothing is shown: the search and the chosen facets.
    private static func explanation(_ filter: any FilteredTable) -> String {
        let chosen = filter.activeFacets.map { tr("{facet}: {option}", ["facet": $0.name, "option": $0.text]) }
        // TRANSLATORS: the separator between the chosen facets in "Color: Red, Season: Winter".
        let choices = chosen.joined(separator: tr(", "))
        switch (filter.searchText.isEmpty, chosen.isEmpty) {
        case (true, _): return tr("No item has all of {choices}.", ["choices": choices])
        case (false, true): return tr("No item contains “{text}”.", ["text": filter.searchText])
        case (false, false):
            return tr(
                "No item contains “{text}” and has all of {choices}.", ["text": filter.searchText, "choices": choices])
        }
    }
}
