// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

final class FacetFilterTests: XCTestCase {
    /// Matches and every facet's counts equal a brute-force answer after each of more than
    /// 10,000 random operations (choose, reset, reset all, sort, make a column a facet or not).
    func testMatchesAndCountsEqualABruteForceOracleThroughRandomOperations() throws {
        var random = SeededGenerator(seed: 42)
        var catalogs = [1, 50, 2000].map { Catalog.generate(count: $0, seed: UInt64($0) + 3) }
        for (rows, seed) in [(1, 1), (40, 2), (400, 3), (1500, 4)] {
            catalogs.append(
                try Catalog.parseCSV(Array(CatalogTestSupport.randomCSV(rows: rows, seed: UInt64(seed)).utf8)))
        }
        var operations = 0
        for catalog in catalogs {
            let filter = FacetFilter(catalog: catalog)
            let oracle = FacetFilterOracle(filter)
            let recorder = ChangeRecorder(filter)
            var choices: [Int: Int] = [:]
            var previous = filter.matches
            var previousExpected = previous
            let steps = 1500
            for _ in 0..<steps {
                let before = recorder.changes.filter { $0 == .results }.count
                var effective = false
                let facets = filter.facetColumns
                switch Int.random(in: 0..<12, using: &random) {
                case 0..<6 where !facets.isEmpty:
                    let column = facets.randomElement(using: &random)!
                    let option = Int.random(in: 0..<filter.options(forColumn: column).count, using: &random)
                    effective = choices[column] != option
                    choices[column] = option
                    filter.select(option: option, inColumn: column)
                case 6...7 where !facets.isEmpty:
                    let column = facets.randomElement(using: &random)!
                    effective = choices[column] != nil
                    choices[column] = nil
                    filter.reset(column: column)
                case 8:
                    effective = !choices.isEmpty
                    choices = [:]
                    filter.resetAll()
                case 9:
                    let column = Int.random(in: 0..<catalog.columns.count, using: &random)
                    let on = !filter.isFacet(column)
                    if on && filter.canMakeFacet(column) || !on {
                        effective = !on && choices[column] != nil
                        if !on { choices[column] = nil }
                        filter.setFacet(column, on)
                        XCTAssertEqual(filter.isFacet(column), on)
                    }
                default:
                    let sort =
                        Bool.random(using: &random)
                        ? nil
                        : CatalogSortKey(
                            column: Int.random(in: 0..<catalog.columns.count, using: &random),
                            descending: Bool.random(using: &random))
                    effective = filter.sort != sort
                    filter.sort = sort
                }
                operations += 1
                let expected = oracle.matches(choices: choices, sort: filter.sort)
                XCTAssertEqual(filter.matches, expected, "after operation \(operations)")
                XCTAssertEqual(
                    recorder.changes.filter { $0 == .results }.count - before, effective ? 1 : 0,
                    "changes of operation \(operations)")
                for column in filter.facetColumns {
                    XCTAssertEqual(filter.choice(forColumn: column), choices[column])
                    if operations % 3 == 0 {
                        XCTAssertEqual(
                            filter.counts(forColumn: column), oracle.counts(choices: choices, column: column),
                            "counts of column \(column) after operation \(operations)")
                    }
                }
                XCTAssertEqual(previous, previousExpected, "a result held by a client must never change under it")
                previous = filter.matches
                previousExpected = expected
            }
        }
        XCTAssertGreaterThanOrEqual(operations, 10_000)
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
        XCTAssertEqual(filter.activeChoices.map(\.option), ["red", "S"])
        XCTAssertEqual(filter.label(forColumn: 0), "red")
        filter.reset(column: 0)
        XCTAssertEqual(filter.label(forColumn: 0), "color")
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
        let title = CatalogTestSupport.column(catalog, "added")
        let id = CatalogTestSupport.column(catalog, "id")
        XCTAssertFalse(filter.canMakeFacet(id), "ids are all different")
        XCTAssertFalse(filter.isFacet(title), "dates are no facet at first")
        XCTAssertTrue(filter.canMakeFacet(title))
        let recorder = ChangeRecorder(filter)
        filter.setFacet(title, true)
        XCTAssertTrue(filter.isFacet(title))
        XCTAssertEqual(recorder.changes, [.facets])
        filter.select(option: 0, inColumn: title)
        filter.setFacet(title, false)
        XCTAssertEqual(recorder.changes, [.facets, .results, .facets, .results])
        XCTAssertEqual(filter.matchCount, catalog.count, "its choice went with it")
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
        XCTAssertEqual(recorder.changes, [.facets, .results])
        XCTAssertEqual(filter.activeChoices.map(\.name), ["color"], "size is not in the new catalog")
        XCTAssertEqual(filter.label(forColumn: 0), "red")
        XCTAssertEqual(filter.sort, CatalogSortKey(column: 2, descending: true))
        XCTAssertEqual(filter.matches, [1, 0])
        let third = try CatalogTestSupport.parse("color,name\ngreen,a\nblue,b\ngreen,c\nblue,d\n")
        filter.replaceCatalog(third)
        XCTAssertTrue(filter.activeChoices.isEmpty, "no red in the third catalog")
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
