import FoldoutCore
import XCTest

final class CatalogTests: XCTestCase {
    func testGenerationIsDeterministic() {
        let first = Catalog.generate(count: 2000, seed: 5), second = Catalog.generate(count: 2000, seed: 5)
        XCTAssertEqual(CatalogSnapshot(first), CatalogSnapshot(second))
        XCTAssertNotEqual(CatalogSnapshot(first), CatalogSnapshot(Catalog.generate(count: 2000, seed: 6)))
        XCTAssertEqual(CatalogSnapshot(Catalog.generate(count: 10)), CatalogSnapshot(Catalog.generate(count: 10, seed: 1)))
    }

    func testEveryFacetOptionOccursInTenThousandItems() {
        let catalog = Catalog.generate(count: 10_000)
        XCTAssertEqual(catalog.count, 10_000)
        for facet in Facet.allCases {
            let seen = Set((0..<catalog.count).map { catalog.option(facet, at: $0) })
            XCTAssertEqual(seen, Set(facet.options.indices), "\(facet.title)")
        }
    }

    func testVocabularies() {
        XCTAssertGreaterThan(Facet.category.options.count, 10)
        XCTAssertEqual(Facet.allCases.map { $0.options.count }, [15, 8, 10, 4, 6])
        XCTAssertEqual(Facet.allCases.map(\.title), ["Category", "Material", "Color", "Season", "Size"])
        XCTAssertEqual(Facet.allCases.map(\.csvColumn), ["category", "material", "color", "season", "size"])
        XCTAssertEqual(Catalog.csvColumns, ["name", "price", "date", "category", "material", "color", "season", "size"])
        XCTAssertEqual(Facet.season.options, ["Spring", "Summer", "Autumn", "Winter"])
        XCTAssertEqual(Facet.size.options, ["XS", "S", "M", "L", "XL", "XXL"])
        for facet in Facet.allCases { XCTAssertEqual(Set(facet.options).count, facet.options.count) }
    }

    func testGeneratedItemsLookPlausible() {
        let catalog = Catalog.generate(count: 10_000, seed: 3)
        let earliest = CatalogDate(iso: "2019-01-01")!, latest = CatalogDate(iso: "2025-12-31")!
        for position in 0..<catalog.count {
            let name = catalog.name(at: position)
            XCTAssertFalse(name.isEmpty)
            XCTAssertTrue(name.contains(Facet.color.options[catalog.option(.color, at: position)]), name)
            XCTAssertTrue((1...100_000_000).contains(catalog.priceCents(at: position)))
            XCTAssertTrue(catalog.date(at: position) >= earliest && catalog.date(at: position) <= latest)
        }
        let years = Set((0..<catalog.count).map { catalog.date(at: $0).description.prefix(4) })
        XCTAssertEqual(years, ["2019", "2020", "2021", "2022", "2023", "2024", "2025"], "dates spread over the whole span")
        XCTAssertGreaterThan(Set((0..<catalog.count).map(catalog.priceCents)).count, 100, "prices vary")
        XCTAssertLessThan(catalog.distinctNameCount, 5000, "names repeat, so interning pays")
        XCTAssertGreaterThan(catalog.distinctNameCount, 1000)
    }

    func testSortedPositionsFollowTheOrderWithPositionTiebreak() {
        let catalog = Catalog.generate(count: 4000, seed: 8)
        for order in FoldoutCore.SortOrder.allCases {
            XCTAssertEqual(catalog.positions(sortedBy: order), FacetFilterOracle.matches(catalog, choices: [:], order: order))
        }
    }

    func testMemoryStaysNearTheData() {
        let catalog = Catalog.generate(count: 200_000)
        let columnsOnly = catalog.bytesPerItem
        XCTAssertLessThan(columnsOnly, 12)
        for order in FoldoutCore.SortOrder.allCases { _ = catalog.positions(sortedBy: order) }
        XCTAssertGreaterThan(catalog.bytesPerItem, columnsOnly)
        XCTAssertLessThan(catalog.bytesPerItem, 40)
        XCTAssertEqual(Catalog.generate(count: 0).bytesPerItem, 0)
    }

    func testDatesParseAndPrint() {
        XCTAssertEqual(CatalogDate(iso: "1970-01-01")?.daysSince1970, 0)
        XCTAssertEqual(CatalogDate(iso: "1970-01-02")?.daysSince1970, 1)
        XCTAssertEqual(CatalogDate(iso: "1969-12-31")?.daysSince1970, -1)
        XCTAssertEqual(CatalogDate(iso: "2000-03-01")?.daysSince1970, 11017)
        XCTAssertEqual(CatalogDate(daysSince1970: 19723).description, "2024-01-01")
        XCTAssertEqual(CatalogDate(daysSince1970: -719162).description, "0001-01-01")
        XCTAssertNotNil(CatalogDate(iso: "2024-02-29"))
        XCTAssertNotNil(CatalogDate(iso: "2000-02-29"))
        XCTAssertNotNil(CatalogDate(iso: "2024-12-31"[...]))
        for bad in ["2023-02-29", "1900-02-29", "2023-04-31", "2023-13-01", "2023-00-10", "2023-01-00", "2023-1-01",
                    "2023/01/01", "20230101", " 2023-01-01", "2023-01-01 ", "0000-01-01", "2023-01-0x", "", "２０２３-01-01"] {
            XCTAssertNil(CatalogDate(iso: bad), bad)
        }
        var day: Int32 = -719_162  // 0001-01-01
        while day < 2_932_897 {  // 10000-01-01
            let date = CatalogDate(daysSince1970: day)
            XCTAssertEqual(CatalogDate(iso: date.description), date)
            day += 997
        }
        XCTAssertLessThan(CatalogDate(iso: "2023-12-31")!, CatalogDate(iso: "2024-01-01")!)
    }

    func testPriceFormatting() {
        XCTAssertEqual(Catalog.formatPrice(cents: 1250), "12.50")
        XCTAssertEqual(Catalog.formatPrice(cents: 5), "0.05")
        XCTAssertEqual(Catalog.formatPrice(cents: 100_000_000), "1000000.00")
    }
}

/// Every value of a catalog, for comparing catalogs.
struct CatalogSnapshot: Equatable {
    struct Item: Equatable {
        let name: String, price: Int, date: CatalogDate, options: [Int]
    }

    let items: [Item]

    init(_ catalog: Catalog) {
        items = (0..<catalog.count).map { position in
            Item(name: catalog.name(at: position), price: catalog.priceCents(at: position), date: catalog.date(at: position),
                 options: Facet.allCases.map { catalog.option($0, at: position) })
        }
    }
}
