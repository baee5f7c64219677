// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import PostgresTesting
import XCTest

@testable import FoldoutUI

/// A PostgreSQL table (`ThrowawayPostgres`) filtered where it lives on the Filters page
/// (`--in-database`): its flyouts count as the in-memory engine counts the same rows, a choice in
/// a flyout narrows the rows, scrolling fetches the next pages, a click unfolds a record read
/// from the server, and a server that goes away is said with Retry, which works once it is back.
final class ServerTableTests: GtkTestCase, @unchecked Sendable {
    nonisolated(unsafe) private static var testServer: TestServer?
    @MainActor private var window: Window!
    @MainActor private var page: FiltersPage!
    static let rows = 500

    override class func setUp() {
        super.setUp()
        testServer = TestServer(flights: rows)
    }

    override class func tearDown() {
        testServer?.stop()
        super.tearDown()
    }

    var server: ThrowawayPostgres {
        get throws { try XCTUnwrap(Self.testServer).running }
    }

    override func tearDown() {
        onMain {
            for dialog in ErrorDialog.shown { dialog.dismiss() }
            window.destroy()
            (window, page) = (nil, nil)
            pump(seconds: 0.05)
        }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let uri = try server.uri(table: "flights")
        onMain {
            window = Window()
            // Each test's own: xdotool would find an earlier test's window by a shared title.
            window.title = "Foldout server table test \(UUID().uuidString)"
            window.setDefaultSize(width: 800, height: 600)
            page = FiltersPage(source: .generated(count: 50), host: .alone(in: window))
            window.child = page.root
            window.present()
            XCTAssertTrue(pump { self.page.filter != nil }, "the page shows no catalog")
            page.open(path: uri, options: CatalogReadOptions(residence: .inDatabase))
            XCTAssertTrue(pump(seconds: 10) { self.page.server?.isSettled == true }, "the table did not open")
        }
    }

    @MainActor var view: ServerPage {
        get throws { try XCTUnwrap(page.server, "the page shows no table filtered in its server") }
    }

    /// The same rows read into memory, filtered by Foldout's own engine.
    func inMemory() throws -> FacetFilter {
        FacetFilter(catalog: try CatalogReader.load(path: try server.folder + "/flights.csv"))
    }

    @MainActor private func menu(_ name: String) throws -> FacetMenu {
        let menu = try XCTUnwrap(try view.facetBar.menus.first { $0.name == name }, "no flyout for \(name)")
        XCTAssertTrue(openFlyout(menu), "the \(name) flyout did not open")
        return menu
    }

