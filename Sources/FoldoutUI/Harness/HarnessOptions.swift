// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// The harness: what only the screenshots (README, tests), the benchmark (`foldout-bench`) and
/// the tests use, kept in this folder and out of `--help`. A harness run quits by itself; it
/// neither reads nor keeps what the user did last, and never hands its work to an instance that
/// runs already.
@MainActor
struct HarnessOptions {
    static let windowSizes: ClosedRange<Int32> = 200...16_384
    static let benchmarkCounts = 1...100_000

    /// Write the window to this PNG file once the page shows its data, then quit.
    var screenshot: String?
    var windowSize: (width: Int32, height: Int32)?
    var quitAfterFirstFrame = false
    var benchmark: BenchmarkRun.Mode?
    /// The page a benchmark drives.
    var benchmarkPage: Page?
    var listMovies = false
    var touchLibrary = false

    var isOneShot: Bool { screenshot != nil || quitAfterFirstFrame || benchmark != nil }

    init() {}

    init(_ parsed: ParsedOptions) throws(LaunchProblem) {
        listMovies = parsed.contains(Self.listMoviesOption)
        touchLibrary = parsed.contains(Self.touchLibraryOption)
        if let text = parsed.string(Self.windowSizeOption) {
            let parts = text.split(separator: "x").compactMap { Int32($0) }
            guard parts.count == 2, Self.windowSizes.contains(parts[0]), Self.windowSizes.contains(parts[1]) else {
                throw LaunchProblem("--window-size takes WIDTHxHEIGHT in pixels, not “\(text)”")
            }
            windowSize = (parts[0], parts[1])
        }
        let benchmarks: [(CommandLineOption, (Int) -> BenchmarkRun.Mode, Page)] = [
            (Self.benchScroll, BenchmarkRun.Mode.scroll(frames:), .filters),
            (Self.benchUnfold, BenchmarkRun.Mode.unfold(cycles:), .actions),
            (Self.benchDrag, BenchmarkRun.Mode.drag(frames:), .filters),
        ]
        for (option, mode, page) in benchmarks {
            guard let text = parsed.string(option) else { continue }
            guard let count = Int(text), Self.benchmarkCounts.contains(count) else {
                throw LaunchProblem("--\(option.name) needs a number from 1 to 100,000, not “\(text)”")
            }
            benchmark = mode(count)
            benchmarkPage = page
        }
        if parsed.contains(Self.quitWhenReady) { benchmark = .quitWhenReady }
        if let path = parsed.filename(Self.benchReopen) {
            benchmark = .reopen(path: path)
            benchmarkPage = .filters
        }
        if let path = parsed.filename(Self.screenshotOption) {
            if let problem = Self.writeProblem(path) {
                throw LaunchProblem(
                    tr("cannot write screenshot to “{file}”: {reason}", ["file": path, "reason": problem]))
            }
            screenshot = path
        }
        quitAfterFirstFrame = parsed.contains(Self.quitAfterFirstFrameOption)
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

    static var options: [CommandLineOption] {
        [
            screenshotOption, windowSizeOption, quitAfterFirstFrameOption, quitWhenReady, benchScroll, benchUnfold,
            benchDrag, benchReopen, listMoviesOption, touchLibraryOption,
        ]
    }

    static let screenshotOption = CommandLineOption(
        name: "screenshot", kind: .filename,
        description: "Write the window (or with --shortcuts, the shortcuts window) to FILE.png once it shows its data",
        argument: "FILE.png", isHidden: true)
    static let windowSizeOption = CommandLineOption(
        name: "window-size", kind: .string, description: "The window's size, WIDTHxHEIGHT (for screenshots)",
        argument: "WxH", isHidden: true)
    static let quitAfterFirstFrameOption = CommandLineOption(
        name: "quit-after-first-frame", kind: .flag, description: "Quit once the first frame is painted",
        argument: nil, isHidden: true)
    static let quitWhenReady = CommandLineOption(
        name: "quit-when-ready", kind: .flag,
        description: "Benchmark: quit after the first frame that shows the page's data", argument: nil, isHidden: true)
    static let benchScroll = CommandLineOption(
        name: "bench-scroll", kind: .string, description: "Benchmark: scroll the Filters results for FRAMES frames",
        argument: "FRAMES", isHidden: true)
    static let benchUnfold = CommandLineOption(
        name: "bench-unfold", kind: .string, description: "Benchmark: unfold and fold CYCLES Actions rows",
        argument: "CYCLES", isHidden: true)
    static let benchDrag = CommandLineOption(
        name: "bench-drag", kind: .string,
        description: "Benchmark: drag a range end on the Filters page for FRAMES frames", argument: "FRAMES",
        isHidden: true)
    static let benchReopen = CommandLineOption(
        name: "bench-reopen", kind: .filename,
        description: "Benchmark: open FILE on the Filters page, the search kept, and time it until its results show",
        argument: "FILE", isHidden: true)
    static let listMoviesOption = CommandLineOption(
        name: "list-movies", kind: .flag, description: "Print the movie library's titles and genres, then quit",
        argument: nil, isHidden: true)
    static let touchLibraryOption = CommandLineOption(
        name: "touch-library", kind: .flag, description: "Load the movie library and save it again, then quit",
        argument: nil, isHidden: true)
}

extension HarnessOptions {
    /// Starts on `window` the run these options ask for: a benchmark, or a screenshot or a quit
    /// after the first frame. Returns the run, which must be kept while it lasts; nil for none.
    @MainActor func start(
        in window: MainWindow, showingShortcuts: Bool, quit: @escaping () -> Void,
        fail: @escaping @MainActor (String) -> Void
    ) -> AnyObject? {
        if let mode = benchmark {
            let run = BenchmarkRun(mode: mode, window: window, quit: quit)
            run.start()
            return run
        }
        guard screenshot != nil || quitAfterFirstFrame else { return nil }
        let run = ScreenshotRun(
            window: window, path: screenshot, ofShortcuts: showingShortcuts, quit: quit, fail: fail)
        run.start()
        return run
    }
}
