// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Above the results: what filters them, at a glance. One button per facet that filters ("origin:
/// JFK, LGA ✕") and one for the search, each removing its filter, then Clear Filters. It scrolls
/// sideways in a narrow window and is hidden while nothing filters.
@MainActor
final class ActiveFiltersBar {
    let root = ScrolledWindow()
    private let box = Box(.horizontal, spacing: 6)
    private let filters = Box(.horizontal, spacing: 6)
    private(set) var removeButtons: [Button] = []
    /// Each button's words and its column (nil for the search), in the order shown.
    private var shown: [(text: String, column: Int?, label: Label)] = []
    let clearButton = Button(label: tr("Clear Filters"))
    /// A button's ×: stop filtering by the column, or by the search.
    private let onRemove: @MainActor (_ column: Int) -> Void
    private let onRemoveSearch: @MainActor () -> Void
    private let onClear: @MainActor () -> Void

    init(
        onRemove: @escaping @MainActor (_ column: Int) -> Void, onRemoveSearch: @escaping @MainActor () -> Void,
        onClear: @escaping @MainActor () -> Void
    ) {
        self.onRemove = onRemove
        self.onRemoveSearch = onRemoveSearch
        self.onClear = onClear
        root.scrollHorizontally()
        root.child = box
        box.append(filters)
        box.append(clearButton)
        root.addCSSClass("active-filters")
        clearButton.addCSSClass("flat")
        clearButton.onClicked { [weak self] in self?.onClear() }
        root.isVisible = false
    }

    /// Shows the filters of `table` and its search.
    func show(_ table: any FilteredTable) {
        // Each filter's words, and its column (nil for the search).
        var items: [(String, Int?)] = table.activeFacets.map { facet in
            (tr("{facet}: {option}", ["facet": facet.name, "option": facet.text]), facet.column)
        }
        if !table.searchText.isEmpty { items.append((tr("“{text}”", ["text": table.searchText]), nil)) }
        // The same filters (a keystroke in the search, most often): only their words change.
        if items.map(\.1) == shown.map(\.column) {
            for (index, (text, column)) in items.enumerated() where shown[index].text != text {
                shown[index].text = text
                shown[index].label.text = text
                removeButtons[index].setAccessibleLabel(tr("Remove {filter}", ["filter": text]))
                if column != nil { removeButtons[index].tooltip = tr("Remove {filter}", ["filter": text]) }
            }
            return
        }
        for button in removeButtons { filters.remove(button) }
        removeButtons = []
        shown = []
        for (text, column) in items {
            let row = Box(.horizontal, spacing: 4)
            let label = Label(text)
            row.append(label)
            shown.append((text, column, label))
            row.append(Image(iconName: "window-close-symbolic"))
            let button = Button(child: row)
            button.addCSSClass("active-filter")
            button.setAccessibleLabel(tr("Remove {filter}", ["filter": text]))
            // Setting a tooltip asks where the pointer is (a round trip to an X server): the
            // search's, set on every keystroke, cost 0.2-0.7 ms of one. Its own words say the rest.
            button.tooltip = column == nil ? tr("Remove the search") : tr("Remove {filter}", ["filter": text])
            button.onClicked { [weak self] in
                if let column { self?.onRemove(column) } else { self?.onRemoveSearch() }
            }
            filters.append(button)
            removeButtons.append(button)
        }
        root.isVisible = !items.isEmpty
    }
}