    /// Each option's text and count as the flyout shows them (in its order: `listed`).
    @MainActor private func shownCounts(_ menu: FacetMenu) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: zip(menu.listed, menu.optionButtons).map { index, button in
                (menu.options[index], WidgetTree.texts(under: button).last ?? "")
            })
    }

    func testAChoiceInAFlyoutCountsAndNarrowsAsTheInMemoryEngine() throws {
        let memory = try inMemory()
        let carrier = try XCTUnwrap(memory.catalog.column(named: "carrier"))
        let origin = try XCTUnwrap(memory.catalog.column(named: "origin"))
        memory.setFacet(carrier, true)
        memory.setFacet(origin, true)
        try onMain {
            XCTAssertEqual(try view.countLabel.text, "500 of 500 rows")
            let carriers = try menu("carrier")
            let expected = Dictionary(
                uniqueKeysWithValues: zip(memory.options(forColumn: carrier), memory.counts(forColumn: carrier)).map {
                    ($0, String($1))
                })
            XCTAssertEqual(shownCounts(carriers).filter { expected[$0.key] != nil }, expected)
            let chosen = try XCTUnwrap(carriers.options.firstIndex(of: "UA"), "no option UA")
            XCTAssertTrue(carriers.optionButtons[chosen].activate())
            XCTAssertTrue(pump { self.page.server?.facets.filter.filters(carriers.column) == true })
            XCTAssertTrue(pump(seconds: 10) { self.page.server?.isSettled == true }, "the new counts did not come")
            memory.select(
                option: try XCTUnwrap(memory.options(forColumn: carrier).firstIndex(of: "UA")), inColumn: carrier)
            XCTAssertEqual(try view.countLabel.text, "\(memory.matchCount) of 500 rows")
            XCTAssertEqual(carriers.button.label, "carrier: UA")
            let bound = try view.boundRows.values
            XCTAssertFalse(bound.isEmpty, "no row is shown")
            let fetched = try view.facets.rows
            XCTAssertTrue(fetched.allSatisfy { $0[carrier] == "UA" }, fetched.map { $0[carrier] }.description)
            let origins = try menu("origin")
            XCTAssertEqual(
                shownCounts(origins).filter { $0.value != "0" },
                Dictionary(
                    uniqueKeysWithValues: zip(memory.options(forColumn: origin), memory.counts(forColumn: origin))
                        .filter { $0.1 > 0 }.map { ($0, String($1)) }),
                "the origins are counted among UA's flights")
            origins.popover.popdown()
        }
    }

    func testScrollingToTheEndFetchesEveryPage() throws {
        try onMain {
            let view = try view
            XCTAssertEqual(view.facets.rows.count, DatabaseFacets.pageSize, "one page at first")
            let adjustment = view.scrolled.verticalAdjustment
            XCTAssertTrue(
                pump(seconds: 20) {
                    adjustment.value = adjustment.upper
                    return view.facets.hasAllListed && view.facets.rows.count == Self.rows
                }, "scrolling fetched \(view.facets.rows.count) of \(Self.rows) rows")
            let ids = view.facets.rows.compactMap { $0[0].flatMap { Int($0) } }
            XCTAssertEqual(Set(ids).count, Self.rows, "a row came twice or not at all")
        }
    }

    func testAClickUnfoldsTheRecordReadFromTheServer() throws {
        try onMain {
            let view = try view
            XCTAssertTrue(pump { view.boundRows[2].map { $0.root.isMapped && $0.root.width > 0 } == true })
            let row = try XCTUnwrap(view.boundRows[2])
            pump(frames: 3, of: row.root)
            guard let point = row.name.pointInWindow(), point.y > 0 else { return XCTFail("row 2 is not shown") }
            xdotool(
                ["mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1"], window: window.title,
                until: { view.unfoldedIndex == 2 && row.isFullyUnfolded })
            let names = view.facets.table.columns.map(\.name)
            let fields = row.record.fields
            XCTAssertEqual(fields.map(\.name.text), names, "every column, in the table's order")
            guard fields.count == names.count else { return }
            let isolates = CharacterSet(charactersIn: "\u{2068}\u{2069}")
            let shown = fields.map { $0.value.text.trimmingCharacters(in: isolates) }
            for (index, value) in view.facets.rows[2].enumerated() {
                XCTAssertEqual(shown[index], value ?? "no value", "\(names[index])")
            }
        }
    }

    /// Rows selected with the keyboard (Enter in the search, Shift+Down), in the rows and in the
    /// table, are copied by Ctrl+C as tab-separated text with a header, as the server gave them.
    func testSelectedRowsAreCopiedAsTheServerGaveThem() throws {
        try onMain {
            let view = try view
            let names = view.facets.table.columns.map(\.name)
            @MainActor func expected(_ rows: [Int]) -> String {
                CatalogExport.text(of: [names] + rows.map { view.facets.rows[$0].map { $0 ?? "" } }, format: .tsv)
            }
            pump(frames: 3, of: view.searchEntry)
            let search = try XCTUnwrap(view.searchEntry.pointInWindow())
            xdotool(
                ["mousemove", "--window", "%1", "\(search.x)", "\(search.y)", "click", "1", "key", "Return"],
                window: window.title, until: { view.listView.selectedPositions == [0] })
            xdotool(
                ["keydown", "shift", "key", "Down", "key", "Down", "keyup", "shift"], window: window.title,
                until: { view.listView.selectedPositions == [0, 1, 2] })
            Display.copyToClipboard("")
            xdotool(["key", "ctrl+c"], window: window.title, until: { Display.localClipboardText != "" })
            XCTAssertEqual(Display.localClipboardText, expected([0, 1, 2]))

            view.resultsView = .table
            XCTAssertTrue(pump { (try? self.cell(0, at: 1))?.isMapped == true }, "no table cell of row 1")
            pump(frames: 3, of: view.tableLayout.table.view)
            let cell = try XCTUnwrap(try self.cell(0, at: 1)?.pointInWindow())
            xdotool(
                [
                    "mousemove", "--window", "%1", "\(cell.x)", "\(cell.y)", "click", "1", "keydown", "shift", "key",
                    "Down",
                    "keyup", "shift",
                ], window: window.title,
                until: { view.tableLayout.table.view.selectedPositions == [1, 2] })
            xdotool(
                ["key", "ctrl+c"], window: window.title, until: { Display.localClipboardText == expected([1, 2]) })
        }
    }

    func testAServerThatGoesAwayIsSaidAndRetriedOnceItIsBack() throws {
        let server = try server
        try server.halt()
        defer { try? server.start() }
        try onMain {
            let view = try view
            view.searchEntry.text = "a"
            XCTAssertTrue(pump(seconds: 10) { view.banner.isShown }, "no banner says the server is gone")
            XCTAssertTrue(view.banner.text.contains("could not answer"), view.banner.text)
            XCTAssertEqual(view.searchEntry.text, "a", "the search is kept")
        }
        try server.start()
        try onMain {
            let view = try view
            XCTAssertNoThrow(try view.facets.table.connect(), "the server is back")
            XCTAssertTrue(pump { view.retryButton.isMapped }, "the Retry button is not shown")
            XCTAssertTrue(view.retryButton.activate())
            XCTAssertTrue(
                pump(seconds: 10) { !view.banner.isShown && view.isSettled },
                "Retry did not answer: \(view.facets.problem?.description ?? "no problem")")
            let table = view.facets.table
            let expected = try table.counts(view.facets.filter, try table.connect()).matchCount
            XCTAssertGreaterThan(expected, 0)
            XCTAssertLessThan(expected, Self.rows, "the search narrows")
            XCTAssertEqual(view.facets.counts?.matchCount, expected)
        }
    }
}

extension ServerTableTests {
    /// A server restarted while the window waited: the next change is answered on a new
    /// connection, with no banner.
    func testAServerRestartedMeanwhileAnswersTheNextChange() throws {
        let server = try server
        try server.halt()
        try server.start()
        try onMain {
            let view = try view
            view.searchEntry.text = "a"
            XCTAssertTrue(
                pump(seconds: 10) { view.facets.filter.search == "a" && view.isSettled },
                "the search was not answered")
            XCTAssertFalse(view.banner.isShown, view.banner.text)
            XCTAssertNil(view.facets.problem)
            XCTAssertLessThan(view.facets.counts?.matchCount ?? Self.rows, Self.rows, "the search narrows")
        }
    }
}

