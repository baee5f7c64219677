// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import FoldoutCore

/// The marks under a range facet's histogram: round places a person reads at a glance.
final class HistogramTicksTests: XCTestCase {
    private func histogram(_ low: Double, _ high: Double, _ kind: CatalogColumn.Kind, logarithmic: Bool = false)
        -> FacetHistogram
    {
        FacetHistogram(lowest: low, highest: high, kind: kind, wholeNumbers: true, logarithmic: logarithmic)
    }

    private func values(_ ticks: [FacetHistogram.Tick]) -> [Double] { ticks.map(\.value) }

    /// flights.csv's distance runs from 17 to 4,983 miles.
    func testNumbersAreMarkedAtRoundMultiples() {
        let distance = histogram(17, 4_983, .number)
        XCTAssertEqual(values(distance.ticks(atMost: 6, kind: .number)), [0, 1_000, 2_000, 3_000, 4_000, 5_000])
        XCTAssertEqual(values(distance.ticks(atMost: 3, kind: .number)), [0, 2_000, 4_000])
        let delay = histogram(-43, 1_301, .number)
        XCTAssertEqual(values(delay.ticks(atMost: 5, kind: .number)), [0, 500, 1_000])
        XCTAssertEqual(delay.ticks(atMost: 5, kind: .number).first?.label, .number(0))
    }

    func testALogarithmicScaleIsMarkedAtPowersOfTen() {
        let delay = histogram(-43, 1_301, .number, logarithmic: true)
        XCTAssertEqual(values(delay.ticks(atMost: 8, kind: .number)), [-10, -1, 0, 1, 10, 100, 1_000])
        XCTAssertEqual(values(delay.ticks(atMost: 4, kind: .number)), [-10, 0, 10, 1_000])
    }

    /// 2013 in days since 1970: January to December, by month, the last bin ending on 1 January 2014.
    func testMonthsAreMarkedEveryFewMonthsWithTheYearItsOwnLabel() {
        let year2013 = histogram(15_706, 16_070, .date)
        let ticks = year2013.ticks(atMost: 5, kind: .date)
        let quarters: [FacetHistogram.Tick.Label] = [(2013, 1), (2013, 4), (2013, 7), (2013, 10), (2014, 1)].map {
            .month(year: $0.0, month: $0.1)
        }
        XCTAssertEqual(ticks.map(\.label), quarters)
        XCTAssertEqual(ticks.first?.value, 15_706, "1 January 2013")
        let asSeconds = histogram(15_706 * 86_400, 16_070 * 86_400, .dateTime)
        XCTAssertEqual(asSeconds.ticks(atMost: 5, kind: .dateTime).first?.value, 15_706 * 86_400)
    }

    func testYearsDaysAndHoursAreMarkedAtTheirStarts() {
        let century = histogram(0, 18_262, .date)  // 1970 to 2020
        let decades: [FacetHistogram.Tick.Label] = [1970, 1980, 1990, 2000, 2010, 2020].map { .year($0) }
        XCTAssertEqual(century.ticks(atMost: 6, kind: .date).map(\.label), decades)
        let march = histogram(15_765, 15_795, .date)  // 1 to 31 March 2013
        XCTAssertEqual(
            march.ticks(atMost: 4, kind: .date).map(\.label),
            [.day(month: 3, day: 1), .day(month: 3, day: 11), .day(month: 3, day: 21), .day(month: 4, day: 1)])
        let day = histogram(15_765 * 86_400, 15_765 * 86_400 + 86_399, .dateTime)
        XCTAssertEqual(day.ticks(atMost: 5, kind: .dateTime).map(\.label), [0, 6, 12, 18, 0].map { .hour($0) })
    }

    func testAnInfiniteOrEmptyExtentHasNoTicks() {
        for edges in [[0, Double.infinity], [-Double.infinity, 5], [3, 3], [Double.nan, 1]] {
            let histogram = FacetHistogram(edges: edges, unit: .number, logarithmic: false, counts: [0], missing: 0)
            XCTAssertEqual(histogram.ticks(atMost: 5, kind: .number), [], "\(edges)")
            let logarithmic = FacetHistogram(edges: edges, unit: .number, logarithmic: true, counts: [0], missing: 0)
            XCTAssertEqual(logarithmic.ticks(atMost: 5, kind: .number), [], "\(edges)")
        }
    }
}
