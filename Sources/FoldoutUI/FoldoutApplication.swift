// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// The application: command-line options, the window, and the start-up hooks that screenshots
/// and the start-up benchmark use.
@MainActor
public final class FoldoutApplication {
    public static let actionsCount = 10_000
    public nonisolated static let defaultCatalogSize = 1_000_000
    public static let catalogSizes = 1...50_000_000

    /// A later launch's command line (`foldout --page movies`, `foldout FILE.csv`) reaches the
    /// window that runs already; files are opened on the Filters page. Files opened through D-Bus
    /// (a file manager) arrive as `open`.
    private let application = Application(id: Foldout.applicationID,
                                           flags: [.handlesOpen, .handlesCommandLine])
    private var mainWindow: MainWindow?
    private var options = StartOptions()
    private var exitStatus: Int32 = 0
    private var benchmarkRun: BenchmarkRun?
    private var remembered = RememberedState.none

    struct StartOptions {
        /// The page `--page` asks for (or a benchmark needs).
        var requestedPage: Page?
        var screenshot: String?
        var quitAfterFirstFrame = false
        var unfoldRow: Int?
        /// The name of the facet whose flyout is opened, as the catalog names it.
        var openFacet: String?
        /// An option to choose at start: the facet's name and the option.
        var choice: (facet: String, option: String)?
        /// A catalog file given to a later launch, opened in the running window.
        var catalogPath: String?
        /// Whether the command line said which catalog to show (a file or a size).
        var catalogChosen = false
        /// A run that quits by itself (a screenshot, a benchmark): it neither reads nor keeps
        /// what the user did last.
        var isOneShot: Bool { screenshot != nil || quitAfterFirstFrame || benchmark != nil }
        /// Text to search the Filters page for at start.
        var search: String?
        var openEditPane = false
        /// The window's size asked for with `--window-size` (screenshots of narrow and wide windows).
        var windowSize: (width: Int32, height: Int32)?
        var showShortcuts = false
        var benchmark: BenchmarkRun.Mode?
        var catalog = CatalogSource.generated(count: FoldoutApplication.defaultCatalogSize)
    }

