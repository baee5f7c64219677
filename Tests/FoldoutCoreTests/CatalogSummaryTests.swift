// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import XCTest

final class CatalogSummaryTests: XCTestCase {
    /// A flights-like table of every kind of column a summary and a measure meet: text facets (one
    /// with missing values), whole numbers with negatives and NA (narrow and wide ranges), numbers
    /// with decimals, floating-point numbers, a few small whole numbers, a date-time, a date with
    /// missing values, a 0/1 and a true/false column, and text of many values.
    static func csv(rows: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var text =
            "carrier,origin,dep_delay,arr_delay,distance,ratio,seats,minutes,big,time_hour,flight_date,"
            + "cancelled,late,tailnum,row_id\n"
        func maybe(_ value: String, _ oneIn: Int = 8) -> String {
            Int.random(in: 0..<oneIn, using: &random) == 0 ? "NA" : value
        }
        // Counting up by one from a number of its own: kept as positions, no bytes a row.
        let firstID = Int.random(in: -500...100_000, using: &random)
        for row in 0..<rows {
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...28, using: &random)
            let fields = [
                ["UA", "AA", "B6", "DL", "EV", "9E"].randomElement(using: &random)!,
                Int.random(in: 0..<7, using: &random) == 0 ? "" : ["JFK", "LGA", "EWR"].randomElement(using: &random)!,
                maybe(String(Int.random(in: -20...400, using: &random))),
                maybe(String(format: "%.1f", Double(Int.random(in: -900...3000, using: &random)) / 10)),
                String(format: "%.3f", Double(Int.random(in: 80_000...4_900_000, using: &random)) / 1000),
                maybe(String(Double(Int.random(in: 1...1_000_000, using: &random)) / 1024 / 3)),
                maybe(String(Int.random(in: 0...3, using: &random)), 5),
                maybe(String(Int.random(in: 0...200_000, using: &random))),
                String(Int.random(in: -50_000_000...50_000_000, using: &random)),
                String(
                    format: "2013-%02d-%02d %02d:%02d:00", month, day, Int.random(in: 0...23, using: &random),
                    Int.random(in: 0...59, using: &random)),
                Int.random(in: 0..<9, using: &random) == 0 ? "" : String(format: "2013-%02d-%02d", month, day),
                Bool.random(using: &random) ? "1" : "0",
                Bool.random(using: &random) ? "true" : "false",
                Int.random(in: 0..<10, using: &random) == 0 ? "" : "N\(Int.random(in: 100...999, using: &random))",
                String(firstID + row),
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    /// After each of many random filter changes (choices, ticks, exclusions, ranges, searches),
    /// every figure of every column's summary over the matches, and every measure of every option
    /// facet, equal a brute force over the file's text.
    func testSummariesAndMeasuresEqualABruteForceOverTheTextThroughRandomFilters() throws {
        var random = SeededGenerator(seed: 35)
        var operations = 0
        var measured = 0
        for (rows, seed, steps) in [(1, 1, 20), (60, 2, 150), (400, 3, 250), (5000, 4, 20)] {
            let csv = Self.csv(rows: rows, seed: UInt64(seed))
            let catalog = try CatalogTestSupport.parse(csv)
            let text = SummaryOracle(csv: csv, catalog: catalog)
            XCTAssertEqual(catalog.columns.map(\.name), text.header)
            // Over 4,096 distinct numbers a column keeps no dictionary; row_id then takes no bytes.
            if rows > 4096 { XCTAssertEqual(catalog.columns.last?.byteCount, 0, "row_id is kept as positions") }
            let filter = FacetFilter(catalog: catalog)
            for name in ["carrier", "origin", "seats", "cancelled", "late"] {
                filter.setFacet(try CatalogTestSupport.column(catalog, name), true, as: .options)
            }
            for name in ["dep_delay", "distance", "time_hour", "flight_date", "row_id"] {
                filter.setFacet(try CatalogTestSupport.column(catalog, name), true, as: .range)
            }
            let oracle = FacetFilterOracle(filter)
            var filters: [Int: FacetFilterOracle.Filter] = [:]
            let numberColumns = catalog.columns.indices.filter { catalog.columns[$0].kind == .number }
            let dateColumns = catalog.columns.indices.filter { [.date, .dateTime].contains(catalog.columns[$0].kind) }
            for _ in 0..<steps {
                let optionFacets = filter.facetColumns.filter { filter.kind(ofColumn: $0) == .options }
                let rangeFacets = filter.facetColumns.filter { filter.kind(ofColumn: $0) == .range }
                let column = (Int.random(in: 0..<2, using: &random) == 0 ? rangeFacets : optionFacets)
                    .randomElement(using: &random)!
                let optionCount =
                    filter.options(forColumn: column).count + (filter.noValueOption(forColumn: column) == nil ? 0 : 1)
                switch Int.random(in: 0..<9, using: &random) {
                case 0..<3 where filter.kind(ofColumn: column) == .options && optionCount > 0:
                    let option = Int.random(in: 0..<optionCount, using: &random)
                    var (ticked, noValue, excluded) = (Set<Int>(), false, false)
                    if case .options(let t, let n, let e) = filters[column] { (ticked, noValue, excluded) = (t, n, e) }
                    if option == filter.noValueOption(forColumn: column) {
                        noValue.toggle()
                    } else if ticked.remove(option) == nil {
                        ticked.insert(option)
                    }
                    if Int.random(in: 0..<4, using: &random) == 0 { excluded.toggle() }
                    let selection = FacetSelection(options: ticked, noValue: noValue, excluded: excluded)
                    filters[column] =
                        ticked.isEmpty && !noValue && !excluded
                        ? nil : .options(ticked, noValue: noValue, excluded: excluded)
                    filter.setSelection(selection, forColumn: column)
                case 3..<6 where filter.kind(ofColumn: column) == .range:
                    func end() -> Double? {
                        guard Int.random(in: 0..<3, using: &random) > 0 else { return nil }
                        return oracle.number(column, Int.random(in: 0..<catalog.count, using: &random))
                    }
                    let range = FacetRange(
                        lower: end(), upper: end(), includesMissing: Int.random(in: 0..<3, using: &random) == 0)
                    filters[column] =
                        range.isEverything ? nil : .range(range.lower, range.upper, missing: range.includesMissing)
                    filter.setRange(range, forColumn: column)
                case 6:
                    let word = ["N1", "N2", "N5", "N9", "", ""].randomElement(using: &random)!
                    filter.setSearchColumns([try CatalogTestSupport.column(catalog, "tailnum")])
                    filter.setSearch(word)
                case 7:
                    filters[column] = nil
                    filter.reset(column: column)
                default:
                    filters = [:]
                    filter.resetAll()
                }
                operations += 1
                let searched = filter.searchRows.map { Set($0.rows) }
                let matches = (0..<catalog.count).filter { oracle.passes($0, filters, rows: searched) }
                XCTAssertEqual(filter.matches.map(Int.init).sorted(), matches, "matches after \(operations)")
                let summaries = try XCTUnwrap(CatalogSummary.summarize(catalog, rows: filter.matches))
                XCTAssertEqual(summaries.map(\.column), Array(catalog.columns.indices))
                for (column, summary) in summaries.enumerated() {
                    let wanted = catalog.columns[column].kind == .text || catalog.columns[column].suggestsFacet
                    let expected = text.summary(column, rows: matches, commonWanted: wanted)
                    Self.assertSame(summary, expected, "column \(text.header[column]) after operation \(operations)")
                }
                for facet in filter.facetColumns where filter.kind(ofColumn: facet) == .options {
                    let passing = (0..<catalog.count).filter { oracle.passes($0, filters, but: facet, rows: searched) }
                    let options = filter.options(forColumn: facet)
                    for aggregate in FacetMeasure.Aggregate.allCases {
                        let columns = numberColumns + (aggregate == .sum ? [] : dateColumns)
                        for measuredColumn in columns {
                            var groups = [[Double]](repeating: [], count: options.count + 1)
                            for row in passing {
                                guard let value = text.number(measuredColumn, row) else { continue }
                                groups[oracle.option(facet, row) ?? options.count].append(value)
                            }
                            if filter.noValueOption(forColumn: facet) == nil { groups.removeLast() }
                            let figures = filter.measures(FacetMeasure(aggregate, of: measuredColumn), forColumn: facet)
                            XCTAssertEqual(
                                figures.map(\.used), groups.map(\.count),
                                "\(aggregate) of \(text.header[measuredColumn]) by \(text.header[facet])")
                            guard figures.count == groups.count else { continue }
                            for (option, figure) in figures.enumerated() {
                                assertClose(
                                    figure.value, SummaryOracle.aggregate(aggregate, groups[option]),
                                    "\(aggregate) of \(text.header[measuredColumn]) by \(text.header[facet]), "
                                        + "option \(option), operation \(operations)")
                            }
                            measured += figures.count
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(operations, 400)
        XCTAssertGreaterThan(measured, 100_000)
    }

    static func assertSame(
        _ summary: ColumnSummary, _ expected: ColumnSummary, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(summary.name, expected.name, message, file: file, line: line)
        XCTAssertEqual(summary.kind, expected.kind, message, file: file, line: line)
        XCTAssertEqual(summary.present, expected.present, "present, " + message, file: file, line: line)
        XCTAssertEqual(summary.missing, expected.missing, "missing, " + message, file: file, line: line)
        XCTAssertEqual(summary.distinct, expected.distinct, "distinct, " + message, file: file, line: line)
        assertClose(summary.minimum, expected.minimum, "minimum, " + message, file: file, line: line)
        assertClose(summary.median, expected.median, "median, " + message, file: file, line: line)
        assertClose(summary.mean, expected.mean, "mean, " + message, file: file, line: line)
        assertClose(summary.maximum, expected.maximum, "maximum, " + message, file: file, line: line)
        XCTAssertEqual(summary.histogram, expected.histogram, "histogram, " + message, file: file, line: line)
        XCTAssertEqual(summary.common, expected.common, "common, " + message, file: file, line: line)
    }

    /// Every row (nil) is the same as listing them all, in any order; a cancelled summary is nil.
    func testEveryRowAndAnyOrderAndCancelling() throws {
        let csv = Self.csv(rows: 3000, seed: 9)
        let catalog = try CatalogTestSupport.parse(csv)
        let all = try XCTUnwrap(CatalogSummary.summarize(catalog, rows: nil))
        var random = SeededGenerator(seed: 1)
        let shuffled = (0..<UInt32(catalog.count)).shuffled(using: &random)
        XCTAssertEqual(CatalogSummary.summarize(catalog, rows: shuffled), all)
        let text = SummaryOracle(csv: csv, catalog: catalog)
        for (column, summary) in all.enumerated() {
            let wanted = catalog.columns[column].kind == .text || catalog.columns[column].suggestsFacet
            Self.assertSame(
                summary, text.summary(column, rows: Array(0..<catalog.count), commonWanted: wanted),
                "column \(column)")
        }
        XCTAssertNil(CatalogSummary.summarize(catalog, rows: nil, isCancelled: { true }))
        var asked = 0
        XCTAssertNil(
            CatalogSummary.summarize(
                catalog, rows: nil,
                isCancelled: {
                    asked += 1
                    return asked > 3
                }))
        let none = try XCTUnwrap(CatalogSummary.summarize(catalog, rows: []))
        XCTAssertTrue(
            none.allSatisfy { $0.present == 0 && $0.missing == 0 && $0.median == nil && $0.histogram.isEmpty })
    }
}
