// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Open Recent (issue 26, item 7) on the real window, with real keys and clicks (xdotool under
/// Xvfb). The window's recently used files are a list of the test's own (a `GtkRecentManager` on a
/// `recently-used.xbel` in the test's temporary folder, never the desktop's); the test adds files
/// to that file through a second manager, as another application would, and the window learns of
/// them through GTK's "changed" signal.
final class OpenRecentTests: MainWindowTestCase, @unchecked Sendable {
    private let windowTitle = "Foldout recent test \(UUID().uuidString)"
    /// The other side: where files are added, as by Foldout or by another application.
    @MainActor private var recent: RecentFiles!

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }
    @MainActor private var menu: RecentCatalogsMenu { main!.recentCatalogs }
    @MainActor private var listed: [String] { menu.files.map { Catalog.fileName(of: $0.path) } }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "apt-get install xdotool")
        try onMain {
            RecentFiles.nameApplicationIfUnnamed("foldout")
            try showFiltersPage(csv: "name,kind\nShop,bakery\n", named: "places.csv", title: windowTitle)
            recent = RecentFiles(storedIn: folder + "/recently-used.xbel")
        }
    }

    @MainActor private func write(_ text: String, to name: String) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Adds, oldest first: two files of Foldout's types from other applications, three that are
    /// not (a photo, a tarball, a text file), one Foldout opened that is then deleted, and one
    /// Foldout opened. The menu lists the three catalogs that are there, newest first.
    @MainActor private func addRecentFiles() throws {
        XCTAssertEqual(listed, [], "a list of the test's own, empty at first")
        // The menu is filled after the window's first frame, at low priority.
        XCTAssertTrue(pump { self.main?.recentCatalogs.menu.label(at: 0) == "No Recent Catalogs" })
        recent.add(
            try write("station\ttemp\nJFK\t21\n", to: "weather/my_weather.tsv"), mimeType: "text/tab-separated-values",
            byApplication: "gnumeric")
        recent.add(
            try write("not really gzip", to: "flights.csv.gz"), mimeType: "application/gzip",
            byApplication: "file-roller")
        recent.add(try write("PNG", to: "photo.png"), mimeType: "image/png", byApplication: "eog")
        recent.add(try write("tar", to: "backup.tar.gz"), mimeType: "application/gzip", byApplication: "file-roller")
        recent.add(try write("notes", to: "notes.txt"), mimeType: "text/plain", byApplication: "gedit")
        let gone = try write("a,b\n1,2\n", to: "gone.csv")
        recent.add(gone)
        try FileManager.default.removeItem(atPath: gone)
        recent.add(try write("name,hardness\nTalc,1\nGypsum,2\nCalcite,3\n", to: "minerals.csv"))
        XCTAssertTrue(
            pump(seconds: 5) { listed == ["minerals.csv", "flights.csv.gz", "my_weather.tsv"] },
            "the menu follows the list: \(listed)")
        XCTAssertEqual(menu.menu.count, 3)
        XCTAssertEqual(menu.menu.label(at: 2)?.hasPrefix("my__weather.tsv — "), true, "a menu label's _ is doubled")
    }

    @MainActor private func xdotool(_ arguments: String..., until done: () -> Bool, line: UInt = #line) {
        xdotool(arguments, window: windowTitle, until: done, line: line)
    }

    @MainActor private func click(_ widget: Widget?, until done: () -> Bool, line: UInt = #line) {
        guard let widget else { return XCTFail("not shown", line: line) }
        waitUntilStill(widget, line: line)
        guard let point = widget.pointInWindow() else { return XCTFail("not shown", line: line) }
        xdotool("mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1", until: done, line: line)
    }

    @MainActor private func shown(_ text: String) -> Widget? { WidgetTree.mappedLabel(text, under: main!.window) }

    @MainActor private func label(of name: String, line: UInt = #line) throws -> String {
        let path = try XCTUnwrap(
            menu.files.first { $0.path.hasSuffix("/" + name) }, "Open Recent does not list \(name)", line: line
        ).path
        return RecentCatalogs.menuLabel(forPath: path, home: getenv("HOME").map { String(cString: $0) })
            .replacing("__", with: "_")
    }

    /// F10, then Right into Open Recent, Down to the third file, Return: the file is read and shown.
    func testTheMainMenuOpensARecentFileWithTheKeyboard() throws {
        try onMain {
            try addRecentFiles()
            // The labels the menu shows, known once the files are listed.
            let weather = try label(of: "my_weather.tsv")
            let minerals = try label(of: "minerals.csv")
            xdotool("key", "F10") { shown("Open Recent") != nil }
            xdotool("key", "Right") { shown(weather) != nil }
            xdotool("key", "Down", "Down", "Down", "Return") {
                page.filter?.catalog.name == "my_weather.tsv" && !page.work.isOpening
            }
            XCTAssertEqual(page.filter?.catalog.count, 1)
            XCTAssertEqual(page.filter?.catalog.columns.map(\.name), ["station", "temp"])
            XCTAssertEqual(page.watchedPath, folder + "/weather/my_weather.tsv", "opened as Open… opens a file")
            XCTAssertNil(shown(minerals), "the menu closed")
        }
    }

    /// The arrow beside Open…, Open Recent, then the file: clicks, as a user makes them. A file that
    /// went away since the list last changed is left out when the menu opens.
    func testTheOpenButtonsMenuOpensARecentFileWithClicks() throws {
        try onMain {
            try addRecentFiles()
            let minerals = try label(of: "minerals.csv")
            XCTAssertTrue(page.openMenuButton.isVisible)
            try FileManager.default.removeItem(atPath: folder + "/flights.csv.gz")
            click(page.openMenuButton) { shown("Open Recent") != nil }
            XCTAssertEqual(listed, ["minerals.csv", "my_weather.tsv"], "looked again as the menu opened")
            click(shown("Open Recent")) { shown(minerals) != nil }
            click(shown(minerals)) {
                page.filter?.catalog.name == "minerals.csv" && !page.work.isOpening
            }
            XCTAssertEqual(page.filter?.catalog.count, 3)
            XCTAssertEqual(page.watchedPath, folder + "/minerals.csv")
        }
    }
}
