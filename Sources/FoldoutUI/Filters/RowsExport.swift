// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// Export… on the Filters page: GTK's file chooser (which asks before replacing a file) with a
/// choice of all columns or the shown ones, CSV or TSV by the name's ending; the rows written off
/// the main thread, with progress and Cancel once it takes a moment. A cancelled or failed export
/// leaves nothing behind (`CatalogExport` writes a temporary file and renames it). A table
/// filtered in its server is written by the server (`COPY`), every column, as `--export` writes it.
@MainActor
final class RowsExport {
    private lazy var strip = ProgressStrip(cancelTooltip: tr("Stop the export; nothing is written")) {
        [weak self] in self?.progress?.cancel()
    }
    var root: Box { strip.root }
    var cancelButton: Button { strip.cancelButton }
    private var chooser: FileChooser?
    private var progress: CatalogExportProgress?
    private var progressWatch: SourceToken?
    /// The window, the parent of the file chooser and the error dialog.
    private let window: @MainActor () -> Window?
    /// Says what was done, in the window's notification.
    private let notify: @MainActor (String) -> Void
    /// The error dialog shown, kept until it is answered (its response handler holds it weakly).
    private var errorDialog: ErrorDialog?

    /// True while the file chooser is open.
    var isChoosing: Bool { chooser != nil }
    /// True while rows are being written.
    var isExporting: Bool { progress != nil }

    init(window: @escaping @MainActor () -> Window?, notify: @escaping @MainActor (String) -> Void) {
        self.window = window
        self.notify = notify
    }

    /// Asks where to save the matches of `table`, in the order shown, then writes them: a
    /// catalog's with every column or with `shownColumns`, a server's by the server.
    func choose(_ table: any FilteredTable, shownColumns: [Int]) {
        if let filter = table as? FacetFilter {
            choose(catalog: filter.catalog, rows: filter.matches, shownColumns: shownColumns)
        } else if let facets = table as? DatabaseFacets {
            choose(table: facets.table, filter: facets.filter, rows: facets.matchCount)
        }
    }

    /// Asks where to save `rows` of `catalog` (catalog positions in the order shown), then writes
    /// them with every column or with `shownColumns`.
    private func choose(catalog: Catalog, rows: [UInt32], shownColumns: [Int]) {
        guard progress == nil, chooser == nil else { return }
        let chooser = FileChooser(
            title: tr("Export Rows"), parent: window(), acceptLabel: tr("_Export"), cancelLabel: tr("_Cancel"),
            purpose: .save,
            choice: .init(
                id: "columns", label: tr("Columns"),
                options: [("all", tr("All columns")), ("shown", tr("Shown columns"))]))
        chooser.addFilter(name: tr("CSV files"), mimeTypes: ["text/csv"], patterns: ["*.csv"])
        chooser.addFilter(name: tr("TSV files"), mimeTypes: ["text/tab-separated-values"], patterns: ["*.tsv"])
        chooser.suggest(
            name: Self.suggestedName(for: catalog),
            folder: catalog.origin.map { Catalog.folder(of: $0.path) })
        self.chooser = chooser
        chooser.choose { [weak self, weak chooser] path in
            let columns = chooser?.choice("columns") == "shown" ? shownColumns : nil
            self?.chooser = nil
            guard let self, let path else { return }
            self.write(
                CatalogExport(catalog: catalog, rows: rows, columns: columns, format: .init(path: path)), to: path)
        }
    }