extension ServerTableTests {
    /// A range typed into a range flyout narrows the rows as Foldout's own engine does, and the
    /// histogram counts the server's rows in the same bins.
    func testARangeTypedInItsFlyoutCountsAsTheInMemoryEngine() throws {
        let memory = try inMemory()
        let date = try XCTUnwrap(memory.catalog.column(named: "flight_date"))
        memory.setFacet(date, true, as: .range)
        try onMain {
            let view = try view
            let menu = try XCTUnwrap(view.facetBar.rangeMenus.first { $0.name == "flight_date" }, "no range flyout")
            menu.button.popup()
            XCTAssertTrue(pump { menu.popover.isMapped })
            // A range facet's first counts come from a pass of their own after the table opens.
            XCTAssertTrue(
                pump(seconds: 10) {
                    view.isSettled && view.facets.histogram(forColumn: menu.column).counts.contains { $0 > 0 }
                },
                "the range's counts did not come")
            XCTAssertEqual(
                view.facets.histogram(forColumn: menu.column).counts, memory.histogram(forColumn: date).counts,
                "the server's bins hold what the catalog's hold")
            pump(frames: 2, of: menu.lowerEntry)
            let entry = try XCTUnwrap(menu.lowerEntry.pointInWindow())
            xdotool(
                [
                    "mousemove", "--window", "%1", "\(entry.x)", "\(entry.y)", "click", "1", "key", "--delay", "20",
                    "2", "0", "1", "3", "minus", "0", "6", "minus", "0", "1", "Return",
                ], window: window.title, until: { view.facets.range(forColumn: menu.column)?.lower != nil })
            XCTAssertTrue(pump(seconds: 10) { view.isSettled }, "the new counts did not come")
            memory.setRange(view.facets.range(forColumn: menu.column), forColumn: date)
            XCTAssertLessThan(memory.matchCount, Self.rows)
            XCTAssertEqual(view.countLabel.text, "\(memory.matchCount) of 500 rows")
            XCTAssertEqual(menu.countLabel.text, "\(memory.matchCount) rows in range")
            XCTAssertTrue(menu.button.label.hasPrefix("flight_date: ≥ "), menu.button.label)
            menu.popover.popdown()
        }
    }

    /// Opens the Facets menu and activates `column`'s check box, as a click does; whether it is
    /// ticked then.
    @MainActor private func toggleFacet(_ column: Int) throws -> Bool {
        let view = try view
        view.facetBar.facetsButton.popup()
        XCTAssertTrue(pump { view.facetBar.facetChecks?.root.isMapped == true }, "the Facets menu did not open")
        let check = try XCTUnwrap(view.facetBar.facetChecks?.checks.dropFirst(column).first, "no check box")
        XCTAssertTrue(check.activate())
        view.facetBar.facetsButton.popdown()
        return check.isActive
    }

    /// The Facets menu makes any column a facet, counted in the server as the in-memory engine
    /// counts it (a text of many values listing its options, a number of many values a range), and
    /// gives one up with its filter: the rows it narrowed come back.
    func testTheFacetsMenuMakesAnyColumnAFacetAndGivesItUp() throws {
        let memory = try inMemory()
        let tailnum = try XCTUnwrap(memory.catalog.column(named: "tailnum"))
        let distance = try XCTUnwrap(memory.catalog.column(named: "distance"))
        memory.setFacet(tailnum, true, as: .options)
        memory.setFacet(distance, true, as: .range)
        try onMain {
            let view = try view
            XCTAssertFalse(view.facets.isFacet(tailnum), "tailnum is a facet when the table opens")
            XCTAssertFalse(view.facets.isFacet(distance), "distance is a facet when the table opens")
            XCTAssertTrue(try toggleFacet(tailnum))
            // Opened as soon as it is made, before its counts come: they show when they come.
            XCTAssertTrue(
                pump(seconds: 10) { view.facetBar.menus.contains { $0.column == tailnum } }, "no tailnum flyout")
            let tails = try menu("tailnum")
            XCTAssertTrue(pump(seconds: 10) { view.isSettled }, "the counts did not come")
            let expected = Dictionary(
                uniqueKeysWithValues: zip(memory.options(forColumn: tailnum), memory.counts(forColumn: tailnum)).map {
                    ($0, String($1))
                })
            XCTAssertGreaterThan(expected.count, 100)
            XCTAssertEqual(shownCounts(tails).filter { expected[$0.key] != nil }, expected)
            XCTAssertGreaterThan(memory.noValueCount(forColumn: tailnum), 0)
            XCTAssertNotNil(view.facets.noValueOption(forColumn: tailnum), "the flyout lists no No value")
            XCTAssertEqual(view.facets.noValueCount(forColumn: tailnum), memory.noValueCount(forColumn: tailnum))
            tails.popover.popdown()
            XCTAssertTrue(try toggleFacet(distance))
            XCTAssertTrue(
                pump(seconds: 10) { view.isSettled && view.facetBar.rangeMenus.contains { $0.column == distance } },
                "the range facet was not made")
            XCTAssertEqual(
                view.facets.histogram(forColumn: distance).counts, memory.histogram(forColumn: distance).counts,
                "the added range's bins hold what the catalog's hold")
            tails.button.popup()
            XCTAssertTrue(pump { tails.popover.isMapped })
            let chosen = try XCTUnwrap(tails.options.indices.first { tails.options[$0] != "" })
            XCTAssertTrue(tails.optionButtons[chosen].activate())
            XCTAssertTrue(pump(seconds: 10) { view.isSettled && view.countLabel.text != "500 of 500 rows" })
            tails.popover.popdown()
            XCTAssertFalse(try toggleFacet(tailnum))
            XCTAssertTrue(pump(seconds: 10) { view.isSettled }, "the counts did not come")
            XCTAssertFalse(view.facetBar.menus.contains { $0.column == tailnum }, "the tailnum flyout stays")
            XCTAssertEqual(view.countLabel.text, "500 of 500 rows")
        }
    }

    /// A range of numbers on a logarithmic scale, ticked in its flyout: the server counts the
    /// bins the catalog's column gets on that scale, as the in-memory engine counts them.
    func testALogarithmicScaleCountsAsTheInMemoryEngine() throws {
        let memory = try inMemory()
        let distance = try XCTUnwrap(memory.catalog.column(named: "distance"))
        memory.setFacet(distance, true, as: .range)
        memory.setLogarithmic(true, forColumn: distance)
        try onMain {
            let view = try view
            XCTAssertTrue(try toggleFacet(distance))
            XCTAssertTrue(
                pump(seconds: 10) { view.isSettled && view.facetBar.rangeMenus.contains { $0.column == distance } })
            let menu = try XCTUnwrap(view.facetBar.rangeMenus.first { $0.column == distance })
            menu.button.popup()
            XCTAssertTrue(pump { menu.popover.isMapped })
            XCTAssertTrue(menu.logarithmicCheck.isVisible, "no logarithmic scale is offered")
            XCTAssertFalse(view.facets.isLogarithmic(distance))
            XCTAssertTrue(menu.logarithmicCheck.activate())
            XCTAssertTrue(pump(seconds: 10) { view.facets.isLogarithmic(distance) && view.isSettled })
            let expected = memory.histogram(forColumn: distance)
            let counted = view.facets.histogram(forColumn: distance)
            XCTAssertTrue(counted.logarithmic)
            XCTAssertEqual(counted.edges, expected.edges, "the bins are not the catalog's")
            XCTAssertEqual(counted.counts, expected.counts)
            XCTAssertEqual(counted.counts.reduce(0, +), Self.rows - counted.missing)
            menu.popover.popdown()
        }
    }

