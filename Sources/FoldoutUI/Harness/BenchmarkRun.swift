// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Glibc
import Gtk

/// The app's side of `foldout-bench`: hidden options that drive a page for a fixed amount of work,
/// record the intervals between frames with `g_get_monotonic_time()`, print one JSON line and quit.
@MainActor
final class BenchmarkRun {
    enum Mode: Equatable {
        /// Scroll the Filters page's results one page per frame for this many frames.
        case scroll(frames: Int)
        /// Drag the first range facet's lower end (its flyout open) a step per frame for this many frames.
        case drag(frames: Int)
        /// Unfold and fold rows of the Actions page this many times.
        case unfold(cycles: Int)
        /// Quit after the first frame that shows the page's data (the catalog, on Filters).
        case quitWhenReady
        /// Open this file on the Filters page, its search kept, and time it until its results show.
        case reopen(path: String)
        /// Say when a frame first shows the launch's table filtered in its server with its first
        /// counts and rows, and when one shows every flyout made.
        case serverOpening
    }

    private let mode: Mode
    private let window: MainWindow
    private let quit: () -> Void
    private var intervals: [Double] = []
    private var lastFrame: Int?

    init(mode: Mode, window: MainWindow, quit: @escaping () -> Void) {
        self.mode = mode
        self.window = window
        self.quit = quit
    }

    func start() {
        if mode == .serverOpening { return serverOpening() }
        MainLoop.timeout(milliseconds: 5) { [self] in
            guard window.isReady else { return true }
            switch mode {
            case .scroll(let frames): scroll(frames: frames)
            case .drag(let frames): drag(frames: frames)
            case .unfold(let cycles): unfold(cycles: cycles)
            case .quitWhenReady: quitAfterNextFrame()
            case .reopen(let path): reopen(path)
            case .serverOpening: break
            }
            return false
        }
    }

    /// Records the interval since the previous frame.
    private func recordFrame() {
        let now = MainLoop.monotonicTime
        if let lastFrame { intervals.append(Double(now - lastFrame) / 1000) }
        lastFrame = now
    }

    private func scroll(frames: Int) {
        guard let filters = window.filters else { return finish(["rows": 0]) }
        let adjustment = filters.isTableShown ? filters.table.root.verticalAdjustment : filters.resultsAdjustment
        window.window.addTickCallback { [self] _ in
            recordFrame()
            let next = adjustment.value + adjustment.pageSize
            adjustment.value = next + adjustment.pageSize > adjustment.upper ? 0 : next
            guard intervals.count < frames else {
                finish(["rows": Double(filters.filter?.matchCount ?? 0)])
                return false
            }
            return true
        }
    }

    /// Moves the slider as a pointer dragging it would, five thousandths of the span a frame, up
    /// to 60% and back: each step filters, counts and redraws the results and the histogram.
    private func drag(frames: Int) {
        guard let filters = window.filters, let menu = filters.facetBar.rangeMenus.first else {
            return finish(["rows": 0])
        }
        menu.button.popup()
        var position = 0.0
        var step = 5.0
        window.window.addTickCallback { [self] _ in
            recordFrame()
            if position + step > RangeMenu.steps * 0.6 || position + step < 0 { step = -step }
            position += step
            menu.lowerScale.value = position
            guard intervals.count < frames else {
                menu.button.popdown()
                finish(["rows": Double(filters.filter?.matchCount ?? 0)])
                return false
            }
            return true
        }
    }

    private func unfold(cycles: Int) {
        let page = window.actions
        var done = 0
        var unfolding = true
        var visible = page.visibleRowIDs
        window.window.addTickCallback { [self] _ in
            recordFrame()
            guard page.isSettled else { return true }
            if done == cycles * 2 {
                finish(["cycles": Double(cycles)])
                return false
            }
            if visible.isEmpty { visible = page.visibleRowIDs }
            if unfolding, let id = visible.popLast() { page.viewModel.toggle(id) } else { page.viewModel.fold() }
            unfolding.toggle()
            done += 1
            return true
        }
    }

    /// Times opening `path`: reading it (until the catalog reaches the main thread), then from
    /// there until the page is ready (the main thread's work of showing it, to the next frame's
    /// tick) and until a frame shows its results, the search kept from the catalog before searched.
    private func reopen(_ path: String) {
        guard let filters = window.filters else { return finish(["rows": 0]) }
        let start = MainLoop.monotonicTime
        filters.open(path: path)
        var blocked = 0
        var lastTick = start
        window.window.addTickCallback { [self] _ in
            let now = MainLoop.monotonicTime
            blocked = max(blocked, now - lastTick)
            lastTick = now
            guard window.isReady, let read = filters.work.lastDelivered, read > start else { return true }
            let ready = now
            window.window.afterNextFrame { [self] in
                let shown = MainLoop.monotonicTime
                finish([
                    "read_ms": Double(read - start) / 1000, "read_to_ready_ms": Double(ready - read) / 1000,
                    "read_to_results_ms": Double(shown - read) / 1000,
                    "total_ms": Double(shown - start) / 1000, "longest_frame_gap_ms": Double(blocked) / 1000,
                    "rows": Double(filters.filter?.matchCount ?? 0),
                ])
            }
            return false
        }
    }

    /// The monotonic times (µs, `CLOCK_MONOTONIC`: the bench subtracts when it started the app)
    /// of the frames after the server table's first counts and rows, and after its last flyout.
    private func serverOpening() {
        guard let filters = window.filters else { return finish(["rows": 0]) }
        var counted: Int?
        window.window.addTickCallback { [self] _ in
            guard let server = filters.shownTable as? DatabaseFacets else { return true }
            if counted == nil, server.counts != nil, !server.rows.isEmpty {
                counted = 0
                window.window.afterNextFrame { counted = MainLoop.monotonicTime }
            }
            guard let at = counted, at > 0, window.isReady else { return true }
            window.window.afterNextFrame { [self] in
                finish([
                    "counted_at_us": Double(at), "ready_at_us": Double(MainLoop.monotonicTime),
                    "rows": Double(server.matchCount),
                ])
            }
            return false
        }
    }

    private func quitAfterNextFrame() {
        window.window.afterNextFrame { [self] in quit() }
    }

    private func finish(_ extra: [String: Double]) {
        var fields = extra
        fields["frames"] = Double(intervals.count)
        fields["p50_ms"] = Statistics.percentile(intervals, 0.5) ?? 0
        fields["p99_ms"] = Statistics.percentile(intervals, 0.99) ?? 0
        fields["max_ms"] = intervals.max() ?? 0
        print(
            "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}")
        fflushStandardOutput()
        quit()
    }
}

private func fflushStandardOutput() { fflush(nil) }
