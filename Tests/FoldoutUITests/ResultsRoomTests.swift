// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import PostgresTesting
import XCTest

@testable import FoldoutUI

/// The results get the room (issue 61): over a table of flights with two facets chosen, the
/// controls above the results take few lines, so that many results show whole at each size and
/// text scale, and nothing of the page is cut off.
final class ResultsRoomTests: MainWindowTestCase, @unchecked Sendable {
    private let title = "Foldout room test \(UUID().uuidString)"

    override func tearDown() {
        onMain { Settings.default.textScale = nil }
        super.tearDown()
    }

    /// The flights, carrier UA and origin JFK chosen, in a main window.
    @MainActor private func flightsChosen() throws -> (MainWindow, FiltersPage) {
        try showFiltersPage(csv: FlightsTable.csv(rows: 120_000), named: "flights.csv", title: title)
        let main = try XCTUnwrap(main)
        let page = try XCTUnwrap(main.filters)
        XCTAssertTrue(page.choose("UA", inFacetNamed: "carrier"))
        XCTAssertTrue(page.choose("JFK", inFacetNamed: "origin"))
        XCTAssertTrue(pump { page.facetBar.chosenLabels.count == 2 && page.filter?.isCounting == false })
        return (main, page)
    }

    /// How many results show whole in the list at `width` × `height`, once laid out.
    @MainActor private func resultsShown(
        _ main: MainWindow, _ page: FiltersPage, width: Int32, height: Int32, line: UInt = #line
    ) throws -> Int {
        main.window.setDefaultSize(width: width, height: height)
        pump(frames: 3, of: main.window)
        XCTAssertEqual(WidgetTree.tooWide(under: main.column, for: width), [], "\(width) px: cut off", line: line)
        let list = try XCTUnwrap(page.resultsScrolled.bounds(in: main.window), line: line)
        // A row bound but scrolled out of view is unmapped (the list keeps a few either side).
        let shown = page.boundRows.values.filter { row in
            guard row.position != nil, row.root.isMapped, let box = row.root.bounds(in: main.window) else {
                return false
            }
            return box.y >= list.y - 0.5 && box.y + box.height <= list.y + list.height + 0.5
        }
        // The page switcher shows whole: at the bottom when narrow, in the header bar otherwise.
        let switcher: Widget = main.isNarrow ? main.bottomBar : main.header
        let bar = try XCTUnwrap(switcher.bounds(in: main.window), "\(width) px: no page switcher", line: line)
        XCTAssertLessThanOrEqual(bar.y + bar.height, Double(height) + 0.5, "\(width) px: the switcher is cut off")
        return shown.count
    }

    func testTenResultsShowAtTheDefaultSizeAndFiveAt360Pixels() throws {
        try onMain {
            let (main, page) = try flightsChosen()
            let atDefault = try resultsShown(main, page, width: 720, height: 640)
            XCTAssertGreaterThanOrEqual(atDefault, 10, "at 720 × 640, \(atDefault) results show")
            let narrow = try resultsShown(main, page, width: 360, height: 640)
            XCTAssertGreaterThanOrEqual(narrow, 5, "at 360 × 640, \(narrow) results show")
            // The longest count: every row of the table ("120,000 of 120,000 rows").
            page.clearFilters()
            XCTAssertTrue(pump { page.facetBar.chosenLabels.isEmpty && page.filter?.isCounting == false })
            XCTAssertGreaterThanOrEqual(try resultsShown(main, page, width: 360, height: 640), 5)
            // The widest the tests' 1,280 px screen holds; the rows keep their readable column.
            let wide = try resultsShown(main, page, width: 1_280, height: 900)
            XCTAssertGreaterThanOrEqual(wide, 14, "at 1,280 × 900, \(wide) results show")
        }
    }

    /// GNOME's text scale at twice the size (Settings → Accessibility allows 1.25; a user's
    /// gtk-xft-dpi may be anything), in a small window: the three lines above the results grow
    /// with the text, and still leave room for three results whole.
    func testTwiceTheTextScaleStillLeavesTheResultsRoom() throws {
        try onMain {
            let (main, page) = try flightsChosen()
            Settings.default.textScale = 2
            let shown = try resultsShown(main, page, width: 700, height: 500)
            XCTAssertGreaterThanOrEqual(shown, 3, "at 700 × 500 with twice the text scale, \(shown) results show")
        }
    }
}
