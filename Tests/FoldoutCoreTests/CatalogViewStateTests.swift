// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// A catalog file's view kept between runs (issue 23): written, read back, and given to the file
/// opened again, keeping what its columns and options still allow.
final class CatalogViewStateTests: XCTestCase {
    private static let csv = """
        name,colour,size,price,day
        Hat,Red,S,12.50,2024-03-01
        Scarf,"Blue, light",M,3,2024-03-02
        Coat,Red,,99.90,2024-03-03
        Sock,Green,S,,2024-03-04

        """

    private func filter(_ text: String = csv) throws -> FacetFilter {
        FacetFilter(catalog: try CatalogTestSupport.parse(text))
    }

    func testAViewIsKeptAndGivenBackAsItWas() throws {
        let directory = LibraryTestDirectory()
        let store = CatalogViewStore(directory: directory.path + "/views")
        let first = try filter()
        let colour = try XCTUnwrap(first.catalog.column(named: "colour"), "no colour column")
        let price = try XCTUnwrap(first.catalog.column(named: "price"), "no price column")
        first.setFacet(price, true, as: .range)
        first.setRange(FacetRange(lower: 3, upper: 50, includesMissing: true), forColumn: price)
        first.setLogarithmic(true, forColumn: price)
        first.setFacet(colour, true, as: .options)
        let options = first.options(forColumn: colour)
        let blue = try XCTUnwrap(options.firstIndex(of: "Blue, light"), "\(options)")
        first.setSelection(FacetSelection(options: [blue], noValue: false, excluded: true), forColumn: colour)
        var state = CatalogViewState(
            first, title: 0, details: [2, 4], showsTable: true, widths: ["name": 140, "size \"x\"": 60])
        // Grouped by colour, then price in bins, the mean price beside; two groups folded out.
        state.showsGroups = true
        state.grouping = GroupingRequest(
            Grouping(
                levels: [GroupLevel(colour), GroupLevel(price, by: .bins)], measures: [FacetMeasure(.mean, of: price)]),
            columnNames: first.catalog.columns.map(\.name))
        XCTAssertEqual(state.grouping.levels, ["colour:values", "price:bins"])
        state.openGroups = [["Blue, light"], ["Red", "10–19"]]
        store.save(state, path: "/data/shop \"1\".csv")

        let kept = try XCTUnwrap(store.load(path: "/data/shop \"1\".csv"))
        XCTAssertEqual(kept, state, "written and read back the same")
        XCTAssertNil(store.load(path: "/data/other.csv"))

        let again = try filter()
        let given = kept.apply(to: again)
        XCTAssertEqual(again.selection(forColumn: colour), first.selection(forColumn: colour))
        XCTAssertEqual(again.range(forColumn: price), FacetRange(lower: 3, upper: 50, includesMissing: true))
        XCTAssertTrue(again.isLogarithmic(price))
        XCTAssertEqual(again.matches, first.matches)
        XCTAssertEqual(given.title, 0)
        XCTAssertEqual(given.details, [2, 4])
    }

    func testAFileChangedSinceKeepsWhatStillApplies() throws {
        let first = try filter()
        let colour = try XCTUnwrap(first.catalog.column(named: "colour"), "no colour column")
        let size = try XCTUnwrap(first.catalog.column(named: "size"), "no size column")
        first.setFacet(colour, true, as: .options)
        let options = first.options(forColumn: colour)
        let red = try XCTUnwrap(options.firstIndex(of: "Red"), "\(options)")
        let green = try XCTUnwrap(options.firstIndex(of: "Green"), "\(options)")
        first.setSelection(FacetSelection(options: [red, green]), forColumn: colour)
        first.setFacet(size, true, as: .options)
        first.setSelection(FacetSelection(options: [0]), forColumn: size)
        first.sort = CatalogSortKey(column: size, descending: true)
        let state = CatalogViewState(first, title: 0, details: [1, 2], showsTable: false, widths: [:])

        // The size column is gone and Green is no longer an option.
        let changed = try filter("name,colour,price\nHat,Red,1\nCap,Blue,2\nFez,Red,3\n")
        let given = state.apply(to: changed)
        let newColour = try XCTUnwrap(changed.catalog.column(named: "colour"), "no colour column")
        let chosen = try XCTUnwrap(Array(changed.selection(forColumn: newColour).options).first, "no colour is chosen")
        let newOptions = changed.options(forColumn: newColour)
        XCTAssertEqual(newOptions.indices.contains(chosen) ? newOptions[chosen] : nil, "Red")
        XCTAssertEqual(changed.matchCount, 2)
        XCTAssertEqual(given.details, [1], "the detail column that is still there")
        XCTAssertEqual(given.sort, changed.catalog.defaultSort, "its sort column is gone")
    }

