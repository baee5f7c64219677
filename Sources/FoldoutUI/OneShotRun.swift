// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The runs that quit by themselves once the window is shown: `--quit-after-first-frame` (the
/// start-up benchmark's hook) and `--screenshot`, which waits until the page has its data (the
/// catalog is built off the main thread) and a frame showing it has been painted, and until any
/// flyout asked for is open, then writes the PNG.
@MainActor
final class OneShotRun {
    /// How long a screenshot waits for the page's data before it takes the picture anyway.
    static let dataDeadlineMicroseconds = 60_000_000
    /// How often it looks whether the data is there.
    static let pollMilliseconds: UInt32 = 50
    /// A popover is a surface of its own, laid out and painted on its own clock: time for it.
    static let popoverSettleMilliseconds: UInt32 = 400

    private let window: MainWindow
    private let options: StartOptions
    private let quit: () -> Void
    private let fail: (String) -> Void

    /// `fail` is told why the screenshot could not be written; `quit` ends the run either way.
    init(window: MainWindow, options: StartOptions, quit: @escaping () -> Void, fail: @escaping (String) -> Void) {
        self.window = window
        self.options = options
        self.quit = quit
        self.fail = fail
    }

    func start() {
        window.window.afterNextFrame { [self] in finish() }
    }

    private func finish() {
        guard let path = options.screenshot else { return quit() }
        let deadline = MainLoop.monotonicTime + Self.dataDeadlineMicroseconds
        MainLoop.timeout(milliseconds: Self.pollMilliseconds) { [self] in
            guard window.isReady || MainLoop.monotonicTime > deadline else { return true }
            if let facet = options.openFacet { window.filters?.openMenu(named: facet) }
            window.window.afterNextFrame { [self] in
                let settles = options.openFacet != nil || options.unfoldRow != nil
                MainLoop.timeout(milliseconds: settles ? Self.popoverSettleMilliseconds : 0) {
                    [self] in
                    capture(to: path)
                    return false
                }
            }
            return false
        }
    }

    private func capture(to path: String) {
        do {
            if let shortcuts = window.shortcutsWindow, options.showShortcuts {
                try Display.saveScreenshot(of: shortcuts, popovers: [], to: path)
            } else {
                let popovers =
                    (window.filters?.facetMenus.map(\.popover) ?? [])
                    + (window.filters?.facetBar.rangeMenus.map(\.popover) ?? [])
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
