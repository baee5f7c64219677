// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The third way to show the results, beside rows and table: every column summarized
/// (`SummaryTable`) over the rows the filters and search match. The figures are worked out off the
/// main thread whenever the matches change while the summary is shown, so typing and dragging
/// never wait; a newer change stops the older work, and only the newest summary is shown (the
/// one before stays, dimmed, meanwhile). Copy puts the summary on the clipboard as TSV. Whichever
/// engine filters the table works the figures out (`FilteredTable.summarize`).
@MainActor
final class ResultsSummary {
    static var copyKey: KeyBinding {
        KeyBinding("<Control>c", tr("Copy the summary"), .filters)
    }

    let root = Box(.vertical)
    let table: SummaryTable
    let copyButton = Button(label: tr("Copy as TSV"))
    private let caption = Label()
    private var request = 0
    private let newest = WorkGeneration()
    /// What was summarized last (`FilteredTable.summarySource`); nil: nothing yet, or it failed.
    private var summarized: AnyHashable?
    /// Whether the newest summary asked for is still being worked out.
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
        caption.makeDimCaption()
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

    /// Summarizes the matches of `filtered` off the main thread (a table in its server by its
    /// server, on a connection of its own), unless they are what is shown already.
    func update(_ filtered: any FilteredTable) {
        let source = filtered.summarySource
        guard source != summarized else { return }
        summarized = source
        request += 1
        let request = request
        let newest = newest
        newest.set(request)
        isSummarizing = true
        table.isStale = !table.summaries.isEmpty
        let shapes = filtered.columnNames.indices.map(filtered.valueShape(ofColumn:))
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
                self.summarized = nil
                self.table.isStale = false
                self.caption.text = tr("The database server could not answer") + ": " + error.description
            }
        }
        filtered.summarize(
            isCancelled: { !newest.isNewest(request) }, answer: { result in MainLoop.post { deliver(result) } })
    }

    /// "12 columns of 3,052 rows".
    private static func caption(columns: Int, rows: Int) -> String {
        tr(
            "{columns} columns of {rows} rows",
            ["columns": NumberText.grouped(columns), "rows": NumberText.grouped(rows)])
    }

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
