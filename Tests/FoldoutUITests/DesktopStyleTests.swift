// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The desktop's dark and high-contrast preference, flipped while a window is shown, restyles it:
/// a stand-in settings portal (Tests/portal/fake_settings_portal.py) on the test's session bus says
/// what the desktop would.
final class DesktopStyleTests: GtkTestCase, @unchecked Sendable {
    /// The stand-in portal process; lines written to it change a value and emit SettingChanged.
    private enum PortalError: Error {
        case didNotStart(String)
    }

    private final class FakePortal: @unchecked Sendable {
        let process = Process()
        let input = Pipe()
        let output = Pipe()

        /// `arguments`: fake_settings_portal.py's ("--old", the values at start).
        init(arguments: [String] = []) throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("portal/fake_settings_portal.py")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script.path] + arguments
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let firstLine = output.fileHandleForReading.availableData
            guard String(decoding: firstLine, as: UTF8.self).hasPrefix("ready") else {
                throw PortalError.didNotStart(String(decoding: firstLine, as: UTF8.self))
            }
        }

        func send(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// A portal older than ReadOne (version 1) answers the deprecated Read, its value boxed twice:
    /// the desktop's dark and high-contrast preference is still read at start.
    func testAnOlderPortalIsReadWithRead() throws {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            XCTFail("no session bus: run the UI tests under dbus-run-session, as build-aux/test.sh does")
            return
        }
        let fake = try FakePortal(arguments: ["--old", "1", "1"])
        defer { fake.stop() }
        onMain {
            guard let portal = AppearancePortal() else { return XCTFail("the older portal was not read") }
            XCTAssertEqual(portal.colorScheme, .preferDark)
            XCTAssertTrue(portal.highContrast)
        }
    }

    @MainActor private func brightness(_ widget: Widget) -> Double {
        let color = widget.foregroundColor
        return 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
    }

    func testThePortalsPreferenceRestylesARunningWindow() throws {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            XCTFail("no session bus: run the UI tests under dbus-run-session, as build-aux/test.sh does")
            return
        }
        let fake = try FakePortal()
        defer { fake.stop() }
        onMain {
            guard let portal = AppearancePortal() else { return XCTFail("the stand-in portal did not answer ReadOne") }
            XCTAssertEqual(portal.colorScheme, .noPreference)
            let style = DesktopStyle(
                portal: portal, dark: StyleSheet(css: StyleSheets.darkCSS),
                highContrast: StyleSheet(css: StyleSheets.highContrastCSS))
            let window = Window()
            let label = Label("Foldout")
            window.child = label
            window.present()
            defer { window.destroy() }
            pump(frames: 2, of: window)
            XCTAssertFalse(style.isDark)
            let lightText = brightness(label)
            XCTAssertLessThan(lightText, 0.5, "light theme: dark text")

            fake.send("color-scheme 1")
            XCTAssertTrue(pump(seconds: 5) { style.isDark }, "prefer-dark from the portal did not reach GTK")
            pump(frames: 2, of: window)
            let darkText = brightness(label)
            XCTAssertGreaterThan(darkText, 0.5, "dark theme: light text in the window already shown")
            XCTAssertTrue(style.darkSheetAttached)

            fake.send("contrast 1")
            XCTAssertTrue(pump(seconds: 5) { style.isHighContrast }, "high contrast from the portal did not reach GTK")
            pump(frames: 2, of: window)
            XCTAssertGreaterThan(
                brightness(label), darkText + 0.01, "HighContrastInverse: brighter text than Adwaita's dark")
            XCTAssertTrue(style.highContrastSheetAttached)
            XCTAssertFalse(style.darkSheetAttached)

            fake.send("color-scheme 2")
            XCTAssertTrue(pump(seconds: 5) { !style.isDark })
            pump(frames: 2, of: window)
            XCTAssertLessThan(brightness(label), lightText - 0.01, "HighContrast: darker text than Adwaita's")

            fake.send("contrast 0")
            fake.send("color-scheme 0")
            XCTAssertTrue(pump(seconds: 5) { !style.isHighContrast && portal.colorScheme == .noPreference })
            pump(frames: 2, of: window)
            XCTAssertFalse(style.highContrastSheetAttached || style.darkSheetAttached)
            XCTAssertEqual(brightness(label), lightText, accuracy: 0.001, "back to the theme GTK had")
        }
    }
}