    public init() {
        Translations.setUp()
        application.setOptionSummary(tr("Foldout shows the things that fold out of a list, done right."))
        application.addOption("page", kind: .string, description: tr("Show PAGE first ({pages})", ["pages": Page.names]), argument: tr("PAGE"))
        application.addOption("unfold", kind: .string, description: tr("Unfold row ROW of the Actions page (from 0)"), argument: tr("ROW"))
        application.addOption("catalog-size", kind: .string, description: tr("Generate a catalog of N items for the Filters page (default {count})", ["count": NumberText.grouped(Self.defaultCatalogSize)]), argument: tr("N"))
        application.addOption("catalog", kind: .filename, description: tr("Open the catalog FILE on the Filters page (CSV or TSV, with a header row)"), argument: tr("FILE"))
        application.addOption("open-facet", kind: .string, description: tr("Open the flyout of the facet named FACET on the Filters page"), argument: tr("FACET"))
        application.addOption("choose", kind: .string, description: tr("Choose OPTION in the facet FACET on the Filters page"), argument: tr("FACET=OPTION"))
        application.addOption("search", kind: .string, description: tr("Search the Filters page for TEXT"), argument: tr("TEXT"))
        application.addOption("screenshot", kind: .filename, description: tr("Write the window to FILE.png after its first frame, then quit"), argument: tr("FILE.png"))
        application.addOption("edit", kind: .flag, description: tr("Open the Edit pane of the Movies page"))
        application.addOption("shortcuts", kind: .flag, description: tr("Show the keyboard shortcuts window (with --screenshot, its picture is taken)"))
        application.addOption("list-movies", kind: .flag, description: "Print the movie library's titles and genres, then quit", hidden: true)
        application.addOption("touch-library", kind: .flag, description: "Load the movie library and save it again, then quit", hidden: true)
        application.addOption("bench-scroll", kind: .string, description: "Benchmark: scroll the Filters results for FRAMES frames", argument: "FRAMES", hidden: true)
        application.addOption("bench-unfold", kind: .string, description: "Benchmark: unfold and fold CYCLES Actions rows", argument: "CYCLES", hidden: true)
        application.addOption("window-size", kind: .string, description: "The window's size, WIDTHxHEIGHT (for screenshots)", argument: "WxH", hidden: true)
        application.addOption("quit-when-ready", kind: .flag, description: "Benchmark: quit after the first frame that shows the page's data", hidden: true)
        application.addOption("quit-after-first-frame", kind: .flag, description: tr("Quit once the first frame is painted"))
        application.addOption("version", kind: .flag, description: tr("Print the version and quit"))
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

    /// This process's own command line (its options read in `handle`) shows the window; a later
    /// launch's acts on it.
    private func commandLine(_ invocation: CommandLineInvocation) -> Int32 {
        let files = invocation.files
        guard invocation.isRemote, mainWindow != nil else {
            if let file = files.first, !options.catalogChosen {
                options.catalog = .file(path: file)
                options.catalogChosen = true
                options.requestedPage = options.requestedPage ?? .filters
            }
            activate()
            return 0
        }
        var later = StartOptions()
        if let problem = readLaterLaunch(invocation.options, into: &later) {
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
            window.ensureFiltersPage().open(path: invocation.path(of: path))
            window.page = .filters
        } else if case let .generated(count) = later.catalog, count != Self.defaultCatalogSize {
            window.ensureFiltersPage().generate(count: count)
            window.page = .filters
        }
        if later.choice != nil || later.search != nil {
            window.ensureFiltersPage().request(choice: later.choice, search: later.search)
        }
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

    /// Runs the application with the process's arguments; returns the exit status.
    public func run() -> Int32 {
        if let problem = optionProblem(in: Array(CommandLine.arguments.dropFirst())) { return fail(problem) }
        let status = application.run()
        return status != 0 ? status : exitStatus
    }

    /// What GLib would refuse in `arguments` (an unknown option, a value missing), said in one line
    /// as Foldout's own errors are, before GLib says it its own way and exits with status 1.
    func optionProblem(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            guard argument.hasPrefix("-"), argument != "-" else { continue }
            let name = argument.hasPrefix("--") ? String(argument.dropFirst(2).prefix { $0 != "=" }) : ""
            if argument.hasPrefix("--help") || argument == "-h" || argument == "-?" || argument.hasPrefix("--gapplication-") { continue }
            guard let kind = application.options[name] else {
                return tr("unknown option “{option}” (see foldout --help)", ["option": argument])
            }
            if kind != .flag && !argument.contains("=") {
                guard index < arguments.count else { return tr("{option} needs a value", ["option": argument]) }
                index += 1
            }
        }
        return nil
    }

    /// This launch's options: those that only this process can act on (`--version`, the hidden
    /// automation modes) are done here; the rest are checked, and kept for `commandLine` when this
    /// process runs the window, or passed on to the instance that runs.
    private func handle(_ parsed: ParsedOptions) -> Int32? {
        if parsed.contains("version") {
            print("foldout \(Foldout.version)")
            return 0
        }
        if parsed.contains("touch-library") {
            return touchLibrary()
        }
        if let problem = parseBenchmark(parsed) { return fail(problem) }
        if parsed.contains("list-movies") {
            listMovies()
            return 0
        }
        if let problem = readLaterLaunch(parsed, into: &options) { return fail(problem) }
        if let path = parsed.filename("screenshot") {
            if let problem = Self.writeProblem(path) {
                return fail(tr("cannot write screenshot to “{file}”: {reason}", ["file": path, "reason": problem]))
            }
            options.screenshot = path
        }
        options.quitAfterFirstFrame = parsed.contains("quit-after-first-frame")
        if options.isOneShot {
            // A one-shot run must not hand its work to an instance that is already running.
            application.flags.insert(.nonUnique)
        }
        if application.isRemote {
            if let path = options.catalogPath, access(path, R_OK) != 0 {
                return fail(tr("cannot open catalog “{file}”: {reason}", ["file": path, "reason": String(cString: strerror(errno))]))
            }
            return nil
        }
        return loadStartCatalog()
    }

    /// Reads the options a later launch may pass to the running window as well; returns the
    /// first problem, said in one line.
    private func readLaterLaunch(_ parsed: ParsedOptions, into options: inout StartOptions) -> String? {
        if let name = parsed.string("page") {
            guard let page = Page(rawValue: name) else {
                return tr("unknown page “{page}” (pages: {pages})", ["page": name, "pages": Page.names])
            }
            options.requestedPage = page
        }
        // Numbers arrive as strings: GApplication drops an integer option whose value is 0.
        if let text = parsed.string("unfold") {
            guard let row = Int(text), row >= 0 && row < Self.actionsCount else {
                return tr("no row “{row}” to unfold (rows: 0 to {last})", ["row": text, "last": String(Self.actionsCount - 1)])
            }
            options.unfoldRow = row
        }
        if let text = parsed.string("catalog-size") {
            guard let size = Int(text), Self.catalogSizes.contains(size) else {
                return tr("--catalog-size must be a number from {low} to {high}, not “{value}”",
                          ["low": String(Self.catalogSizes.lowerBound), "high": NumberText.grouped(Self.catalogSizes.upperBound), "value": text])
            }
            options.catalog = .generated(count: size)
            options.catalogChosen = true
        }
        if let path = parsed.filename("catalog") {
            guard !parsed.contains("catalog-size") else { return tr("use either --catalog or --catalog-size, not both") }
            options.catalogPath = path
            options.catalogChosen = true
        }
        options.openFacet = parsed.string("open-facet")
        if let text = parsed.string("choose") {
            guard let equals = text.firstIndex(of: "=") else { return tr("--choose takes FACET=OPTION, not “{value}”", ["value": text]) }
            options.choice = (String(text[..<equals]), String(text[text.index(after: equals)...]))
        }
        if let text = parsed.string("window-size") {
            let parts = text.split(separator: "x").compactMap { Int32($0) }
            guard parts.count == 2, (200...16_384).contains(parts[0]), (200...16_384).contains(parts[1]) else {
                return "--window-size takes WIDTHxHEIGHT in pixels, not “\(text)”"
            }
            options.windowSize = (parts[0], parts[1])
        }
        options.search = parsed.string("search")
        options.openEditPane = parsed.contains("edit")
        options.showShortcuts = parsed.contains("shortcuts")
        return nil
    }

    /// In the process that shows the window: reads `--catalog` now (a file that cannot be used
    /// ends the launch with its reason) and checks the facets named against it.
    private func loadStartCatalog() -> Int32? {
        if let path = options.catalogPath {
            do {
                options.catalog = .loaded(try Catalog.load(path: path))
            } catch {
                return fail(tr("cannot open catalog “{file}”: {reason}", ["file": path, "reason": error.description]))
            }
        }
        if let name = options.openFacet {
            guard let facet = Self.facet(named: name, in: options.catalog) else { return fail(unknownFacet(name)) }
            options.openFacet = facet
        }
        if let choice = options.choice {
            guard let facet = Self.facet(named: choice.facet, in: options.catalog) else { return fail(unknownFacet(choice.facet)) }
            options.choice = (facet, choice.option)
        }
        return nil
    }

    func fail(_ message: String) -> Int32 {
        FileHandleStandardError.write("foldout: \(message)\n")
        return 2
    }

    private func activate() {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        remembered = options.isOneShot ? .none : .load()
        let missingCatalog = reopenLastCatalog()
        let list = ActionsList(generatedCount: Self.actionsCount)
        let window = MainWindow(application: application, actionsList: list, catalog: options.catalog, libraryStore: Self.libraryStore)
        mainWindow = window
        remembered.restore(window)
        if let size = options.windowSize { window.window.setDefaultSize(width: size.width, height: size.height) }
        if let path = options.catalogPath { remembered.lastCatalog = Resources.canonical(path) }
        window.onCatalogFileOpened = { [unowned self] path in self.remembered.lastCatalog = path }
        window.window.onCloseRequest { [unowned self, unowned window] in
            self.remembered.save(window)
            return false
        }
        if let missingCatalog {
            window.notification.show(tr("“{file}” is no longer there; the built-in catalog is shown instead.",
                                        ["file": Catalog.fileName(of: missingCatalog)]))
        }
        if options.choice != nil || options.search != nil {
            window.ensureFiltersPage().request(choice: options.choice, search: options.search)
        }
        window.page = options.requestedPage ?? remembered.page ?? .actions
        if options.openEditPane { window.ensureMoviesPage().openPaneAtOnce() }
        if let row = options.unfoldRow { window.unfold(row: row) }
        window.window.present()
        if options.showShortcuts { window.showShortcuts() }
        if let mode = options.benchmark {
            benchmarkRun = BenchmarkRun(mode: mode, window: window) { [unowned self] in application.quit() }
            benchmarkRun?.start()
        } else if options.screenshot != nil || options.quitAfterFirstFrame {
            window.window.afterNextFrame { [unowned self] in self.finishOneShotRun() }
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

    /// Quits after the first frame; for a screenshot, first waits until the page has its data
    /// (the catalog is built off the main thread) and a frame showing it has been painted, and
    /// until any flyout asked for is open.
    private func finishOneShotRun() {
        guard let path = options.screenshot, let window = mainWindow else {
            application.quit()
            return
        }
        let deadline = MainLoop.monotonicTime + 60_000_000
        MainLoop.timeout(milliseconds: 50) { [unowned self] in
            guard window.isReady || MainLoop.monotonicTime > deadline else { return true }
            if let facet = options.openFacet { window.filters?.openMenu(named: facet) }
            window.window.afterNextFrame { [unowned self] in
                // A popover is a surface of its own, laid out and painted on its own clock.
                MainLoop.timeout(milliseconds: options.openFacet == nil ? 0 : 400) { [unowned self] in
                    capture(window, to: path)
                    return false
                }
            }
            return false
        }
    }

    private func capture(_ window: MainWindow, to path: String) {
        do {
            if let shortcuts = window.shortcutsWindow, options.showShortcuts {
                try Display.saveScreenshot(of: shortcuts, popovers: [], to: path)
            } else {
                try Display.saveScreenshot(of: window.window, popovers: window.filters?.facetMenus.map(\.popover) ?? [], to: path)
            }
        } catch {
            exitStatus = fail(tr("cannot write screenshot to “{file}”: {reason}", ["file": path, "reason": Self.reason(error)]))
        }
        application.quit()
    }

    private static func reason(_ error: ScreenshotError) -> String {
        switch error {
        case .notRealized: tr("the window is not shown")
        case .nothingDrawn: tr("the window has not been drawn")
        case .cannotWrite: tr("the PNG file could not be written")
        }
    }

    private func parseBenchmark(_ parsed: ParsedOptions) -> String? {
        for (name, make) in [("bench-scroll", BenchmarkRun.Mode.scroll(frames:)), ("bench-unfold", BenchmarkRun.Mode.unfold(cycles:))] {
            guard let text = parsed.string(name) else { continue }
            guard let count = Int(text), (1...100_000).contains(count) else { return "--\(name) needs a number from 1 to 100,000, not “\(text)”" }
            options.benchmark = make(count)
            options.requestedPage = name == "bench-scroll" ? .filters : .actions
        }
        if parsed.contains("quit-when-ready") { options.benchmark = .quitWhenReady }
        return nil
    }

    /// The facet's name as the catalog spells it, for a name given in any case (or in English for
    /// the generated catalog, whose names are translated).
    private static func facet(named name: String, in source: CatalogSource) -> String? {
        let facets = facetNames(of: source)
        if let facet = facets.first(where: { $0.lowercased() == name.lowercased() }) { return facet }
        guard let english = Catalog.generatedFacetNames.firstIndex(where: { $0.lowercased() == name.lowercased() }) else { return nil }
        let translated = tr(Catalog.generatedFacetNames[english])
        return facets.contains(translated) ? translated : nil
    }

    private func unknownFacet(_ name: String) -> String {
        tr("unknown facet “{facet}” (facets: {facets})", ["facet": name, "facets": Self.facetNames(of: options.catalog).joined(separator: ", ")])
    }

    /// The names of the facets the catalog will show at first.
    private static func facetNames(of source: CatalogSource) -> [String] {
        switch source {
        case .generated: Catalog.generatedFacetNames.map { tr($0) }
        case .loaded(let catalog): catalog.facetColumns.map { catalog.columns[$0].name }
        case .file: [] // known once the file is read
        }
    }

    /// Why `path` cannot be written, or nil if it can.
    static func writeProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return tr("it is a folder") }
            return access(path, W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let target = folder.isEmpty ? "/" : folder
        return access(target, W_OK) == 0 ? nil : "\(target): \(String(cString: strerror(errno)))"
    }
}

enum FileHandleStandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}
