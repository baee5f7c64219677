// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Export… on the Filters page: GTK's file chooser (which asks before replacing a file) with a
/// choice of all columns or the shown ones, CSV or TSV by the name's ending; the rows written off
/// the main thread, with progress and Cancel once it takes a moment. A cancelled or failed export
/// leaves nothing behind (`CatalogExport` writes a temporary file and renames it).
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

    /// Asks where to save `rows` of `catalog` (catalog positions in the order shown), then writes
    /// them with every column or with `shownColumns`.
    func choose(catalog: Catalog, rows: [UInt32], shownColumns: [Int]) {
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
        let progress = CatalogExportProgress(totalRows: export.rows.count)
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
        let deliver: @Sendable @MainActor (CatalogExportError?) -> Void = { [weak self] error in
            self?.finish(error, rows: export.rows.count, path: path)
        }
        Task.detached {
            let failure: CatalogExportError?
            do throws(CatalogExportError) {
                try export.write(to: path, progress: progress)
                failure = nil
            } catch {
                failure = error
            }
            MainLoop.post { deliver(failure) }
        }
    }

    private func finish(_ error: CatalogExportError?, rows: Int, path: String) {
        progressWatch?.cancel()
        progressWatch = nil
        progress = nil
        strip.hide()
        guard let error else {
            notify(
                trn(
                    "Exported {count} row to {file}", "Exported {count} rows to {file}", rows,
                    ["count": NumberText.grouped(rows), "file": Catalog.fileName(of: path)]))
            return
        }
        guard error.reason != .cancelled else { return }
        let dialog = ErrorDialog(
            parent: window(), title: tr("Could not export the rows"),
            detail: error.description + "\n" + tr("Nothing was written."))
        dialog.present()
        errorDialog = dialog
    }
}