    /// The summary of every column, shown in place of the rows: worked out by the server, as the
    /// in-memory engine's of the same rows, and again for the rows of one carrier once chosen.
    func testTheSummaryIsTheServersOfTheMatchingRows() throws {
        let memory = try inMemory()
        let carrier = try XCTUnwrap(memory.catalog.column(named: "carrier"))
        try onMain {
            let view = try view
            XCTAssertEqual(view.resultsView, .rows)
            XCTAssertTrue(view.viewSwitcher.isVisible)
            view.resultsStack.visibleChildName = "summary"
            for choosing in [false, true] {
                if choosing {
                    memory.setFacet(carrier, true)
                    memory.select(
                        option: try XCTUnwrap(memory.options(forColumn: carrier).firstIndex(of: "AA")),
                        inColumn: carrier)
                    let menu = try XCTUnwrap(view.facetBar.menus.first { $0.column == carrier })
                    view.facets.select(option: try XCTUnwrap(menu.options.firstIndex(of: "AA")), inColumn: carrier)
                }
                XCTAssertTrue(
                    pump(seconds: 20) {
                        view.isSettled && view.summary.table.summaries.first?.present == memory.matchCount
                    },
                    "no summary of \(memory.matchCount) rows came")
                let rows = memory.matchCount == memory.catalog.count ? nil : memory.matches
                let expected = try XCTUnwrap(CatalogSummary.summarize(memory.catalog, rows: rows))
                let shown = view.summary.table.summaries
                XCTAssertEqual(shown.map(\.name), expected.map(\.name))
                XCTAssertEqual(shown.map(\.present), expected.map(\.present))
                XCTAssertEqual(shown.map(\.distinct), expected.map(\.distinct))
                XCTAssertEqual(shown.map(\.histogram), expected.map(\.histogram))
                XCTAssertFalse(view.summary.table.view.hasCSSClass("stale"), "the summary stays dimmed")
                XCTAssertTrue(
                    WidgetTree.texts(under: view.summary.root).contains("18 columns of \(memory.matchCount) rows"),
                    "the caption does not count the rows summarized")
            }
            let text = try XCTUnwrap(view.summary.table.tabSeparatedText())
            XCTAssertTrue(text.hasPrefix("column\tkind\tcount"), text)
        }
    }

    /// The table's cell of `column` in the row listed at `position`, if bound.
    @MainActor private func cell(_ column: Int, at position: Int) throws -> Inscription? {
        try view.tableLayout.table.cells.values.first { $0.column == column && $0.listPosition == position }?.text
    }

    /// The results as a table, chosen with a click on the view switcher: the server's rows, every
    /// column with the title first; a header click sorts (the server orders the rows); scrolling
    /// the table fetches the next pages; a column hidden from the Columns popover and the table
    /// shown are kept with the view.
    func testTheTableShowsTheServersRowsSortsByAHeaderAndIsKept() throws {
        let store = viewStore()
        let memory = try inMemory()
        let depTime = try XCTUnwrap(memory.catalog.column(named: "dep_time"))
        let note = try XCTUnwrap(memory.catalog.column(named: "note"))
        try onMain {
            try reopen(keptIn: store)
            let view = try view
            pump(frames: 3, of: view.viewSwitcher)
            let tableButton = try XCTUnwrap(view.viewSwitcher.pointInWindow(ofButton: .table))
            xdotool(
                ["mousemove", "--window", "%1", "\(tableButton.x)", "\(tableButton.y)", "click", "1"],
                window: window.title,
                until: { view.resultsView == .table && (try? self.cell(0, at: 0)) != nil })
            let table = view.tableLayout.table
            let names = view.facets.table.columns.map(\.name)
            let title = view.section.titleColumn
            XCTAssertEqual(
                table.shown.map(\.name), [names[title]] + names.indices.filter { $0 != title }.map { names[$0] })
            for cell in table.cells.values {
                let position = try XCTUnwrap(cell.listPosition)
                XCTAssertEqual(
                    cell.text.text.filter { $0 != "\u{2068}" && $0 != "\u{2069}" },
                    view.facets.rows[position][cell.column] ?? "",
                    "row \(position), \(names[cell.column])")
            }

            // A click on dep_time's header: the earliest departures first, as the in-memory engine sorts.
            pump(frames: 3, of: table.view)
            let first = try XCTUnwrap(try cell(depTime, at: 0))
            let inCell = try XCTUnwrap(first.pointInWindow())
            let top = try XCTUnwrap(table.view.pointInWindow(dy: -Double(table.view.height) / 2))
            xdotool(
                ["mousemove", "--window", "%1", "\(inCell.x)", "\(top.y + 12)", "click", "1"], window: window.title,
                until: { view.facets.filter.sort == CatalogSortKey(column: depTime, descending: false) })
            XCTAssertEqual(view.section.value(for: .sort), "dep_time, ascending")
            XCTAssertEqual(table.view.sort?.column.title, "dep_time", "the arrow is on dep_time")
            XCTAssertTrue(pump(seconds: 10) { view.isSettled })
            memory.sort = CatalogSortKey(column: depTime, descending: false)
            let earliest = memory.catalog.text(depTime, at: Int(memory.matches[0]))
            XCTAssertTrue(
                pump { (try? self.cell(depTime, at: 0))?.text.contains(earliest) == true },
                "the first row's dep_time is not \(earliest)")

            // Scrolling the table to its end fetches every page.
            let adjustment = table.root.verticalAdjustment
            XCTAssertTrue(
                pump(seconds: 20) {
                    adjustment.value = adjustment.upper
                    return view.facets.hasAllListed && view.facets.rows.count == Self.rows
                }, "scrolling the table fetched \(view.facets.rows.count) of \(Self.rows) rows")

            // note hidden from the Columns popover; the table and its columns kept.
            view.tableLayout.menu.button.popup()
            let check = try XCTUnwrap(view.tableLayout.menu.checks["note"], "no check box for note")
            XCTAssertTrue(pump { check.isMapped })
            XCTAssertTrue(check.activate())
            XCTAssertTrue(pump { !table.shown.contains { $0.column == note } }, "note is still shown")
            view.tableLayout.menu.button.popdown()
            XCTAssertTrue(pump { view.remembered?.isSavePending == false }, "the view was not kept")

            try reopen(keptIn: store)
            let again = try self.view
            XCTAssertEqual(again.resultsView, .table)
            XCTAssertFalse(again.tableLayout.table.shown.contains { $0.column == note }, "note is shown again")
            XCTAssertTrue(again.tableLayout.menu.button.isVisible, "no Columns button beside the table")
            XCTAssertEqual(again.facets.filter.sort, CatalogSortKey(column: depTime, descending: false))
        }
    }

