// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import PostgresTesting
import XCTest

@testable import FoldoutUI

/// The Filters page over the same rows read into memory (`flights.csv`) and filtered in their
/// server (the same rows in a throwaway PostgreSQL, `--in-database`): each test does what a user
/// does on both and checks that they show the same.
final class BothEnginesTests: GtkTestCase, @unchecked Sendable {
    nonisolated(unsafe) private static var testServer: TestServer?
    @MainActor private var window: Window?
    static let rows = 300

    /// Where the page's rows come from.
    enum Engine: String, CaseIterable {
        case memory, server
    }

    override class func setUp() {
        super.setUp()
        testServer = TestServer(flights: rows)
    }

    override class func tearDown() {
        testServer?.stop()
        super.tearDown()
    }

    override func tearDown() {
        onMain { closeWindow() }
    }

    @MainActor private func closeWindow() {
        for dialog in ErrorDialog.shown { dialog.dismiss() }
        window?.destroy()
        window = nil
        pump(seconds: 0.05)
    }

    private var server: ThrowawayPostgres {
        get throws { try XCTUnwrap(Self.testServer).running }
    }

    /// A window showing the flights through `engine`, once every answer has come.
    @MainActor private func page(_ engine: Engine, keptIn store: CatalogViewStore? = nil) throws -> FiltersPage {
        closeWindow()
        let window = Window()
        window.title = "Foldout both engines test \(UUID().uuidString)"
        window.setDefaultSize(width: 900, height: 700)
        let page = FiltersPage(source: .generated(count: 50), host: .alone(in: window, viewStore: store))
        window.child = page.root
        window.present()
        self.window = window
        XCTAssertTrue(pump { page.filter != nil }, "the page shows no catalog")
        switch engine {
        case .memory: page.open(path: try server.folder + "/flights.csv")
        case .server:
            page.open(path: try server.uri(table: "flights"), options: CatalogReadOptions(residence: .inDatabase))
        }
        XCTAssertTrue(
            pump(seconds: 10) {
                page.isReady && (engine == .server) == (page.filter == nil) && self.shown(page).count == Self.rows
                    && (page.root.rootHeight ?? 0) > 0
            },
            "the flights were not shown \(engine)")
        return page
    }

    /// What the page shows, the same parts whichever engine filters.
    @MainActor private func shown(_ page: FiltersPage) -> Shown {
        Shown(
            facetBar: page.facetBar, clearButton: page.clearButton, emptyResults: page.emptyResults,
            search: page.search.entry, countLabel: page.countLabel, count: page.shownTable?.rowCount ?? 0,
            isSavePending: page.isViewSavePending, model: page.shownTable, section: page.section, summary: page.summary,
            table: page.table, rows: Array(page.boundRows.values),
            unfolded: page.boundRows.values.first { $0.position != nil && $0.position == page.unfoldedPosition }?
                .listPosition)
    }

    @MainActor private struct Shown {
        let facetBar: FacetBar
        let clearButton: Button
        let emptyResults: EmptyResults
        let search: SearchEntry
        let countLabel: Label
        let count: Int
        /// Whether a change to the view waits to be kept.
        let isSavePending: Bool
        /// The table as the page filters it.
        let model: (any FilteredTable)?
        /// Sort by, Title and Details.
        let section: ComboSection
        let summary: ResultsSummary
        let table: ResultsTable
        /// The rows bound now, and the list position of the one unfolded.
        let rows: [ResultRow]
        let unfolded: Int?

        /// The unfolded row's record, each field's name and value as a screen reader hears it.
        var record: [String]? {
            guard let unfolded, let row = rows.first(where: { $0.listPosition == unfolded && $0.isFullyUnfolded })
            else { return nil }
            return row.record.fields.map { $0.name.text + " " + $0.value.text }
        }
    }

    /// Ticks `option` in the flyout of `facet` with a click, as a user chooses it alone.
    @MainActor private func choose(_ option: String, in facet: String, on page: FiltersPage, _ engine: Engine) throws {
        let menu = try XCTUnwrap(shown(page).facetBar.menus.first { $0.name == facet }, "\(engine): no \(facet)")
        XCTAssertTrue(openFlyout(menu), "\(engine): no flyout")
        let row = try XCTUnwrap(menu.listed.firstIndex { menu.options[$0] == option }, "\(engine): no \(option)")
        XCTAssertTrue(menu.optionButtons[row].activate())
        XCTAssertTrue(
            pump(seconds: 10) { page.isReady && menu.selection.options.count == 1 && !menu.popover.isMapped },
            "\(engine): \(option) was not chosen")
    }

