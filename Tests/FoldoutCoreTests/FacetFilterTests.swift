// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

final class FacetFilterTests: XCTestCase {
    /// Matches, every option facet's counts (with "No value") and every range facet's histogram
    /// equal a brute-force answer after each of more than 10,000 random operations: choosing one
    /// option, ticking several, excluding, ranges with open and closed ends and missing values
    /// over numbers, dates and date-times, resetting, making any column a facet or not, sorting.
    func testMatchesCountsAndHistogramsEqualABruteForceOracleThroughRandomOperations() throws {
        var random = SeededGenerator(seed: 42)
        var catalogs: [(Catalog, Int)] = [
            (Catalog.generate(count: 1, seed: 4), 300), (Catalog.generate(count: 300, seed: 9), 1500),
        ]
        for (rows, seed, steps) in [(1, 1, 300), (40, 2, 2500), (150, 3, 2500), (300, 4, 1200)] {
            let csv = CatalogTestSupport.randomCSV(rows: rows, seed: UInt64(seed))
            catalogs.append((try CatalogTestSupport.parse(csv), steps))
        }
        for (rows, seed) in [(60, 5), (250, 6)] {
            catalogs.append((try CatalogTestSupport.parse(Self.flightsCSV(rows: rows, seed: UInt64(seed))), 1500))
        }
        var operations = 0
        for (catalog, steps) in catalogs {
            let filter = FacetFilter(catalog: catalog)
            let oracle = FacetFilterOracle(filter)
            let recorder = ChangeRecorder(filter)
            var filters: [Int: FacetFilterOracle.Filter] = [:]
            var previous = filter.matches
            var previousExpected = previous
            /// The options a flyout lists, "No value" included.
            func optionCount(_ column: Int) -> Int {
                filter.options(forColumn: column).count + (filter.noValueOption(forColumn: column) == nil ? 0 : 1)
            }
            for _ in 0..<steps {
                let before = recorder.count
                let old = filters
                let facets = filter.facetColumns
                let optionFacets = facets.filter { filter.kind(ofColumn: $0) == .options }
                let rangeFacets = facets.filter { filter.kind(ofColumn: $0) == .range }
                switch Int.random(in: 0..<13, using: &random) {
                case 0..<2 where !optionFacets.isEmpty:
                    let column = optionFacets.randomElement(using: &random)!
                    XCTAssertGreaterThan(optionCount(column), 0, "facet \(column) lists no options")
                    guard optionCount(column) > 0 else { return }
                    let option = Int.random(in: 0..<optionCount(column), using: &random)
                    let noValue = option == filter.noValueOption(forColumn: column)
                    filters[column] = .options(noValue ? [] : [option], noValue: noValue, excluded: false)
                    filter.select(option: option, inColumn: column)
                case 2..<4 where !optionFacets.isEmpty:
                    let column = optionFacets.randomElement(using: &random)!
                    XCTAssertGreaterThan(optionCount(column), 0, "facet \(column) lists no options")
                    guard optionCount(column) > 0 else { return }
                    let option = Int.random(in: 0..<optionCount(column), using: &random)
                    var (ticked, noValue, excluded) = (Set<Int>(), false, false)
                    if case .options(let t, let n, let e) = filters[column] { (ticked, noValue, excluded) = (t, n, e) }
                    if option == filter.noValueOption(forColumn: column) {
                        noValue.toggle()
                    } else if ticked.remove(option) == nil {
                        ticked.insert(option)
                    }
                    filters[column] =
                        ticked.isEmpty && !noValue && !excluded
                        ? nil : .options(ticked, noValue: noValue, excluded: excluded)
                    filter.toggle(option: option, inColumn: column)
                case 4 where !optionFacets.isEmpty:
                    let column = optionFacets.randomElement(using: &random)!
                    let exclude = Bool.random(using: &random)
                    var (ticked, noValue) = (Set<Int>(), false)
                    if case .options(let t, let n, _) = filters[column] { (ticked, noValue) = (t, n) }
                    filters[column] =
                        ticked.isEmpty && !noValue && !exclude
                        ? nil : .options(ticked, noValue: noValue, excluded: exclude)
                    filter.setExcluded(exclude, inColumn: column)
                case 5..<8 where !rangeFacets.isEmpty:
                    let column = rangeFacets.randomElement(using: &random)!
                    func end() -> Double? {
                        guard Int.random(in: 0..<4, using: &random) > 0 else { return nil }
                        let row = Int.random(in: 0..<catalog.count, using: &random)
                        return oracle.number(column, row).map { Bool.random(using: &random) ? $0 : $0 + 0.5 }
                    }
                    let (lower, upper, missing) = (end(), end(), Int.random(in: 0..<3, using: &random) == 0)
                    let range = FacetRange(lower: lower, upper: upper, includesMissing: missing)
                    filters[column] = range.isEverything ? nil : .range(lower, upper, missing: missing)
                    filter.setRange(range, forColumn: column)
                case 8 where !facets.isEmpty:
                    let column = facets.randomElement(using: &random)!
                    filters[column] = nil
                    filter.reset(column: column)
                case 9:
                    filters = [:]
                    filter.resetAll()
                case 10:
                    let column = Int.random(in: 0..<catalog.columns.count, using: &random)
                    let on = !filter.isFacet(column)
                    if !on || filter.canMakeFacet(column) {
                        if !on { filters[column] = nil }
                        filter.setFacet(column, on, as: Bool.random(using: &random) ? .options : nil)
                        XCTAssertEqual(filter.isFacet(column), on)
                    }
                default:
                    filter.sort =
                        Bool.random(using: &random)
                        ? nil
                        : CatalogSortKey(
                            column: Int.random(in: 0..<catalog.columns.count, using: &random),
                            descending: Bool.random(using: &random))
                }
                operations += 1
                let expected = oracle.matches(filters: filters, sort: filter.sort)
                XCTAssertEqual(filter.matches, expected, "after operation \(operations)")
                let sent = recorder.changes[before...]
                XCTAssertLessThanOrEqual(sent.count, 1, "one change at most for operation \(operations)")
                if old != filters {
                    XCTAssertEqual(sent.filter { $0.contains(.results) }.count, 1, "operation \(operations)")
                }
                XCTAssertEqual(filter.isFiltering, !filters.isEmpty)
                for column in filter.facetColumns {
                    XCTAssertFalse(filter.label(forColumn: column).isEmpty)
                    switch filter.kind(ofColumn: column) {
                    case .options:
                        let counts = oracle.counts(filters: filters, column: column)
                        XCTAssertEqual(
                            filter.counts(forColumn: column) + [filter.noValueCount(forColumn: column)], counts,
                            "counts of column \(column) after operation \(operations)")
                    case .range:
                        let histogram = filter.histogram(forColumn: column)
                        let (counts, missing) = oracle.histogram(
                            filters: filters, column: column, edges: histogram.edges)
                        XCTAssertEqual(histogram.counts, counts, "histogram of \(column) after operation \(operations)")
                        XCTAssertEqual(histogram.missing, missing, "missing of \(column) after operation \(operations)")
                    }
                }
                XCTAssertEqual(previous, previousExpected, "a result held by a client must never change under it")
                previous = filter.matches
                previousExpected = expected
            }
        }
        XCTAssertGreaterThanOrEqual(operations, 10_000)
    }

