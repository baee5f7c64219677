// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Filters page's results as rows: a list whose rows exist only for what is shown, bound
/// lazily and bound again when the matches change under them, the search highlighted in titles.
@MainActor
final class ResultsList {
    private let shown: ShownTable
    private let section: ComboSection
    /// The key of the record unfolded (`FilteredTable.rowKey`), if one is.
    private let unfoldedPosition: @MainActor () -> Int?
    /// Copies a value (its column named) or a whole row (nil).
    private let copy: @MainActor (_ text: String, _ what: String?) -> Void
    private let binder: ListBinder<ResultsList, ObjectIdentifier, ResultRow>
    let scrolled = ScrolledWindow()
    private var pendingRebind: SourceToken?
    /// Finds the search's matches in the titles bound.
    private var highlighter = SearchHighlighter(query: "")

    /// `model`'s items are list positions in the shown table's matches.
    init(
        model: PositionListModel, shown: ShownTable, section: ComboSection,
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
    /// Whether rows out of view wait to be bound again (`rebind`).
    var isRebinding: Bool { pendingRebind != nil }

    /// Highlights `text` in the titles bound from now on.
    func highlight(_ text: String) {
        if highlighter.query != text { highlighter = SearchHighlighter(query: text) }
    }

    private func bind(_ row: ResultRow, _ item: ListItem) -> ObjectIdentifier? {
        guard let table = shown.table, let listPosition = item.itemID.map(Int.init),
            listPosition < table.listedCount
        else {
            return nil
        }
        show(row, at: listPosition, table)
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
        guard let table = shown.table else { return }
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
        for row in boundRows.values where row.listPosition < table.listedCount {
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
            for (row, _) in rows { rebind(row, table) }
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
            if view.overlaps(extent) { rebind(row, table) } else { later.append(row) }
        }
        guard !later.isEmpty else { return }
        pendingRebind = MainLoop.idle(priority: .low) { [weak self] in
            self?.rebindLater(later)
            return false
        }
    }

    private func rebindLater(_ rows: [ResultRow]) {
        pendingRebind = nil
        guard let table = shown.table else { return }
        for row in rows where row.position != nil && row.listPosition < table.listedCount { rebind(row, table) }
    }

    private func rebind(_ row: ResultRow, _ table: any FilteredTable) { show(row, at: row.listPosition, table) }

    /// Shows the match at `listPosition` in `row`: its title (the search highlighted) and details.
    private func show(_ row: ResultRow, at listPosition: Int, _ table: any FilteredTable) {
        guard let key = table.rowKey(atListPosition: listPosition) else { return }
        let title = section.titleColumn
        row.bind(
            key: key, listPosition: listPosition, in: table, names: shown.names, title: title,
            details: section.detailColumns.filter { $0 != title }, unfolded: key == unfoldedPosition(),
            highlighter: &highlighter)
    }
}
