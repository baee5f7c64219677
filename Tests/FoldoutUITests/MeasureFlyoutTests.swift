// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// A measure beside each option of a flyout (issue 35), chosen with real clicks and keys (xdotool
/// under Xvfb): each figure checked against `FacetFilter.measures` and against a mean worked out
/// from the file's text, the options sorted by it, the figures following a filter, and the choice
/// back when the file is opened again.
final class MeasureFlyoutTests: MainWindowTestCase, @unchecked Sendable {
    private let windowTitle = "Foldout measure test \(UUID().uuidString)"

    /// 400 flights: origin, carrier, arrival delay (some missing, many negative), a date.
    private static let rows: [[String]] = {
        var random = SeededGenerator(seed: 35)
        return (0..<400).map { _ in
            [
                ["JFK", "LGA", "EWR"].randomElement(using: &random)!,
                ["UA", "AA", "B6", "DL", "HA"].randomElement(using: &random)!,
                Int.random(in: 0..<10, using: &random) == 0 ? "NA" : String(Int.random(in: -40...200, using: &random)),
                String(
                    format: "2013-%02d-%02d", Int.random(in: 1...12, using: &random),
                    Int.random(in: 1...28, using: &random)),
            ]
        }
    }()

    private static var csv: String {
        "origin,carrier,arr_delay,day\n" + rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try onMain {
            try showFiltersPage(
                csv: Self.csv, named: "flights.csv", title: windowTitle, height: 760,
                views: CatalogViewStore(directory: folder + "/views"))
        }
    }

    /// A flyout left open holds the pointer after its window is gone: closed first.
    override func tearDown() {
        onMain {
            for menu in main.map({ $0.ensureFiltersPage().facetMenus }) ?? [] { menu.button.popdown() }
            pump(seconds: 0.05)
        }
        super.tearDown()
    }

    @MainActor private func xdotool(_ arguments: String..., until done: () -> Bool, line: UInt = #line) {
        xdotool(arguments, window: windowTitle, until: done, line: line)
    }

    @MainActor private func click(
        _ widget: Widget, then keys: [String] = [], until done: () -> Bool, line: UInt = #line
    )
        throws
    {
        // Where the widget is once laid out: a choice moves the Show line's widgets.
        pump(frames: 2, of: widget)
        let point = try XCTUnwrap(widget.pointInWindow(), line: line)
        // Time for a drop-down's list to open on a busy machine before the keys move in it.
        let pressed = keys.isEmpty ? [] : ["sleep", "1"] + keys.flatMap { ["key", $0] }
        xdotool(
            ["mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1"] + pressed, window: windowTitle,
            until: done, line: line)
    }

    /// The carrier flyout, opened with a click on its button.
    @MainActor private func openCarrier() throws -> FacetMenu {
        // The facet bar laid out as it is now: a choice changes its buttons' widths.
        pump(frames: 2, of: page.facetBar.root)
        let menu = try XCTUnwrap(page.facetMenus.first { $0.name == "carrier" }, "no carrier flyout")
        try click(menu.button) { menu.popover.isMapped && !menu.optionButtons.isEmpty }
        pump(frames: 2, of: menu.button)
        return menu
    }

    /// The mean arrival delay of each carrier among the rows `keep` lets through, from the text.
    private static func meanDelays(_ keep: ([String]) -> Bool = { _ in true }) -> [String: (mean: Double, used: Int)] {
        var sums: [String: (Double, Int)] = [:]
        for row in rows where keep(row) {
            guard let delay = Double(row[2]) else { continue }
            let sum = sums[row[1], default: (0, 0)]
            sums[row[1]] = (sum.0 + delay, sum.1 + 1)
        }
        return sums.mapValues { ($0.0 / Double($0.1), $0.1) }
    }

    /// Every carrier's line shows its mean delay and count of values as the text gives them, the
    /// same as the filter's figures, and a screen reader hears them with the measure's name.
    @MainActor private func checkFigures(_ menu: FacetMenu, _ expected: [String: (mean: Double, used: Int)]) throws {
        let filter = try XCTUnwrap(page.filter)
        let carrier = try XCTUnwrap(filter.catalog.column(named: "carrier"))
        let measure = try XCTUnwrap(menu.measureChoice?.measure)
        let figures = filter.measures(measure, forColumn: carrier)
        XCTAssertEqual(figures, menu.figures, "the flyout shows the filter's figures of now")
        for (row, index) in menu.listed.enumerated() {
            let option = menu.options[index]
            let want = try XCTUnwrap(expected[option], "no brute-force mean for \(option)")
            let figure = figures[index]
            XCTAssertEqual(figure.used, want.used, option)
            XCTAssertEqual(try XCTUnwrap(figure.value), want.mean, accuracy: 1e-9, option)
            let value = FacetMenu.valueText(
                want.mean, of: measure, in: filter.catalog.columns.map(MeasurableColumn.init))
            XCTAssertEqual(menu.countLabels[row].text, "\(value) · \(want.used) values", option)
            XCTAssertTrue(
                menu.optionButtons[row].accessibleLabelIs("\(option), mean of arr_delay \(value), \(want.used) values"),
                option)
        }
    }

