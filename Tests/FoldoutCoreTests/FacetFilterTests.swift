import FoldoutCore
import XCTest

final class FacetFilterTests: XCTestCase {
    func testMatchesEqualABruteForceOracleThroughRandomOperations() throws {
        var random = SeededGenerator(seed: 42)
        var catalogs = [0, 1, 50, 5000].map { Catalog.generate(count: $0, seed: UInt64($0) + 3) }
        catalogs.append(try Catalog.parseCSV(CatalogTestData.mixedCaseCSV(rows: 700, seed: 9)))
        var operations = 0
        for catalog in catalogs {
            let filter = FacetFilter(catalog: catalog)
            let recorder = ChangeRecorder(filter)
            XCTAssertEqual(filter.matches, FacetFilterOracle.matches(catalog, choices: [:], order: .name))
            var choices: [Facet: Int] = [:]
            var previous = filter.matches
            var previousExpected = previous
            let sorted = FoldoutCore.SortOrder.allCases.map { FacetFilterOracle.sorted(catalog, order: $0) }
            for _ in 0..<500 {
                let before = recorder.count
                var effective = false
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let facet = Facet.allCases.randomElement(using: &random)!
                    let option = Int.random(in: 0..<facet.options.count, using: &random)
                    effective = choices[facet] != option
                    choices[facet] = option
                    filter.select(option: option, in: facet)
                case 6, 7:
                    let facet = Facet.allCases.randomElement(using: &random)!
                    effective = choices[facet] != nil
                    choices[facet] = nil
                    filter.reset(facet)
                case 8:
                    effective = !choices.isEmpty
                    choices = [:]
                    filter.resetAll()
                default:
                    let order = FoldoutCore.SortOrder.allCases.randomElement(using: &random)!
                    effective = filter.sortOrder != order
                    filter.sortOrder = order
                }
                operations += 1
                let expected = FacetFilterOracle.filter(sorted[filter.sortOrder.rawValue], catalog, choices: choices)
                XCTAssertEqual(filter.matches, expected, "after operation \(operations)")
                XCTAssertEqual(filter.matchCount, expected.count)
                XCTAssertEqual(recorder.count - before, effective ? 1 : 0, "changes sent by operation \(operations)")
                for facet in Facet.allCases { XCTAssertEqual(filter.choice(for: facet), choices[facet]) }
                XCTAssertEqual(previous, previousExpected, "a result held by a client must never change under it")
                previous = filter.matches
                previousExpected = expected
            }
        }
        XCTAssertGreaterThanOrEqual(operations, 2000)
    }

    func testInitialStateIsEverythingInNameOrder() {
        let catalog = Catalog.generate(count: 3000, seed: 11)
        let filter = FacetFilter(catalog: catalog)
        XCTAssertEqual(filter.sortOrder, .name)
        XCTAssertEqual(filter.matchCount, 3000)
        XCTAssertEqual(filter.matches, FacetFilterOracle.matches(catalog, choices: [:], order: .name))
        XCTAssertEqual(filter.categories, Facet.allCases)
        for facet in Facet.allCases {
            XCTAssertNil(filter.choice(for: facet))
            XCTAssertEqual(filter.options(for: facet), facet.options)
        }
    }

    func testLabelsShowTheChoiceOrTheTitle() {
        let filter = FacetFilter(catalog: Catalog.generate(count: 100))
        XCTAssertEqual(filter.label(for: .color), "Color")
        filter.select(option: 3, in: .color)
        XCTAssertEqual(filter.label(for: .color), Facet.color.options[3])
        filter.select(option: 1, in: .size)
        XCTAssertEqual(filter.label(for: .size), "S")
        filter.reset(.color)
        XCTAssertEqual(filter.label(for: .color), "Color")
        filter.resetAll()
        XCTAssertEqual(filter.label(for: .size), "Size")
    }

    func testRepeatingAChoiceOrResettingNothingSendsNoChange() {
        let filter = FacetFilter(catalog: Catalog.generate(count: 200))
        let recorder = ChangeRecorder(filter)
        filter.reset(.season)
        filter.resetAll()
        filter.sortOrder = .name
        XCTAssertEqual(recorder.count, 0)
        filter.select(option: 2, in: .season)
        filter.select(option: 2, in: .season)
        XCTAssertEqual(recorder.count, 1)
        filter.resetAll()
        filter.resetAll()
        XCTAssertEqual(recorder.count, 2)
        XCTAssertEqual(recorder.changes, [.results, .results])
    }

    func testReplaceCatalogKeepsChoicesAndSortAndSendsOneChange() {
        let filter = FacetFilter(catalog: Catalog.generate(count: 500, seed: 1))
        filter.select(option: 4, in: .category)
        filter.select(option: 1, in: .season)
        filter.sortOrder = .price
        let recorder = ChangeRecorder(filter)
        let replacement = Catalog.generate(count: 800, seed: 2)
        filter.replaceCatalog(replacement)
        XCTAssertTrue(filter.catalog === replacement)
        XCTAssertEqual(recorder.count, 1)
        XCTAssertEqual(filter.choice(for: .category), 4)
        XCTAssertEqual(filter.choice(for: .season), 1)
        XCTAssertEqual(filter.sortOrder, .price)
        XCTAssertEqual(filter.matches, FacetFilterOracle.matches(replacement, choices: [.category: 4, .season: 1], order: .price))
        filter.replaceCatalog(replacement)
        XCTAssertEqual(recorder.count, 1, "the same catalog again is no change")
    }

    func testAFailedImportLeavesTheFilterOnItsOldCatalog() {
        let original = Catalog.generate(count: 300)
        let filter = FacetFilter(catalog: original)
        filter.select(option: 0, in: .material)
        let before = filter.matches
        let recorder = ChangeRecorder(filter)
        var bad = CatalogTestData.validCSV(rows: 20)
        bad.append(contentsOf: Array("Broken,1.00,2024-01-01,Shirts,Cotton,Mauve,Spring,M\n".utf8))
        do throws(CatalogImportError) {
            filter.replaceCatalog(try Catalog.parseCSV(bad))
            XCTFail("the import should have failed")
        } catch {
            XCTAssertEqual(error.line, 22)
        }
        XCTAssertTrue(filter.catalog === original)
        XCTAssertEqual(filter.matches, before)
        XCTAssertEqual(recorder.count, 0)
    }

    func testSortTitles() {
        XCTAssertEqual(FoldoutCore.SortOrder.allCases.map(\.title), ["Name", "Price", "Newest"])
    }
}

