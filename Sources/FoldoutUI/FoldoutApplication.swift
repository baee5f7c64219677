// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// The application: it reads the command line (`StartOptions`), shows the window with the pages,
/// keeps what it remembers, and hands later launches' command lines to the window. The automation
/// runs are in `OneShotRun` and `BenchmarkRun`, the library's hidden options in
/// `FoldoutApplication+Library`.
@MainActor
public final class FoldoutApplication {
    public static let actionsCount = StartOptions.actionsCount
    public nonisolated static let defaultCatalogSize = 1_000_000

    /// A later launch's command line (`foldout --page movies`, `foldout FILE.csv`) reaches the
    /// window that runs already; files are opened on the Filters page. Files opened through D-Bus
    /// (a file manager) arrive as `open`.
    private let application = Application(id: Foldout.applicationID, flags: [.handlesOpen, .handlesCommandLine])
    private var mainWindow: MainWindow?
    private var options = StartOptions()
    private var exitStatus: Int32 = 0
    private var benchmarkRun: BenchmarkRun?
    private var oneShotRun: OneShotRun?
    private var remembered = RememberedState.none

    public init() {
        Translations.setUp()
        CommandLineOption.declare(on: application)
        application.onHandleLocalOptions { [unowned self] parsed in self.handle(parsed) }
        application.onStartup { [unowned self] in
            Style.load()
            self.application.addAction("quit") { [unowned self] in
                if let window = self.mainWindow { self.remembered.save(window) }
                self.application.quit()
            }
        }
        application.onActivate { [unowned self] in self.activate() }
        application.onOpen { [unowned self] paths in self.open(paths) }
        application.onCommandLine { [unowned self] invocation in self.commandLine(invocation) }
    }

    /// Runs the application with the process's arguments; returns the exit status.
    public func run() -> Int32 {
        if let problem = CommandLineOption.problem(in: Array(CommandLine.arguments.dropFirst())) {
            return fail(problem)
        }
        let status = application.run()
        return status != 0 ? status : exitStatus
    }

    func fail(_ message: String) -> Int32 {
        FileHandleStandardError.write("foldout: \(message)\n")
        return 2
    }

    // MARK: Launches

    /// This launch's options: what only this process can do (`--version`, the hidden library
    /// options) is done here; the rest is checked, and kept for `commandLine` when this process
    /// shows the window, or passed on to the instance that runs.
    private func handle(_ parsed: ParsedOptions) -> Int32? {
        if parsed.contains(.version) {
            print("foldout \(Foldout.version)")
            return 0
        }
        if parsed.contains(.touchLibrary) { return touchLibrary() }
        if parsed.contains(.listMovies) {
            listMovies()
            return 0
        }
        if let problem = options.readOneShotOptions(parsed) ?? options.readWindowOptions(parsed) {
            return fail(problem)
        }
        if let path = parsed.filename(.export) { return CommandLineExport.run(options, to: path).map(fail) ?? 0 }
        if options.isOneShot { application.flags.insert(.nonUnique) }
        if application.isRemote {
            if let path = options.catalogPath, access(path, R_OK) != 0 {
                return fail(
                    tr(
                        "cannot open catalog “{file}”: {reason}",
                        ["file": path, "reason": String(cString: strerror(errno))]))
            }
            return nil
        }
        return options.loadCatalog().map(fail)
    }

    /// This process's own command line (its options read in `handle`) shows the window; a later
    /// launch's acts on it.
    private func commandLine(_ invocation: CommandLineInvocation) -> Int32 {
        let files = invocation.files
        guard invocation.isRemote, mainWindow != nil else {
            if let file = files.first, !options.catalogChosen {
                options.catalog = .file(path: file, options: options.readOptions)
                options.catalogChosen = true
                options.requestedPage = options.requestedPage ?? .filters
            }
            activate()
            return 0
        }
        var later = StartOptions()
        if let problem = later.readWindowOptions(invocation.options) {
            invocation.printError("foldout: \(problem)\n")
            return 2
        }
        if later.catalogPath == nil { later.catalogPath = files.first }
        apply(later, resolving: invocation)
        return 0
    }

