// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

extension GtkTestCase {
    /// The app's main window on an application of its own (a fresh id each time, registered:
    /// GTK adds windows only after `startup`), presented. Its Open Recent reads `recentFiles`, by
    /// default a list of its own in `libraryFolder`, never the desktop's.
    @MainActor func makeMainWindow(
        actions: ActionsList, catalog: Catalog, libraryFolder: String,
        width: Int32 = 720, height: Int32 = 640, recentFiles: RecentFiles? = nil
    ) -> MainWindow {
        Style.load()  // the app's own style sheet, as the app loads it: sizes and colours depend on it
        let application = Application(
            id: "dev.foldout.Foldout.Test\(UInt32.random(in: 0...UInt32.max))", flags: .nonUnique)
        XCTAssertTrue(application.register())
        MainWindow.setAccelerators(on: application)  // as the app's start-up sets them
        let main = MainWindow(
            application: application, actionsList: actions, catalog: .loaded(catalog),
            libraryStore: LibraryStore(directory: libraryFolder),
            recentFiles: recentFiles ?? RecentFiles(storedIn: libraryFolder + "/recently-used.xbel"),
            catalogFileOpened: { _ in })  // what the session keeps of it is the app's, not the window's
        main.window.setDefaultSize(width: width, height: height)
        main.window.present()
        return main
    }
}

/// Tests on the app's main window: a data folder of its own for each test, and the window (once a
/// test makes one and keeps it in `main`) destroyed after it.
class MainWindowTestCase: GtkTestCase, @unchecked Sendable {
    var folder = ""
    @MainActor var main: MainWindow?

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "foldout-window-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Reads the CSV `text` from a file in the test's folder (so that it has an origin, as a file a
    /// user opens does) and shows it on the Filters page of a main window titled `title` (which
    /// xdotool finds it by), once its first rows are bound.
    @MainActor func showFiltersPage(
        csv text: String, named name: String, title: String, height: Int32 = 800, views: CatalogViewStore? = nil
    ) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        let catalog = try Catalog.load(path: folder + "/" + name)
        let main = makeMainWindow(
            actions: ActionsList(generatedCount: 20), catalog: catalog, libraryFolder: folder, width: 900,
            height: height)
        self.main = main
        main.viewStore = views
        giveTitle(title, to: main.window)
        main.page = .filters
        let page = main.ensureFiltersPage()
        XCTAssertTrue(pump { page.filter != nil && page.boundRows.count >= min(catalog.count, 4) }, "no results")
        pump(frames: 3, of: page.listView)
    }

    /// Opens another file on the Filters page, then the file `name` of the test's folder again, as
    /// a user comes back to a file.
    @MainActor func reopen(_ name: String) throws {
        let page = try XCTUnwrap(main, "no main window").ensureFiltersPage()
        try "title,author\nDune,Herbert\n".write(toFile: folder + "/books.csv", atomically: true, encoding: .utf8)
        for path in [folder + "/books.csv", folder + "/" + name] {
            let before = page.filter?.catalog
            page.open(path: path)
            XCTAssertTrue(pump { page.filter?.catalog !== before }, "\(path) was not shown")
        }
    }

    override func tearDown() {
        onMain {
            main?.window.destroy()
            main = nil
            pump(seconds: 0.05)
        }
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }
}
