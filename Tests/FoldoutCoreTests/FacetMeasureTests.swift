// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

final class FacetMeasureTests: XCTestCase {
    private let csv = """
        carrier,arr_delay,fare,flown,when,cancelled,note
        UA,10,12.50,2013-01-01,2013-01-01 05:00:00,1,a
        UA,-4,7.25,2013-01-03,2013-01-01 06:30:00,0,b
        AA,NA,1000000.125,2013-01-02,2013-01-02 00:00:00,0,c
        AA,3,,2013-01-05,,1,
        B6,7,-0.5,,2013-01-03 23:59:59,0,d
        ,1,2,2013-01-04,2013-01-04 12:00:00,1,e

        """

    func testSpellings() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        let delay = try CatalogTestSupport.column(catalog, "arr_delay")
        let flown = try CatalogTestSupport.column(catalog, "flown")
        XCTAssertEqual(FacetMeasure(spelling: "mean:arr_delay", in: catalog), FacetMeasure(.mean, of: delay))
        XCTAssertEqual(FacetMeasure(spelling: "avg:arr_delay", in: catalog), FacetMeasure(.mean, of: delay))
        XCTAssertEqual(FacetMeasure(spelling: "MIN:arr_delay", in: catalog), FacetMeasure(.minimum, of: delay))
        XCTAssertEqual(FacetMeasure(spelling: "max:arr_delay", in: catalog), FacetMeasure(.maximum, of: delay))
        XCTAssertEqual(FacetMeasure(spelling: "median:flown", in: catalog), FacetMeasure(.median, of: flown))
        XCTAssertEqual(FacetMeasure(spelling: "sum:arr_delay", in: catalog)?.spelling(in: catalog), "sum:arr_delay")
        XCTAssertEqual(FacetMeasure(.minimum, of: delay).spelling(in: catalog), "minimum:arr_delay")
        for refused in ["mean:note", "mean:carrier", "sum:flown", "mode:arr_delay", "mean:nothing", "arr_delay", ""] {
            XCTAssertNil(FacetMeasure(spelling: refused, in: catalog), refused)
        }
    }

    /// Each option's measure, "No value" last, faceted like the counts: the carrier's own choice
    /// does not narrow its measures, another facet's does; a yes/no facet lists "Yes" first.
    func testMeasuresByOptionWithNoValueAndOtherFilters() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        let filter = FacetFilter(catalog: catalog)
        let carrier = try CatalogTestSupport.column(catalog, "carrier")
        let cancelled = try CatalogTestSupport.column(catalog, "cancelled")
        let delay = try CatalogTestSupport.column(catalog, "arr_delay")
        let fare = try CatalogTestSupport.column(catalog, "fare")
        for column in [carrier, cancelled] { filter.setFacet(column, true, as: .options) }
        XCTAssertEqual(filter.options(forColumn: carrier), ["AA", "B6", "UA"])
        XCTAssertEqual(
            filter.measures(FacetMeasure(.mean, of: delay), forColumn: carrier),
            [.init(value: 3, used: 1), .init(value: 7, used: 1), .init(value: 3, used: 2), .init(value: 1, used: 1)])
        XCTAssertEqual(
            filter.measures(FacetMeasure(.sum, of: fare), forColumn: carrier).map(\.value),
            [1_000_000.125, -0.5, 19.75, 2])
        filter.select(option: 2, inColumn: carrier)
        XCTAssertEqual(
            filter.measures(FacetMeasure(.maximum, of: delay), forColumn: carrier).map(\.value), [3, 7, 10, 1])
        XCTAssertTrue(filter.isYesNo(cancelled))
        XCTAssertEqual(
            filter.measures(FacetMeasure(.median, of: delay), forColumn: cancelled),
            [.init(value: 10, used: 1), .init(value: -4, used: 1)], "Yes first; only UA's rows")
        filter.select(option: 0, inColumn: cancelled)
        XCTAssertEqual(
            filter.measures(FacetMeasure(.median, of: delay), forColumn: carrier),
            [.init(value: 3, used: 1), .init(value: nil, used: 0), .init(value: 10, used: 1), .init(value: 1, used: 1)])
        XCTAssertEqual(
            filter.measures(
                FacetMeasure(.sum, of: try CatalogTestSupport.column(catalog, "flown")), forColumn: carrier), [])
    }

    /// Plain decimals without separators or exponents, dates and date-times in ISO 8601.
    func testTheTableWritesPlainDecimalsAndDates() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        let summaries = try XCTUnwrap(CatalogSummary.summarize(catalog, rows: nil))
        let (header, rows) = CatalogSummary.table(summaries)
        XCTAssertEqual(
            header, ["column", "kind", "count", "missing", "distinct", "min", "median", "mean", "max", "common"])
        XCTAssertEqual(rows.count, catalog.columns.count)
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0) })
        XCTAssertEqual(byName["arr_delay"], ["arr_delay", "number", "5", "1", "5", "-4", "3", "3.4", "10", ""])
        XCTAssertEqual(
            byName["fare"], ["fare", "number", "5", "1", "5", "-0.5", "7.25", "200004.275", "1000000.125", ""])
        XCTAssertEqual(
            byName["flown"]?[1...8], ["date", "5", "1", "5", "2013-01-01", "2013-01-03", "2013-01-03", "2013-01-05"])
        XCTAssertEqual(
            byName["when"]?[1...8],
            [
                "date-time", "5", "1", "5", "2013-01-01 05:00:00", "2013-01-02 00:00:00", "2013-01-02 14:17:59",
                "2013-01-04 12:00:00",
            ])
        XCTAssertEqual(byName["carrier"]?[1...9], ["text", "5", "1", "3", "", "", "", "", "AA (2); UA (2); B6 (1)"])
        XCTAssertEqual(byName["note"]?.last, "a (1); b (1); c (1); d (1); e (1)", "ties in the column's order")
        for (value, text) in [
            (-2.0, "-2"), (12.5, "12.5"), (1.0 / 3, "0.333333"), (2.5e-5, "0.000025"), (1e-9, "0"), (-1e-9, "0"),
            (123_456_789_012.5, "123456789012.5"), (1_234_567_890_123.4, "1234567890123"),
            (1e20, "100000000000000000000"), (-0.0, "0"), (1_234_567.0, "1234567"),
        ] {
            XCTAssertEqual(CatalogSummary.decimal(value), text)
        }
    }
}
