// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

extension GtkTestCase {
    /// The app's main window on an application of its own (a fresh id each time, registered:
    /// GTK adds windows only after `startup`), presented.
    @MainActor func makeMainWindow(
        actions: ActionsList, catalog: Catalog, libraryFolder: String,
        width: Int32 = 720, height: Int32 = 640
    ) -> MainWindow {
        let application = Application(
            id: "dev.foldout.Foldout.Test\(UInt32.random(in: 0...UInt32.max))", flags: .nonUnique)
        XCTAssertTrue(application.register())
        let main = MainWindow(
            application: application, actionsList: actions, catalog: .loaded(catalog),
            libraryStore: LibraryStore(directory: libraryFolder))
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