    /// A store of views in a folder of the test's own, removed after it.
    private func viewStore() -> CatalogViewStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return CatalogViewStore(directory: folder.path)
    }

    /// Opens the table on a new page in the window, whose views `store` keeps.
    @MainActor private func reopen(keptIn store: CatalogViewStore) throws {
        // A new window, as the table is opened again after its window was closed.
        let title = window.title
        window.destroy()
        window = Window()
        window.title = title
        window.setDefaultSize(width: 800, height: 600)
        page = FiltersPage(source: .generated(count: 50), host: .alone(in: window, viewStore: store))
        window.child = page.root
        window.present()
        XCTAssertTrue(pump { self.page.filter != nil }, "the page shows no catalog")
        page.open(path: try server.uri(table: "flights"), options: CatalogReadOptions(residence: .inDatabase))
        XCTAssertTrue(pump(seconds: 10) { self.page.server?.isSettled == true }, "the table did not open")
    }

    /// The table's view is kept as a file's is: opened again, it has the facet added from the
    /// Facets menu, the option ticked in a flyout, the sort, the title and the logarithmic scale
    /// chosen, and counts so; Reset View shows it as it first opened, and forgets what was kept.
    func testTheViewIsKeptAndGivenBackWhenTheTableOpensAgain() throws {
        let store = viewStore()
        let memory = try inMemory()
        let tailnum = try XCTUnwrap(memory.catalog.column(named: "tailnum"))
        let carrier = try XCTUnwrap(memory.catalog.column(named: "carrier"))
        let distance = try XCTUnwrap(memory.catalog.column(named: "distance"))
        let note = try XCTUnwrap(memory.catalog.column(named: "note"))
        memory.setFacet(carrier, true)
        memory.select(option: try XCTUnwrap(memory.options(forColumn: carrier).firstIndex(of: "UA")), inColumn: carrier)
        try onMain {
            try reopen(keptIn: store)
            XCTAssertTrue(try toggleFacet(tailnum))
            XCTAssertTrue(
                pump(seconds: 10) {
                    (try? self.view.isSettled) == true
                        && (try? self.view.facetBar.menus.contains { $0.column == tailnum }) == true
                })
            let carriers = try menu("carrier")
            XCTAssertTrue(
                carriers.optionButtons[try XCTUnwrap(carriers.listed.firstIndex { carriers.options[$0] == "UA" })]
                    .activate())
            // A button activated clicks a moment later, unless its flyout closes first.
            XCTAssertTrue(pump { (try? self.view.facets.filter.filters(carrier)) == true }, "UA was not chosen")
            carriers.popover.popdown()
            try view.section.choose(sort: CatalogSortKey(column: distance, descending: true))
            try view.section.show(title: note, details: [carrier, distance])
            let id = try XCTUnwrap(memory.catalog.column(named: "id"))
            XCTAssertTrue(try view.facets.canBeLogarithmic(id), "id is no range facet of numbers")
            try view.facets.setLogarithmic(true, forColumn: id)
            XCTAssertTrue(pump(seconds: 10) { (try? self.view.isSettled) == true })
            let shown = try view.countLabel.text
            XCTAssertEqual(shown, "\(memory.matchCount) of 500 rows")
            XCTAssertTrue(pump { (try? self.view.remembered?.isSavePending) == false }, "the view was not kept")

            try reopen(keptIn: store)
            let again = try view
            XCTAssertTrue(again.facets.isFacet(tailnum), "the facet added is not made again")
            XCTAssertTrue(again.facetBar.menus.contains { $0.column == tailnum }, "no tailnum flyout")
            XCTAssertEqual(again.countLabel.text, shown)
            XCTAssertEqual(again.facetBar.menus.first { $0.column == carrier }?.button.label, "carrier: UA")
            XCTAssertEqual(again.facets.filter.sort, CatalogSortKey(column: distance, descending: true))
            XCTAssertEqual(again.section.titleColumn, note)
            XCTAssertEqual(again.section.detailColumns, [carrier, distance])
            XCTAssertTrue(again.facets.isLogarithmic(id), "the logarithmic scale is not kept")

            // Reset View: the table as it first opened, and nothing kept.
            XCTAssertTrue(page.root.activateAction("filters.reset-view"))
            XCTAssertTrue(pump(seconds: 10) { again.isSettled && !again.facets.isFacet(tailnum) }, "tailnum stays")
            XCTAssertEqual(again.countLabel.text, "500 of 500 rows")
            XCTAssertEqual(again.facetBar.menus.first { $0.column == carrier }?.button.label, "carrier")
            XCTAssertFalse(again.facetBar.menus.contains { $0.column == tailnum })
            XCTAssertFalse(again.facets.isLogarithmic(id))
            XCTAssertNil(again.facets.filter.sort)
            XCTAssertEqual(again.section.titleColumn, tailnum, "the title the table opened with")
            XCTAssertNil(
                store.load(
                    path: try XCTUnwrap(DatabaseAddress(try server.uri(table: "flights"))).withoutPassword(
                        table: "flights")))
        }
    }

    /// A measure beside each option, chosen in the flyout's Show line, worked out by the server
    /// as the in-memory engine works it out (a mean, a median, a sum, the latest date, the
    /// earliest time), among the rows the other facets let through; listed by it, the largest
    /// first; and given back with the view when the table opens again.
    func testAMeasureBesideTheOptionsIsTheInMemoryEnginesAndIsKept() throws {
        let store = viewStore()
        let memory = try inMemory()
        let carrier = try XCTUnwrap(memory.catalog.column(named: "carrier"))
        let origin = try XCTUnwrap(memory.catalog.column(named: "origin"))
        memory.setFacet(carrier, true)
        memory.setFacet(origin, true)
        memory.select(option: try XCTUnwrap(memory.options(forColumn: origin).firstIndex(of: "JFK")), inColumn: origin)
        let measured: [(FacetMeasure.Aggregate, String)] = [
            (.mean, "dep_delay"), (.median, "air_time"), (.sum, "distance"), (.maximum, "flight_date"),
            (.minimum, "time_hour"),
        ]
        try onMain {
            try reopen(keptIn: store)
            let origins = try menu("origin")
            XCTAssertTrue(
                origins.optionButtons[try XCTUnwrap(origins.listed.firstIndex { origins.options[$0] == "JFK" })]
                    .activate())
            XCTAssertTrue(pump { (try? self.view.facets.filter.filters(origin)) == true }, "JFK was not chosen")
            origins.popover.popdown()
            XCTAssertTrue(pump(seconds: 10) { (try? self.view.isSettled) == true })
            let carriers = try menu("carrier")
            let chooser = try XCTUnwrap(carriers.measureChooser, "the flyout has no Show line")
            for (aggregate, name) in measured {
                let column = try XCTUnwrap(memory.catalog.column(named: name))
                chooser.aggregateDropDown.selected = try XCTUnwrap(MeasureChooser.aggregates.firstIndex(of: aggregate))
                let columns = try XCTUnwrap(chooser.columnDropDown, "no column drop-down")
                columns.selected = try XCTUnwrap(chooser.listedColumns.firstIndex(of: column), "\(name) not listed")
                let measure = FacetMeasure(aggregate, of: column)
                XCTAssertEqual(carriers.measureChoice?.measure, measure)
                let expected = memory.measures(measure, forColumn: carrier)
                XCTAssertTrue(
                    pump(seconds: 10) {
                        (try? self.view.isSettled) == true && carriers.figures.count == expected.count
                    },
                    "no figures of \(name)")
                try checkFigures(carriers, expected, measure)
            }
            // Largest first: the carriers by their earliest time, the latest of them first.
            carriers.setLargestFirst(true)
            let expected = memory.measures(try XCTUnwrap(carriers.measureChoice?.measure), forColumn: carrier)
            let byValue = carriers.options.indices.filter { expected[$0].value != nil }.sorted {
                (expected[$0].value!, $1) > (expected[$1].value!, $0)
            }
            XCTAssertTrue(pump { Array(carriers.listed.prefix(byValue.count)) == byValue }, "\(carriers.listed)")
            carriers.popover.popdown()
            XCTAssertTrue(pump { (try? self.view.remembered?.isSavePending) == false }, "the view was not kept")

            try reopen(keptIn: store)
            let again = try menu("carrier")
            XCTAssertEqual(again.measureChoice, carriers.measureChoice, "the measure was not given back")
            // The options are listed by the figures once they come.
            XCTAssertTrue(
                pump(seconds: 10) {
                    (try? self.view.isSettled) == true && Array(again.listed.prefix(byValue.count)) == byValue
                }, "\(again.listed)")
            try checkFigures(again, expected, try XCTUnwrap(again.measureChoice?.measure))
            again.popover.popdown()
        }
    }

    /// Each option's figure is `expected`'s, and its line writes it as the table's column is written.
    @MainActor private func checkFigures(_ menu: FacetMenu, _ expected: [MeasureFigure], _ measure: FacetMeasure) throws
    {
        let columns = try view.facets.measurableColumns
        for (row, index) in menu.listed.enumerated() {
            let (want, got) = (expected[index], menu.figures[index])
            XCTAssertEqual(got.used, want.used, menu.options[index])
            guard let value = want.value else {
                XCTAssertNil(got.value, menu.options[index])
                continue
            }
            XCTAssertEqual(try XCTUnwrap(got.value), value, accuracy: 1e-9 * max(1, abs(value)), menu.options[index])
            let text = FacetMenu.valueText(value, of: measure, in: columns)
            XCTAssertEqual(
                menu.countLabels[row].text, "\(text) · \(FacetMenu.valuesText(want.used))", menu.options[index])
        }
    }

    /// A launch's filters, search and flyout, carried out on the table once its counts have come;
    /// a column that is no facet of the table is made one first; one that cannot be is said.
    func testALaunchsFiltersApplyToTheTableInItsServer() throws {
        let memory = try inMemory()
        let carrier = try XCTUnwrap(memory.catalog.column(named: "carrier"))
        memory.setFacet(carrier, true)
        memory.select(option: try XCTUnwrap(memory.options(forColumn: carrier).firstIndex(of: "AA")), inColumn: carrier)
        try onMain {
            var request = LaunchFilters()
            request.query.filters = [try XCTUnwrap(FilterRequest(.choose, "carrier=aa"))]
            request.query.openFacet = "origin"
            var answer: String?? = .none
            page.carryOut(request) { answer = .some($0) }
            XCTAssertTrue(pump(seconds: 10) { answer != nil && self.page.server?.isSettled == true })
            XCTAssertEqual(answer, .some(nil))
            let view = try view
            XCTAssertEqual(view.countLabel.text, "\(memory.matchCount) of 500 rows")
            XCTAssertTrue(
                pump { view.facetBar.menus.first { $0.name == "origin" }?.popover.isMapped == true }, "no flyout")
            view.facetBar.menus.first { $0.name == "origin" }?.popover.popdown()
            // A column that is no facet yet is made one first, of the kind asked for.
            let tailnum = try XCTUnwrap(memory.catalog.column(named: "tailnum"))
            XCTAssertFalse(view.facets.isFacet(tailnum))
            memory.setFacet(tailnum, true)
            // The tail number of most AA flights, so that the choice matches some.
            let counts = memory.counts(forColumn: tailnum)
            let most = try XCTUnwrap(counts.indices.max { counts[$0] < counts[$1] })
            let tail = memory.options(forColumn: tailnum)[most]
            memory.select(option: most, inColumn: tailnum)
            var added = LaunchFilters()
            added.query.filters = [
                try XCTUnwrap(FilterRequest(.choose, "carrier=aa")),
                try XCTUnwrap(FilterRequest(.choose, "tailnum=" + tail)),
            ]
            answer = .none
            page.carryOut(added) { answer = .some($0) }
            XCTAssertTrue(pump(seconds: 10) { answer != nil && view.isSettled })
            XCTAssertEqual(answer, .some(nil))
            XCTAssertTrue(view.facetBar.menus.contains { $0.column == tailnum }, "no tailnum flyout")
            XCTAssertEqual(view.countLabel.text, "\(memory.matchCount) of 500 rows")
            // A range of a text cannot be: said.
            var unfit = LaunchFilters()
            unfit.query.filters = [try XCTUnwrap(FilterRequest(.range, "note=1..2"))]
            answer = .none
            page.carryOut(unfit) { answer = .some($0) }
            XCTAssertTrue(pump(seconds: 10) { answer != nil })
            XCTAssertTrue(answer??.contains("cannot be a facet of that kind") == true, "\(String(describing: answer))")
            // A measure beside every option flyout's options; a sum of dates cannot be: said.
            var measured = LaunchFilters()
            measured.query.measure = "MEAN:Dep_Delay"
            answer = .none
            page.carryOut(measured) { answer = .some($0) }
            XCTAssertTrue(pump(seconds: 10) { answer != nil })
            XCTAssertEqual(answer, .some(nil))
            let depDelay = try XCTUnwrap(memory.catalog.column(named: "dep_delay"))
            XCTAssertFalse(view.facetBar.menus.isEmpty)
            for menu in view.facetBar.menus {
                XCTAssertEqual(menu.measureChoice?.measure, FacetMeasure(.mean, of: depDelay), menu.name)
            }
            measured.query.measure = "sum:flight_date"
            answer = .none
            page.carryOut(measured) { answer = .some($0) }
            XCTAssertTrue(pump(seconds: 10) { answer != nil })
            XCTAssertEqual(
                answer, .some("--measure cannot take the sum of flight_date: it is a date column"),
                "\(String(describing: answer))")
        }
    }
}

