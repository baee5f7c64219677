// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Synchronization
import XCTest

/// The matches folded into groups (issue 62), a level at a time, checked against the same
/// figures worked out row by row from the catalog's texts.
final class GroupingTests: XCTestCase {
    /// Made-up flights: a carrier, an origin (some missing), a month, a delay (some missing), a
    /// date in the last quarter of 2013, and a date-time on it.
    private static func flightsCSV(rows: Int) -> String {
        var random = SeededGenerator(seed: 62)
        let carriers = ["UA", "AA", "B6", "DL", "EV"]
        let origins = ["JFK", "LGA", "EWR", ""]
        var lines = ["carrier,origin,month,arr_delay,date,departed"]
        for _ in 0..<rows {
            let date = "2013-\(Int.random(in: 10...12, using: &random))-\(Int.random(in: 10...28, using: &random))"
            let delay =
                Int.random(in: 0..<10, using: &random) == 0 ? "NA" : String(Int.random(in: -30...240, using: &random))
            lines.append(
                [
                    carriers.randomElement(using: &random)!, origins.randomElement(using: &random)!,
                    String(Int.random(in: 1...12, using: &random)), delay,
                    date,
                    date + " 0\(Int.random(in: 5...9, using: &random)):\(Int.random(in: 10...59, using: &random)):00",
                ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The flights' catalog, a filter over it, its columns, and groupings with the delay's mean
    /// and median beside each group.
    private struct Flights {
        let catalog: Catalog
        let filter: FacetFilter
        let carrier: Int
        let origin: Int
        let delay: Int

        init(rows: Int) throws {
            catalog = try CatalogTestSupport.parse(GroupingTests.flightsCSV(rows: rows))
            filter = FacetFilter(catalog: catalog)
            carrier = try CatalogTestSupport.column(catalog, "carrier")
            origin = try CatalogTestSupport.column(catalog, "origin")
            delay = try CatalogTestSupport.column(catalog, "arr_delay")
        }

        func grouping(by levels: [Int]) -> Grouping {
            Grouping(
                levels: levels.map { GroupLevel($0) },
                measures: [FacetMeasure(.mean, of: delay), FacetMeasure(.median, of: delay)])
        }
    }

    /// Count, mean and median of the delays, by the texts of `columns`, among `rows`.
    private struct Expected: Equatable {
        var count = 0
        var delays: [Double] = []
        var mean: Double? { delays.isEmpty ? nil : delays.reduce(0, +) / Double(delays.count) }
        var median: Double? {
            let sorted = delays.sorted()
            guard !sorted.isEmpty else { return nil }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    private func expected(_ catalog: Catalog, rows: [Int], by column: Int, delay: Int) -> [String: Expected] {
        var groups: [String: Expected] = [:]
        for row in rows {
            let key = catalog.text(column, at: row)
            groups[key, default: Expected()].count += 1
            if let value = Double(catalog.text(delay, at: row)) { groups[key]!.delays.append(value) }
        }
        return groups
    }

    private func assertGroups(
        _ groups: [GroupRow], equal expected: [String: Expected], _ message: String, line: UInt = #line
    ) {
        XCTAssertEqual(groups.count, expected.count, message, line: line)
        for group in groups {
            let key = group.key == .noValue ? "" : group.label
            guard let wanted = expected[key] else {
                XCTFail("\(message): a group \(group.label) that no row has", line: line)
                continue
            }
            XCTAssertEqual(group.count, wanted.count, "\(message), \(group.label): count", line: line)
            XCTAssertEqual(group.figures.map(\.used), [wanted.delays.count, wanted.delays.count], line: line)
            XCTAssertEqual(group.figures[0].value ?? .nan, wanted.mean ?? .nan, accuracy: 1e-9, line: line)
            XCTAssertEqual(group.figures[1].value, wanted.median, "\(message), \(group.label): median", line: line)
        }
    }

    func testEachLevelHoldsItsMatchesWithTheirMeasures() throws {
        let flights = try Flights(rows: 3_000)
        let (catalog, filter, carrier, origin, delay) = (
            flights.catalog, flights.filter, flights.carrier, flights.origin, flights.delay
        )
        let month = try CatalogTestSupport.column(catalog, "month")
        let grouping = flights.grouping(by: [carrier, origin])

        // Under a filter on a column not grouped by: December only.
        filter.setFacet(month, true, as: .options)
        let december = try XCTUnwrap(filter.options(forColumn: month).firstIndex(of: "12"))
        filter.select(option: december, inColumn: month)
        let matches = filter.matches.map(Int.init)
        XCTAssertLessThan(matches.count, catalog.count)

        let carriers = filter.groups(grouping, within: [])
        assertGroups(carriers, equal: expected(catalog, rows: matches, by: carrier, delay: delay), "carriers")
        XCTAssertEqual(carriers.map(\.label), carriers.map(\.label).sorted(), "in the options' order")
        XCTAssertEqual(carriers.map(\.count).reduce(0, +), matches.count, "every match in one group")

        for group in carriers {
            let rows = matches.filter { catalog.text(carrier, at: $0) == group.label }
            XCTAssertEqual(group.key, .value(group.label))
            let origins = filter.groups(grouping, within: [group.key])
            assertGroups(origins, equal: expected(catalog, rows: rows, by: origin, delay: delay), group.label)
            XCTAssertEqual(origins.last?.key, .noValue, "\(group.label): the flights with no origin last")
            XCTAssertEqual(origins.last?.label, "No value")
        }
    }

    /// A group of the rows with no value opens into its own rows, and a filter on the column
    /// grouped by leaves only its choices as groups.
    func testTheRowsWithNoValueAreAGroupAndAChoiceNarrowsTheLevel() throws {
        let flights = try Flights(rows: 800)
        let (catalog, filter, carrier, origin, delay) = (
            flights.catalog, flights.filter, flights.carrier, flights.origin, flights.delay
        )
        let grouping = flights.grouping(by: [origin, carrier])
        let all = Array(0..<catalog.count)
        let noOrigin = all.filter { catalog.text(origin, at: $0).isEmpty }
        XCTAssertFalse(noOrigin.isEmpty)
        assertGroups(
            filter.groups(grouping, within: [.noValue]),
            equal: expected(catalog, rows: noOrigin, by: carrier, delay: delay),
            "no origin")

        XCTAssertEqual(filter.groups(grouping, within: [.value("ORD")]), [], "a group the table does not have")
        XCTAssertEqual(
            filter.groups(Grouping(levels: [GroupLevel(origin, by: .bins)]), within: []).map(\.key),
            filter.groups(Grouping(levels: [GroupLevel(origin)]), within: []).map(\.key), "text has values, no bins")

        filter.setFacet(origin, true, as: .options)
        let jfk = try XCTUnwrap(filter.options(forColumn: origin).firstIndex(of: "JFK"))
        filter.select(option: jfk, inColumn: origin)
        let origins = filter.groups(grouping, within: [])
        XCTAssertEqual(origins.map(\.label), ["JFK"])
        XCTAssertEqual(origins.first?.count, all.filter { catalog.text(origin, at: $0) == "JFK" }.count)
    }

    /// A number or a date grouped by its range flyout's bins: each group holds the rows that its
    /// bin, chosen as a range, lets through, and is named as that range is ("240–249", "2013-12").
    func testANumberOrDateLevelGroupsByTheRangeFlyoutsBins() throws {
        let flights = try Flights(rows: 2_000)
        let catalog = flights.catalog
        let date = try CatalogTestSupport.column(catalog, "date")
        for column in [flights.delay, date] {
            let name = catalog.columns[column].name
            let grouping = Grouping(
                levels: [GroupLevel(column, by: .bins)], measures: [FacetMeasure(.mean, of: flights.delay)])
            let groups = flights.filter.groups(grouping, within: [])
            XCTAssertGreaterThan(groups.count, 2, name)
            XCTAssertEqual(groups.map(\.count).reduce(0, +), catalog.count, "\(name): every row in one group")
            let noValue = groups.last.flatMap { $0.key == .noValue ? $0.count : nil } ?? 0
            XCTAssertEqual(noValue, catalog.columns[column].missingCount, "\(name): the rows with no value")
            let ranges = FacetFilter(catalog: catalog)
            ranges.setFacet(column, true, as: .range)
            let histogram = ranges.histogram(forColumn: column)
            for group in groups {
                guard case .bin(let bin) = group.key else { continue }
                // Up to a step below the next bin: the last edge is past every value.
                let resolution = catalog.columns[column].resolution
                let range = FacetRange(lower: histogram.edges[bin], upper: histogram.edges[bin + 1] - resolution)
                XCTAssertEqual(group.label, ranges.rangeText(range, forColumn: column), name)
                ranges.setRange(range, forColumn: column)
                XCTAssertEqual(group.count, ranges.matches.count, "\(name) \(group.label)")
                let delays = ranges.matches.compactMap { Double(catalog.text(flights.delay, at: Int($0))) }
                let mean = delays.isEmpty ? nil : delays.reduce(0, +) / Double(delays.count)
                XCTAssertEqual(group.figures[0].value ?? .nan, mean ?? .nan, accuracy: 1e-9, "\(name) \(group.label)")
            }
        }
    }

    /// A group's context menu in words: "only this group" makes each level's key its column's
    /// choice (a bin its range), and the filters then let through the group's rows, the other
    /// filters kept; "leave out" takes a value from its column's choice or adds it to what the
    /// column leaves out. Neither is offered where a facet cannot say it.
    func testOnlyThisGroupAndLeaveOutNarrowTheFiltersToTheGroup() throws {
        let flights = try Flights(rows: 1_500)
        let catalog = flights.catalog
        let departed = try CatalogTestSupport.column(catalog, "departed")
        let names = catalog.columns.map(\.name)
        let filter = flights.filter
        // An other filter, which stays: flights from JFK or LGA.
        XCTAssertNil(filter.apply(FilterRequest(.choose, "origin=JFK,LGA")!))
        let grouping = Grouping(
            levels: [
                GroupLevel(flights.carrier), GroupLevel(flights.delay, by: .bins),
                GroupLevel(departed, by: .dates(.hour)),
            ])
        var random = SeededGenerator(seed: 7)
        for _ in 0..<12 {
            var path: [GroupRow] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let groups = filter.groups(grouping, within: path.map(\.key)).filter { $0.key != .noValue }
                path.append(groups.randomElement(using: &random)!)
            }
            let state = filter.viewState(measures: [:])
            let narrowed = try XCTUnwrap(state.narrowed(toGroup: path, of: grouping, columnNames: names))
            let other = FacetFilter(catalog: catalog)
            _ = other.restore(narrowed)
            let what = path.map(\.label).joined(separator: " / ")
            XCTAssertEqual(other.matchCount, path.last!.count, "only \(what)")
            XCTAssertEqual(
                Set(other.matches.map { catalog.text(flights.origin, at: Int($0)) }).subtracting(["JFK", "LGA"]), [],
                "\(what): the origins chosen stay")
        }
        let delays = Grouping(levels: [GroupLevel(flights.delay, by: .bins)])
        let noValueBin = filter.groups(delays, within: []).last!
        XCTAssertEqual(noValueBin.key, .noValue)
        XCTAssertNil(
            filter.viewState(measures: [:]).narrowed(toGroup: [noValueBin], of: delays, columnNames: names),
            "no range holds the rows with no value")

        // Leave out UA, then AA: every other carrier of the origins chosen.
        let carriers = filter.groups(Grouping(levels: [GroupLevel(flights.carrier)]), within: [])
        let level = GroupLevel(flights.carrier)
        var count = filter.matchCount
        for label in ["UA", "AA"] {
            let group = try XCTUnwrap(carriers.first { $0.label == label })
            let state = try XCTUnwrap(filter.viewState(measures: [:]).leavingOut(group, of: level, columnNames: names))
            _ = filter.restore(state)
            count -= group.count
            XCTAssertEqual(filter.matchCount, count, "\(label) left out")
        }
        XCTAssertEqual(filter.selection(forColumn: flights.carrier).excluded, true)
        // Chosen carriers: one left out is taken from the choice; the last one is not offered.
        XCTAssertNil(filter.apply(FilterRequest(.choose, "carrier=B6,DL")!))
        let b6 = try XCTUnwrap(filter.groups(Grouping(levels: [level]), within: []).first { $0.label == "B6" })
        let dl = try XCTUnwrap(filter.groups(Grouping(levels: [level]), within: []).first { $0.label == "DL" })
        _ = filter.restore(try XCTUnwrap(filter.viewState(measures: [:]).leavingOut(b6, of: level, columnNames: names)))
        XCTAssertEqual(filter.matchCount, dl.count, "only DL left")
        XCTAssertNil(filter.viewState(measures: [:]).leavingOut(dl, of: level, columnNames: names), "nothing left")
        let bin = try XCTUnwrap(
            filter.groups(Grouping(levels: [GroupLevel(flights.delay, by: .bins)]), within: []).first)
        XCTAssertNil(
            filter.viewState(measures: [:]).leavingOut(
                bin, of: GroupLevel(flights.delay, by: .bins), columnNames: names),
            "a range leaves out no bin")
    }

    /// A date or date-time grouped by a period a person chooses: as many groups, in time's order,
    /// with as many rows each, as a calendar gives the rows' texts.
    func testADateLevelGroupsByYearMonthWeekDayOrHour() throws {
        let flights = try Flights(rows: 1_500)
        let catalog = flights.catalog
        let date = try CatalogTestSupport.column(catalog, "date")
        let departed = try CatalogTestSupport.column(catalog, "departed")
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let reading = DateFormatter()
        reading.calendar = calendar
        reading.timeZone = calendar.timeZone
        reading.locale = Locale(identifier: "en_US_POSIX")
        for (column, unit, format) in [
            (date, GroupLevel.DateUnit.year, "yyyy-MM-dd"), (date, .month, "yyyy-MM-dd"), (date, .week, "yyyy-MM-dd"),
            (date, .day, "yyyy-MM-dd"), (departed, .hour, "yyyy-MM-dd HH:mm:ss"),
            (departed, .day, "yyyy-MM-dd HH:mm:ss"),
        ] {
            reading.dateFormat = format
            let component: Calendar.Component =
                switch unit {
                case .year: .year
                case .month: .month
                case .week: .weekOfYear
                case .day: .day
                case .hour: .hour
                }
            var expected: [Date: Int] = [:]
            for row in 0..<catalog.count {
                let when = try XCTUnwrap(
                    reading.date(from: catalog.text(column, at: row)), catalog.text(column, at: row))
                let start = try XCTUnwrap(calendar.dateInterval(of: component, for: when)?.start)
                expected[start, default: 0] += 1
            }
            let grouping = Grouping(levels: [GroupLevel(column, by: .dates(unit))])
            let groups = flights.filter.groups(grouping, within: [])
            let name = "\(catalog.columns[column].name) by \(unit)"
            XCTAssertEqual(groups.map(\.count), expected.sorted { $0.key < $1.key }.map(\.value), name)
            XCTAssertEqual(Set(groups.map(\.label)).count, groups.count, "\(name): each group named apart")
        }
    }

    /// Every innermost group at once, as `--groups` writes them and DuckDB's `GROUP BY a, b` gives
    /// them: after each of many random filter changes, each pair of texts' count, mean and median
    /// worked out row by row, in the levels' order, and the same as opening each level in turn.
    func testTheInnermostGroupsAreEveryPairOfValuesAfterRandomFilters() throws {
        let flights = try Flights(rows: 2_500)
        let (catalog, filter, carrier, origin, delay) = (
            flights.catalog, flights.filter, flights.carrier, flights.origin, flights.delay
        )
        let month = try CatalogTestSupport.column(catalog, "month")
        filter.setFacet(month, true, as: .options)
        filter.setFacet(delay, true, as: .range)
        var random = SeededGenerator(seed: 6_201)
        let grouping = flights.grouping(by: [carrier, origin])
        for round in 0..<12 {
            let months = (0..<12).filter { _ in Bool.random(using: &random) }
            filter.setSelection(FacetSelection(options: Set(months)), forColumn: month)
            let low = Double(Int.random(in: -40...100, using: &random))
            filter.setRange(round % 3 == 0 ? nil : FacetRange(lower: low, upper: low + 120), forColumn: delay)
            let matches = filter.matches.map(Int.init)
            var expected: [[String]: Expected] = [:]
            for row in matches {
                let key = [catalog.text(carrier, at: row), catalog.text(origin, at: row)]
                expected[key, default: Expected()].count += 1
                if let value = Double(catalog.text(delay, at: row)) { expected[key]!.delays.append(value) }
            }
            let innermost = filter.innermostGroups(grouping)
            let at = "round \(round), \(matches.count) matches"
            // The total row: every match, and the measures over all of them.
            let everyDelay = Expected(count: matches.count, delays: expected.values.flatMap(\.delays))
            let total = filter.groupsTotal(grouping)
            XCTAssertEqual(total.count, matches.count, "\(at): the total")
            XCTAssertEqual(total.figures[0].value ?? .nan, everyDelay.mean ?? .nan, accuracy: 1e-9, "\(at): the total")
            XCTAssertEqual(total.figures[1].value, everyDelay.median, "\(at): the total")
            XCTAssertEqual(innermost.count, expected.count, at)
            for group in innermost {
                let texts = zip(group.path, group.labels).map { $0 == .noValue ? "" : $1 }
                let wanted = try XCTUnwrap(expected[texts], "\(at): \(texts) no row has")
                XCTAssertEqual(group.count, wanted.count, "\(at): \(texts)")
                XCTAssertEqual(group.figures[0].value ?? .nan, wanted.mean ?? .nan, accuracy: 1e-9, "\(at): \(texts)")
                XCTAssertEqual(group.figures[1].value, wanted.median, "\(at): \(texts)")
            }
            let opened = filter.groups(grouping, within: []).flatMap { outer in
                filter.groups(grouping, within: [outer.key]).map {
                    FoldedGroup(
                        path: [outer.key, $0.key], labels: [outer.label, $0.label], count: $0.count,
                        figures: $0.figures, spans: [outer.span, $0.span])
                }
            }
            XCTAssertEqual(innermost, opened, "\(at): as each level opened in turn")
        }
    }

    /// The groups asked for off the main thread, as the Groups view asks, are the groups worked
    /// out on it, for every path asked.
    func testGroupsAskedOffTheMainThreadAreTheGroupsWorkedOutOnIt() throws {
        let flights = try Flights(rows: 1_200)
        let grouping = flights.grouping(by: [flights.carrier, flights.origin])
        let table: FilteredTable = flights.filter
        let outer = flights.filter.groups(grouping, within: [])
        let paths = [[]] + outer.map { [$0.key] }
        let answered = expectation(description: "the groups")
        let found = Mutex<[[GroupKey]: [GroupRow]]>([:])
        table.groups(
            grouping, at: paths, isCancelled: { false },
            answer: { result in
                if case .success(let groups) = result { found.withLock { $0 = groups } }
                answered.fulfill()
            })
        wait(for: [answered], timeout: 60)
        let groups = found.withLock { $0 }
        XCTAssertEqual(Set(groups.keys), Set(paths))
        for path in paths { XCTAssertEqual(groups[path], flights.filter.groups(grouping, within: path), "\(path)") }
    }

    /// An innermost group folds out into its matches, in the order they are listed, a page at a
    /// time as the Groups view asks for them (off the main thread), every field as the record
    /// shows it: checked against the file's texts after random filters, for a group of values
    /// and the group of rows with no value.
    func testAnInnermostGroupFoldsOutIntoItsMatchesAPageAtATime() throws {
        let flights = try Flights(rows: 2_000)
        let (catalog, filter, carrier, origin) = (flights.catalog, flights.filter, flights.carrier, flights.origin)
        let month = try CatalogTestSupport.column(catalog, "month")
        filter.setFacet(month, true, as: .options)
        let grouping = flights.grouping(by: [carrier, origin])
        let table: FilteredTable = filter
        var random = SeededGenerator(seed: 6_202)
        for round in 0..<6 {
            let months = (0..<12).filter { _ in Bool.random(using: &random) }
            filter.setSelection(FacetSelection(options: Set(months)), forColumn: month)
            for (carrierText, originText) in [("UA", "JFK"), ("B6", "")] {
                let path: [GroupKey] = [.value(carrierText), originText.isEmpty ? .noValue : .value(originText)]
                let wanted = filter.matches.map(Int.init).filter {
                    catalog.text(carrier, at: $0) == carrierText && catalog.text(origin, at: $0) == originText
                }
                var listed: [ShownRecord] = []
                var page: [ShownRecord]
                repeat {
                    page = try members(table, grouping, path, offset: listed.count, limit: 17)
                    listed += page
                } while page.count == 17
                let at = "round \(round), \(carrierText) \(originText)"
                XCTAssertEqual(listed.count, wanted.count, at)
                XCTAssertFalse(wanted.isEmpty, "\(at): a group with rows")
                for (record, row) in zip(listed, wanted) {
                    XCTAssertEqual(record, ShownRecord(catalog, row: row), at)
                    XCTAssertEqual(record.texts, catalog.columns.indices.map { catalog.text($0, at: row) }, at)
                }
                XCTAssertEqual(
                    filter.groupMembers(grouping, within: path, offset: 0, limit: .max), wanted,
                    "\(at): on the caller's thread")
            }
        }
    }

    private func members(
        _ table: FilteredTable, _ grouping: Grouping, _ path: [GroupKey], offset: Int, limit: Int
    ) throws -> [ShownRecord] {
        let answered = expectation(description: "the rows")
        let found = Mutex<[ShownRecord]?>(nil)
        table.groupMembers(
            grouping, at: path, offset: offset, limit: limit, isCancelled: { false },
            answer: { result in
                if case .success(let records) = result { found.withLock { $0 = records } }
                answered.fulfill()
            })
        wait(for: [answered], timeout: 60)
        return try XCTUnwrap(found.withLock { $0 })
    }
}

/// What the Groups view keeps of the tree (`GroupTree`): a group keeps its id by its path, and
/// only the levels shown whose matches changed are asked for again.
final class GroupTreeTests: XCTestCase {
    func testAGroupKeepsItsIdAndOnlyTheLevelsShownForOtherMatchesAreAskedAgain() {
        let tree = GroupTree(Grouping(levels: [GroupLevel(0), GroupLevel(1)]))
        let ua = tree.id(of: [.value("UA")])
        let jfk = tree.id(of: [.value("UA"), .value("JFK")])
        XCTAssertNotEqual(ua, jfk)
        XCTAssertEqual(tree.id(of: [.value("UA")]), ua, "the same path, the same id")
        XCTAssertEqual(tree.path(of: jfk), [.value("UA"), .value("JFK")])
        XCTAssertEqual(tree.level(of: jfk), 2)
        XCTAssertTrue(tree.foldsOut([.value("UA")]))
        XCTAssertFalse(tree.foldsOut([.value("UA"), .value("JFK")]), "the last level folds out no further")

        let open: [[GroupKey]] = [[.value("UA")], [.value("UA"), .value("JFK")]]
        XCTAssertEqual(tree.unanswered(open: open, for: "all"), [[], [.value("UA")]])
        let row = { (key: String, count: Int) in GroupRow(key: .value(key), label: key, count: count, figures: []) }
        tree.take([[]: [row("AA", 3), row("UA", 5)], [.value("UA")]: [row("JFK", 2), row("LGA", 3)]], for: "all")
        XCTAssertTrue(tree.isCurrent(open: open, for: "all"))
        XCTAssertEqual(tree.group(ua)?.count, 5)
        XCTAssertEqual(tree.group(jfk)?.count, 2)
        XCTAssertEqual(tree.largestCount(under: [.value("UA")]), 3)

        // Other matches: both levels shown are asked again; the old figures stay meanwhile.
        XCTAssertEqual(tree.unanswered(open: open, for: "December"), [[], [.value("UA")]])
        XCTAssertEqual(tree.group(ua)?.count, 5)
        tree.take([[]: [row("UA", 1)]], for: "December")
        XCTAssertEqual(tree.unanswered(open: open, for: "December"), [[.value("UA")]])
        XCTAssertNil(tree.group(tree.id(of: [.value("AA")])), "a group the level no longer has")
    }

    /// An innermost group's rows are listed a page at a time, then more once asked; other
    /// matches list them anew, as other rows.
    func testAGroupsRowsAreListedAPageAtATimeAndAnewForOtherMatches() {
        let tree = GroupTree(Grouping(levels: [GroupLevel(0)]))
        let ua: [GroupKey] = [.value("UA")]
        let page = GroupTree.memberPage
        tree.take([[]: [GroupRow(key: .value("UA"), label: "UA", count: page + 7, figures: [])]], for: "all")
        XCTAssertTrue(tree.unansweredMembers(open: [], for: "all").isEmpty, "no group folded out")
        XCTAssertEqual(tree.unansweredMembers(open: [ua], for: "all").map(\.limit), [page])
        let record = { (name: String) in ShownRecord(names: ["name"], shown: [name], texts: [name]) }
        tree.takeMembers((0..<page).map { record("r\($0)") }, of: ua, offset: 0, limit: page, for: "all")
        let first = tree.memberIds(of: ua) ?? []
        XCTAssertEqual(first.count, page + 1, "the rows, then the row that lists more")
        XCTAssertEqual(tree.node(first.last!), .more(ua))
        XCTAssertEqual(tree.record(first[2]), record("r2"))
        XCTAssertEqual(tree.level(of: first[2]), 2)
        XCTAssertTrue(tree.unansweredMembers(open: [ua], for: "all").isEmpty, "a page until more is asked")

        tree.wantMoreMembers(ua)
        let more = tree.unansweredMembers(open: [ua], for: "all")
        XCTAssertEqual(more.map(\.offset), [page])
        tree.takeMembers((0..<7).map { record("s\($0)") }, of: ua, offset: page, limit: more[0].limit, for: "all")
        let all = tree.memberIds(of: ua) ?? []
        XCTAssertEqual(all.count, page + 7, "every row, and no more row")
        XCTAssertEqual(Array(all.prefix(page)), Array(first.prefix(page)), "the rows listed keep their ids")
        XCTAssertFalse(tree.hasMoreMembers(ua))

        let again = tree.unansweredMembers(open: [ua], for: "December")
        XCTAssertEqual(again.map(\.offset), [0], "other matches: listed from the first")
        XCTAssertEqual(again.map(\.limit), [2 * page], "as many as were wanted")
        tree.takeMembers([record("t0")], of: ua, offset: 0, limit: 2 * page, for: "December")
        XCTAssertNotEqual(tree.memberIds(of: ua)?.first, all.first, "other matches' rows are other rows")
        XCTAssertEqual(tree.record(all[0]), nil, "a row no longer listed")
    }

    /// A header's order: by key (the level's own), count or a measure, up or down; ties keep the
    /// level's order, and no value or no figure comes last either way.
    func testALevelIsShownInTheOrderAHeaderChooses() {
        let tree = GroupTree(Grouping(levels: [GroupLevel(0)], measures: [FacetMeasure(.mean, of: 1)]))
        let group = { (key: GroupKey, count: Int, mean: Double?) in
            GroupRow(
                key: key, label: "\(key)", count: count,
                figures: [MeasureFigure(value: mean, used: mean == nil ? 0 : 1)])
        }
        let (aa, b6, ua, none): (GroupKey, GroupKey, GroupKey, GroupKey) = (
            .value("AA"), .value("B6"), .value("UA"), .noValue
        )
        tree.take([[]: [group(aa, 3, 5), group(b6, 9, nil), group(ua, 3, 1), group(none, 7, 2)]], for: "all")
        func shown(_ by: GroupOrder.By, descending: Bool = false) -> [GroupKey] {
            tree.order = GroupOrder(by: by, descending: descending)
            return (tree.shownIds(under: []) ?? []).map { tree.path(of: $0)[0] }
        }
        XCTAssertEqual(shown(.key), [aa, b6, ua, none], "the level's own order")
        XCTAssertEqual(shown(.key, descending: true), [ua, b6, aa, none], "no value last")
        XCTAssertEqual(shown(.count), [aa, ua, none, b6], "a tie keeps the level's order")
        XCTAssertEqual(shown(.count, descending: true), [b6, none, aa, ua])
        XCTAssertEqual(shown(.measure(0)), [ua, none, aa, b6], "no figure last")
        XCTAssertEqual(shown(.measure(0), descending: true), [aa, none, ua, b6], "no figure last")
    }
}
