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

    /// Reads `parsed`, option by option in the order of `options`.
    init(_ parsed: ParsedOptions) throws(LaunchProblem) {
        for option in Self.options { try option.read(into: &self, from: parsed) }
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

    /// The harness's options, each with how it is read. `--help` lists none of them; they are read
    /// in this order, so a later benchmark wins over an earlier one.
    static var options: [ReadOption<HarnessOptions>] {
        [
            .flag(
                "list-movies", "Print the movie library's titles and genres, then quit", hidden: true,
                sets: \.listMovies),
            .flag(
                "touch-library", "Load the movie library and save it again, then quit", hidden: true,
                sets: \.touchLibrary),
            .text("window-size", "WxH", "The window's size, WIDTHxHEIGHT (for screenshots)", hidden: true) {
                (options, text) throws(LaunchProblem) in
                let parts = text.split(separator: "x").compactMap { Int32($0) }
                guard parts.count == 2, windowSizes.contains(parts[0]), windowSizes.contains(parts[1]) else {
                    throw LaunchProblem("--window-size takes WIDTHxHEIGHT in pixels, not “\(text)”")
                }
                options.windowSize = (parts[0], parts[1])
            },
            benchmark(
                "bench-scroll", "FRAMES", "Benchmark: scroll the Filters results for FRAMES frames",
                BenchmarkRun.Mode.scroll(frames:), on: .filters),
            benchmark(
                "bench-unfold", "CYCLES", "Benchmark: unfold and fold CYCLES Actions rows",
                BenchmarkRun.Mode.unfold(cycles:), on: .actions),
            benchmark(
                "bench-drag", "FRAMES", "Benchmark: drag a range end on the Filters page for FRAMES frames",
                BenchmarkRun.Mode.drag(frames:), on: .filters),
            .flag("quit-when-ready", "Benchmark: quit after the first frame that shows the page's data", hidden: true) {
                $0.benchmark = .quitWhenReady
            },
            .flag(
                "bench-server-opening",
                "Benchmark: say when frames show the table in its server counted, then every flyout", hidden: true
            ) {
                $0.benchmark = .serverOpening
                $0.benchmarkPage = .filters
            },
            .file(
                "bench-reopen", "FILE",
                "Benchmark: open FILE on the Filters page, the search kept, and time it until its results show",
                hidden: true
            ) { options, path in
                options.benchmark = .reopen(path: path)
                options.benchmarkPage = .filters
            },
            .file(
                "screenshot", "FILE.png",
                "Write the window (or with --shortcuts, the shortcuts window) to FILE.png once it shows its data",
                hidden: true
            ) { (options, path) throws(LaunchProblem) in
                if let problem = writeProblem(path) {
                    throw LaunchProblem(
                        tr("cannot write screenshot to “{file}”: {reason}", ["file": path, "reason": problem]))
                }
                options.screenshot = path
            },
            .flag(
                "quit-after-first-frame", "Quit once the first frame is painted", hidden: true,
                sets: \.quitAfterFirstFrame),
        ]
    }

    /// `--bench-…=COUNT`: the benchmark `mode` runs COUNT times on `page`.
    private static func benchmark(
        _ name: String, _ argument: String, _ description: String, _ mode: @escaping (Int) -> BenchmarkRun.Mode,
        on page: Page
    ) -> ReadOption<HarnessOptions> {
        .text(name, argument, description, hidden: true) { (options, text) throws(LaunchProblem) in
            guard let count = Int(text), benchmarkCounts.contains(count) else {
                throw LaunchProblem("--\(name) needs a number from 1 to 100,000, not “\(text)”")
            }
            options.benchmark = mode(count)
            options.benchmarkPage = page
        }
    }
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