extension ServerTableTests {
    /// Export Rows… on a table filtered in its server: the server writes the matching rows into
    /// the file chosen, as psql's COPY of the same WHERE writes them.
    func testExportRowsWritesWhatTheServerCopies() throws {
        let server = try server
        let out = server.folder + "/exported-\(UUID().uuidString).csv"
        try onMain {
            let view = try view
            let carriers = try XCTUnwrap(view.facetBar.menus.first { $0.name == "carrier" })
            view.facets.select(option: try XCTUnwrap(carriers.options.firstIndex(of: "UA")), inColumn: carriers.column)
            XCTAssertTrue(pump(seconds: 10) { view.isSettled && view.facets.filter.filters(carriers.column) })
            XCTAssertTrue(page.root.activateAction("filters.export-rows"))
            XCTAssertTrue(pump { self.page.rowsExport.isChoosing }, "no file chooser")
            xdotool(["key", "ctrl+a", "type", out], window: "^Export Rows$", until: { true })
            xdotool(["key", "Return"], window: "^Export Rows$", until: { true })
            XCTAssertTrue(
                pump(seconds: 10) { FileManager.default.fileExists(atPath: out) && !self.page.rowsExport.isExporting },
                "nothing was written")
        }
        try server.psql(
            """
            COPY (SELECT id, year, month, day, dep_time, dep_delay, NULLIF(carrier, '') AS carrier, flight,
                NULLIF(tailnum::text, '') AS tailnum, NULLIF(origin, '') AS origin, NULLIF(dest, '') AS dest,
                air_time, distance, flight_date, time_hour, scheduled::timestamp AS scheduled,
                cancelled::text AS cancelled, NULLIF(note, '') AS note
              FROM flights WHERE carrier = 'UA' ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER)
            """)
        let exported = try XCTUnwrap(FileManager.default.contents(atPath: out))
        XCTAssertGreaterThan(exported.filter { $0 == 10 }.count, 10)
        XCTAssertEqual([UInt8](exported), server.psqlOutput)
    }
}

