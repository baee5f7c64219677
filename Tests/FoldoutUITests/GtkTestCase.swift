// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Gtk
import GtkTesting
import XCTest

/// Base for tests on real widgets. GTK needs a display: under `xvfb-run` it has one. Without one
/// the tests skip and say so, unless FOLDOUT_REQUIRE_DISPLAY=1 (CI), where that is a failure.
///
/// XCTest on Linux runs test methods on the main thread but cannot call `@MainActor` test methods
/// directly, so tests enter the main actor with `onMain`.
class GtkTestCase: XCTestCase, @unchecked Sendable {
    @MainActor private static var initialized: Bool?

    override func setUpWithError() throws {
        try onMain { try self.initializeGtk() }
    }

    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated(body)
    }

    @MainActor private func initializeGtk() throws {
        if Self.initialized == nil {
            setenv("GSETTINGS_BACKEND", "memory", 0)
            setenv("GSK_RENDERER", "cairo", 0)
            Self.initialized = GtkRuntime.initialize()
            // A keyring of the tests' own before any test opens a database (DatabasePasswords asks one).
            TestKeyring.start()
        }
        if Self.initialized == false {
            let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"
            let message = "no display for GTK (DISPLAY=\(display)): run under xvfb-run"
            if ProcessInfo.processInfo.environment["FOLDOUT_REQUIRE_DISPLAY"] == "1" {
                XCTFail(message)
            }
            throw XCTSkip(message)
        }
    }

    /// How many times longer every wait may be: build-aux/valgrind-ui-tests.sh sets
    /// FOLDOUT_TEST_PATIENCE, valgrind running the code twenty to fifty times slower.
    static let patience = ProcessInfo.processInfo.environment["FOLDOUT_TEST_PATIENCE"].flatMap(Double.init) ?? 1

    /// Runs the main loop until `condition` holds or `seconds` pass (times `patience`); returns the
    /// condition.
    @MainActor @discardableResult
    func pump(seconds: Double = 3, until condition: () -> Bool = { false }) -> Bool {
        let deadline = MainLoop.monotonicTime + Int(seconds * Self.patience * 1_000_000)
        let wakeUp = MainLoop.timeout(milliseconds: 5) { true }  // never block for long
        defer { wakeUp.cancel() }
        while MainLoop.monotonicTime < deadline {
            if condition() { return true }
            MainLoop.iterate(blocking: true)
        }
        return condition()
    }

    /// The windows `giveTitle(_:to:)` titled, by that title.
    @MainActor private static var titledWindows: [String: WeakWindow] = [:]

    private struct WeakWindow {
        weak var window: Window?
    }

    /// Titles `window` `title`, by which `xdotool` finds it even after the app has titled it
    /// otherwise (the main window names the file it shows).
    @MainActor func giveTitle(_ title: String, to window: Window) {
        window.title = title
        Self.titledWindows[title] = WeakWindow(window: window)
    }

    /// Presses keys and moves the pointer as a user does: xdotool gives the window titled `title`
    /// the keyboard focus (there is no window manager under Xvfb to do it) and sends the events to
    /// the X server; the main loop delivers them until xdotool has exited and `done` holds. With no
    /// `title`, the events go through the X server's input (XTEST) to whatever has the focus: for a
    /// key that closes its window, whose release xdotool could not send to it (BadWindow), leaving
    /// GTK to take the key as held in the tests after.
    ///
    /// xdotool is started with posix_spawn, not Foundation's Process: under valgrind (see
    /// build-aux/valgrind-ui-tests.sh) Process fails with EBADF closing valgrind's own descriptors.
    @MainActor func xdotool(
        _ arguments: [String], window title: String?, seconds: Double = 10, until done: () -> Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        // --sync: a window about to appear (a dialog) is waited for.
        let argv: [String]
        if let title, let id = Self.titledWindows[title]?.window?.x11ID {
            // Found by its id, there is no search whose first result ("%1") the arguments name.
            let named = arguments.map { $0 == "%1" ? String(id) : $0 }
            argv = ["/usr/bin/xdotool", "windowfocus", "--sync", String(id)] + named
        } else {
            let focusing = title.map { ["search", "--sync", "--name", $0, "windowfocus", "--sync"] } ?? []
            argv = ["/usr/bin/xdotool"] + focusing + arguments
        }
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], nil, nil, &cArguments, environ)
        XCTAssertEqual(spawned, 0, "xdotool could not be started", file: file, line: line)
        var exited = spawned != 0
        XCTAssertTrue(
            pump(seconds: seconds) {
                var status: Int32 = 0
                if !exited { exited = waitpid(pid, &status, WNOHANG) == pid }
                return exited && done()
            }, "xdotool \(arguments.joined(separator: " ")) had no effect", file: file, line: line)
        if !exited {
            var status: Int32 = 0
            kill(pid, SIGTERM)
            waitpid(pid, &status, 0)
        }
    }

    /// Delivers to `widget` every event xdotool's last run made: the display server's queue is
    /// drained, and GTK hands input to widgets only at a frame. A condition that already held
    /// before the last event (a drag had begun) does not wait for it.
    @MainActor func deliverPendingInput(to widget: Widget) {
        Display.sync()
        pump(frames: 2, of: widget)
    }

    /// Runs the main loop for `frames` frames of `widget`'s frame clock.
    @MainActor func pump(frames: Int, of widget: Widget) {
        var seen = 0
        widget.addTickCallback { _ in
            seen += 1
            return seen < frames
        }
        pump(seconds: 5) { seen >= frames }
    }

    /// Runs the main loop until `widget` stays where it is in its window for three frames: a
    /// popover being placed, a menu sliding to its submenu. A click aimed before then can miss.
    @MainActor func waitUntilStill(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
        var last: (x: Int, y: Int)?
        var still = 0
        for _ in 0..<300 {
            pump(frames: 1, of: widget)
            let point = widget.pointInWindow()
            if let point, let last, point.x == last.x, point.y == last.y { still += 1 } else { still = 0 }
            if still >= 3 { return }
            last = point
        }
        XCTFail("the widget never came to rest", file: file, line: line)
    }
}
