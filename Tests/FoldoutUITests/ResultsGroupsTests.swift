// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The Groups view (issue 62), driven with real clicks and keys (xdotool under Xvfb): shown from
/// the view switcher; its groups those of the rows the filters match, each count and mean as the
/// file's values give them; a group folds out by a click on its triangle and by Right, and in by
/// Left, which from a subgroup goes to its group; a group folded out stays so when a filter
/// changes; Ctrl+C copies every innermost group; a group is heard with its count, measure and level.
/// An innermost group folds out into its rows, a page at a time (the last row lists more, by a
/// click or Enter), and a row into its record's fields.
final class ResultsGroupsTests: MainWindowTestCase, @unchecked Sendable {
    private let windowTitle = "Foldout groups test \(UUID().uuidString)"
    /// 240 flights: an origin, a carrier and a delay (some missing); 60 of each carrier, more
    /// than a page of a group's rows.
    private static let flights: [(origin: String, carrier: String, delay: Int?)] = (0..<240).map {
        (
            ["JFK", "LGA", "EWR"][$0 % 3], ["UA", "AA", "DL", "B6"][($0 / 2) % 4],
            $0 % 7 == 4 ? nil : ($0 * 37) % 91 - 20
        )
    }

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }
    @MainActor private var groups: GroupsTable { page.groups.table }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let lines =
            ["flight,origin,carrier,dep_delay"]
            + Self.flights.enumerated().map { index, flight in
                "F\(index),\(flight.origin),\(flight.carrier),\(flight.delay.map(String.init) ?? "")"
            }
        try onMain {
            try showFiltersPage(
                csv: lines.joined(separator: "\n") + "\n", named: "flights.csv", title: windowTitle, height: 700,
                views: CatalogViewStore(directory: folder + "/views"))
        }
    }

    @MainActor private func xdotool(_ arguments: String..., until done: () -> Bool, line: UInt = #line) {
        xdotool(arguments, window: windowTitle, until: done, line: line)
    }

    /// A row of the tree as it shows: how deep, its key, its count and its mean.
    private struct ShownGroup: Equatable, CustomStringConvertible {
        let depth: Int
        let label: String
        let count: Int
        let mean: Double?
        var description: String { "\(String(repeating: "  ", count: depth))\(label) \(count) \(mean ?? .nan)" }
    }

    @MainActor private func shownGroups() -> [ShownGroup] {
        (0..<groups.model.count).compactMap { position in
            guard let row = groups.model.row(at: position), let id = row.id, let group = groups.tree.group(id) else {
                return nil
            }
            return ShownGroup(
                depth: row.depth, label: group.label, count: group.count, mean: group.figures.first?.value)
        }
    }

    /// What the tree should show: each carrier among the flights `passing` lets through, then under
    /// those of `open`, each origin; counts and mean delays worked out plainly.
    private static func expected(open: Set<String>, _ passing: (Int) -> Bool) -> [ShownGroup] {
        let rows = flights.indices.filter(passing)
        func group(_ members: [Int], _ label: String, depth: Int) -> ShownGroup {
            let delays = members.compactMap { flights[$0].delay }.map(Double.init)
            let mean = delays.isEmpty ? nil : delays.reduce(0, +) / Double(delays.count)
            return ShownGroup(depth: depth, label: label, count: members.count, mean: mean)
        }
        return Set(rows.map { flights[$0].carrier }).sorted().flatMap { carrier -> [ShownGroup] in
            let members = rows.filter { flights[$0].carrier == carrier }
            let inner =
                open.contains(carrier)
                ? Set(members.map { flights[$0].origin }).sorted().map { origin in
                    group(members.filter { flights[$0].origin == origin }, origin, depth: 1)
                } : []
            return [group(members, carrier, depth: 0)] + inner
        }
    }

    @MainActor private func assertShown(
        _ expected: [ShownGroup], _ what: String, line: UInt = #line
    ) {
        XCTAssertTrue(
            pump { !self.page.groups.isGrouping && self.shownGroups().count == expected.count },
            "\(what): \(shownGroups()) is not \(expected)", line: line)
        let shown = shownGroups()
        XCTAssertEqual(shown.map(\.label), expected.map(\.label), what, line: line)
        XCTAssertEqual(shown.map(\.depth), expected.map(\.depth), what, line: line)
        XCTAssertEqual(shown.map(\.count), expected.map(\.count), what, line: line)
        for (got, want) in zip(shown, expected) {
            XCTAssertEqual(got.mean ?? .nan, want.mean ?? .nan, accuracy: 1e-9, "\(what): \(want)", line: line)
        }
    }

    /// The total row, when it is the last row of the tree.
    @MainActor private func shownTotal() -> GroupRow? {
        guard groups.model.count > 0, let id = groups.model.row(at: groups.model.count - 1)?.id,
            groups.tree.node(id) == .total
        else { return nil }
        return groups.tree.total
    }

    /// The cell of `part` showing the group `label` at `depth`.
    @MainActor private func cell(_ label: String, depth: Int = 0) throws -> GroupsTable.Cell {
        let id = try XCTUnwrap(
            (0..<groups.model.count).lazy.compactMap { self.groups.model.row(at: $0) }.first { row in
                row.depth == depth && row.id.flatMap { self.groups.tree.group($0)?.label } == label
            }?.id, "no group \(label)")
        return try XCTUnwrap(
            groups.boundCells.first { $0.id == id && $0.expander != nil }, "the group \(label) is not bound")
    }

    /// Where to click the key of the group `label` at `depth`, once the rows have come to rest
    /// (a row folded out moves those under it, and their cells are bound anew).
    @MainActor private func restingPoint(_ label: String, depth: Int = 0, line: UInt = #line) throws -> (x: Int, y: Int)
    {
        waitUntilStill(try cell(label, depth: depth).text, line: line)
        return try XCTUnwrap(try cell(label, depth: depth).text.pointInWindow(), line: line)
    }

    /// Shows the groups by carrier then origin with the mean delay, from a click on the switcher.
    @MainActor private func showGroupsByCarrierAndOrigin() throws {
        let switcher = page.viewSwitcher
        let point = try XCTUnwrap(switcher.pointInWindow(ofButton: .groups))
        xdotool("mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1") {
            self.page.resultsView == .groups && !self.page.groups.isGrouping
        }
        let table = try XCTUnwrap(page.shownTable)
        let (carrier, origin, delay) = (
            try XCTUnwrap(table.column(named: "carrier")), try XCTUnwrap(table.column(named: "origin")),
            try XCTUnwrap(table.column(named: "dep_delay"))
        )
        page.groups.group(
            by: Grouping(
                levels: [GroupLevel(carrier), GroupLevel(origin)], measures: [FacetMeasure(.mean, of: delay)]),
            in: table)
        assertShown(Self.expected(open: []) { _ in true }, "every carrier")
        pump(frames: 2, of: groups.view)
    }

    func testGroupsFoldOutByClickAndKeysAndFollowTheFilters() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()

            // A click on UA's triangle folds it out into its origins.
            let expander = try XCTUnwrap(cell("UA").expander)
            let triangle = try XCTUnwrap(expander.pointInWindow(dx: -Double(expander.width) / 2 + 8))
            xdotool("mousemove", "--window", "%1", "\(triangle.x)", "\(triangle.y)", "click", "1") {
                self.shownGroups().count > 4
            }
            assertShown(Self.expected(open: ["UA"]) { _ in true }, "UA folded out")

            // Right folds AA out, chosen by a click on its name; Left folds it in again.
            let aa = try restingPoint("AA")
            xdotool("mousemove", "--window", "%1", "\(aa.x)", "\(aa.y)", "click", "1", "key", "Right") {
                self.shownGroups().count > Self.expected(open: ["UA"]) { _ in true }.count
            }
            assertShown(Self.expected(open: ["UA", "AA"]) { _ in true }, "AA folded out by Right")
            xdotool("key", "Left") { self.shownGroups().count == Self.expected(open: ["UA"]) { _ in true }.count }
            assertShown(Self.expected(open: ["UA"]) { _ in true }, "AA folded in by Left")

            // Left on a subgroup goes to its group; Left again folds it in.
            let subgroup = try restingPoint("EWR", depth: 1)
            let ua = try XCTUnwrap(shownGroups().firstIndex { $0.label == "UA" && $0.depth == 0 })
            xdotool("mousemove", "--window", "%1", "\(subgroup.x)", "\(subgroup.y)", "click", "1", "key", "Left") {
                self.groups.view.selectedPositions == [ua]
            }
            XCTAssertTrue(groups.model.row(at: ua)?.isExpanded ?? false, "UA was folded in, not gone to")

            // A filter changes the groups; UA stays folded out.
            XCTAssertTrue(page.choose("JFK", inFacetNamed: "origin"))
            assertShown(Self.expected(open: ["UA"]) { Self.flights[$0].origin == "JFK" }, "JFK's flights")

            // Last, the total row: every flight from JFK, and their mean delay.
            let jfk = Self.expected(open: []) { Self.flights[$0].origin == "JFK" }
            let everyDelay = Self.flights.filter { $0.origin == "JFK" }.compactMap(\.delay).map(Double.init)
            XCTAssertTrue(pump { self.shownTotal()?.count == jfk.map(\.count).reduce(0, +) }, "no total row")
            XCTAssertEqual(
                shownTotal()?.figures.first?.value ?? .nan, everyDelay.reduce(0, +) / Double(everyDelay.count),
                accuracy: 1e-9, "the total's mean")

            // Each group is heard with its count, its measure and its level.
            let heard = try XCTUnwrap(shownGroups().first { $0.label == "UA" })
            let mean = try XCTUnwrap(cell("UA").id.flatMap { groups.tree.group($0)?.figures.first?.value })
            let table = try XCTUnwrap(page.shownTable)
            let measure = try XCTUnwrap(groups.tree.grouping.measures.first)
            let figure = FacetMenu.valueText(mean, of: measure, in: table.measurableColumns)
            let said = "UA, \(heard.count) rows, mean of dep_delay \(figure), level 1"
            XCTAssertTrue(
                try XCTUnwrap(cell("UA").expander).accessibleLabelIs(said), "UA is not heard as “\(said)”")
        }
    }

    /// A group's context menu, by a right click and by Menu: "Only" narrows the filters to the
    /// group, "Leave Out" leaves a subgroup's value out of its column; the groups follow.
    func testAGroupsContextMenuNarrowsTheFiltersToItOrLeavesItOut() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            let menu = page.groups.contextMenu.popover
            let aa = try restingPoint("AA")
            xdotool("mousemove", "--window", "%1", "\(aa.x)", "\(aa.y)", "click", "3") { menu.isOpen }
            // The first item, "Only “AA”", has the focus.
            xdotool("key", "Return") { !menu.isOpen }
            assertShown(Self.expected(open: []) { Self.flights[$0].carrier == "AA" }, "only AA")

            // AA folded out; Menu on its JFK, the second item: JFK's flights left out.
            let only = try restingPoint("AA")
            xdotool("mousemove", "--window", "%1", "\(only.x)", "\(only.y)", "click", "1", "key", "Right") {
                self.shownGroups().count > 1
            }
            let jfk = try restingPoint("JFK", depth: 1)
            xdotool("mousemove", "--window", "%1", "\(jfk.x)", "\(jfk.y)", "click", "1", "key", "Menu") { menu.isOpen }
            xdotool("key", "Down", "key", "Return") { !menu.isOpen }
            assertShown(
                Self.expected(open: ["AA"]) { Self.flights[$0].carrier == "AA" && Self.flights[$0].origin != "JFK" },
                "AA's flights but JFK's")
            let table = try XCTUnwrap(page.shownTable)
            let origin = try XCTUnwrap(table.column(named: "origin"))
            XCTAssertTrue(table.selection(forColumn: origin).excluded, "JFK is left out, not the others chosen")
        }
    }

    /// The Group by line, by clicks and keys: a measure added (a column of its own, each group's
    /// figure the file's) and taken away; a level's column chosen from its drop-down, a number
    /// then grouped in bins, or by value once that is chosen.
    func testTheGroupByLineAddsMeasuresAndChoosesEachLevelsColumnAndGroups() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            let line = page.groups.line
            let table = try XCTUnwrap(page.shownTable)
            let delay = try XCTUnwrap(table.column(named: "dep_delay"))
            @MainActor func click(_ widget: Widget, until done: () -> Bool) throws {
                pump(frames: 2, of: widget)
                let point = try XCTUnwrap(widget.pointInWindow())
                xdotool("mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1", until: done)
            }
            try click(line.addMeasureButton) { self.groups.tree.grouping.measures.count == 2 }
            let added = groups.tree.grouping.measures[1]
            XCTAssertEqual(added.column, delay, "the last measure's column")
            XCTAssertNotEqual(added.aggregate, .mean, "another aggregate")
            XCTAssertTrue(pump { !self.page.groups.isGrouping && self.shownGroups().count == 4 })
            for position in 0..<groups.model.count {
                // Each carrier's group; not the total row.
                guard let group = groups.model.row(at: position)?.id.flatMap(groups.tree.group),
                    case .value(let carrier) = group.key
                else { continue }
                let delays = Self.flights.filter { $0.carrier == carrier }.compactMap(\.delay).map(Double.init)
                let want: Double? =
                    switch added.aggregate {
                    case .sum: delays.reduce(0, +)
                    case .median: delays.sorted()[delays.count / 2]
                    case .minimum: delays.min()
                    case .maximum: delays.max()
                    case .mean: nil
                    }
                if added.aggregate != .median {
                    XCTAssertEqual(group.figures[1].value, want, "\(added.aggregate) of \(carrier)")
                }
            }
            XCTAssertEqual(line.measureChoosers.count, 2, "a chooser a measure")
            try click(line.removeMeasureButton) { self.groups.tree.grouping.measures.count == 1 }

            // Level 2's drop-down, by keys: dep_delay, the last column; its groups are bins.
            let second = line.columnDropDowns[1]
            try click(second) { second.isOpen }
            xdotool("key", "End", "key", "Return") {
                self.groups.tree.grouping.levels.count == 2 && self.groups.tree.grouping.levels[1].column == delay
            }
            XCTAssertEqual(groups.tree.grouping.levels[1].keying, .bins)
            let keying = try XCTUnwrap(line.keyingDropDowns[1] ?? nil, "a number level says what its groups are")
            try click(keying) { keying.isOpen }
            xdotool("key", "End", "key", "Return") { self.groups.tree.grouping.levels[1].keying == .values }
            // UA folded out: a group for each of its delays.
            XCTAssertTrue(pump { !self.page.groups.isGrouping && self.shownGroups().count == 4 })
            let ua = try restingPoint("UA")
            let values = Set(Self.flights.filter { $0.carrier == "UA" }.map { $0.delay.map(String.init) ?? "" })
            xdotool("mousemove", "--window", "%1", "\(ua.x)", "\(ua.y)", "click", "1", "key", "Right") {
                !self.page.groups.isGrouping && self.shownGroups().count == 4 + values.count
            }
        }
    }

    /// The groups are kept with the file's view: opened again, the file shows them, grouped and
    /// measured as they were, the groups folded out still folded out.
    func testTheGroupsAndThoseFoldedOutAreKeptWithTheView() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            for carrier in ["UA", "AA"] {
                let point = try restingPoint(carrier)
                let before = shownGroups().count
                xdotool("mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1", "key", "Right") {
                    !self.page.groups.isGrouping && self.shownGroups().count > before
                }
            }
            let grouping = groups.tree.grouping
            XCTAssertTrue(pump { !self.page.isViewSavePending }, "the groups are not kept")
            try reopen("flights.csv")
            XCTAssertEqual(page.resultsView, .groups, "the groups are shown again")
            XCTAssertEqual(groups.tree.grouping, grouping, "grouped and measured as before")
            assertShown(Self.expected(open: ["UA", "AA"]) { _ in true }, "UA and AA folded out again")
        }
    }

    func testCtrlCCopiesEveryInnermostGroup() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            let aa = try restingPoint("AA")
            xdotool("mousemove", "--window", "%1", "\(aa.x)", "\(aa.y)", "click", "1", "key", "ctrl+c") {
                Display.localClipboardText?.hasPrefix("carrier\torigin\trows\tmean(dep_delay)\n") == true
            }
            let lines = try XCTUnwrap(Display.localClipboardText).split(separator: "\n").dropFirst()
            var expected: [String: Int] = [:]
            for flight in Self.flights { expected[flight.carrier + "\t" + flight.origin, default: 0] += 1 }
            XCTAssertEqual(lines.count, expected.count, "a line a carrier and origin")
            for line in lines {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                XCTAssertEqual(Int(fields[2]), expected[fields[0] + "\t" + fields[1]], "\(line)")
            }
        }
    }

    /// The rows the groups have folded out into, in the tree's order: how deep, and the title.
    @MainActor private func shownMembers() -> [(depth: Int, title: String)] {
        (0..<groups.model.count).compactMap { position in
            guard let row = groups.model.row(at: position), let id = row.id,
                case .member = groups.tree.node(id), let record = groups.tree.record(id)
            else { return nil }
            return (row.depth, record.texts[0])
        }
    }

    /// The flights' names of `carrier` (and `origin`) in the file's order.
    private static func names(_ carrier: String, _ origin: String? = nil) -> [String] {
        flights.indices.filter { flights[$0].carrier == carrier && (origin == nil || flights[$0].origin == origin) }
            .map { "F\($0)" }
    }

    /// A value as shown without the marks that isolate its direction.
    private static func plain(_ shown: String) -> String {
        shown.filter { !["\u{2068}", "\u{2069}"].contains($0) }
    }

    @MainActor private func selectedNode() -> GroupTree.Node? {
        groups.view.selectedPositions.first.flatMap { groups.model.row(at: $0)?.id }.map(groups.tree.node)
    }

    func testAnInnermostGroupFoldsOutIntoItsRowsAndARowIntoItsRecord() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            // UA, then its EWR, folded out by Right: EWR's flights, in the file's order.
            let ua = try restingPoint("UA")
            xdotool("mousemove", "--window", "%1", "\(ua.x)", "\(ua.y)", "click", "1", "key", "Right") {
                self.shownGroups().contains { $0.label == "EWR" && $0.depth == 1 }
            }
            let ewr = try restingPoint("EWR", depth: 1)
            let wanted = Self.names("UA", "EWR")
            xdotool("mousemove", "--window", "%1", "\(ewr.x)", "\(ewr.y)", "click", "1", "key", "Right") {
                self.shownMembers().count == wanted.count
            }
            XCTAssertEqual(shownMembers().map(\.title), wanted, "EWR's UA flights")
            XCTAssertEqual(Set(shownMembers().map(\.depth)), [2])

            // Down to the first flight, Right: its record's fields, each a name and its value.
            xdotool("key", "Down", "key", "Right") {
                if case .member? = self.selectedNode() { return self.groups.model.count > 4 + 3 + wanted.count }
                return false
            }
            let first = try XCTUnwrap(Int(wanted[0].dropFirst()))
            let fields = groups.boundCells.filter {
                guard let id = $0.id, case .field = groups.tree.node(id), $0.expander != nil else { return false }
                return true
            }
            XCTAssertEqual(
                Set(fields.map(\.text.text)), ["flight", "origin", "carrier", "dep_delay"], "a field a column")
            let delay = try XCTUnwrap(fields.first { $0.text.text == "dep_delay" })
            let delayText = try XCTUnwrap(delay.id.flatMap(groups.tree.record)).shown[3]
            XCTAssertEqual(delayText.map(Self.plain), Self.flights[first].delay.map(String.init), "F\(first)'s delay")
            let heardDelay = Self.flights[first].delay.map(String.init)
            XCTAssertTrue(delay.expander!.accessibleLabelIs("dep_delay: \(heardDelay ?? "No value")"))
            let member = try XCTUnwrap(
                groups.boundCells.first {
                    $0.expander != nil && $0.id.map(groups.tree.node) == selectedNode()
                })
            let record = try XCTUnwrap(member.id.flatMap(groups.tree.record))
            XCTAssertEqual(record.texts[0], wanted[0], "the row is the flight")
            XCTAssertEqual(member.text.text, record.shown[0], "the row is titled by the flight")
            XCTAssertTrue(
                member.expander!.accessibleLabelIs(
                    "\(wanted[0]), row 1 of UA, EWR, dep_delay \(heardDelay ?? "no value"), level 3"),
                "the row as heard")
        }
    }

    func testAGroupsRowsAreListedAPageAtATimeByAClickOrEnter() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            let table = try XCTUnwrap(page.shownTable)
            let carrier = try XCTUnwrap(table.column(named: "carrier"))
            page.groups.group(by: Grouping(levels: [GroupLevel(carrier)]), in: table)
            XCTAssertTrue(pump { self.groups.tree.groups(under: [])?.count == 4 && !self.page.groups.isGrouping })
            pump(frames: 2, of: groups.view)
            let page = GroupTree.memberPage
            let wanted = Self.names("UA")
            XCTAssertGreaterThan(wanted.count, page, "more than a page")

            // A click on UA and Right: a page of its flights, then the row that lists more.
            let ua = try restingPoint("UA")
            xdotool("mousemove", "--window", "%1", "\(ua.x)", "\(ua.y)", "click", "1", "key", "Right") {
                self.shownMembers().count == page
            }
            XCTAssertEqual(shownMembers().map(\.title), Array(wanted.prefix(page)))
            // End goes to the total row, Up to it (the list scrolls it into view); a click on its
            // button lists the rest.
            xdotool("key", "End", "key", "Up") { self.selectedNode() == .more([.value("UA")]) }
            let more = try XCTUnwrap(groups.boundCells.first { $0.moreButton?.isVisible == true }?.moreButton)
            XCTAssertEqual(more.label, "Show \(wanted.count - page) more of \(wanted.count - page) rows")
            pump(frames: 2, of: groups.view)
            let point = try XCTUnwrap(more.pointInWindow())
            xdotool("mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1") {
                self.shownMembers().count == wanted.count
            }
            XCTAssertEqual(shownMembers().map(\.title), wanted, "every UA flight, in the file's order")
            XCTAssertFalse(
                (0..<groups.model.count).contains {
                    groups.model.row(at: $0)?.id.map(groups.tree.node) == .more([.value("UA")])
                },
                "no more row once every row is listed")

            // By keyboard: Home to AA, Right for its flights, Down past them to its more row, Enter.
            let aaRows = Self.names("AA")
            xdotool("key", "Home") {
                self.groups.tree.group(self.groups.model.row(at: 0)?.id ?? 0)?.label == "AA"
                    && self.groups.view.selectedPositions == [0]
            }
            xdotool("key", "Right") { self.shownMembers().count == wanted.count + page }
            xdotool("key", "--delay", "20", "--repeat", "\(page + 1)", "Down") {
                self.selectedNode() == .more([.value("AA")])
            }
            xdotool("key", "Return") { self.shownMembers().count == wanted.count + aaRows.count }
        }
    }

    /// Where the header of the column `cell` is in, in the window: above it, at the view's top.
    @MainActor private func header(above cell: GroupsTable.Cell) throws -> (x: Int, y: Int) {
        let inCell = try XCTUnwrap(cell.text.pointInWindow())
        let top = try XCTUnwrap(groups.view.pointInWindow(dy: -Double(groups.view.height) / 2))
        return (inCell.x, top.y + 12)
    }

    func testAHeaderClickSortsEveryLevelUpThenDown() throws {
        try onMain {
            try showGroupsByCarrierAndOrigin()
            let ua = try restingPoint("UA")
            xdotool("mousemove", "--window", "%1", "\(ua.x)", "\(ua.y)", "click", "1", "key", "Right") {
                self.shownGroups().count > 4
            }
            let all = Self.expected(open: ["UA"]) { _ in true }
            func byMean(_ groups: [ShownGroup], descending: Bool) -> [ShownGroup] {
                groups.sorted { descending ? $0.mean! > $1.mean! : $0.mean! < $1.mean! }
            }
            /// The carriers by their mean, UA's origins under it by theirs.
            func expected(descending: Bool) -> [ShownGroup] {
                byMean(all.filter { $0.depth == 0 }, descending: descending).flatMap { carrier in
                    [carrier]
                        + (carrier.label == "UA"
                            ? byMean(
                                Self.expected(open: ["UA"]) { Self.flights[$0].carrier == "UA" }.filter {
                                    $0.depth == 1
                                },
                                descending: descending) : [])
                }
            }
            let mean = try XCTUnwrap(
                groups.boundCells.first {
                    guard case .measure = $0.part, let id = $0.id else { return false }
                    return groups.tree.group(id)?.label == "AA"
                })
            let click = try header(above: mean)
            xdotool("mousemove", "--window", "%1", "\(click.x)", "\(click.y)", "click", "1") {
                self.groups.tree.order == GroupOrder(by: .measure(0))
            }
            assertShown(expected(descending: false), "by the mean, up; UA still folded out")
            // A moment later, as a user clicks again (sooner it would be a double click).
            xdotool("sleep", "0.6", "mousemove", "--window", "%1", "\(click.x)", "\(click.y)", "click", "1") {
                self.groups.tree.order == GroupOrder(by: .measure(0), descending: true)
            }
            assertShown(expected(descending: true), "by the mean, down")
            XCTAssertEqual(shownTotal()?.count, Self.flights.count, "the total row stays last")
        }
    }
}