    private func viewStore() -> CatalogViewStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return CatalogViewStore(directory: folder.path)
    }

    /// The words of each facet button that filters, in the bar's order.
    @MainActor private func chips(_ bar: FacetBar) -> [String] { bar.chosenLabels }

    /// An origin ticked in its flyout and a search that finds nothing: both said above the rows
    /// with Clear Filters, "No items match" said instead of the rows, and Clear Filters shows every
    /// row again; the same words on both engines.
    func testChosenFiltersAreShownAndNothingMatchingOffersToClearThem() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                let parts = shown(page)
                XCTAssertFalse(parts.clearButton.isVisible, "\(engine): nothing filters yet")
                try choose("JFK", in: "origin", on: page, engine)
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && self.chips(parts.facetBar).count == 1 },
                    "\(engine): the choice is not shown")
                let chosen = chips(parts.facetBar)
                parts.search.text = "nothing like this"
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && parts.emptyResults.root.isVisible },
                    "\(engine): nothing matching is not said")
                XCTAssertTrue(parts.clearButton.isMapped, "\(engine): no Clear Filters beside the facets")
                let empty = [parts.countLabel.text, parts.emptyResults.detail.text] + chips(parts.facetBar)
                XCTAssertTrue(parts.emptyResults.clearButton.activate())
                XCTAssertTrue(
                    pump(seconds: 10) {
                        page.isReady && !parts.emptyResults.root.isVisible && !parts.clearButton.isVisible
                    }, "\(engine): Clear Filters did not clear")
                XCTAssertEqual(parts.search.text, "", "\(engine): the search is cleared too")
                XCTAssertEqual(parts.countLabel.text, "\(Self.rows) of \(Self.rows) rows", "\(engine)")
                seen[engine] = chosen + empty
            }
        }
        XCTAssertEqual(seen[.memory]?.first, "origin: JFK")
        XCTAssertTrue(seen[.memory]?.contains { $0.contains("nothing like this") } == true, "\(seen[.memory] ?? [])")
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines show different words")
    }

    /// The results as a table: the same columns in the same order, and the first rows' cells
    /// written alike (numbers, dates and texts as the region writes them, isolated).
    func testTheTableShowsTheSameColumnsAndCells() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                let table = shown(page).table
                page.resultsView = .table
                let columns = 0..<FlightsTable.columnCount
                @MainActor func cells() -> [String]? {
                    let bound = Dictionary(
                        table.cells.values.compactMap { cell in
                            cell.listPosition.map { ("\($0) \(cell.column)", cell.text.text) }
                        }
                    ) { first, _ in first }
                    let wanted = (0..<3).flatMap { row in columns.map { "\(row) \($0)" } }
                    let texts = wanted.compactMap { bound[$0] }
                    return texts.count == wanted.count ? texts : nil
                }
                XCTAssertTrue(pump(seconds: 10) { page.isReady && cells() != nil }, "\(engine): no cells shown")
                seen[engine] = table.shown.map(\.name) + (cells() ?? [])
            }
        }
        XCTAssertEqual(seen[.memory]?.first, "tailnum", "the title first: the text of most values")
        let memory = seen[.memory] ?? []
        let server = seen[.server] ?? []
        XCTAssertEqual(memory.count, server.count)
        for (index, (file, table)) in zip(memory, server).enumerated() where file != table {
            XCTFail("item \(index): \(file) in memory, \(table) in the server")
        }
    }

    /// Enter in the search puts the focus on the first row, Return unfolds its record, Alt+Down
    /// takes the record to the row below: the same rows, the same records, on both engines.
    func testAltDownTakesTheUnfoldedRecordToTheNextRow() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                let window = try XCTUnwrap(self.window)
                pump(frames: 3, of: shown(page).search)
                let search = try XCTUnwrap(shown(page).search.pointInWindow())
                xdotool(
                    ["mousemove", "--window", "%1", "\(search.x)", "\(search.y)", "click", "1", "key", "Return"],
                    window: window.title,
                    until: { self.shown(page).rows.contains { $0.listPosition == 0 && $0.root.hasFocus } })
                xdotool(["key", "Return"], window: window.title) { self.shown(page).record != nil }
                let first = shown(page).record ?? []
                xdotool(["key", "alt+Down"], window: window.title) {
                    self.shown(page).unfolded == 1 && self.shown(page).record != nil
                }
                XCTAssertEqual(shown(page).unfolded, 1, "\(engine): Alt+Down did not unfold the next row")
                seen[engine] = first + (shown(page).record ?? [])
            }
        }
        XCTAssertEqual(seen[.memory]?.count, 2 * FlightsTable.columnCount)
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines show different records")
    }

    /// A launch that asks to unfold a row past the matches is refused with the same words.
    func testALaunchUnfoldingARowPastTheMatchesIsRefused() throws {
        var said: [Engine: String] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                var answer: String??
                page.carryOut(LaunchFilters(unfoldRow: Self.rows + 5)) { answer = .some($0) }
                XCTAssertTrue(pump(seconds: 10) { answer != nil }, "\(engine): the launch was not answered")
                said[engine] = answer??.description
            }
        }
        let expected = onMain { LaunchRequest.noRowToUnfold(String(Self.rows + 5), count: Self.rows) }
        XCTAssertEqual(said[.memory], expected)
        XCTAssertEqual(said[.memory], said[.server])
    }

    /// A choice, the sort and the table view are kept: opened again, the page shows them; Reset
    /// View shows the table as it first opened. The same on both engines.
    func testTheViewIsKeptAndResetAlike() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            let store = viewStore()
            try onMain {
                var page = try page(engine, keptIn: store)
                try choose("JFK", in: "origin", on: page, engine)
                let distance = try XCTUnwrap(shown(page).model?.column(named: "distance"))
                shown(page).section.choose(sort: CatalogSortKey(column: distance, descending: true))
                page.resultsView = .table
                XCTAssertTrue(pump(seconds: 10) { page.isReady && !self.shown(page).isSavePending }, "\(engine)")
                let before = [shown(page).countLabel.text] + chips(shown(page).facetBar)

                page = try self.page(engine, keptIn: store)
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && self.chips(self.shown(page).facetBar) == ["origin: JFK"] },
                    "\(engine): the choice was not given back")
                let again = [shown(page).countLabel.text] + chips(shown(page).facetBar)
                XCTAssertEqual(again, before, "\(engine)")
                XCTAssertEqual(page.resultsView, .table, "\(engine): the table is not shown again")
                XCTAssertEqual(
                    shown(page).section.sort, CatalogSortKey(column: distance, descending: true), "\(engine)")

                XCTAssertTrue(page.root.activateAction("filters.reset-view"))
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && self.chips(self.shown(page).facetBar).isEmpty },
                    "\(engine): Reset View kept the choice")
                XCTAssertEqual(page.resultsView, .rows, "\(engine): Reset View shows the rows")
                XCTAssertEqual(shown(page).countLabel.text, "\(Self.rows) of \(Self.rows) rows", "\(engine)")
                seen[engine] = before + again + [shown(page).section.sort.map { "\($0.column)" } ?? "file order"]
            }
        }
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines keep different views")
    }

    /// The summary of every column of the flights from JFK: the same figures from both engines.
    func testTheSummaryIsTheSameOnBothEngines() throws {
        var seen: [Engine: String] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                try choose("JFK", in: "origin", on: page, engine)
                page.resultsView = .summary
                let summary = shown(page).summary
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && !summary.isSummarizing && !summary.table.summaries.isEmpty },
                    "\(engine): no summary")
                XCTAssertEqual(summary.table.summaries.count, FlightsTable.columnCount, "\(engine): a row a column")
                seen[engine] = summary.table.tabSeparatedText()
            }
        }
        XCTAssertNotNil(seen[.memory])
        let memory = (seen[.memory] ?? "").split(separator: "\n")
        let server = (seen[.server] ?? "").split(separator: "\n")
        XCTAssertEqual(memory.count, server.count)
        for (file, table) in zip(memory, server) where file != table {
            XCTFail("in memory: \(file)\nin the server: \(table)")
        }
    }

    /// The Groups view by carrier, then origin, with the mean delay, under a choice: the same
    /// groups, counts and figures on both engines, every carrier folded out by a click on its
    /// triangle, the server asked for each level as it is folded out.
    func testTheGroupsAreTheSameOnBothEngines() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                try choose("JFK", in: "origin", on: page, engine)
                page.resultsView = .groups
                let table = try XCTUnwrap(page.shownTable)
                let (carrier, month, delay) = (
                    try XCTUnwrap(table.column(named: "carrier")), try XCTUnwrap(table.column(named: "month")),
                    try XCTUnwrap(table.column(named: "dep_delay"))
                )
                let groups = page.groups
                groups.group(
                    by: Grouping(
                        levels: [GroupLevel(carrier), GroupLevel(month)], measures: [FacetMeasure(.median, of: delay)]),
                    in: table)
                @MainActor func shown() -> [String] {
                    (0..<groups.table.model.count).compactMap { position in
                        guard let row = groups.table.model.row(at: position), let id = row.id,
                            let group = groups.table.tree.group(id)
                        else { return nil }
                        // The median as the view writes it: the engines' sums differ in the last bits.
                        let median = group.figures.first?.value.map {
                            FacetMenu.valueText($0, of: FacetMeasure(.median, of: delay), in: table.measurableColumns)
                        }
                        return "\(row.depth) \(group.label) \(group.count) \(median ?? "none")"
                    }
                }
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && shown().count > 2 }, "\(engine): no groups")
                let carriers = shown().count
                for position in (0..<carriers).reversed() {
                    pump(frames: 2, of: groups.table.view)
                    let row = try XCTUnwrap(groups.table.model.row(at: position))
                    let expander = try XCTUnwrap(
                        groups.table.boundCells.first { $0.id == row.id && $0.expander != nil }?.expander)
                    let triangle = try XCTUnwrap(expander.pointInWindow(dx: -Double(expander.width) / 2 + 8))
                    let before = shown().count
                    xdotool(
                        ["mousemove", "--window", "%1", "\(triangle.x)", "\(triangle.y)", "click", "1"],
                        window: try XCTUnwrap(window?.title), until: { page.isReady && shown().count > before })
                }
                XCTAssertGreaterThan(shown().count, carriers * 2, "\(engine): every carrier folded out")
                let total = (groups.table.tree.groups(under: []) ?? []).map(\.count).reduce(0, +)
                XCTAssertEqual(total, page.shownTable?.matchCount, "\(engine): every match in a group")
                seen[engine] = shown()
            }
        }
        XCTAssertEqual(seen[.memory]?.isEmpty, false)
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines fold the matches apart")
    }

    /// A launch's `--sort distance:desc` shows that order in Sort by on both engines.
    func testALaunchsSortIsShownInSortBy() throws {
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                var query = CatalogQuery()
                query.sort = SortRequest(column: "distance", descending: true)
                var answer: String??
                page.carryOut(LaunchFilters(query: query)) { answer = .some($0) }
                XCTAssertTrue(pump(seconds: 10) { answer != nil && page.isReady }, "\(engine): no answer")
                XCTAssertEqual(answer, .some(nil), "\(engine)")
                let distance = try XCTUnwrap(shown(page).model?.column(named: "distance"))
                XCTAssertEqual(
                    shown(page).section.sort, CatalogSortKey(column: distance, descending: true), "\(engine)")
            }
        }
    }

    /// A search typed into the field, in the titles and then in every text column: the same count
    /// and the same rows on both engines.
    func testASearchFindsTheSameRows() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                let parts = shown(page)
                parts.search.text = "n1"
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && parts.countLabel.text != "\(Self.rows) of \(Self.rows) rows" },
                    "\(engine): the search did not narrow the rows")
                let inTitles = [parts.countLabel.text] + page.visibleNames.prefix(5)
                parts.search.text = "jfk"
                XCTAssertTrue(pump(seconds: 10) { page.isReady && parts.countLabel.text.hasPrefix("0 of") })
                XCTAssertTrue(page.search.everyColumn.activate())
                XCTAssertTrue(
                    pump(seconds: 10) { page.isReady && !parts.countLabel.text.hasPrefix("0 of") },
                    "\(engine): every text column was not searched")
                seen[engine] = inTitles + [parts.countLabel.text] + page.visibleNames.prefix(5)
            }
        }
        XCTAssertEqual(seen[.memory]?.count, 12, "five rows each time")
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines find different rows")
    }

    /// Rows selected with the keyboard (Enter in the search, Shift+Down) and copied (Ctrl+C): the
    /// same text on the clipboard.
    func testSelectedRowsAreCopiedAlike() throws {
        var seen: [Engine: String] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                let window = try XCTUnwrap(self.window)
                pump(frames: 3, of: page.search.entry)
                let search = try XCTUnwrap(page.search.entry.pointInWindow())
                xdotool(
                    ["mousemove", "--window", "%1", "\(search.x)", "\(search.y)", "click", "1", "key", "Return"],
                    window: window.title, until: { page.listView.selectedPositions == [0] })
                xdotool(
                    ["keydown", "shift", "key", "Down", "keyup", "shift"], window: window.title,
                    until: { page.listView.selectedPositions == [0, 1] })
                Display.copyToClipboard("")
                xdotool(["key", "ctrl+c"], window: window.title, until: { Display.localClipboardText != "" })
                seen[engine] = Display.localClipboardText
            }
        }
        // A header line and two rows, the second's note written on two lines, quoted.
        XCTAssertEqual(seen[.memory]?.hasPrefix("id\tyear\tmonth"), true, "no header line")
        XCTAssertEqual(seen[.memory]?.components(separatedBy: "\t2013\t").count, 3, "not two rows")
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines copy different text")
    }

    /// The page around the results is the same: the same search field and check box, the same
    /// buttons beside the facets and above the rows, the same views, the same keys.
    func testBothEnginesShowTheSameControls() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                @MainActor func visible(_ widget: Widget) -> String { widget.isVisible ? "shown" : "hidden" }
                // Sort by names the table's own order as its engine has it: "File order", "Table order".
                let ownOrder = page.section.unsortedName
                seen[engine] =
                    WidgetTree.texts(under: page.search.root, shownOnly: true)
                    + WidgetTree.texts(under: page.viewOptions.popover).map { $0 == ownOrder ? "own order" : $0 }
                    + WidgetTree.texts(under: page.viewSwitcher, shownOnly: true)
                    + WidgetTree.mnemonics(under: page.root)
                    + [visible(page.openMenuButton), visible(page.clearButton), visible(page.banner.root)]
                    + (page.facetBar.root.isVisible ? ["facet bar"] : [])
            }
        }
        XCTAssertTrue(seen[.memory]?.contains("Search every text column") == true)
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines show different controls")
    }

    /// A launch's range of a column that is no facet of that kind yet, a choice beside it and a
    /// row to unfold: the range facet is made, both filter, and the page shows the same count,
    /// chips, flyout label, rows and unfolded record (of the rows filtered) on both engines.
    func testALaunchsRangeAndChoiceFilterAlike() throws {
        var seen: [Engine: [String]] = [:]
        for engine in Engine.allCases {
            try onMain {
                let page = try page(engine)
                var query = CatalogQuery()
                query.filters = [
                    try XCTUnwrap(FilterRequest(.range, "distance=1000..")),
                    try XCTUnwrap(FilterRequest(.choose, "origin=JFK")),
                ]
                var answer: String??
                page.carryOut(LaunchFilters(query: query, unfoldRow: 1)) { answer = .some($0) }
                XCTAssertTrue(pump(seconds: 10) { answer != nil && page.isReady }, "\(engine): no answer")
                XCTAssertEqual(answer, .some(nil), "\(engine)")
                XCTAssertTrue(pump(seconds: 10) { self.shown(page).record != nil }, "\(engine): row 1 is not unfolded")
                let parts = shown(page)
                let range = try XCTUnwrap(
                    parts.facetBar.rangeMenus.first { $0.name == "distance" }, "\(engine): no distance range")
                seen[engine] =
                    [parts.countLabel.text, range.button.label] + chips(parts.facetBar) + page.visibleNames.prefix(5)
                    + (parts.record ?? [])
            }
        }
        XCTAssertEqual(
            seen[.memory]?.count, 9 + FlightsTable.columnCount, "the count, the flyout, two chips, five rows, a record")
        XCTAssertEqual(seen[.memory], seen[.server], "the two engines filter differently")
    }
}
