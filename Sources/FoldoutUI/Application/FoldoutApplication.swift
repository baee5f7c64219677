// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The application. Every launch's command line takes one path: GApplication parses it with the
/// declarations of `CommandLineOption`, the launching process reads it into a `LaunchRequest`
/// (a bad value fails there, status 2), and the instance that shows the window carries it out
/// (`MainWindow.carryOut`), the first launch's and every later one's alike. What can only be checked against the
/// catalog shown is answered when it has been: the launching process waits for that answer.
/// What persists between runs is the `Session`'s; the harness (screenshots, benchmarks, test
/// hooks) is in `Harness/`.
@MainActor
public final class FoldoutApplication {

    /// Files opened through D-Bus (a file manager) arrive as `open`; command lines, this
    /// process's own and later launches', as `command-line`.
    private let application = Application(id: Foldout.applicationID, flags: [.handlesOpen, .handlesCommandLine])
    private var mainWindow: MainWindow?
    private var harness = HarnessOptions()
    /// The catalog `--catalog` named, read before the window opens.
    private var startCatalog: Catalog?
    private var exitStatus: Int32 = 0
    private var harnessRun: AnyObject?
    /// Made once the launch's options say whether this run is one-shot.
    private lazy var session = Session(persistent: !harness.isOneShot)

    public init() {
        Translations.setUp()
        CommandLineOption.declare(on: application)
        application.onHandleLocalOptions { [unowned self] parsed in self.handle(parsed) }
        application.onStartup { [unowned self] in
            Style.load()
            MainWindow.setAccelerators(on: self.application)
            self.application.addAction("quit") { [unowned self] in
                if let window = self.mainWindow { self.session.save(window) }
                self.application.quit()
            }
        }
        application.onActivate { [unowned self] in self.showWindow(LaunchRequest.none) }
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
        System.printError("foldout: \(message)\n")
        return 2
    }

    // MARK: Launches

    /// Every launching process reads its options here: what is wrong with them fails this launch;
    /// what only it does (`--version`, `--export`, the harness's library commands) it does; the
    /// rest goes to `commandLine`, here or in the instance that runs already.
    private func handle(_ parsed: ParsedOptions) -> Int32? {
        var request: LaunchRequest
        do {
            request = try LaunchRequest(parsed)
            harness = try HarnessOptions(parsed)
        } catch {
            return fail(error.message)
        }
        if request.printsVersion {
            print("foldout \(Foldout.version)")
            return 0
        }
        if let status = harness.runLibraryCommand() { return status }
        if request.exportPath != nil || request.summaryPath != nil || request.groupsPath != nil {
            // No window takes the files this line names: they are this process's own arguments.
            request.take(files: CommandLineOption.positionalArguments(in: Array(CommandLine.arguments.dropFirst())))
        }
        if let path = request.exportPath { return CommandLineExport.run(request, to: path).map(fail) ?? 0 }
        if let path = request.summaryPath { return CommandLineExport.summarize(request, to: path).map(fail) ?? 0 }
        if let path = request.groupsPath { return CommandLineExport.group(request, to: path).map(fail) ?? 0 }
        if harness.isOneShot { application.flags.insert(.nonUnique) }
        if application.isRemote { return request.unreadableFile().map { fail($0.message) } }
        switch request.readStartCatalog() {
        case .success(let catalog):
            startCatalog = catalog
            return nil
        case .failure(let problem): return fail(problem.message)
        }
    }

    /// A command line, this process's own or a later launch's: shows the window if there is none
    /// yet, and applies what the line asks. The launching process waits until that is done.
    private func commandLine(_ invocation: CommandLineInvocation) -> Int32 {
        var request: LaunchRequest
        do {
            request = try LaunchRequest(invocation.options)
        } catch {
            invocation.printError("foldout: \(error.message)\n")
            return 2
        }
        request.take(files: invocation.arguments.map { LaunchRequest.catalogPath($0, resolve: invocation.path(of:)) })
        let reply = invocation.hold()
        if let mainWindow {
            mainWindow.carryOut(request, first: false, reply: reply)
        } else if let problem = request.unknownGeneratedColumn(
            rememberingACatalog: session.remembered.lastCatalog != nil)
        {
            invocation.printError("foldout: \(problem)\n")
            return 2
        } else {
            showWindow(request, reply: reply)
        }
        return reply.status
    }

    /// Opens the first of `paths` as the catalog of the Filters page, reading it in the background
    /// with its progress shown (a file that cannot be used is explained in a dialog).
    private func open(_ paths: [String]) {
        guard let path = paths.first else { return showWindow(LaunchRequest.none) }
        var request = LaunchRequest.none
        request.take(files: [path])
        if let mainWindow { mainWindow.carryOut(request, first: false, reply: nil) } else { showWindow(request) }
    }

    // MARK: The window

    /// Makes and shows the window for the first launch's `request` (the catalog it names, or the
    /// one opened last, or the built-in one), then applies the rest of the request to it.
    private func showWindow(_ request: LaunchRequest, reply: HeldCommandLine? = nil) {
        if let mainWindow { return mainWindow.window.present() }
        let (source, missing) = session.catalogSource(for: request, startCatalog: startCatalog)
        let window = MainWindow(
            application: application, actionsList: ActionsList(generatedCount: LaunchRequest.actionsCount),
            catalog: source, libraryStore: Session.libraryStore,
            catalogFileOpened: { [unowned self] path in session.opened(path) })
        session.openedAtStart(request, startCatalog: startCatalog, in: window)
        session.restore(window, tellingGone: missing)
        if let size = harness.windowSize { window.window.setDefaultSize(width: size.width, height: size.height) }
        // The page asked for from the start: building another first would cost the start-up. It
        // takes the keyboard focus after the first frame, as Alt+number gives it: GTK 4.12 and
        // later would otherwise put it on the Actions list's scrolled window, its rows not there yet.
        window.show(request.firstPage ?? harness.benchmarkPage ?? session.remembered.page ?? .actions)
        mainWindow = window
        window.carryOut(request, first: true, reply: reply)
        harnessRun = harness.start(
            in: window, showingShortcuts: request.showShortcuts, quit: { [unowned self] in application.quit() },
            fail: { [unowned self] message in exitStatus = fail(message) })
    }
}