/// Counts the changes a filter sends.
final class ChangeRecorder {
    private(set) var changes: [FacetFilter.Change] = []
    private var token: ObservationToken?
    var count: Int { changes.count }

    init(_ filter: FacetFilter) {
        token = filter.changes.add { [weak self] in self?.changes.append($0) }
    }
}

/// The slow, obviously right answer: check every item, then sort with the position tiebreak.
enum FacetFilterOracle {
    static func matches(_ catalog: Catalog, choices: [Facet: Int], order: FoldoutCore.SortOrder) -> [UInt32] {
        filter(sorted(catalog, order: order), catalog, choices: choices)
    }

    /// The items of `sorted` (positions in some order) that have every chosen option.
    static func filter(_ sorted: [UInt32], _ catalog: Catalog, choices: [Facet: Int]) -> [UInt32] {
        sorted.filter { position in choices.allSatisfy { catalog.option($0.key, at: Int(position)) == $0.value } }
    }

    /// Every position, sorted by a comparison sort.
    static func sorted(_ catalog: Catalog, order: FoldoutCore.SortOrder) -> [UInt32] {
        var positions = Array(0..<catalog.count)
        let names = (0..<catalog.count).map { Array(catalog.name(at: $0).utf8) }
        positions.sort { a, b in
            switch order {
            case .name:
                if names[a] != names[b] { return nameOrder(names[a], names[b]) }
            case .price:
                if catalog.priceCents(at: a) != catalog.priceCents(at: b) { return catalog.priceCents(at: a) < catalog.priceCents(at: b) }
            case .newest:
                if catalog.date(at: a) != catalog.date(at: b) { return catalog.date(at: a) > catalog.date(at: b) }
            }
            return a < b
        }
        return positions.map(UInt32.init)
    }

    /// ASCII letters without case first, then bytes.
    static func nameOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        func folded(_ bytes: [UInt8]) -> [UInt8] { bytes.map { (65...90).contains($0) ? $0 + 32 : $0 } }
        let (x, y) = (folded(a), folded(b))
        return x != y ? x.lexicographicallyPrecedes(y) : a.lexicographicallyPrecedes(b)
    }
}