    /// A table like nycflights13's: a carrier, an origin with missing values, delays of many
    /// whole-number values, a date-time, a 0/1 column, distances with decimals, tail numbers.
    static func flightsCSV(rows: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var text = "carrier,origin,dep_delay,time_hour,cancelled,distance,tailnum,flight_date\n"
        for _ in 0..<rows {
            let carrier = ["UA", "AA", "B6", "DL", "EV"].randomElement(using: &random)!
            let origin =
                Int.random(in: 0..<8, using: &random) == 0 ? "" : ["JFK", "LGA", "EWR"].randomElement(using: &random)!
            let delay =
                Int.random(in: 0..<10, using: &random) == 0 ? "NA" : String(Int.random(in: -20...400, using: &random))
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...28, using: &random)
            let hour = Int.random(in: 0...23, using: &random)
            let time = String(format: "2013-%02d-%02d %02d:00:00", month, day, hour)
            let cancelled = Bool.random(using: &random) ? "1" : "0"
            let distance = String(format: "%.3f", Double(Int.random(in: 80_000...4_900_000, using: &random)) / 1000)
            let tail = "N\(Int.random(in: 100...999, using: &random))"
            let date = Int.random(in: 0..<9, using: &random) == 0 ? "" : String(format: "2013-%02d-%02d", month, day)
            text += [carrier, origin, delay, time, cancelled, distance, tail, date].joined(separator: ",") + "\n"
        }
        return text
    }

    func testCountsHonourTheOtherFacetsButNotTheirOwn() throws {
        let catalog = try CatalogTestSupport.parse(
            """
            color,size
            red,S
            red,M
            blue,S
            blue,S
            green,M
            red,S

            """)
        let filter = FacetFilter(catalog: catalog)
        XCTAssertEqual(filter.facetColumns, [0, 1])
        XCTAssertEqual(filter.options(forColumn: 0), ["blue", "green", "red"])
        XCTAssertEqual(filter.counts(forColumn: 0), [2, 1, 3])
        XCTAssertEqual(filter.options(forColumn: 1), ["M", "S"])
        filter.select(option: 1, inColumn: 1)  // size S
        XCTAssertEqual(filter.counts(forColumn: 0), [2, 0, 2], "colors among the S rows; green has none")
        XCTAssertEqual(filter.counts(forColumn: 1), [2, 4], "the size facet's own counts ignore its choice")
        filter.select(option: 2, inColumn: 0)  // red
        XCTAssertEqual(filter.counts(forColumn: 1), [1, 2])
        XCTAssertEqual(filter.matches, [0, 5])
        XCTAssertEqual(filter.activeFacets.map(\.text), ["red", "S"])
        XCTAssertEqual(filter.label(forColumn: 0), "color: red")
        filter.reset(column: 0)
        XCTAssertEqual(filter.label(forColumn: 0), "color")
    }

    /// The file's order is no permutation kept beside the catalog (4 bytes a row no filtered
    /// result reads): the results in it are written when asked for, and a filter's memory counts
    /// a row set once however many hold it.
    func testTheFileOrderIsWrittenNotKept() throws {
        var text = "name,group\n"
        for row in 0..<5_000 { text += "name \(row),g\(row % 4)\n" }
        let catalog = try CatalogTestSupport.parse(text)
        let columnsOnly = catalog.bytesPerItem
        let filter = FacetFilter(catalog: catalog)
        XCTAssertNil(filter.sort)
        XCTAssertEqual(filter.matches, (0..<UInt32(5_000)).map { $0 })
        XCTAssertEqual(catalog.bytesPerItem, columnsOnly, "the file's order kept")
        filter.select(option: 1, inColumn: 1)
        XCTAssertEqual(filter.matches, stride(from: UInt32(1), to: 5_000, by: 4).map { $0 })
        XCTAssertEqual(filter.bytesPerItem, columnsOnly + Double((5_000 + 7) / 8) / 5_000, "one row set")
        filter.resetAll()
        XCTAssertEqual(filter.matches, (0..<UInt32(5_000)).map { $0 })
    }

    func testRepeatingAChoiceOrResettingNothingSendsNoChange() {
        let filter = FacetFilter(catalog: Catalog.generate(count: 500, seed: 2))
        let recorder = ChangeRecorder(filter)
        filter.select(option: 1, inColumn: 5)
        filter.select(option: 1, inColumn: 5)
        filter.reset(column: 3)
        let sort = filter.sort
        filter.sort = sort
        XCTAssertEqual(recorder.changes, [.results])
        filter.resetAll()
        filter.resetAll()
        XCTAssertEqual(recorder.changes, [.results, .results])
    }

    func testMakingAColumnAFacetAndBack() throws {
        let catalog = try CatalogTestSupport.parse(CatalogTestSupport.randomCSV(rows: 1500, seed: 8))
        let filter = FacetFilter(catalog: catalog)
        let added = try CatalogTestSupport.column(catalog, "added")
        let id = try CatalogTestSupport.column(catalog, "id")
        XCTAssertTrue(filter.isFacet(added), "a date column is a range facet at first")
        XCTAssertEqual(filter.kind(ofColumn: added), .range)
        XCTAssertFalse(filter.isFacet(id))
        XCTAssertTrue(filter.canMakeFacet(id), "no cap on a facet's values: 1,500 ids")
        let recorder = ChangeRecorder(filter)
        filter.setFacet(id, true, as: .options)
        XCTAssertTrue(filter.isFacet(id))
        XCTAssertEqual(filter.kind(ofColumn: id), .options)
        XCTAssertEqual(filter.options(forColumn: id).count, 1500)
        XCTAssertEqual(recorder.changes, [.facets])
        filter.select(option: 0, inColumn: id)
        XCTAssertEqual(filter.matchCount, 1)
        filter.setFacet(id, false)
        XCTAssertEqual(recorder.changes, [.facets, .results, [.facets, .results]], "one change says both")
        XCTAssertEqual(filter.matchCount, catalog.count, "its choice went with it")
    }

    /// A launch's `--choose id=3` makes `id` a facet and chooses: one change says both.
    func testARequestOnAColumnNotYetAFacetSendsOneChange() throws {
        let catalog = try CatalogTestSupport.parse(CatalogTestSupport.randomCSV(rows: 200, seed: 9))
        let filter = FacetFilter(catalog: catalog)
        XCTAssertFalse(filter.isFacet(try CatalogTestSupport.column(catalog, "id")))
        let recorder = ChangeRecorder(filter)
        XCTAssertNil(filter.apply(try XCTUnwrap(FilterRequest(.choose, "id=3"))))
        XCTAssertEqual(recorder.changes, [[.facets, .results]])
        XCTAssertEqual(filter.matchCount, 1)
        XCTAssertNotNil(filter.apply(try XCTUnwrap(FilterRequest(.choose, "id=nothing"))))
        XCTAssertEqual(recorder.count, 1, "a refused request changes nothing")
    }

    /// "Delayed more than an hour, from JFK or LGA, not UA, in June", and what the buttons say.
    func testSeveralOptionsExcludeAndRangesTogether() throws {
        let catalog = try CatalogTestSupport.parse(Self.flightsCSV(rows: 3000, seed: 11))
        let filter = FacetFilter(catalog: catalog)
        let oracle = FacetFilterOracle(filter)
        let (carrier, origin, delay, time) = (0, 1, 2, 3)
        XCTAssertEqual(filter.kind(ofColumn: delay), .range)
        XCTAssertEqual(filter.kind(ofColumn: carrier), .options)
        XCTAssertTrue(filter.isFacet(time), "a date-time is a range facet at first")
        filter.setFacet(delay, true)
        let options = filter.options(forColumn: origin)
        XCTAssertEqual(options, ["EWR", "JFK", "LGA"])
        XCTAssertEqual(filter.noValueOption(forColumn: origin), 3)
        filter.select(option: 1, inColumn: origin)
        filter.toggle(option: 2, inColumn: origin)
        XCTAssertEqual(filter.label(forColumn: origin), "origin: JFK, LGA")
        let ua = try XCTUnwrap(filter.options(forColumn: carrier).firstIndex(of: "UA"), "UA is no option")
        filter.select(option: ua, inColumn: carrier)
        filter.setExcluded(true, inColumn: carrier)
        XCTAssertEqual(filter.label(forColumn: carrier), "carrier: not UA")
        filter.setRange(FacetRange(lower: 61), forColumn: delay)
        XCTAssertEqual(filter.label(forColumn: delay), "dep_delay: ≥ 61")
        let timeColumn = try XCTUnwrap(catalog.columns.dropFirst(time).first, "no time_hour column")
        let june = try XCTUnwrap(FacetValueText.parse("2013-06-01", timeColumn))
        let juneEnd = try XCTUnwrap(FacetValueText.parse("2013-06-30", timeColumn, upper: true))
        filter.setRange(FacetRange(lower: june, upper: juneEnd), forColumn: time)
        XCTAssertEqual(filter.label(forColumn: time), "time_hour: 2013-06")
        let expected = (0..<catalog.count).filter { row in
            let text = { catalog.text($0, at: row) }
            return ["JFK", "LGA"].contains(text(origin)) && text(carrier) != "UA"
                && Int(text(delay)).map { $0 > 60 } == true && text(time).hasPrefix("2013-06-")
        }
        XCTAssertEqual(filter.matches.map(Int.init), expected)
        XCTAssertGreaterThan(expected.count, 5)
        XCTAssertEqual(
            filter.activeFacets.map(\.name), ["carrier", "origin", "dep_delay", "time_hour"])
        let counts = filter.counts(forColumn: origin)
        XCTAssertEqual(counts.count, 3)
        guard counts.count == 3 else { return }  // the failure is recorded just above
        XCTAssertTrue(counts.allSatisfy { $0 > 0 }, "ticking more options never hides the others")
        XCTAssertEqual(filter.matchCount, counts[1] + counts[2])
        _ = oracle
        filter.setRange(
            FacetRange(upper: FacetValueText.parse("2013-06-07", timeColumn, upper: true)), forColumn: time)
        XCTAssertEqual(filter.label(forColumn: time), "time_hour: ≤ 2013-06-07 23:59:59")
        filter.setRange(FacetRange(lower: 10, upper: 50), forColumn: delay)
        XCTAssertEqual(filter.label(forColumn: delay), "dep_delay: 10–50")
        filter.resetAll()
        XCTAssertFalse(filter.isFiltering)
        XCTAssertEqual(filter.matchCount, catalog.count)
    }

    /// An id counting up by one is kept in no bytes a row (its values are its positions); as a
    /// range facet, in a sort and in the record it is the numbers the file has.
    func testAnIDCountingUpFiltersAndSortsByItsValues() throws {
        let text = "order_id,shop\n" + (0..<6000).map { "\(70_001 + $0),\($0 % 3 == 0 ? "north" : "south")\n" }.joined()
        let catalog = try CatalogTestSupport.parse(text)
        let id = try CatalogTestSupport.column(catalog, "order_id")
        XCTAssertEqual(catalog.columns[id].byteCount, 0)
        XCTAssertEqual(catalog.text(id, at: 4321), "74322")
        let filter = FacetFilter(catalog: catalog)
        filter.setFacet(id, true, as: .range)
        filter.setRange(FacetRange(lower: 72_000.5, upper: 72_999), forColumn: id)
        XCTAssertEqual(filter.matches.map(Int.init), Array(2000...2998))
        XCTAssertEqual(filter.histogram(forColumn: id).counts.reduce(0, +), 6000, "its own range leaves the bins whole")
        filter.setRange(FacetRange(lower: 75_999), forColumn: id)
        XCTAssertEqual(filter.matches.map(Int.init), [5998, 5999])
        XCTAssertEqual(
            catalog.positions(sortedBy: CatalogSortKey(column: id, descending: true)).prefix(2), [5999, 5998])
    }

    /// Whole numbers of many values are kept as offsets from the smallest in 2, 4 or 8 bytes, the
    /// largest of each width standing for a missing value; a range over each matches the rows
    /// whose text says so, with and without the missing ones, its ends on values, between them
    /// and past them.
    func testARangeOverWholeNumbersOfEveryWidthMatchesEachRow() throws {
        var random = SeededGenerator(seed: 77)
        for (span, width) in [(60_000, 2), (4_000_000_000, 4), (1 << 50, 8)] {
            let values: [Int?] = (0..<6000).map { _ in
                Int.random(in: 0..<10, using: &random) == 0 ? nil : -7 + Int.random(in: 0...span, using: &random)
            }
            let text = "n,label\n" + values.map { "\($0.map(String.init) ?? ""),x\n" }.joined()
            let catalog = try CatalogTestSupport.parse(text)
            XCTAssertEqual(catalog.columns[0].byteCount, values.count * width, "offsets of \(width) bytes a row")
            let filter = FacetFilter(catalog: catalog)
            filter.setFacet(0, true, as: .range)
            for _ in 0..<40 {
                func end() -> Double? {
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: nil
                    case 1: Double(-7 + Int.random(in: 0...span, using: &random)) + 0.5
                    case 2: Double(Int.random(in: -span...(2 * span), using: &random))
                    default: Double(values.randomElement(using: &random)! ?? 0)
                    }
                }
                let range = FacetRange(lower: end(), upper: end(), includesMissing: Bool.random(using: &random))
                filter.setRange(range, forColumn: 0)
                let expected = values.indices.filter { range.contains(values[$0].map(Double.init)) }
                XCTAssertEqual(filter.matches.map(Int.init), expected, "offsets of \(width) bytes, \(range)")
            }
        }
    }

    func testHistogramsBinByASensibleUnitAndAClickedBinIsItsRange() throws {
        let catalog = try CatalogTestSupport.parse(Self.flightsCSV(rows: 2000, seed: 12))
        let filter = FacetFilter(catalog: catalog)
        let time = 3
        let histogram = filter.histogram(forColumn: time)
        XCTAssertEqual(histogram.unit, .month)
        XCTAssertEqual(histogram.binCount, 12)
        XCTAssertEqual(histogram.counts.reduce(0, +), catalog.count)
        let timeColumn = try XCTUnwrap(catalog.columns.dropFirst(time).first, "no time_hour column")
        let june = histogram.range(ofBin: 5, resolution: timeColumn.resolution)
        filter.setRange(june, forColumn: time)
        XCTAssertEqual(filter.label(forColumn: time), "time_hour: 2013-06")
        XCTAssertEqual(filter.matchCount, histogram.counts.dropFirst(5).first)
        filter.setFacet(2, true)
        filter.setLogarithmic(true, forColumn: 2)
        let delays = filter.histogram(forColumn: 2)
        XCTAssertTrue(delays.logarithmic)
        XCTAssertGreaterThan(delays.missing, 0)
        XCTAssertEqual(delays.counts.reduce(0, +) + delays.missing, filter.matchCount)
        let widths = zip(delays.edges, delays.edges.dropFirst()).map { $1 - $0 }
        let widest = try XCTUnwrap(widths.last, "the histogram has no bins")
        XCTAssertGreaterThan(widest, widths[widths.count / 2] * 2, "bins widen on a logarithmic scale")
    }

    /// R's ggplot2 movies have seven 0/1 genre columns: each is a yes/no facet, "Yes" first.
    func testZeroOneAndTrueFalseColumnsAreYesNoFacets() throws {
        let catalog = try CatalogTestSupport.parse(
            "title,Action,done\nA,0,true\nB,1,false\nC,0,true\nD,0,TRUE\nE,1,false\nF,0,false\n")
        let filter = FacetFilter(catalog: catalog)
        filter.setFacet(1, true)
        XCTAssertEqual(filter.kind(ofColumn: 1), .options, "a yes/no column is no range, though it holds numbers")
        XCTAssertTrue(filter.isYesNo(1))
        XCTAssertEqual(filter.options(forColumn: 1), ["1", "0"], "yes first")
        XCTAssertEqual(filter.optionLabels(forColumn: 1), ["Yes", "No"])
        XCTAssertEqual(filter.counts(forColumn: 1), [2, 4])
        filter.select(option: 0, inColumn: 1)
        XCTAssertEqual(filter.matches, [1, 4])
        XCTAssertEqual(filter.label(forColumn: 1), "Action: Yes")
        XCTAssertFalse(filter.isYesNo(2), "true, false and TRUE are three values")
        XCTAssertNil(try filter.apply(XCTUnwrap(FilterRequest(.choose, "action=no"))))
        XCTAssertEqual(filter.matches, [0, 2, 3, 5])
    }

    func testFiltersAskedForInWordsAndTheirRefusals() throws {
        let catalog = try CatalogTestSupport.parse(Self.flightsCSV(rows: 500, seed: 13))
        let filter = FacetFilter(catalog: catalog)
        XCTAssertNil(
            try filter.apply(XCTUnwrap(FilterRequest(.choose, "ORIGIN=jfk,lga"))), "names and options in any case")
        XCTAssertEqual(filter.label(forColumn: 1), "origin: JFK, LGA")
        XCTAssertNil(try filter.apply(XCTUnwrap(FilterRequest(.range, "dep_delay=..0"))))
        XCTAssertTrue(filter.isFacet(2), "the column became a range facet")
        XCTAssertEqual(filter.range(forColumn: 2), FacetRange(upper: 0))
        XCTAssertNil(try filter.apply(XCTUnwrap(FilterRequest(.range, "time_hour=2013-06-01..2013-06-01"))))
        XCTAssertEqual(filter.label(forColumn: 3), "time_hour: 2013-06-01", "one whole day")
        let before = filter.matches
        XCTAssertEqual(
            try filter.apply(XCTUnwrap(FilterRequest(.choose, "origin=XXX"))), "the facet “origin” has no option “XXX”")
        XCTAssertEqual(
            try filter.apply(XCTUnwrap(FilterRequest(.range, "dep_delay=soon.."))),
            "“soon” is not a value of “dep_delay”")
        XCTAssertEqual(
            try filter.apply(XCTUnwrap(FilterRequest(.range, "carrier=1..2"))),
            "“carrier” holds text, which has no range")
        XCTAssertTrue(
            try filter.apply(XCTUnwrap(FilterRequest(.exclude, "gate=3")))?.hasPrefix("no column “gate”") == true)
        XCTAssertEqual(filter.matches, before, "a refused request changes nothing")
        XCTAssertNil(FilterRequest(.choose, "=JFK"))
        XCTAssertFalse(try XCTUnwrap(FilterRequest(.range, "dep_delay=60")).isWellFormed)
    }

    func testTypedEndsAreReadAsTheRegionWritesThem() throws {
        let catalog = try CatalogTestSupport.parse("price,day\n12.50,2024-01-02\n3,2024-02-03\n")
        var german = RegionFormat()
        german.decimalSeparator = ","
        german.groupingSeparator = "."
        german.monetaryDecimalSeparator = ","
        german.monetaryGroupingSeparator = "."
        german.day = { year, month, day in "\(day).\(month).\(year)" }
        let saved = RegionFormat.current
        RegionFormat.current = german
        defer { RegionFormat.current = saved }
        let price = try XCTUnwrap(catalog.columns.first, "no price column")
        let day = try XCTUnwrap(catalog.columns.dropFirst(1).first, "no day column")
        XCTAssertEqual(FacetValueText.parse("1.234,5", price), 1234.5)
        XCTAssertEqual(FacetValueText.parse("3.2.2024", day), FacetValueText.parse("2024-02-03", day))
        XCTAssertNil(FacetValueText.parse("31.2.2024", day))
        XCTAssertEqual(FacetValueText.text(12.5, price), "12,5")
    }

    func testReplacingTheCatalogKeepsOnlyWhatExistsInTheNewOne() throws {
        let first = try CatalogTestSupport.parse("color,size,name\nred,S,a\nred,M,b\nblue,S,c\nblue,M,d\n")
        let second = try CatalogTestSupport.parse(
            "color,shape,name\nred,round,x\nred,square,y\ngreen,round,z\ngreen,square,w\n")
        let filter = FacetFilter(catalog: first)
        filter.select(option: 1, inColumn: 0)  // red
        filter.select(option: 0, inColumn: 1)  // M
        filter.sort = CatalogSortKey(column: 2, descending: true)
        let recorder = ChangeRecorder(filter)
        filter.replaceCatalog(second)
        XCTAssertEqual(recorder.changes, [[.facets, .results]])
        XCTAssertEqual(filter.activeFacets.map(\.name), ["color"], "size is not in the new catalog")
        XCTAssertEqual(filter.label(forColumn: 0), "color: red")
        XCTAssertEqual(filter.sort, CatalogSortKey(column: 2, descending: true))
        XCTAssertEqual(filter.matches, [1, 0])
        let third = try CatalogTestSupport.parse("color,name\ngreen,a\nblue,b\ngreen,c\nblue,d\n")
        filter.replaceCatalog(third)
        XCTAssertTrue(filter.activeFacets.isEmpty, "no red in the third catalog")
        XCTAssertEqual(filter.matchCount, 4)
    }

    func testCombosComeFromTheColumns() throws {
        let catalog = try CatalogTestSupport.parse("title,year\nA,2001\nB,1999\n")
        let section = ComboSection()
        let recorder = MovieChangeRecorder(section.changes)
        section.setColumns(of: catalog, sort: nil)
        XCTAssertEqual(
            section.options(for: .sort),
            ["File order", "title, ascending", "title, descending", "year, ascending", "year, descending"])
        XCTAssertEqual(section.value(for: .sort), "File order")
        XCTAssertEqual(section.value(for: .title), "title")
        XCTAssertEqual(section.value(for: .details), "year")
        section.open(.sort)
        section.choose(4, in: .sort)
        XCTAssertEqual(section.sort, CatalogSortKey(column: 1, descending: true))
        XCTAssertFalse(section.isOpen(.sort), "Sort by closes on choosing")
        section.open(.details)
        section.choose(1, in: .details)
        XCTAssertEqual(section.value(for: .details), "None")
        XCTAssertTrue(section.isOpen(.details), "Details stays open")
        XCTAssertEqual(
            recorder.changes,
            [.columns, .opened(.sort), .chose(.sort), .closed(.sort), .opened(.details), .chose(.details)])
    }
}