extension ServerTableTests {
    /// Closing the window while the server counts stops the query: none is left running.
    func testClosingTheWindowLeavesNoQueryRunning() throws {
        let server = try server
        // Every row of the view waits 20 ms once `slowness` says so: a count takes ten seconds.
        try server.psql(
            """
            CREATE TABLE IF NOT EXISTS slowness (slow boolean);
            DELETE FROM slowness; INSERT INTO slowness VALUES (false);
            CREATE OR REPLACE VIEW slow_flights AS SELECT f.* FROM flights f
              WHERE (SELECT CASE WHEN s.slow THEN pg_sleep(0.02) IS NOT NULL ELSE true END FROM slowness s
                     WHERE f.id = f.id);
            """)
        let uri = try server.uri(table: "slow_flights")
        try onMain {
            page.open(path: uri, options: CatalogReadOptions(residence: .inDatabase))
            XCTAssertTrue(pump(seconds: 20) { self.page.server?.facets.table.name == "slow_flights" })
            XCTAssertTrue(pump(seconds: 20) { self.page.server?.isSettled == true })
        }
        try server.psql("UPDATE slowness SET slow = true")
        try onMain {
            try view.searchEntry.text = "a"
            XCTAssertTrue(pump { (try? self.view.facets.isCounting) == true })
        }
        let running =
            "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%slow_flights%'"
            + " AND pid <> pg_backend_pid()"
        try server.psql(script: "\\t on\n\\a\n" + running + ";")
        XCTAssertEqual(
            String(decoding: server.psqlOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "1",
            "the count runs")
        onMain {
            window.destroy()
            pump(seconds: 0.2)
        }
        var left = "?"
        for _ in 0..<20 {
            try server.psql(script: "\\t on\n\\a\n" + running + ";")
            left = String(decoding: server.psqlOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if left == "0" { break }
            usleep(100_000)
        }
        XCTAssertEqual(left, "0", "a query is left running after the window closed")
        try server.psql("UPDATE slowness SET slow = false")
    }
}

extension ServerTableTests {
    /// Sort by, in its combo row: the server's rows come in the catalog's order for that column
    /// (missing values last); Title shows another column in every row.
    func testSortByAndTitleInTheirComboRows() throws {
        let memory = try inMemory()
        let delay = try XCTUnwrap(memory.catalog.column(named: "dep_delay"))
        let sorted = memory.catalog.positions(sortedBy: CatalogSortKey(column: delay, descending: false))
        let expected = sorted.prefix(DatabaseFacets.pageSize).map { memory.catalog.text(0, at: Int($0)) }
        try onMain {
            let view = try view
            showViewOptions(of: view.page)
            let sort = try XCTUnwrap(view.page.comboRows.first { $0.combo == .sort })
            XCTAssertTrue(sort.header.activate())
            XCTAssertTrue(pump { !sort.optionButtons.isEmpty && sort.revealer.childRevealed })
            let option = try XCTUnwrap(sort.options.firstIndex(of: "dep_delay, ascending"), "\(sort.options)")
            XCTAssertTrue(sort.optionButtons[option].activate())
            XCTAssertTrue(pump(seconds: 10) { view.facets.filter.sort != nil && view.isSettled })
            XCTAssertEqual(view.facets.rows.map { $0[0] ?? "" }, expected, "the ids in the catalog's order")
            let title = try XCTUnwrap(view.page.comboRows.first { $0.combo == .title })
            XCTAssertTrue(title.header.activate())
            XCTAssertTrue(pump { !title.optionButtons.isEmpty && title.revealer.childRevealed })
            XCTAssertTrue(title.optionButtons[try XCTUnwrap(title.options.firstIndex(of: "dest"))].activate())
            XCTAssertTrue(pump { view.boundRows[0]?.name.text == view.facets.rows[0][10] })
        }
    }

    /// The window opens with the rows' count and the option flyouts before the range facets'
    /// histograms are counted (a date that takes the server 2 ms a row, here): a carrier is
    /// chosen meanwhile, the date's button waits greyed out, and its flyout, once made, counts
    /// the chosen carrier's flights.
    func testOptionFlyoutsWorkWhileTheRangesAreCounted() throws {
        let server = try server
        try server.psql(
            """
            CREATE OR REPLACE FUNCTION late(day date) RETURNS date STABLE LANGUAGE plpgsql
              AS $$ BEGIN PERFORM pg_sleep(0.002); RETURN day; END $$;
            CREATE OR REPLACE VIEW late_ranges AS
              SELECT carrier, origin, late(flight_date) AS flight_date FROM flights;
            """)
        let memory = try inMemory()
        let carrier = try XCTUnwrap(memory.catalog.column(named: "carrier"))
        memory.setFacet(carrier, true)
        memory.select(option: try XCTUnwrap(memory.options(forColumn: carrier).firstIndex(of: "UA")), inColumn: carrier)
        let uri = try server.uri(table: "late_ranges")
        try onMain {
            page.open(path: uri, options: CatalogReadOptions(residence: .inDatabase))
            XCTAssertTrue(pump(seconds: 20) { self.page.server?.facets.table.name == "late_ranges" })
            let view = try view
            XCTAssertTrue(pump(seconds: 20) { view.facets.counts != nil }, "no first counts")
            let date = try XCTUnwrap(view.facets.table.columns.firstIndex { $0.name == "flight_date" })
            XCTAssertEqual(view.facets.facetsBeingMade, [date], "the date is counted already")
            XCTAssertFalse(view.facetBar.rangeMenus.contains { $0.column == date })
            XCTAssertEqual(
                view.facetBar.placeholders.map { "\($0.label) \($0.isSensitive)" }, ["flight_date false"],
                "no greyed-out button for the date alone")
            let carriers = try menu("carrier")
            XCTAssertTrue(carriers.optionButtons[try XCTUnwrap(carriers.options.firstIndex(of: "UA"))].activate())
            carriers.popover.popdown()
            XCTAssertTrue(pump(seconds: 20) { view.isSettled }, "the date's flyout was not made")
            let dates = try XCTUnwrap(view.facetBar.rangeMenus.first { $0.column == date }, "no flyout for the date")
            XCTAssertTrue(dates.button.isSensitive)
            XCTAssertEqual(view.facets.matchCount, memory.matchCount)
            let histogram = view.facets.histogram(forColumn: date)
            XCTAssertEqual(histogram.counts.reduce(0, +) + histogram.missing, memory.matchCount, "not UA's flights")
        }
    }
}
