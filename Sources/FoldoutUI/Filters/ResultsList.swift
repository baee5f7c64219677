// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Filters page's results as rows: a list whose rows exist only for what is shown, bound
/// lazily and bound again when the matches change under them, the search highlighted in titles.
@MainActor
final class ResultsList {
    private let shown: ShownFilter
    private let section: ComboSection
    /// The catalog position of the record unfolded, if one is.
    private let unfoldedPosition: @MainActor () -> Int?
    /// Copies a value (its column named) or a whole row (nil).
    private let copy: @MainActor (_ text: String, _ what: String?) -> Void
    private let binder: ListBinder<ResultsList, ObjectIdentifier, ResultRow>
    let scrolled = ScrolledWindow()
    private var pendingRebind: SourceToken?
    /// Finds the search's matches in the titles bound.
    private var highlighter = SearchHighlighter(query: "")

    /// `model`'s items are positions in the shown filter's matches.
    init(
        model: PositionListModel, shown: ShownFilter, section: ComboSection,
        unfoldedPosition: @escaping @MainActor () -> Int?,
        copy: @escaping @MainActor (_ text: String, _ what: String?) -> Void
    ) {
        self.shown = shown
        self.section = section
        self.unfoldedPosition = unfoldedPosition
        self.copy = copy
        binder = ListBinder(
            model: model, selection: .multiple, makeRow: { ResultRow(onCopy: copy) },
            bind: { list, row, item in list.bind(row, item) })
        binder.owner = self
        scrolled.child = binder.listView
        scrolled.vexpand = true
        binder.listView.addCSSClass("results-list")
    }

    var listView: ListView { binder.listView }
    /// The rows showing a result now (each row is its own key: results change under them).
    var boundRows: [ObjectIdentifier: ResultRow] { binder.boundRows }
    /// The results' vertical scrolling.
    var adjustment: Adjustment { scrolled.verticalAdjustment }

    /// Highlights `text` in the titles bound from now on.
    func highlight(_ text: String) {
        if highlighter.query != text { highlighter = SearchHighlighter(query: text) }
    }

    private func bind(_ row: ResultRow, _ item: ListItem) -> ObjectIdentifier? {
        guard let filter = shown.filter, let listPosition = item.itemID.map(Int.init), listPosition < filter.matchCount
        else {
            return nil
        }
        show(row, at: listPosition, filter)
        return ObjectIdentifier(row)
    }

    /// Binds the rows in view again at once, and the others GTK keeps around the view (200 in
    /// all) once the main loop is idle: binding a row also updates what its labels tell assistive
    /// technologies, which for 200 rows takes a few milliseconds. The rows in view are those GTK
    /// will lay out in the page the list shows from `top` (in the list's content; where it shows
    /// now by default). GTK maps only the rows in view: where another row is (GTK keeps the place
    /// it last gave it, or a made-up one) is reckoned from the nearest row mapped, as if the rows
    /// between were as short as the shortest mapped. Rows keep their heights unless one laid out
    /// is unfolded or the details line comes or goes: then rows that shrink may bring up those of
    /// the page below, bound at once too. A list with no row laid out yet (shown before its first
    /// frame) says nothing of where its rows are: they are bound at once.
    func rebind(showingFrom top: Double? = nil) {
        guard let filter = shown.filter else { return }
        pendingRebind?.cancel()
        pendingRebind = nil
        let laidOutFrom = adjustment.value
        // Each row, and where GTK last laid it out in the list's content (nil if it did not).
        var rows: [(row: ResultRow, laidOut: Range<Double>?)] = []
        rows.reserveCapacity(boundRows.count)
        var first: (position: Int, extent: Range<Double>)?
        var last: (position: Int, extent: Range<Double>)?
        var shortest = Double.infinity
        var heightsKept = true
        let pageSize = adjustment.pageSize
        for row in boundRows.values where row.listPosition < filter.matchCount {
            // Asking GTK where a row is costs 2 µs (a transform from the row to the list): 0.4 ms
            // a keystroke for the 200 rows bound.
            guard pageSize > 0, row.root.isMapped, let bounds = row.root.bounds(in: listView), bounds.height > 0
            else {
                rows.append((row, nil))
                continue
            }
            let extent = (laidOutFrom + bounds.y)..<(laidOutFrom + bounds.y + bounds.height)
            rows.append((row, extent))
            let position = row.listPosition
            if position < first?.position ?? .max { first = (position, extent) }
            if position > last?.position ?? .min { last = (position, extent) }
            shortest = min(shortest, bounds.height)
            if row.isUnfolded || row.details.isVisible == section.detailColumns.isEmpty { heightsKept = false }
        }
        guard let first, let last else {
            for (row, _) in rows { rebind(row, filter) }
            return
        }
        let shownFrom = top ?? laidOutFrom
        let view = shownFrom..<(shownFrom + pageSize * (heightsKept ? 1 : 2))
        var later: [ResultRow] = []
        for (row, laidOut) in rows {
            let position = row.listPosition
            let extent: Range<Double>
            if let laidOut {
                extent = laidOut
            } else if position > last.position {
                let top = last.extent.upperBound + Double(position - last.position - 1) * shortest
                extent = top..<(top + shortest)
            } else if position < first.position {
                let bottom = first.extent.lowerBound - Double(first.position - position - 1) * shortest
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
        guard let filter = shown.filter else { return }
        for row in rows where row.position != nil && row.listPosition < filter.matchCount { rebind(row, filter) }
    }

    private func rebind(_ row: ResultRow, _ filter: FacetFilter) { show(row, at: row.listPosition, filter) }

    /// Shows the match at `listPosition` in `row`: its title (the search highlighted) and details.
    private func show(_ row: ResultRow, at listPosition: Int, _ filter: FacetFilter) {
        let position = Int(filter.matches[listPosition])
        row.bind(
            position: position, listPosition: listPosition, in: filter.catalog, title: section.titleColumn,
            details: section.detailColumns, unfolded: position == unfoldedPosition(), highlighter: &highlighter)
    }

    /// The titles in the visible rows, top to bottom.
    var visibleNames: [String] {
        boundRows.values.filter { $0.position != nil }.sorted { $0.listPosition < $1.listPosition }.map(\.name.text)
    }
}