    func testAFacetsMeasureIsKeptAndAnOldFileHasNone() throws {
        let first = try filter()
        let columns = try ["colour", "size", "price", "day"].map {
            try XCTUnwrap(first.catalog.column(named: $0), "no \($0) column")
        }
        let (colour, size, price, day) = (columns[0], columns[1], columns[2], columns[3])
        let directory = LibraryTestDirectory()
        let store = CatalogViewStore(directory: directory.path + "/views")
        first.setFacet(colour, true, as: .options)
        first.setFacet(size, true, as: .options)
        let measures = [
            colour: FacetMeasureChoice(FacetMeasure(.median, of: price), sortsByValue: true),
            size: FacetMeasureChoice(FacetMeasure(.maximum, of: day)),
        ]
        let state = CatalogViewState(first, title: 0, details: [], showsTable: false, widths: [:], measures: measures)
        XCTAssertEqual(state.facets.first { $0.column == "colour" }?.measure, "median:price")
        store.save(state, path: "/shop.csv")
        let kept = try XCTUnwrap(store.load(path: "/shop.csv"))
        XCTAssertEqual(kept, state, "written and read back the same")
        XCTAssertEqual(kept.measures(in: first.catalog), measures)

        // A file whose price column now holds text keeps the date's measure only.
        let changed = try filter("name,colour,size,price,day\nHat,Red,S,cheap,2024-03-01\n")
        XCTAssertEqual(
            kept.measures(in: changed.catalog), [size: FacetMeasureChoice(FacetMeasure(.maximum, of: day))])

        // A view kept before measures: none, and the rest as it was.
        let name = try XCTUnwrap(directory.entries("/views").first)
        let old =
            "{\"path\": \"/shop.csv\", \"facets\": [{\"column\": \"colour\", \"range\": false, "
            + "\"options\": [\"Red\"], \"noValue\": false, \"excluded\": false}]}"
        directory.write(old, to: "views/" + name)
        let oldState = try XCTUnwrap(store.load(path: "/shop.csv"))
        XCTAssertEqual(oldState.facets.map(\.options), [["Red"]])
        XCTAssertNil(oldState.facets.first?.measure)
        XCTAssertEqual(oldState.measures(in: first.catalog), [:])
    }

    /// A workbook's entry keeps the row each sheet's header was chosen in; a row that no sheet can
    /// have (none, a negative one, a fraction's floor past the last) is not read back.
    func testAWorkbooksHeaderRowsAreKeptBySheet() throws {
        let directory = LibraryTestDirectory()
        let store = CatalogViewStore(directory: directory.path)
        var state = CatalogViewState()
        state.headerRows = ["Prices": 4, "Notes \"2\"": 1]
        store.save(state, path: "/menu.xlsx")
        XCTAssertEqual(store.load(path: "/menu.xlsx")?.headerRows, ["Prices": 4, "Notes \"2\"": 1])
        XCTAssertNotEqual(store.load(path: "/menu.xlsx"), CatalogViewState(), "the rows count in equality")
        let name = try XCTUnwrap(directory.entries().first)
        directory.write(
            "{\"path\": \"/menu.xlsx\", \"headerRows\": {\"a\": 0, \"b\": -3, \"c\": 2000000, \"d\": \"4\", \"e\": 7}}",
            to: name)
        XCTAssertEqual(store.load(path: "/menu.xlsx")?.headerRows, ["e": 7])
    }

    func testADamagedFileIsNoView() throws {
        let directory = LibraryTestDirectory()
        let store = CatalogViewStore(directory: directory.path)
        store.save(CatalogViewState(), path: "/a.csv")
        let name = try XCTUnwrap(directory.entries().first)
        directory.write("{\"path\": \"/a.csv\", \"facets\": [", to: name)
        XCTAssertNil(store.load(path: "/a.csv"))
        store.forget(path: "/a.csv")
        XCTAssertEqual(directory.entries(), [])
    }
}
