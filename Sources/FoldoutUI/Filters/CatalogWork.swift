// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// The work on the Filters page's catalog that takes a while, and the strip that shows it: opening
/// a catalog (the file chooser, reading the file off the main thread with a progress bar, bytes
/// read of the total, and a Cancel button, and the error dialog for a file that cannot be used;
/// the catalog shown stays until the new one is ready), and a spinner while one is built, sorted
/// or searched.
@MainActor
final class CatalogWork {
    private lazy var strip = ProgressStrip(
        cancelTooltip: tr("Stop reading the file and keep the catalog shown")
    ) { [weak self] in self?.loading?.cancel() }
    var root: Box { strip.root }
    var label: Label { strip.label }
    var progressBar: ProgressBar { strip.progressBar }
    var cancelButton: Button { strip.cancelButton }
    private var chooser: FileChooser?
    private var loading: CatalogLoading?
    /// True while a file is being read.
    var isOpening: Bool { loading != nil }
    private var progressWatch: SourceToken?
    /// The question which table to open, while it is asked.
    private(set) var partChooser: PartChooser?
    /// How the catalog shown was read (its table, its character set): a reload reads it so again.
    private(set) var lastOptions = CatalogReadOptions()
    /// The window, the parent of the file chooser and the dialogs.
    private let window: @MainActor () -> Window?
    private let onOpened: @MainActor (Catalog, _ path: String, PreparedSearch?) -> Void
    /// After a PostgreSQL table too large to read (or asked to stay there) was opened in its server.
    private let onServerTable: @MainActor (DatabaseTable, _ path: String) -> Void
    /// After a file could not be used (its error shown) or its reading was cancelled: why, in one
    /// line.
    private let onFailed: @MainActor (String) -> Void
    /// The order the page will show a new catalog in, if it has the column: the sort order kept
    /// from the catalog shown (its column's name, and whether descending). That order is computed
    /// while the file is read, not on the main thread afterwards.
    private let keptSort: @MainActor () -> (column: String, descending: Bool)?
    /// The search to make in the new catalog while it is read (the text searched in the one
    /// shown), so that nothing is indexed or searched on the main thread when it is shown.
    private let keptSearch: @MainActor () -> (text: String, everyColumn: Bool)?
    /// The error dialog shown, kept until it is answered (its response handler holds it weakly).
    private var errorDialog: ErrorDialog?
    /// The password a database server asks for, while it is asked.
    private(set) var passwordPrompt: PasswordPrompt?
    /// Tells the user something done in passing, in the window's notification.
    private let notify: @MainActor (String) -> Void
    /// When the last catalog read reached the main thread (monotonic µs), for the benchmark.
    private(set) var lastDelivered: Int?

    init(
        window: @escaping @MainActor () -> Window?,
        onOpened: @escaping @MainActor (Catalog, _ path: String, PreparedSearch?) -> Void,
        onServerTable: @escaping @MainActor (DatabaseTable, _ path: String) -> Void,
        onFailed: @escaping @MainActor (String) -> Void,
        keptSort: @escaping @MainActor () -> (column: String, descending: Bool)?,
        keptSearch: @escaping @MainActor () -> (text: String, everyColumn: Bool)?,
        notify: @escaping @MainActor (String) -> Void
    ) {
        self.window = window
        self.notify = notify
        self.onOpened = onOpened
        self.onServerTable = onServerTable
        self.onFailed = onFailed
        self.keptSort = keptSort
        self.keptSearch = keptSearch
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
        strip.hide()
    }

