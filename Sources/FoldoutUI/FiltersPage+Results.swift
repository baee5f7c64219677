// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Filters page's results: the count, the rows (bound lazily, rebound when the matches change
/// under them) and the empty state that names what matched nothing.
extension FiltersPage {
    func showResults() {
        guard let filter else { return }
        if highlighter.query != filter.searchText { highlighter = SearchHighlighter(query: filter.searchText) }
        // A selection names rows by where they are listed: other results are other rows.
        listView.unselectAll()
        table.view.unselectAll()
        model.count = filter.matchCount
        // New results start at the top; the rows that stay are bound again to what is there now.
        rebindRows(showingFrom: 0)
        resultsAdjustment.value = 0
        table.resultsChanged(shown: isTableShown)
        countLabel.text = trn(
            "{shown} of {total} item", "{shown} of {total} items", filter.catalog.count,
            ["shown": NumberText.grouped(filter.matchCount), "total": NumberText.grouped(filter.catalog.count)])
        facetBar.showLabels()
        activeBar.show(filter)
        let nothing = filter.matchCount == 0 && filter.catalog.count > 0
        resultsStack.isVisible = !nothing
        emptyState.isVisible = nothing
        if nothing { emptyDetail.text = emptyExplanation(filter) }
    }

    /// Why nothing is shown: the search and the chosen facets.
    private func emptyExplanation(_ filter: FacetFilter) -> String {
        let chosen = filter.activeChoices.map { tr("{facet}: {option}", ["facet": $0.name, "option": $0.option]) }
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

    func bind(_ row: ResultRow, _ item: ListItem) -> ObjectIdentifier? {
        guard let filter, let listPosition = item.itemID.map(Int.init), listPosition < filter.matchCount else {
            return nil
        }
        row.onCopy = { [weak self] text, what in self?.copy(text, what: what) }
        show(row, at: listPosition, filter)
        return ObjectIdentifier(row)
    }

    /// Binds the rows in view again at once, and the others GTK keeps around the view (200 in
    /// all) once the main loop is idle: binding a row also updates what its labels tell assistive
    /// technologies, which for 200 rows takes a few milliseconds. The rows in view are those GTK
    /// last laid out in the page the list shows from `top` (in the list's content; where it shows
    /// now by default) or in the page below it, which rows that shrink may bring up. GTK lays out
    /// only the rows in view: where another row is is reckoned from the nearest row laid out, as if
    /// the rows between were as short as the shortest laid out. A list with no row laid out yet
    /// (shown before its first frame) says nothing of where its rows are: they are bound at once.
    func rebindRows(showingFrom top: Double? = nil) {
        guard let filter else { return }
        pendingRebind?.cancel()
        pendingRebind = nil
        let laidOutFrom = resultsAdjustment.value
        let shownFrom = top ?? laidOutFrom
        let view = shownFrom..<(shownFrom + 2 * resultsAdjustment.pageSize)
        let rows = boundRows.values.filter { $0.listPosition < filter.matchCount }
        // Where GTK last laid out each row, in the list's content; a row not laid out has no height.
        var laidOut: [Int: Range<Double>] = [:]
        if resultsAdjustment.pageSize > 0 {
            for row in rows {
                guard let bounds = row.root.bounds(in: listView), bounds.height > 0 else { continue }
                laidOut[row.listPosition] = (laidOutFrom + bounds.y)..<(laidOutFrom + bounds.y + bounds.height)
            }
        }
        guard let first = laidOut.keys.min(), let last = laidOut.keys.max(),
            let shortest = laidOut.values.map({ $0.upperBound - $0.lowerBound }).min()
        else {
            for row in rows { rebind(row, filter) }
            return
        }
        var later: [ResultRow] = []
        for row in rows {
            let position = row.listPosition
            let extent: Range<Double>
            if let known = laidOut[position] {
                extent = known
            } else if position > last {
                let top = laidOut[last]!.upperBound + Double(position - last - 1) * shortest
                extent = top..<(top + shortest)
            } else if position < first {
                let bottom = laidOut[first]!.lowerBound - Double(first - position - 1) * shortest
                extent = (bottom - shortest)..<bottom
            } else {
                extent = view  // between rows laid out: in view
            }
            if view.overlaps(extent) { rebind(row, filter) } else { later.append(row) }
        }
        guard !later.isEmpty else { return }
        pendingRebind = MainLoop.idle(priority: .low) { [weak self] in
            self?.rebindLater(later)
            return false
        }
    }

    private func rebindLater(_ rows: [ResultRow]) {
        pendingRebind = nil
        guard let filter else { return }
        for row in rows where row.position != nil && row.listPosition < filter.matchCount { rebind(row, filter) }
    }

    private func rebind(_ row: ResultRow, _ filter: FacetFilter) { show(row, at: row.listPosition, filter) }

    /// Shows the match at `listPosition` in `row`: its title (the search highlighted) and details.
    private func show(_ row: ResultRow, at listPosition: Int, _ filter: FacetFilter) {
        let position = Int(filter.matches[listPosition])
        row.bind(
            position: position, listPosition: listPosition, in: filter.catalog, title: section.titleColumn,
            details: section.detailColumns, unfolded: position == unfoldedPosition, highlighter: &highlighter)
    }

    /// The titles in the visible rows, top to bottom.
    var visibleNames: [String] {
        boundRows.values.filter { $0.position != nil }.sorted { $0.listPosition < $1.listPosition }.map(\.name.text)
    }
}
