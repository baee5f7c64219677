// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Opening a catalog as a user does, with real key presses (xdotool): Ctrl+O in the main window
/// opens the file chooser (GTK's own dialog here: there is no portal under the tests), where the
/// file's path is typed and Return opens it on the Filters page.
final class OpeningFilesTests: MainWindowTestCase, @unchecked Sendable {
    private let title = "Foldout opening test \(UUID().uuidString)"

    func testControlOOpensTheFileChooserAndTheChosenFileIsShown() throws {
        try onMain {
            try showFiltersPage(csv: "city,country\nLyon,France\nGraz,Austria\n", named: "cities.csv", title: title)
            let chosen = folder + "/minerals.csv"
            try "mineral,hardness\nTalc,1\nQuartz,7\nCorundum,9\n".write(
                toFile: chosen, atomically: true, encoding: .utf8)
            let page = try XCTUnwrap(main?.filters)
            xdotool(["key", "ctrl+o"], window: title, until: { WidgetTree.windowTitles().contains("Open a Catalog") })
            // Ctrl+L opens the chooser's location field; the path is typed there (xdotool's type
            // takes every argument after it as text, so each step is a run of its own).
            let chooser = "Open a Catalog"
            guard WidgetTree.windowTitles().contains(chooser) else { return }
            xdotool(["key", "ctrl+l"], window: chooser, until: { true })
            xdotool(["type", "--delay", "20", chosen], window: chooser, until: { true })
            // GTK's completion may take the first Return (its popup lists the file); then a second.
            xdotool(["key", "Return"], window: chooser, until: { true })
            if !pump(seconds: 1, until: { !WidgetTree.windowTitles().contains(chooser) }) {
                xdotool(["key", "Return"], window: chooser, until: { true })
            }
            XCTAssertTrue(pump { page.filter?.catalog.count == 3 }, "the chosen file is not shown")
            XCTAssertFalse(WidgetTree.windowTitles().contains(chooser), "the chooser closes")
            XCTAssertEqual(page.filter?.catalog.name, "minerals.csv")
            XCTAssertTrue(pump { Set(page.visibleNames) == ["Talc", "Quartz", "Corundum"] }, "\(page.visibleNames)")
        }
    }
}
