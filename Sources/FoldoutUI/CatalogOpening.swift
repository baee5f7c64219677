// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Opening a catalog on the Filters page: the file chooser, reading the file off the main thread
/// with a progress bar (bytes read of the total) and a Cancel button, and the error dialog for a
/// file that cannot be used. The catalog shown stays until the new one is ready.
@MainActor
final class CatalogOpening {
    let root = Box(.horizontal, spacing: 8)
    let label = Label()
    let spinner = Spinner()
    let progressBar = ProgressBar()
    let cancelButton = Button(label: tr("Cancel"))
    private var chooser: FileChooser?
    private var loading: CatalogLoading?
    /// True while a file is being read.
    var isOpening: Bool { loading != nil }
    private var progressWatch: SourceToken?
    var window: () -> Window? = { nil }
    var onOpened: (Catalog, _ path: String) -> Void = { _, _ in }
    /// After a file could not be used (its error shown) or its reading was cancelled.
    var onFailed: () -> Void = {}
    /// The order the page will show a new catalog in, if it has the column: the sort order kept
    /// from the catalog shown (its column's name, and whether descending). That order is computed
    /// while the file is read, not on the main thread afterwards.
    var keptSort: () -> (column: String, descending: Bool)? = { nil }
    /// The last import error shown, for tests.
    private(set) var lastErrorDialog: ErrorDialog?

    init() {
        root.append(spinner)
        root.append(label)
        progressBar.setSizeRequest(width: 160)
        progressBar.setAlign(vertical: .center)
        root.append(progressBar)
        cancelButton.tooltip = tr("Stop reading the file and keep the catalog shown")
        cancelButton.onClicked { [weak self] in self?.loading?.cancel() }
        root.append(cancelButton)
        root.isVisible = false
    }

    /// While the built-in catalog is generated: a spinner and what is happening.
    func showBuilding(count: Int) {
        show(
            text: trn("Building {count} item…", "Building {count} items…", count, ["count": NumberText.grouped(count)]),
            progress: false)
    }

    /// While a sort order is computed: a spinner, unless a file is being opened.
    func showSorting() {
        if loading == nil { show(text: tr("Sorting…"), progress: false) }
    }

    /// While a search takes more than a moment: a spinner, unless a file is being opened.
    func showSearching() {
        if loading == nil { show(text: tr("Searching…"), progress: false) }
    }

    /// After sorting or searching, unless a file is being opened.
    func finishWorking() {
        if loading == nil { finish() }
    }

    func finish() {
        progressWatch?.cancel()
        progressWatch = nil
        loading = nil
        root.isVisible = false
        spinner.spinning = false
    }

    func chooseFile() {
        guard loading == nil else { return }
        let chooser = FileChooser(
            title: tr("Open a Catalog"), parent: window(), acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        chooser.addFilter(
            name: tr("CSV and TSV files"), mimeTypes: ["text/csv", "text/tab-separated-values"],
            patterns: ["*.csv", "*.tsv", "*.tab", "*.txt"])
        chooser.addFilter(name: tr("All files"), mimeTypes: [], patterns: ["*"])
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            if let path { self?.open(path: path) }
        }
    }

    /// Reads and checks `path` away from the main thread; another file being read is cancelled.
    func open(path: String) {
        loading?.cancel()
        let loading = CatalogLoading(totalBytes: Catalog.fileSize(path))
        self.loading = loading
        let name = Catalog.fileName(of: path)
        show(text: tr("Opening {file}…", ["file": name]), progress: true)
        progressWatch?.cancel()
        progressWatch = MainLoop.timeout(milliseconds: 100) { [weak self] in
            self?.progressBar.fraction = loading.fraction
            return true
        }
        let sort = keptSort()
        // Made here, on the main actor, so that the detached task holds no reference to self.
        let deliver: @Sendable @MainActor (Result<Catalog, CatalogImportError>) -> Void = { [weak self] result in
            self?.finishReading(result, loading: loading, path: path, name: name)
        }
        Task.detached {
            let result = Result { () throws(CatalogImportError) in try Catalog.load(path: path, loading: loading) }
            if case .success(let catalog) = result, let sort, let column = catalog.column(named: sort.column) {
                _ = catalog.positions(sortedBy: CatalogSortKey(column: column, descending: sort.descending))
            }
            MainLoop.post { deliver(result) }
        }
    }

    private func finishReading(
        _ result: Result<Catalog, CatalogImportError>, loading: CatalogLoading, path: String, name: String
    ) {
        guard self.loading === loading else { return }
        finish()
        switch result {
        case .success(let catalog): onOpened(catalog, path)
        case .failure(let error):
            if error.reason != .cancelled { showError(error, file: name) }
            onFailed()
        }
    }

    private func show(text: String, progress: Bool) {
        label.text = text
        spinner.isVisible = !progress
        spinner.spinning = !progress
        progressBar.isVisible = progress
        progressBar.fraction = 0
        cancelButton.isVisible = progress
        root.isVisible = true
    }

    private func showError(_ error: CatalogImportError, file: String) {
        let dialog = ErrorDialog(
            parent: window(), title: tr("Could not open “{file}”", ["file": file]),
            detail: error.description + "\n" + tr("The catalog shown has not changed."))
        dialog.present()
        lastErrorDialog = dialog
    }
}
