// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// `CatalogQuery.apply(to:)`, the one way a launch's filters and sort reach a filter (`--export`,
/// the check before the first window, the Filters page).
final class CatalogQueryTests: XCTestCase {
    private let csv = """
        city,kind,price,day
        Oslo,hut,10,2024-01-02
        Rome,inn,30,2024-01-01
        Oslo,inn,20,2024-01-03
        Lima,hut,40,2024-01-04
        """

    private func query(
        _ filters: [(FilterRequest.Kind, String)] = [], sort: String? = nil, openFacet: String? = nil,
        measure: String? = nil
    ) throws -> CatalogQuery {
        var query = CatalogQuery()
        query.filters = try filters.map { try XCTUnwrap(FilterRequest($0.0, $0.1)) }
        query.sort = sort.flatMap(SortRequest.init)
        query.openFacet = openFacet
        query.measure = measure
        return query
    }

    func testFiltersAndSortAreAppliedInOneChange() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        let filter = FacetFilter(catalog: catalog)
        let recorder = ChangeRecorder(filter)
        let asked = try query([(.exclude, "city=rome"), (.range, "price=15..")], sort: "PRICE:desc")
        XCTAssertEqual(asked.apply(to: filter), [])
        XCTAssertEqual(filter.matches.map { catalog.text(0, at: Int($0)) }, ["Lima", "Oslo"])
        XCTAssertEqual(filter.sort, CatalogSortKey(column: 2, descending: true))
        XCTAssertEqual(recorder.count, 1)
    }

    func testTheCallerMaySortItsOwnWay() throws {
        let filter = FacetFilter(catalog: try CatalogTestSupport.parse(csv))
        var sorted: [CatalogSortKey] = []
        XCTAssertEqual(try query(sort: "day").apply(to: filter) { sorted.append($0) }, [])
        XCTAssertEqual(sorted, [CatalogSortKey(column: 3, descending: false)])
        XCTAssertNil(filter.sort)
    }

    func testEveryProblemIsSaidInOrderAndTheRestIsApplied() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        let filter = FacetFilter(catalog: catalog)
        let asked = try query(
            [(.choose, "town=Oslo"), (.choose, "kind=tent"), (.choose, "city=Lima")], sort: "stars",
            openFacet: "nowhere", measure: "mean:nothing")
        let columns = "(columns: city, kind, price, day)"
        XCTAssertEqual(
            asked.apply(to: filter).map(\.message),
            [
                "no column “town” \(columns)", "the facet “kind” has no option “tent”",
                "unknown column “stars” \(columns)", "unknown column “nowhere” \(columns)",
                "unknown column “nothing” \(columns)",
            ])
        XCTAssertEqual(filter.matchCount, 1, "the filter that has no problem is applied all the same")
    }

    func testAMeasureOfTextIsAProblemAndOfNumbersIsTheMeasure() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        XCTAssertEqual(
            try query(measure: "sum:city").apply(to: FacetFilter(catalog: catalog)).map(\.message),
            ["--measure cannot take the sum of city: it is a text column"])
        XCTAssertEqual(try query(measure: "MEAN:Price").measure(in: catalog), .success(FacetMeasure(.mean, of: 2)))
        XCTAssertNil(try query().measure(in: catalog))
    }

    func testTheFirstUnknownColumnNamedAnywhere() throws {
        let catalog = try CatalogTestSupport.parse(csv)
        XCTAssertNil(try query([(.choose, "CITY=x")], sort: "price", measure: "max:day").unknownColumn(in: catalog))
        XCTAssertEqual(
            try query(openFacet: "kind", measure: "max:height").unknownColumn(in: catalog),
            "unknown column “height” (columns: city, kind, price, day)")
    }
}
