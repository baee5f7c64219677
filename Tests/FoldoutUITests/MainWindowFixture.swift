// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
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
