// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Opening a catalog as a user does, with real key presses and pointer moves (xdotool): Ctrl+O and
/// the file chooser, or a file dropped on the Filters page.
final class OpeningFilesTests: MainWindowTestCase, @unchecked Sendable {
    private let title = "Foldout opening test \(UUID().uuidString)"

    /// The Filters page over a small file of cities, and `text` written to the file `name` beside
    /// it, to be opened; returns the page and that file's path.
    @MainActor private func citiesShown(andWritten text: String, to name: String) throws -> (FiltersPage, String) {
        try showFiltersPage(csv: "city,country\nLyon,France\nGraz,Austria\n", named: "cities.csv", title: title)
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (try XCTUnwrap(main?.filters), path)
    }

    /// The window's title names the file the Filters page shows, as a GNOME app's names its
    /// document, while that page is shown.
    func testTheWindowTitleNamesTheFileShown() throws {
        try onMain {
            let (page, gems) = try citiesShown(andWritten: "gem,colour\nRuby,red\n", to: "gems.csv")
            let main = try XCTUnwrap(main)
            XCTAssertTrue(pump { main.window.title == "cities.csv — Foldout" }, "the title: \(main.window.title)")
            xdotool(["key", "alt+3"], window: title) { main.page == .movies }
            XCTAssertEqual(main.window.title, "Foldout", "the Movies page names no file")
            xdotool(["key", "alt+2"], window: title) { main.page == .filters }
            XCTAssertEqual(main.window.title, "cities.csv — Foldout")
            page.open(path: gems)
            XCTAssertTrue(pump { main.window.title == "gems.csv — Foldout" }, "the title: \(main.window.title)")
        }
    }

    func testControlOOpensTheFileChooserAndTheChosenFileIsShown() throws {
        try onMain {
            let (page, chosen) = try citiesShown(
                andWritten: "mineral,hardness\nTalc,1\nQuartz,7\nCorundum,9\n", to: "minerals.csv")
            xdotool(["key", "ctrl+o"], window: title, until: { WidgetTree.windowTitles().contains("Open File") })
            // Ctrl+L opens the chooser's location field; the path is typed there (xdotool's type
            // takes every argument after it as text, so each step is a run of its own).
            let chooser = "Open File"
            guard WidgetTree.windowTitles().contains(chooser) else { return }
            // GTK keeps the chooser's location mode (Ctrl+L) in GSettings, for every chooser after it
            // in this process (the memory backend): it goes back to the default afterwards.
            defer {
                StoredSettings(schema: "org.gtk.gtk4.Settings.FileChooser", searching: [])?.setText(
                    "location-mode", "path-bar")
                WidgetTree.closeWindow(titled: chooser)
            }
            // Each step waits for GTK to have taken the one before: keys typed before the location
            // field is there go to the file list, which GTK 4.18 searches.
            xdotool(["key", "ctrl+l"], window: chooser) { WidgetTree.focusedFieldText(inWindowTitled: chooser) != nil }
            xdotool(["key", "ctrl+a", "type", "--delay", "20", chosen], window: chooser) {
                WidgetTree.focusedFieldText(inWindowTitled: chooser)?.hasPrefix(chosen) == true
            }
            // GTK 4.18's location field completes as it is typed into, and leaves a folder's "/"
            // after the cursor ("…/minerals.csv/"): Shift+End and Delete take away whatever is
            // after it, as a user would (4.8 leaves nothing there).
            xdotool(["key", "shift+End", "Delete"], window: chooser) {
                WidgetTree.focusedFieldText(inWindowTitled: chooser) == chosen
            }
            XCTAssertEqual(WidgetTree.focusedFieldText(inWindowTitled: chooser), chosen, "the path typed")
            // GTK's completion may take the first Return (its popup lists the file); then a second.
            xdotool(["key", "Return"], window: chooser, until: { true })
            if !pump(seconds: 1, until: { !WidgetTree.windowTitles().contains(chooser) }) {
                xdotool(["key", "Return"], window: chooser, until: { true })
            }
            XCTAssertTrue(
                pump { page.filter?.catalog.count == 3 },
                "the chosen file is not shown; the chooser holds "
                    + "\(WidgetTree.fieldTexts(inWindowTitled: chooser))")
            XCTAssertFalse(WidgetTree.windowTitles().contains(chooser), "the chooser closes")
            XCTAssertEqual(page.filter?.catalog.name, "minerals.csv")
            XCTAssertTrue(pump { Set(page.visibleNames) == ["Talc", "Quartz", "Corundum"] }, "\(page.visibleNames)")
        }
    }

    /// The chooser is the newest the running GTK has: GtkFileDialog from GTK 4.10, GTK 4.8's
    /// native chooser before it, and for a chooser with a choice (the export's columns), which
    /// GtkFileDialog cannot offer.
    func testTheFileChooserIsTheRunningGTKsNewest() {
        onMain {
            let open = FileChooser(title: "Open", parent: nil, acceptLabel: "_Open", cancelLabel: "_Cancel")
            XCTAssertEqual(open.isFileDialog, GtkVersion.isAtLeast(minor: 10), "GTK \(GtkVersion.running)")
            let export = FileChooser(
                title: "Export", parent: nil, acceptLabel: "_Export", cancelLabel: "_Cancel", purpose: .save,
                choice: .init(id: "columns", label: "Columns", options: [("all", "All"), ("shown", "Shown")]))
            XCTAssertFalse(export.isFileDialog, "a choice needs GTK's native chooser")
            XCTAssertEqual(export.choice("columns"), "all", "the first option is chosen at first")
        }
    }

    /// A file dragged from another program (a GTK 4 window, Tests/dnd/drag_source.py, standing in
    /// for a file manager) and dropped on the Filters page with the pointer opens there: a real X
    /// drag and drop (XDND), pressed, moved and released by xdotool.
    func testDroppingAFileOnTheFiltersPageOpensIt() throws {
        try onMain {
            let (page, dropped) = try citiesShown(
                andWritten: "planet,moons\nMars,2\nJupiter,95\nSaturn,146\nNeptune,16\n", to: "dropped.csv")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("dnd/drag_source.py")
            let source = Process()
            let input = Pipe()
            let output = Pipe()
            source.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            source.arguments = [script.path, dropped, "1000", "100"]
            source.standardInput = input
            source.standardOutput = output
            try source.run()
            defer {
                try? input.fileHandleForWriting.close()
                source.waitUntilExit()
            }
            let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            let words = ready.split(separator: " ").compactMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            guard ready.hasPrefix("ready"), words.count == 2 else { return XCTFail("no drag source: \(ready)") }
            let target = try XCTUnwrap(page.listView.bounds(in: try XCTUnwrap(main).window))
            let (toX, toY) = (Int(target.x + target.width / 2), Int(target.y + target.height / 2))
            var arguments = ["mousemove", "\(words[0])", "\(words[1])", "sleep", "0.2", "mousedown", "1"]
            for step in 1...10 {
                let x = words[0] + (toX - words[0]) * step / 10
                let y = words[1] + (toY - words[1]) * step / 10
                arguments += ["mousemove", "\(x)", "\(y)", "sleep", "0.1"]
            }
            arguments += ["sleep", "0.3", "mouseup", "1"]
            xdotool(arguments, window: title, until: { page.filter?.catalog.name == "dropped.csv" })
            XCTAssertTrue(
                pump { Set(page.visibleNames) == ["Mars", "Jupiter", "Saturn", "Neptune"] }, "\(page.visibleNames)")
        }
    }
}