    func testAMeasureIsChosenSortedFollowsTheFiltersAndIsKept() throws {
        try onMain {
            var menu = try openCarrier()
            let chooser = try XCTUnwrap(menu.measureChooser, "the flyout has no Show line")
            // The aggregate drop-down opened with a click; Down twice from Rows, past Sum of, to Mean of.
            try click(chooser.aggregateDropDown, then: ["Down", "Down", "Return"]) {
                menu.measureChoice?.measure.aggregate == .mean
            }
            let arrDelay = try XCTUnwrap(page.filter?.catalog.column(named: "arr_delay"))
            XCTAssertEqual(menu.measureChoice, FacetMeasureChoice(FacetMeasure(.mean, of: arrDelay)))
            XCTAssertTrue(pump { menu.countLabels.first?.text.hasSuffix(" values") == true })
            try checkFigures(menu, Self.meanDelays())

            // Order: Largest first, by keyboard: the carriers by their mean delay, the largest first.
            let order = try XCTUnwrap(menu.orderDropDown, "the flyout has no Order")
            try click(order, then: ["Down", "Return"]) { menu.measureChoice?.sortsByValue == true }
            let means = Self.meanDelays()
            let byMean = means.keys.sorted { means[$0]!.mean > means[$1]!.mean }
            XCTAssertTrue(pump { menu.listed.map { menu.options[$0] } == byMean }, "\(menu.listed) \(byMean)")
            XCTAssertTrue(pump { menu.orderDropDown?.containsFocus == true }, "the focus stays on Order")
            try checkFigures(menu, means)
            XCTAssertTrue(pump { !self.page.isViewSavePending }, "the choice is kept")

            // Another filter: the figures follow when the flyout opens again.
            xdotool("key", "Escape", until: { !menu.popover.isVisible })
            XCTAssertTrue(page.choose("JFK", inFacetNamed: "origin"))
            menu = try openCarrier()
            let fromJFK = Self.meanDelays { $0[0] == "JFK" }
            try checkFigures(menu, fromJFK)
            XCTAssertEqual(
                menu.listed.map { menu.options[$0] }, fromJFK.keys.sorted { fromJFK[$0]!.mean > fromJFK[$1]!.mean })
            xdotool("key", "Escape", until: { !menu.popover.isVisible })
            XCTAssertTrue(pump { !self.page.isViewSavePending }, "the order is not kept")

            // Another file, then this one again: the measure and its order come back.
            try reopen("flights.csv")
            menu = try openCarrier()
            XCTAssertEqual(
                menu.measureChoice, FacetMeasureChoice(FacetMeasure(.mean, of: arrDelay), sortsByValue: true))
            try checkFigures(menu, fromJFK)
        }
    }

    /// The column drop-down lists what the aggregate can measure; a date's measure is a date.
    func testADateColumnIsMeasuredAsADate() throws {
        try onMain {
            let menu = try openCarrier()
            let chooser = try XCTUnwrap(menu.measureChooser, "the flyout has no Show line")
            // Maximum of: the last item.
            try click(chooser.aggregateDropDown, then: ["End", "Return"]) {
                menu.measureChoice?.measure.aggregate == .maximum
            }
            let columns = try XCTUnwrap(chooser.columnDropDown, "no column drop-down")
            try click(columns, then: ["Down", "Return"]) {
                menu.measureChoice.map { self.page.filter?.catalog.columns[$0.measure.column].name } == "day"
            }
            let filter = try XCTUnwrap(page.filter)
            let day = try XCTUnwrap(filter.catalog.column(named: "day"))
            XCTAssertTrue(pump { menu.figures.count == menu.options.count })
            for (row, index) in menu.listed.enumerated() {
                let latest = try XCTUnwrap(Self.rows.filter { $0[1] == menu.options[index] }.map { $0[3] }.max())
                let shown = try XCTUnwrap(menu.figures[index].value)
                XCTAssertEqual(FacetValueText.iso(shown, .date), latest)
                XCTAssertTrue(
                    menu.countLabels[row].text.hasPrefix(FacetValueText.text(shown, filter.catalog.columns[day])))
            }
            // A sum of dates means nothing: Sum of lists the numbers only.
            try click(chooser.aggregateDropDown, then: ["Home", "Down", "Return"]) {
                menu.measureChoice?.measure.aggregate == .sum
            }
            XCTAssertEqual(chooser.listedColumns, [try XCTUnwrap(filter.catalog.column(named: "arr_delay"))])
        }
    }
}