    /// Asks where to save the rows `filter` matches in `table` (`rows` of them, for the progress),
    /// then has the server write them.
    private func choose(table: DatabaseTable, filter: DatabaseFilter, rows: Int) {
        guard progress == nil, chooser == nil else { return }
        let chooser = FileChooser(
            title: tr("Export Rows"), parent: window(), acceptLabel: tr("_Export"), cancelLabel: tr("_Cancel"),
            purpose: .save)
        chooser.addFilter(name: tr("CSV files"), mimeTypes: ["text/csv"], patterns: ["*.csv"])
        chooser.addFilter(name: tr("TSV files"), mimeTypes: ["text/tab-separated-values"], patterns: ["*.tsv"])
        chooser.suggest(name: table.name + "-filtered.csv", folder: nil)
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            guard let self, let path else { return }
            self.write(rows: rows, to: path) { progress in Self.export(table, filter, to: path, progress) }
        }
    }

    /// The server's `COPY` of the matching rows into `path`; the problem in one line, if any.
    private nonisolated static func export(
        _ table: DatabaseTable, _ filter: DatabaseFilter, to path: String, _ progress: CatalogExportProgress
    ) -> String? {
        var written = -1  // the header is handed over first
        return StreamedExport.write(to: path) { sink in
            do throws(CatalogImportError) {
                let tabSeparated = CatalogExport.Format(path: path) == .tsv
                try table.export(filter, try table.connect(), tabSeparated: tabSeparated) { row in
                    written += 1
                    return progress.report(written: written) && sink(row)
                }
            } catch {
                return error.description
            }
            // A problem leaves nothing behind; a cancelled export is not said.
            return progress.isCancelled ? tr("the export was cancelled") : nil
        }
    }

    /// "flights-filtered.csv" for "flights.csv"; "catalog.csv" for the generated catalog.
    static func suggestedName(for catalog: Catalog) -> String {
        guard !catalog.name.isEmpty else { return tr("catalog") + ".csv" }
        let name = catalog.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + "-filtered.csv" }
        let ending = name[name.index(after: dot)...].lowercased()
        return name[..<dot] + "-filtered." + (ending == "tsv" ? "tsv" : "csv")
    }

    /// Writes `export` to `path` away from the main thread.
    func write(_ export: CatalogExport, to path: String) {
        write(rows: export.rows.count, to: path) { progress in
            do throws(CatalogExportError) {
                try export.write(to: path, progress: progress)
                return nil
            } catch {
                return error.reason == .cancelled ? nil : error.description
            }
        }
    }

    /// Runs `work` (which writes `rows` rows to `path` and returns the problem, if any) away from
    /// the main thread, with progress and Cancel once it takes a moment.
    private func write(
        rows: Int, to path: String, _ work: @escaping @Sendable (CatalogExportProgress) -> String?
    ) {
        let progress = CatalogExportProgress(totalRows: rows)
        self.progress = progress
        let text = tr("Exporting to {file}…", ["file": Catalog.fileName(of: path)])
        var ticks = 0
        progressWatch = MainLoop.timeout(milliseconds: 100) { [weak self] in
            guard let strip = self?.strip else { return false }
            ticks += 1
            // Shown only once it takes a moment: a quick export would flash.
            if ticks == 2 { strip.show(text, progress: true) }
            strip.progressBar.fraction = progress.fraction
            return true
        }
        let deliver: @Sendable @MainActor (String?) -> Void = { [weak self] problem in
            self?.finish(problem, cancelled: progress.isCancelled, rows: rows, path: path)
        }
        Task.detached {
            let problem = work(progress)
            MainLoop.post { deliver(problem) }
        }
    }

    private func finish(_ problem: String?, cancelled: Bool, rows: Int, path: String) {
        progressWatch?.cancel()
        progressWatch = nil
        progress = nil
        strip.hide()
        guard !cancelled else { return }
        guard let problem else {
            notify(
                trn(
                    "Exported {count} row to {file}", "Exported {count} rows to {file}", rows,
                    ["count": NumberText.grouped(rows), "file": Catalog.fileName(of: path)]))
            return
        }
        let dialog = ErrorDialog(
            parent: window(), title: tr("Could not export the rows"),
            detail: problem + "\n" + tr("Nothing was written."))
        dialog.present()
        errorDialog = dialog
    }
}
