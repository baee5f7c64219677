// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The range and option flyouts and the active-filters bar on real widgets, driven with real
/// pointer and key events (xdotool, under Xvfb), each result checked against a count made from the
/// file's text.
final class FilterFlyoutsTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    @MainActor private var page: FiltersPage!
    private let windowTitle = "Foldout flyouts test \(UUID().uuidString)"

    /// 600 flights: origin (some missing), carrier, departure delay (some missing), a date.
    private static let rows: [[String]] = {
        var random = SeededGenerator(seed: 21)
        return (0..<600).map { _ in
            [
                ["JFK", "LGA", "EWR", ""][
                    Int.random(in: 0..<4, using: &random) % (Int.random(in: 0..<9, using: &random) == 0 ? 4 : 3)],
                ["UA", "AA", "B6", "DL"].randomElement(using: &random)!,
                Int.random(in: 0..<12, using: &random) == 0 ? "NA" : String(Int.random(in: -15...300, using: &random)),
                String(
                    format: "2013-%02d-%02d", Int.random(in: 1...12, using: &random),
                    Int.random(in: 1...28, using: &random)),
                "N\(Int.random(in: 100...999, using: &random))",
            ]
        }
    }()

    private static var csv: String {
        "origin,carrier,dep_delay,day,tailnum\n" + rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "apt-get install xdotool")
        let catalog = try Catalog.parseCSV(Array(Self.csv.utf8), name: "flights.csv")
        onMain {
            Style.load()  // the app's style sheet: where a button stands depends on it
            page = FiltersPage(source: .loaded(catalog), host: .alone(in: nil))
            window = Window()
            window.setDefaultSize(width: 1000, height: 760)
            window.title = windowTitle
            window.child = page.root
            window.present()
            XCTAssertTrue(pump { self.page.filter != nil && self.page.boundRows.count > 3 }, "results never appeared")
        }
    }

    override func tearDown() {
        onMain {
            for menu in self.page?.facetMenus ?? [] { menu.button.popdown() }
            for menu in self.page?.facetBar.rangeMenus ?? [] { menu.button.popdown() }
            self.pump(seconds: 0.05)
            self.window?.destroy()
            self.window = nil
            self.page = nil
            self.pump(seconds: 0.05)
        }
    }

    /// The page's filter: without one (no catalog shown) the test fails, and the run goes on.
    @MainActor private var filter: FacetFilter {
        get throws { try XCTUnwrap(page.filter, "the page shows no catalog") }
    }

    /// Runs xdotool on this test's window (which it focuses first) until `done`.
    @MainActor private func xdotool(
        _ arguments: String..., until done: () -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        xdotool(arguments, window: windowTitle, until: done, file: file, line: line)
    }

    /// Presses the pointer at `from` in the window, moves it to `to` in steps, releases it.
    @MainActor private func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), until done: () -> Bool) {
        var arguments = ["mousemove", "--window", "%1", "\(from.x)", "\(from.y)", "mousedown", "1"]
        for step in 1...8 {
            let x = from.x + (to.x - from.x) * step / 8
            arguments += ["mousemove", "--window", "%1", "\(x)", "\(to.y)", "sleep", "0.03"]
        }
        xdotool(arguments + ["mouseup", "1"], window: windowTitle, until: done)
    }

    @MainActor private func column(_ name: String) throws -> Int {
        try XCTUnwrap(filter.catalog.column(named: name), "the catalog has no column \(name)")
    }

    /// Rows whose text passes `test` for every column: the count a user could make by hand.
    private func bruteForce(_ test: ([String]) -> Bool) -> Int { Self.rows.filter(test).count }

    private static func delay(_ row: [String]) -> Int? { Int(row[2]) }

    @MainActor private func openRange(_ name: String) throws -> RangeMenu {
        let delay = try column(name)
        if try !filter.isFacet(delay) {
            page.facetBar.facetsButton.popup()
            XCTAssertTrue(pump { self.page.facetBar.facetChecks?.checks.isEmpty == false })
            let check = try XCTUnwrap(
                (page.facetBar.facetChecks?.checks ?? []).dropFirst(delay).first,
                "the Facets menu has no check box for \(name)")
            check.isActive = true
            page.facetBar.facetsButton.popdown()
        }
        XCTAssertTrue(pump { self.page.facetBar.rangeMenus.contains { $0.name == name } })
        let menu = try XCTUnwrap(page.facetBar.rangeMenus.first { $0.name == name }, "no range flyout for \(name)")
        menu.button.popup()
        XCTAssertTrue(pump { menu.popover.isMapped && menu.histogramArea.width > 0 })
        pump(frames: 2, of: menu.button)
        return menu
    }

    func testDraggingARangeEndWithThePointerCountsTheRowsLive() throws {
        try onMain {
            let menu = try openRange("dep_delay")
            let delay = try column("dep_delay")
            let area = menu.histogramArea
            let start = try XCTUnwrap(area.pointInWindow(dx: -Double(area.width) / 2 + 2))
            drag(from: start, to: (start.x + Int(area.width) / 3, start.y)) {
                page.filter?.range(forColumn: delay)?.lower != nil
            }
            let lower = try XCTUnwrap(filter.range(forColumn: delay)?.lower)
            XCTAssertNil(try filter.range(forColumn: delay)?.upper, "the upper end stays open")
            let expected = bruteForce { Self.delay($0).map { Double($0) >= lower } == true }
            XCTAssertEqual(try filter.matchCount, expected)
            XCTAssertEqual(menu.countLabel.text, "\(expected) rows in range")
            XCTAssertTrue(menu.button.label.hasPrefix("dep_delay: ≥ "), menu.button.label)
            XCTAssertGreaterThan(menu.lowerScale.value, 0, "the slider follows the drag")
        }
    }

    /// Under the histogram, round values a person reads ("By 10" and the two ends were all it
    /// said): every label a multiple of one round step, 0 among them, each clear of the next and
    /// inside the area; a year of dates by its months, the year where it starts.
    func testTheHistogramsAxisIsMarkedAtRoundValues() throws {
        try onMain {
            let delays = try openRange("dep_delay")
            let width = Double(delays.histogramArea.width)
            let labels = delays.axisTicks(width: width).compactMap(\.label)
            let numbers = labels.compactMap { Double($0.text.replacingOccurrences(of: ",", with: "")) }
            XCTAssertEqual(numbers.count, labels.count, "\(labels.map(\.text))")
            XCTAssertGreaterThanOrEqual(numbers.count, 3, "\(labels.map(\.text))")
            XCTAssertTrue(numbers.contains(0))
            let step = numbers[1] - numbers[0]
            XCTAssertTrue([1.0, 2, 5].contains { step / $0 == pow(10, log10(step / $0).rounded()) }, "step \(step)")
            XCTAssertTrue(zip(numbers, numbers.dropFirst()).allSatisfy { $1 - $0 == step }, "\(numbers)")
            for (label, next) in zip(labels, labels.dropFirst()) {
                XCTAssertLessThan(label.left + label.width, next.left, "\(label.text) runs into \(next.text)")
            }
            XCTAssertTrue(labels.allSatisfy { $0.left >= 0 && $0.left + $0.width <= width })
            delays.button.popdown()

            let days = try openRange("day")
            let months = days.axisTicks(width: Double(days.histogramArea.width)).compactMap(\.label?.text)
            XCTAssertEqual(months.first, "2013", "\(months)")
            XCTAssertTrue(months.contains("Jul"), "\(months)")
        }
    }

    /// Each xdotool call focuses the window again, which moves the flyout's focus: every journey
    /// below starts with a click that puts it where a user would.
    /// In a right-to-left language the smallest values are at the right, as on the sliders: a drag
    /// from the right edge leftwards moves the lower end.
    func testTheHistogramRunsRightToLeftInARightToLeftLanguage() throws {
        try onMain {
            window.destroy()
            Widget.setDefaultRightToLeft(true)
            defer { Widget.setDefaultRightToLeft(false) }
            page = FiltersPage(
                source: .loaded(try Catalog.parseCSV(Array(Self.csv.utf8), name: "flights.csv")), host: .alone(in: nil))
            window = Window()
            window.setDefaultSize(width: 1000, height: 760)
            window.title = windowTitle
            window.child = page.root
            window.present()
            XCTAssertTrue(pump { self.page.filter != nil && self.page.boundRows.count > 3 })
            let menu = try openRange("dep_delay")
            let delay = try column("dep_delay")
            XCTAssertTrue(menu.histogramArea.isRightToLeft)
            let area = menu.histogramArea
            let start = try XCTUnwrap(area.pointInWindow(dx: Double(area.width) / 2 - 2))
            drag(from: start, to: (start.x - Int(area.width) / 3, start.y)) {
                page.filter?.range(forColumn: delay)?.lower != nil
            }
            XCTAssertNil(try filter.range(forColumn: delay)?.upper, "the upper end stays open")
        }
    }

    /// A logarithmic scale moves both sliders to where the typed ends now sit; the range stays
    /// exactly as typed, between the sliders' steps.
    func testALogarithmicScaleKeepsTheTypedRange() throws {
        try onMain {
            let menu = try openRange("dep_delay")
            let delay = try column("dep_delay")
            let typed = FacetRange(lower: 60.5, upper: 100)
            let entry = try XCTUnwrap(menu.lowerEntry.pointInWindow())
            xdotool(
                "mousemove", "--window", "%1", "\(entry.x)", "\(entry.y)", "click", "1",
                "key", "--delay", "20", "6", "0", "period", "5", "Tab", "1", "0", "0", "Return",
                until: { page.filter?.range(forColumn: delay) == typed })
            let linear = (menu.lowerScale.value, menu.upperScale.value)
            let check = try XCTUnwrap(menu.logarithmicCheck.pointInWindow())
            xdotool(
                "mousemove", "--window", "%1", "\(check.x)", "\(check.y)", "click", "1",
                until: { page.filter?.isLogarithmic(delay) == true })
            XCTAssertEqual(try filter.range(forColumn: delay), typed)
            XCTAssertGreaterThan(menu.lowerScale.value, linear.0, "the sliders follow the scale")
            XCTAssertGreaterThan(menu.upperScale.value, linear.1)
            XCTAssertEqual(menu.button.label, "dep_delay: 60.5–100")
        }
    }

    func testTypedEndsAndSliderKeysSetTheRange() throws {
        try onMain {
            let menu = try openRange("dep_delay")
            let delay = try column("dep_delay")
            let entry = try XCTUnwrap(menu.lowerEntry.pointInWindow())
            xdotool(
                "mousemove", "--window", "%1", "\(entry.x)", "\(entry.y)", "click", "1",
                "key", "--delay", "20", "6", "0", "Tab", "1", "0", "0", "Return",
                until: { page.filter?.range(forColumn: delay) == FacetRange(lower: 60, upper: 100) })
            XCTAssertEqual(
                try filter.matchCount, bruteForce { Self.delay($0).map { (60...100).contains($0) } == true })
            XCTAssertEqual(menu.button.label, "dep_delay: 60–100")
            // From the From entry, two steps back is the From slider. An arrow moves it one whole
            // value, a page fifty thousandths of the values' span (315 here): about 16.
            @MainActor func lower() -> Double { page.filter?.range(forColumn: delay)?.lower ?? 0 }
            xdotool(
                "mousemove", "--window", "%1", "\(entry.x)", "\(entry.y)", "click", "1", "key", "shift+Tab",
                "shift+Tab",
                "Right", until: { lower() > 60 })
            let stepped = lower()
            XCTAssertEqual(stepped, 61, "Right moves one value")
            xdotool(
                "mousemove", "--window", "%1", "\(entry.x)", "\(entry.y)", "click", "1", "key", "shift+Tab",
                "shift+Tab",
                "Page_Up", until: { lower() > stepped + 10 })
            XCTAssertLessThanOrEqual(lower(), stepped + 17, "Page Up moves fifty steps")
            let lower = lower()
            XCTAssertEqual(
                menu.lowerEntry.text, try FacetValueText.text(lower, filter.catalog.columns[delay]))
            XCTAssertEqual(
                try filter.matchCount, bruteForce { Self.delay($0).map { Double($0) >= lower && $0 <= 100 } == true })
        }
    }

    func testTickingOptionsByPointerAndKeyboardKeepsTheFlyoutOpenAndExcludeInverts() throws {
        try onMain {
            let origin = try XCTUnwrap(page.facetMenus.first { $0.name == "origin" }, "no origin flyout")
            let originColumn = try column("origin")
            origin.button.popup()
            XCTAssertTrue(pump { origin.popover.isMapped && !origin.ticks.isEmpty })
            pump(frames: 2, of: origin.button)
            XCTAssertEqual(origin.options, ["EWR", "JFK", "LGA", "No value"])
            XCTAssertTrue(pump { origin.optionButtons.first?.isFocus == true }, "the first option has not the focus")
            // A click on JFK's tick box, then from EWR, which has the focus, Down to JFK and to LGA
            // (one stop an option: the tick boxes take none) and Space ticks LGA too.
            let jfkTick = try XCTUnwrap(origin.ticks.dropFirst(1).first, "no tick box for JFK")
            let jfk = try XCTUnwrap(jfkTick.pointInWindow())
            xdotool(
                "mousemove", "--window", "%1", "\(jfk.x)", "\(jfk.y)", "click", "1", "key", "Down", "Down", "space",
                until: { page.filter?.selection(forColumn: originColumn).options == [1, 2] })
            XCTAssertTrue(origin.popover.isVisible, "ticking keeps the flyout open")
            XCTAssertEqual(origin.button.label, "origin: JFK, LGA")
            XCTAssertEqual(try filter.matchCount, bruteForce { ["JFK", "LGA"].contains($0[0]) })
            XCTAssertTrue(
                try XCTUnwrap(origin.ticks.dropFirst(1).first, "no tick box for JFK").accessibleCheckedIs(true))
            XCTAssertTrue(try XCTUnwrap(origin.ticks.first, "no tick box for EWR").accessibleCheckedIs(false))
            let exclude = try XCTUnwrap(origin.excludeCheck.pointInWindow())
            xdotool(
                "mousemove", "--window", "%1", "\(exclude.x)", "\(exclude.y)", "click", "1",
                until: { page.filter?.selection(forColumn: originColumn).excluded == true })
            XCTAssertEqual(origin.button.label, "origin: not JFK, LGA")
            XCTAssertEqual(try filter.matchCount, bruteForce { !["JFK", "LGA"].contains($0[0]) })
            XCTAssertEqual(try filter.noValueCount(forColumn: originColumn), bruteForce { $0[0].isEmpty })
        }
    }

    /// Ticking an option renames its button ("origin" → "origin: JFK") and shows Clear Filters:
    /// the button stays under the pointer, and the results keep their place.
    func testChoosingAnOptionMovesNothingUnderThePointer() throws {
        try onMain {
            let origin = try XCTUnwrap(page.facetMenus.first { $0.name == "origin" }, "no origin flyout")
            waitUntilStill(origin.button)
            let place = try XCTUnwrap(origin.button.pointInWindow())
            xdotool("mousemove", "--window", "%1", "\(place.x)", "\(place.y)", "click", "1") {
                origin.popover.isMapped && !origin.ticks.isEmpty
            }
            waitUntilStill(origin.button)
            let button = try XCTUnwrap(origin.button.bounds(in: page.root))
            let results = try XCTUnwrap(page.listView.bounds(in: page.root))
            let jfk = try XCTUnwrap(origin.ticks.dropFirst(1).first?.pointInWindow(), "no tick box for JFK")
            xdotool("mousemove", "--window", "%1", "\(jfk.x)", "\(jfk.y)", "click", "1") {
                origin.button.label == "origin: JFK" && self.page.clearButton.isVisible
            }
            waitUntilStill(origin.button)
            let after = try XCTUnwrap(origin.button.bounds(in: page.root))
            XCTAssertEqual(after.x, button.x, "the button moved sideways")
            XCTAssertEqual(after.y, button.y, "the button moved up or down")
            XCTAssertEqual(after.height, button.height)
            XCTAssertEqual(try XCTUnwrap(page.listView.bounds(in: page.root)).y, results.y, "the results moved")
        }
    }

    /// Tab goes from option to option, one stop each (the tick boxes take none), as Down does.
    func testTabMovesFromOptionToOption() throws {
        try onMain {
            let origin = try XCTUnwrap(page.facetMenus.first { $0.name == "origin" }, "no origin flyout")
            origin.button.popup()
            XCTAssertTrue(pump { origin.optionButtons.first?.isFocus == true }, "the first option has not the focus")
            for next in 1..<3 {
                xdotool(["key", "Tab"], window: windowTitle, until: { origin.optionButtons[next].isFocus })
                XCTAssertTrue(
                    origin.optionButtons[next].isFocus, "Tab did not reach option \(next + 1): \(window.focusPath)")
            }
        }
    }

    func testAChosenFacetNamesItsColumnAndClearFiltersEndsEveryFilterWithAClick() throws {
        try onMain {
            XCTAssertFalse(page.clearButton.isVisible, "nothing filters yet")
            XCTAssertTrue(try page.apply(XCTUnwrap(FilterRequest(.choose, "carrier=UA"))))
            XCTAssertTrue(try page.apply(XCTUnwrap(FilterRequest(.range, "dep_delay=..0"))))
            XCTAssertTrue(pump { self.page.facetBar.chosenLabels == ["carrier: UA", "dep_delay: ≤ 0"] })
            let carrier = try XCTUnwrap(page.facetMenus.first { $0.name == "carrier" })
            XCTAssertEqual(carrier.button.tooltip, "carrier: UA")
            XCTAssertTrue(carrier.button.accessibleLabelIs("carrier: UA"), "a screen reader hears the column too")
            XCTAssertEqual(
                try filter.matchCount, bruteForce { $0[1] == "UA" && Self.delay($0).map { $0 <= 0 } == true })
            pump(frames: 3, of: page.clearButton)
            let point = try XCTUnwrap(page.clearButton.pointInWindow(), "Clear Filters is not shown")
            xdotool(
                "mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1",
                until: { (try? self.filter.matchCount) == Self.rows.count })
            XCTAssertTrue(pump { !self.page.clearButton.isVisible && self.page.facetBar.chosenLabels.isEmpty })
        }
    }
}
