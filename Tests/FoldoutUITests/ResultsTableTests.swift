// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The results as a table (issue 23), driven with real clicks and drags (xdotool under Xvfb):
/// the switch, a header click that sorts as the Sort by combo does, a dragged width kept when the
/// file is opened again.
final class ResultsTableTests: MainWindowTestCase, @unchecked Sendable {
    private let windowTitle = "Foldout table test \(UUID().uuidString)"

    /// 40 shops with a price each (some missing) and a city.
    private static let prices: [String] = (0..<40).map {
        $0 % 7 == 3 ? "" : String(format: "%.2f", Double(($0 * 37) % 101) / 4)
    }
    private var csvPath: String { folder + "/shops.csv" }

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let lines = ["shop,city,price"] + Self.prices.indices.map { "Shop \($0),City \($0 % 3),\(Self.prices[$0])" }
        let text = lines.joined(separator: "\n") + "\n"
        try onMain { try showFiltersPage(csv: text, named: "shops.csv", title: windowTitle, height: 700) }
    }

    @MainActor private func xdotool(_ arguments: [String], until done: () -> Bool, line: UInt = #line) {
        xdotool(arguments, window: windowTitle, until: done, line: line)
    }

    /// The table's cell of `column` (a catalog column) in the first row shown.
    @MainActor private func firstCell(_ column: Int) -> Inscription? {
        page.table.cells.values.compactMap { cell in cell.listPosition.map { (position: $0, cell: cell) } }
            .filter { $0.cell.column == column }.min { $0.position < $1.position }?.cell.text
    }

    @MainActor private func showTable() throws {
        let switcher = page.viewSwitcher
        let table = try XCTUnwrap(switcher.pointInWindow(ofButton: .table))
        xdotool(["mousemove", "--window", "%1", "\(table.x)", "\(table.y)", "click", "1"]) {
            self.page.isTableShown && self.firstCell(2) != nil
        }
        pump(frames: 3, of: page.table.view)
    }

    /// Where the header of `column` is, in the window: above its first cell, at the view's top.
    @MainActor private func header(_ column: Int, dx: Double = 0) throws -> (x: Int, y: Int) {
        let cell = try XCTUnwrap(firstCell(column))
        let inCell = try XCTUnwrap(cell.pointInWindow(dx: dx))
        let top = try XCTUnwrap(page.table.view.pointInWindow(dy: -Double(page.table.view.height) / 2))
        return (inCell.x, top.y + 12)
    }

    /// The prices as the file has them, in the order a sort by price gives (missing ones last).
    private static func sortedPrices(descending: Bool) -> [String] {
        let present = prices.filter { !$0.isEmpty }.sorted { Double($0)! < Double($1)! }
        return (descending ? present.reversed() : present) + prices.filter(\.isEmpty)
    }

    func testAHeaderClickSortsAsTheSortByComboDoes() throws {
        try onMain {
            try showTable()
            let price = 2
            let click = try header(price)
            xdotool(["mousemove", "--window", "%1", "\(click.x)", "\(click.y)", "click", "1"]) {
                self.page.filter?.sort == CatalogSortKey(column: price, descending: false)
            }
            XCTAssertEqual(page.section.value(for: .sort), "price, ascending")
            let filter = try XCTUnwrap(page.filter)
            XCTAssertEqual(
                filter.matches.map { filter.catalog.text(price, at: Int($0)) }, Self.sortedPrices(descending: false))
            // A moment later, as a user clicks again (sooner it would be a double click).
            xdotool(["sleep", "0.6", "mousemove", "--window", "%1", "\(click.x)", "\(click.y)", "click", "1"]) {
                self.page.filter?.sort == CatalogSortKey(column: price, descending: true)
            }
            XCTAssertEqual(page.section.value(for: .sort), "price, descending")
            let largest = try XCTUnwrap(Self.sortedPrices(descending: true).first)
            XCTAssertTrue(
                pump { self.firstCell(price)?.text == "\u{2068}" + largest + "\u{2069}" }, firstCell(price)?.text ?? "")
            XCTAssertEqual(page.table.view.sort?.column.title, "price", "the arrow is on price")
        }
    }

    /// In a table wider than its window, a column whose values are wider than its header ("a",
    /// "-0.463457141") shows them whole, as does one whose header is the wider; the table scrolls
    /// sideways instead.
    func testEveryCellShowsItsWholeValueInATableWiderThanTheWindow() throws {
        try onMain {
            try showTable()
            let header = "a,b,c,d,e,f,g,h,a longer header than its values"
            let rows = (0..<20).map { row in (0..<8).map { "-0.\(463_457_141 + row * 7_919 + $0)" } + ["\(row)"] }
            let text = ([header] + rows.map { $0.joined(separator: ",") }).joined(separator: "\n") + "\n"
            try text.write(toFile: folder + "/wide.csv", atomically: true, encoding: .utf8)
            page.open(path: folder + "/wide.csv")
            XCTAssertTrue(
                pump { self.page.isReady && self.page.filter?.catalog.columns.count == 9 && self.firstCell(8) != nil })
            pump(frames: 3, of: page.table.view)
            let scrolling = page.table.root.horizontalAdjustment
            XCTAssertGreaterThan(scrolling.upper, scrolling.pageSize, "the table fits its window: nothing to check")
            // The rows laid out (GTK binds more rows than it shows, and gives those no width).
            let cells = page.table.cells.values.filter {
                $0.listPosition != nil && !$0.text.text.isEmpty && $0.text.width > 0
            }
            XCTAssertFalse(cells.filter { $0.column == 0 }.isEmpty, "no value of “a” is shown")
            for cell in cells {
                XCTAssertFalse(cell.text.cutsItsText, "“\(cell.text.text)” is cut short in column \(cell.column)")
            }
        }
    }

    func testADraggedWidthIsKeptWhenTheFileIsOpenedAgain() throws {
        try onMain {
            try showTable()
            let shop = try XCTUnwrap(page.table.shown.first { $0.name == "shop" }?.view)
            // The column's end edge: a few pixels past the end of its first cell.
            let cell = try XCTUnwrap(firstCell(0))
            let start = try header(0, dx: Double(cell.width) / 2 + 4)
            var arguments = ["mousemove", "--window", "%1", "\(start.x)", "\(start.y)", "mousedown", "1"]
            for step in 1...6 {
                arguments += ["mousemove", "--window", "%1", "\(start.x + step * 20)", "\(start.y)", "sleep", "0.03"]
            }
            var widths: [Int] = []
            shop.onWidthChanged { widths.append(shop.fixedWidth) }
            xdotool(arguments + ["mouseup", "1"]) { shop.fixedWidth > 0 }
            deliverPendingInput(to: page.table.view)
            let width = shop.fixedWidth
            XCTAssertEqual(width - (widths.first ?? 0), 120, accuracy: 4, "the edge followed the pointer")

            // Another file in between: its table has other columns.
            try "title,year\nDune,1965\nEmma,1815\n".write(
                toFile: folder + "/books.csv", atomically: true, encoding: .utf8)
            for path in [folder + "/books.csv", csvPath] {
                let before = page.filter?.catalog
                page.open(path: path)
                XCTAssertTrue(pump { self.page.filter?.catalog !== before })
            }
            let reopened = try XCTUnwrap(page.table.shown.first { $0.name == "shop" }?.view)
            XCTAssertEqual(reopened.fixedWidth, width)
        }
    }

    func testTheViewComesBackWhenTheFileIsOpenedAgainAndResetViewForgetsIt() throws {
        try onMain {
            let views = CatalogViewStore(directory: folder + "/views")
            let text = try String(contentsOfFile: csvPath, encoding: .utf8)
            main?.window.destroy()
            try showFiltersPage(csv: text, named: "shops.csv", title: windowTitle, views: views)
            let filter = try XCTUnwrap(page.filter)
            let city = try XCTUnwrap(filter.catalog.column(named: "city"))
            filter.setFacet(city, true, as: .options)
            filter.select(option: 1, inColumn: city)
            page.section.choose(1 + 2 * 2 + 1, in: .sort)
            page.isTableShown = true
            XCTAssertTrue(
                pump {
                    self.page.filter?.sort?.column == 2
                        && FileManager.default.fileExists(atPath: self.folder + "/views")
                })
            let matches = filter.matches
            XCTAssertTrue(pump { !self.page.isViewSavePending }, "the view is not kept")

            main?.window.destroy()
            try showFiltersPage(csv: text, named: "shops.csv", title: windowTitle, views: views)
            let again = try XCTUnwrap(page.filter)
            XCTAssertTrue(pump { again.matches == matches }, "the choice and the sort came back")
            XCTAssertEqual(again.selection(forColumn: city).options, [1])
            XCTAssertTrue(page.isTableShown)
            XCTAssertEqual(page.section.value(for: .sort), "price, descending")

            page.resetView()
            XCTAssertEqual(again.matchCount, again.catalog.count)
            XCTAssertFalse(page.isTableShown)
            XCTAssertEqual(page.section.value(for: .sort), "File order")
            // Reset View's own changes are not a view to keep: no save waits.
            XCTAssertFalse(page.isViewSavePending)
            XCTAssertEqual(views.load(path: Resources.canonical(csvPath)), nil, "forgotten, and not kept again")
        }
    }
}