    func chooseFile() {
        guard loading == nil else { return }
        let chooser = FileChooser(
            title: tr("Open File"), parent: window(), acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        chooser.addFilter(
            name: tr("Catalogs (CSV, TSV, JSON, SQLite, spreadsheets, compressed)"),
            mimeTypes: CatalogFileTypes.mimeTypes,
            patterns: CatalogFileTypes.fileChooserPatterns)
        chooser.addFilter(name: tr("All files"), mimeTypes: [], patterns: ["*"])
        self.chooser = chooser
        chooser.choose { [weak self] path in
            self?.chooser = nil
            if let path { self?.open(path: path) }
        }
    }

    /// Reads and checks `path` away from the main thread; another file being read is cancelled.
    /// A database with several tables, or an archive with several files, asks which one first.
    func open(path: String, options: CatalogReadOptions = CatalogReadOptions()) {
        loading?.cancel()
        // A database's table has no size in bytes: its progress is counted in rows, as a fraction.
        let loading = CatalogLoading(totalBytes: DatabaseAddress.isAddress(path) ? 1 << 20 : Catalog.fileSize(path))
        self.loading = loading
        let name = Catalog.fileName(of: path)
        show(text: tr("Opening {file}…", ["file": name]), progress: true)
        progressWatch?.cancel()
        progressWatch = MainLoop.timeout(milliseconds: 100) { [weak self] in
            self?.progressBar.fraction = loading.fraction
            return true
        }
        let sort = keptSort()
        let search = keptSearch()
        // Made here, on the main actor, so that the detached task holds no reference to self.
        let deliver: @Sendable @MainActor (Result<Catalog, CatalogImportError>, PreparedSearch?) -> Void = {
            [weak self] result, prepared in
            self?.finishReading(result, prepared, loading: loading, path: path, name: name, options: options)
        }
        let deliverTable: @Sendable @MainActor (DatabaseTable) -> Void = { [weak self] table in
            guard let self, self.loading === loading else { return }
            self.finish()
            self.lastOptions = options
            self.onServerTable(table, path)
        }
        Task.detached {
            if let address = DatabaseAddress(path) {
                let opened = Result { () throws(CatalogImportError) -> DatabaseTable? in
                    // The range facets' histograms are counted once the window shows the rest.
                    try DatabaseTable.staysInServer(address: address, options: options)
                        ? DatabaseTable.open(address: address, table: options.table, deferringRanges: true) : nil
                }
                switch opened {
                case .success(let table?): return MainLoop.post { deliverTable(table) }
                case .failure(let error): return MainLoop.post { deliver(.failure(error), nil) }
                case .success(nil): break
                }
            }
            let result = Result { () throws(CatalogImportError) in
                try CatalogReader.load(path: path, options: options, loading: loading)
            }
            var prepared: PreparedSearch?
            if case .success(let catalog) = result {
                if let sort, let column = catalog.column(named: sort.column) {
                    _ = catalog.positions(sortedBy: CatalogSortKey(column: column, descending: sort.descending))
                }
                prepared = search.flatMap { PreparedSearch($0.text, in: catalog, everyColumn: $0.everyColumn) }
            }
            MainLoop.post { deliver(result, prepared) }
        }
    }

    private func finishReading(
        _ result: Result<Catalog, CatalogImportError>, _ prepared: PreparedSearch?, loading: CatalogLoading,
        path: String, name: String, options: CatalogReadOptions
    ) {
        guard self.loading === loading else { return }
        lastDelivered = MainLoop.monotonicTime
        finish()
        switch result {
        case .success(let catalog):
            lastOptions = options
            onOpened(catalog, path, prepared)
            if let lines = catalog.origin?.irregularLines, !lines.isEmpty {
                notify(RaggedRowsText.notice(file: name, lines: lines))
            }
        case .failure(let error):
            if case .severalTables = error.reason {
                choosePart(of: path, options: options)
                return
            }
            if let address = DatabaseAddress(path) {
                switch error.reason {
                case .needsPassword: return askPassword(for: address, options: options, error: error, refused: false)
                case .passwordRefused: return askPassword(for: address, options: options, error: error, refused: true)
                default: break
                }
            }
            if error.reason != .cancelled { showError(error, file: name) }
            if case .wrongFieldCount = error.reason, options.raggedRows == .refuse {
                errorDialog?.addAction(tr("Open Anyway")) { [weak self] in
                    var padded = options
                    padded.raggedRows = .pad
                    self?.open(path: path, options: padded)
                }
            }
            onFailed(Self.problem(error, path: path))
        }
    }

    /// Asks which table of a database, or which file of an archive, to open; then opens it.
    private func choosePart(of path: String, options: CatalogReadOptions) {
        let name = Catalog.fileName(of: path)
        let deliver: @Sendable @MainActor (Result<[CatalogPart], CatalogImportError>) -> Void = { [weak self] parts in
            guard let self else { return }
            switch parts {
            case .success(let parts):
                let chooser = PartChooser(parent: self.window(), file: name, parts: parts) { [weak self] part in
                    self?.partChooser = nil
                    guard let part else {
                        return self?.onFailed(
                            tr("no table of “{file}” was chosen", ["file": DatabaseAddress.withoutPassword(path)]))
                            ?? ()
                    }
                    var chosen = options
                    chosen.table = part
                    self?.open(path: path, options: chosen)
                }
                self.partChooser = chooser
                chooser.present()
            case .failure(let error):
                self.showError(error, file: name)
                self.onFailed(Self.problem(error, path: path))
            }
        }
        Task.detached {
            let parts = Result { () throws(CatalogImportError) in try CatalogReader.parts(of: path) }
            MainLoop.post { deliver(parts) }
        }
    }

    /// Asks for the password the server wants for `address` (again, when it `refused` the one
    /// given), then opens it with that password (kept in the keyring when the prompt says so);
    /// Cancel opens nothing.
    private func askPassword(
        for address: DatabaseAddress, options: CatalogReadOptions, error: CatalogImportError, refused: Bool
    ) {
        let prompt = PasswordPrompt(parent: window(), address: address, refused: refused) { [weak self] answer in
            guard let self else { return }
            passwordPrompt = nil
            guard let answer else { return onFailed(Self.problem(error, path: address.text)) }
            if answer.remember {
                DatabasePasswords.remember(answer.password, for: address) { [weak self] reason in
                    self?.notify(tr("The password was not remembered: {reason}", ["reason": reason]))
                }
            }
            open(path: address.withPassword(answer.password), options: options)
        }
        passwordPrompt = prompt
        prompt.present()
    }

    private static func problem(_ error: CatalogImportError, path: String) -> String {
        error.reason == .cancelled
            ? tr("reading “{file}” was cancelled", ["file": DatabaseAddress.withoutPassword(path)])
            : CatalogImportError.cannotOpen(path, error)
    }

    private func show(text: String, progress: Bool) { strip.show(text, progress: progress) }

    private func showError(_ error: CatalogImportError, file: String) {
        let dialog = ErrorDialog(
            parent: window(), title: tr("Could not open “{file}”", ["file": file]),
            detail: error.description + "\n" + tr("The catalog shown has not changed."))
        dialog.present()
        errorDialog = dialog
    }
}
