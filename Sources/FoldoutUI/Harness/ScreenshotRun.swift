// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The harness runs that quit by themselves once the window is shown: `--quit-after-first-frame`
/// (the start-up benchmark's hook) and `--screenshot`. A screenshot waits on conditions, not
/// times: the page has its data (the catalog is built off the main thread), every flyout asked
/// for is mapped, and a frame of the window and of each flyout has been painted since. Animations
/// are off in these runs, so what was asked for (a row unfolded) is in its final state at once.
@MainActor
final class ScreenshotRun {
    /// How long a screenshot waits for the page's data before it takes the picture anyway.
    static let dataDeadlineMicroseconds = 60_000_000
    /// How often it looks whether the data is there.
    static let pollMilliseconds: UInt32 = 20

    private let window: MainWindow
    private let path: String?
    private let ofShortcuts: Bool
    private let quit: () -> Void
    private let fail: (String) -> Void

    /// Writes the window (the shortcuts window if `ofShortcuts`) to `path`, or with none only
    /// waits for the first frame; `fail` is told why the screenshot could not be written, and
    /// `quit` ends the run either way.
    init(
        window: MainWindow, path: String?, ofShortcuts: Bool, quit: @escaping () -> Void,
        fail: @escaping (String) -> Void
    ) {
        self.window = window
        self.path = path
        self.ofShortcuts = ofShortcuts
        self.quit = quit
        self.fail = fail
        window.window.settings.enableAnimations = false
    }

    func start() {
        window.window.afterNextFrame { [self] in
            guard let path else { return quit() }
            let deadline = MainLoop.monotonicTime + Self.dataDeadlineMicroseconds
            MainLoop.timeout(milliseconds: Self.pollMilliseconds) { [self] in
                let ready = window.isReady && asked.allSatisfy(\.isMapped)
                guard ready || MainLoop.monotonicTime > deadline else { return true }
                let shown: [Widget] =
                    ofShortcuts ? [window.shortcutsWindow ?? window.window] : [window.window] + asked
                afterFrames(of: shown) { [self] in capture(to: path) }
                return false
            }
        }
    }

    /// The flyouts shown or being shown.
    private var asked: [Popover] { popovers.filter(\.isVisible) }

    private var popovers: [Popover] {
        guard let filters = window.filters else { return [] }
        return filters.facetMenus.map(\.popover) + filters.facetBar.rangeMenus.map(\.popover)
    }

    /// Calls `body` once a frame of each of `widgets` (each surface has a clock of its own) has
    /// been painted.
    private func afterFrames(of widgets: [Widget], _ body: @escaping @MainActor () -> Void) {
        guard let first = widgets.first else { return body() }
        first.afterNextFrame { [self] in afterFrames(of: Array(widgets.dropFirst()), body) }
    }

    private func capture(to path: String) {
        do {
            if let shortcuts = window.shortcutsWindow, ofShortcuts {
                try Display.saveScreenshot(of: shortcuts, popovers: [], to: path)
            } else {
                try Display.saveScreenshot(of: window.window, popovers: popovers, to: path)
            }
        } catch {
            fail(tr("cannot write screenshot to “{file}”: {reason}", ["file": path, "reason": Self.reason(error)]))
        }
        quit()
    }

    private static func reason(_ error: ScreenshotError) -> String {
        switch error {
        case .notRealized: tr("the window is not shown")
        case .nothingDrawn: tr("the window has not been drawn")
        case .cannotWrite: tr("the PNG file could not be written")
        }
    }
}
