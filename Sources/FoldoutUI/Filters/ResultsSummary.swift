// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// The third way to show the results, beside rows and table: every column summarized
/// (`SummaryTable`) over the rows the filters and search match. The figures are worked out off the
/// main thread whenever the matches change while the summary is shown, so typing and dragging
/// never wait; a newer change stops the older work, and only the newest summary is shown (the
/// one before stays, dimmed, meanwhile). Copy puts the summary on the clipboard as TSV. A table
/// in its server is summarized by the server (`update(server:)`), on a connection of its own.
@MainActor
final class ResultsSummary {
    static var copyKey: KeyBinding {
        KeyBinding("<Control>c", tr("Copy the summary as tab-separated text (in the summary)"), .filters)
    }

    let root = Box(.vertical)
    let table: SummaryTable
    let copyButton = Button(label: tr("Copy as TSV"))
    private let caption = Label()
    private var request = 0
    private let newest = WorkGeneration()
    /// The matches summarized last, by catalog; nil: none yet, or they changed since.
    private var summarized: (catalog: Catalog, matches: [UInt32])?
    /// The server's filter summarized last, and the connection its summaries are asked on.
    private var summarizedInServer: DatabaseFilter?
    private var session: DatabaseSession?
    /// Whether a table in its server is being summarized.
    private(set) var isSummarizing = false
    /// Tells the user something done in passing ("Copied …").
    private let notify: @MainActor (String) -> Void

    /// `onActivate` hears the catalog column whose row was activated.
    init(notify: @escaping @MainActor (String) -> Void, onActivate: @escaping @MainActor (_ column: Int) -> Void) {
        self.notify = notify
        table = SummaryTable(onActivate: onActivate)
        root.addCSSClass("results-summary")
        let bar = Box(.horizontal, spacing: 8)
        bar.addCSSClass("summary-bar")
        caption.xalign = 0
        caption.hexpand = true
        caption.ellipsizeEnd()
        caption.addCSSClass("dim-label")
        bar.append(caption)
        copyButton.tooltip = tr("Copy the summary as tab-separated text (Ctrl+C)")
        copyButton.onClicked { [weak self] in self?.copy() }
        bar.append(copyButton)
        root.append(bar)
        root.append(table.root)
        let keys = ShortcutController()
        keys.add(Self.copyKey) { [weak self] in self?.copy() ?? false }
        table.view.add(keys)
    }

    /// Summarizes `filter`'s matches off the main thread, unless they are what is shown already.
    func update(_ filter: FacetFilter) {
        let catalog = filter.catalog
        let matches = filter.matches
        if let summarized, summarized.catalog === catalog, summarized.matches == matches { return }
        summarized = (catalog, matches)
        request += 1
        let request = request
        let newest = newest
        newest.set(request)
        table.isStale = !table.summaries.isEmpty
        caption.text = Self.caption(columns: catalog.columns.count, rows: matches.count)
        // Every row, in whatever order: the catalog's own order reads its columns straight through.
        let rows = matches.count == catalog.count ? nil : matches
        let deliver: @Sendable @MainActor ([ColumnSummary]) -> Void = { [weak self] summaries in
            guard let self, self.request == request else { return }
            self.table.show(summaries, shapes: catalog.columns.map(FacetValueShape.init))
        }
        Task.detached {
            guard
                let summaries = CatalogSummary.summarize(
                    catalog, rows: rows, isCancelled: { !newest.isNewest(request) })
            else { return }
            MainLoop.post { deliver(summaries) }
        }
    }

    /// Asks the server for the summary of the matches of `facets` now, unless it is the one shown.
    func update(server facets: DatabaseFacets) {
        let filter = facets.filter
        guard filter != summarizedInServer else { return }
        summarizedInServer = filter
        request += 1
        let request = request
        isSummarizing = true
        table.isStale = !table.summaries.isEmpty
        let databaseTable = facets.table
        let shapes = databaseTable.columns.indices.map { facets.valueShape(ofColumn: $0) }
        let session = session ?? DatabaseSession(table: databaseTable)
        self.session = session
        session.update(databaseTable)
        let deliver: @Sendable @MainActor (Result<[ColumnSummary], CatalogImportError>) -> Void = {
            [weak self] result in
            guard let self, self.request == request else { return }
            self.isSummarizing = false
            switch result {
            case .success(let summaries):
                self.table.show(summaries, shapes: shapes)
                // The rows summarized, which the count shown may not have come to yet.
                let rows = summaries.first.map { $0.present + $0.missing } ?? 0
                self.caption.text = Self.caption(columns: summaries.count, rows: rows)
            case .failure(let error):
                self.summarizedInServer = nil
                self.table.isStale = false
                self.caption.text = tr("The database server could not answer") + ": " + error.description
            }
        }
        session.run(
            { (connection) throws(CatalogImportError) in try databaseTable.summary(filter, connection) },
            answer: { result in MainLoop.post { deliver(result) } })
    }

    /// "12 columns of 3,052 rows".
    private static func caption(columns: Int, rows: Int) -> String {
        tr(
            "{columns} columns of {rows} rows",
            ["columns": NumberText.grouped(columns), "rows": NumberText.grouped(rows)])
    }

    /// Stops a server's summary under way, for closing: no query is left running on the server.
    func close() { session?.cancel() }

    @discardableResult
    func copy() -> Bool {
        guard let text = table.tabSeparatedText() else { return false }
        Display.copyToClipboard(text)
        notify(
            trn(
                "Copied the summary of {count} column", "Copied the summary of {count} columns",
                table.summaries.count, ["count": NumberText.grouped(table.summaries.count)]))
        return true
    }
}
