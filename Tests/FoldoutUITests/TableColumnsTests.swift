// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The table's own columns (issue 35), driven with real clicks and keys (xdotool under Xvfb): every
/// column at first, the title first; one hidden from its header's menu, shown again and moved in
/// the Columns popover by mouse and by keyboard; all of it back when the file is opened again.
final class TableColumnsTests: MainWindowTestCase, @unchecked Sendable {
    private let windowTitle = "Foldout columns test \(UUID().uuidString)"
    private static let csv =
        "year,shop,city,price,stock\n"
        + (0..<30).map { "20\(10 + $0 % 9),Shop \($0),City \($0 % 3),\($0 * 3 % 17).5,\($0 % 4)" }.joined(
            separator: "\n")
        + "\n"

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }
    @MainActor private var shownNames: [String] { page.table.shown.map(\.name) }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try onMain {
            try showFiltersPage(
                csv: Self.csv, named: "shops.csv", title: windowTitle, height: 700,
                views: CatalogViewStore(directory: folder + "/views"))
        }
    }

    @MainActor private func xdotool(_ arguments: String..., until done: () -> Bool, line: UInt = #line) {
        xdotool(arguments, window: windowTitle, until: done, line: line)
    }

    @MainActor private func click(_ widget: Widget, button: Int = 1, until done: () -> Bool, line: UInt = #line) throws
    {
        let point = try XCTUnwrap(widget.pointInWindow(), line: line)
        xdotool(
            "mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "\(button)", until: done, line: line)
    }

    /// The header of the table's column `name`: above its first bound cell, at the view's top.
    @MainActor private func header(_ name: String) throws -> (x: Int, y: Int) {
        let column = try XCTUnwrap(page.filter?.catalog.column(named: name))
        let cell = try XCTUnwrap(
            page.table.cells.values.filter { $0.column == column && $0.listPosition != nil }
                .min { $0.listPosition! < $1.listPosition! }?.text)
        let inCell = try XCTUnwrap(cell.pointInWindow())
        let top = try XCTUnwrap(page.table.view.pointInWindow(dy: -Double(page.table.view.height) / 2))
        return (inCell.x, top.y + 12)
    }

    func testColumnsAreHiddenMovedAndKeptWithClicksAndKeys() throws {
        try onMain {
            let switcher = page.viewSwitcher
            let tableButton = try XCTUnwrap(switcher.pointInWindow(ofButton: .table))
            xdotool("mousemove", "--window", "%1", "\(tableButton.x)", "\(tableButton.y)", "click", "1") {
                self.page.isTableShown && self.page.table.cells.count > 10
            }
            pump(frames: 3, of: page.table.view)
            XCTAssertEqual(shownNames, ["shop", "year", "city", "price", "stock"], "every column, the title first")
            XCTAssertTrue(page.columnsMenu.button.isVisible, "the table has its Columns button")

            // A right click on city's header opens its menu at the pointer; its first item, just
            // below and to the right, hides the column.
            let city = try header("city")
            xdotool(
                "mousemove", "--window", "%1", "\(city.x)", "\(city.y)", "click", "3", "sleep", "0.3",
                "mousemove", "--window", "%1", "\(city.x + 40)", "\(city.y + 20)", "click", "1"
            ) { !self.shownNames.contains("city") }
            XCTAssertEqual(shownNames, ["shop", "year", "price", "stock"])

            // The Columns popover: city ticked again with a click.
            try click(page.columnsMenu.button) { self.page.columnsMenu.checks["city"]?.isMapped == true }
            let cityCheck = try XCTUnwrap(page.columnsMenu.checks["city"])
            XCTAssertFalse(cityCheck.isActive)
            try click(cityCheck) { self.shownNames.contains("city") }
            XCTAssertEqual(shownNames, ["shop", "year", "city", "price", "stock"])

            // shop moved right with a click, then once more with the keyboard: the focus stays on
            // the button pressed, on shop's new line.
            let right = try XCTUnwrap(page.columnsMenu.moveButtons["shop"]?.right)
            try click(right) { self.shownNames.first == "year" }
            XCTAssertEqual(shownNames, ["year", "shop", "city", "price", "stock"])
            XCTAssertTrue(pump { self.page.columnsMenu.moveButtons["shop"]?.right.hasFocus == true })
            xdotool("key", "space", until: { self.shownNames == ["year", "city", "shop", "price", "stock"] })
            xdotool("key", "Escape", until: { !self.page.columnsMenu.checks["city"]!.isMapped })
            XCTAssertTrue(pump { !self.page.isViewSavePending }, "the columns are not kept")

            // Another file, then this one again: the columns come back as they were left.
            try reopen("shops.csv")
            XCTAssertTrue(page.isTableShown)
            XCTAssertEqual(shownNames, ["year", "city", "shop", "price", "stock"], "the order came back")
        }
    }
}