    /// What a later launch asks the running window to do.
    private func apply(_ later: StartOptions, resolving invocation: CommandLineInvocation) {
        guard let window = mainWindow else { return }
        if let path = later.catalogPath {
            window.ensureFiltersPage().open(path: invocation.path(of: path), options: later.readOptions)
            window.page = .filters
        } else if case .generated(let count) = later.catalog, later.catalogChosen {
            window.ensureFiltersPage().generate(count: count)
            window.page = .filters
        }
        if !later.filters.isEmpty || later.search != nil || later.sort != nil {
            window.ensureFiltersPage().request(filters: later.filters, search: later.search, sort: later.sort)
        }
        if let table = later.showsTable { window.ensureFiltersPage().isTableShown = table }
        if let page = later.requestedPage { window.page = page }
        if later.openEditPane, !window.ensureMoviesPage().pane.isOpen { window.movies?.pane.toggle() }
        if let row = later.unfoldRow { window.unfold(row: row) }
        window.window.present()
        if later.showShortcuts { window.showShortcuts() }
    }

    /// Opens the first of `paths` as the catalog of the Filters page, reading it in the background
    /// with its progress shown (a file that cannot be used is explained in a dialog).
    private func open(_ paths: [String]) {
        activate()
        guard let window = mainWindow, let path = paths.first else { return }
        window.page = .filters
        window.filters?.open(path: path)
    }

    // MARK: The window

    private func activate() {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        remembered = options.isOneShot ? .none : .load()
        let missingCatalog = reopenLastCatalog()
        let list = ActionsList(generatedCount: Self.actionsCount)
        let window = MainWindow(
            application: application, actionsList: list, catalog: options.catalog,
            libraryStore: Self.libraryStore)
        mainWindow = window
        if !options.isOneShot { window.viewStore = CatalogViewStore(directory: Self.viewDirectory) }
        if !options.isOneShot, case .loaded = options.catalog, let path = options.catalogPath {
            window.catalogPath = Resources.canonical(path)
        }
        remember(window)
        if let size = options.windowSize { window.window.setDefaultSize(width: size.width, height: size.height) }
        if let missingCatalog {
            window.notification.show(
                tr(
                    "“{file}” is no longer there; the built-in catalog is shown instead.",
                    ["file": Catalog.fileName(of: missingCatalog)]))
        }
        if !options.filters.isEmpty || options.search != nil || options.sort != nil {
            window.ensureFiltersPage().request(filters: options.filters, search: options.search, sort: options.sort)
        }
        if let table = options.showsTable { window.ensureFiltersPage().isTableShown = table }
        window.page = options.requestedPage ?? remembered.page ?? .actions
        if options.openEditPane { window.ensureMoviesPage().openPaneAtOnce() }
        if let row = options.unfoldRow { window.unfold(row: row) }
        window.window.present()
        if options.showShortcuts { window.showShortcuts() }
        startAutomation(in: window)
    }

    /// Gives `window` what it had last time, and keeps what it has when it closes.
    private func remember(_ window: MainWindow) {
        remembered.restore(window)
        if let path = options.catalogPath {
            remembered.lastCatalog = Resources.canonical(path)
            if !options.isOneShot { RecentFiles.shared.add(Resources.canonical(path)) }
        }
        window.onCatalogFileOpened = { [unowned self] path in
            self.remembered.lastCatalog = path
            if !self.options.isOneShot { RecentFiles.shared.add(path) }
        }
        window.window.onCloseRequest { [unowned self, unowned window] in
            self.remembered.save(window)
            return false
        }
    }

    /// Shows the catalog file opened last, unless the command line chose one; returns its path
    /// if it is gone (it is then forgotten).
    private func reopenLastCatalog() -> String? {
        guard !options.catalogChosen, let path = remembered.lastCatalog else { return nil }
        guard access(path, R_OK) == 0 else {
            remembered.lastCatalog = nil
            return path
        }
        options.catalog = .file(path: path)
        return nil
    }

    private func startAutomation(in window: MainWindow) {
        if let mode = options.benchmark {
            benchmarkRun = BenchmarkRun(mode: mode, window: window) { [unowned self] in application.quit() }
            benchmarkRun?.start()
        } else if options.screenshot != nil || options.quitAfterFirstFrame {
            oneShotRun = OneShotRun(
                window: window, options: options, quit: { [unowned self] in application.quit() },
                fail: { [unowned self] message in exitStatus = fail(message) })
            oneShotRun?.start()
        }
    }
}

enum FileHandleStandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}
