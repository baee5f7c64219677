// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// The results table's own columns (issue 35): every column at first with the title first, hidden,
/// shown, moved past hidden ones, kept by name and given to a file changed since.
final class TableColumnsTests: XCTestCase {
    private let catalog = try! CatalogTestSupport.parse("year,shop,city,price\n2010,A,X,1\n2011,B,Y,2\n")

    func testEveryColumnShowsTheTitleFirst() {
        let columns = TableColumns(catalog: catalog, title: 1)
        XCTAssertEqual(columns.shown, ["shop", "year", "city", "price"])
        XCTAssertEqual(columns.shownColumns(in: catalog), [1, 0, 2, 3])
    }

    func testHiddenShownAndTheLastOneStays() {
        var columns = TableColumns(catalog: catalog, title: 1)
        columns.setShown("city", false)
        XCTAssertEqual(columns.shown, ["shop", "year", "price"])
        for name in ["shop", "year", "price"] { columns.setShown(name, false) }
        XCTAssertEqual(columns.shown, ["price"], "the last column shown stays")
        columns.setShown("city", true)
        XCTAssertEqual(columns.shown, ["city", "price"])
        columns.showAll()
        XCTAssertEqual(columns.shown, ["shop", "year", "city", "price"])
    }

    func testAMovePassesShownColumnsAndStopsAtTheEnds() {
        var columns = TableColumns(catalog: catalog, title: 1)
        columns.setShown("year", false)
        columns.move("shop", by: 1)
        XCTAssertEqual(columns.shown, ["city", "shop", "price"], "past the hidden year to the next shown one")
        columns.move("shop", by: 5)
        XCTAssertEqual(columns.shown, ["city", "price", "shop"])
        XCTAssertFalse(columns.canMove("shop", by: 1))
        columns.move("shop", by: -9)
        XCTAssertEqual(columns.shown, ["shop", "city", "price"])
        XCTAssertFalse(columns.canMove("shop", by: -1))
        columns.setShown("year", true)
        XCTAssertEqual(columns.order.count, 4)
    }

    func testKeptColumnsAreGivenToAFileChangedSince() throws {
        var columns = TableColumns(catalog: catalog, title: 1)
        columns.move("price", by: -3)
        columns.setShown("city", false)
        let changed = try CatalogTestSupport.parse("year,price,shop,stock\n2010,1,A,5\n")
        let given = TableColumns(order: columns.order, hidden: columns.hidden.sorted(), catalog: changed, title: 2)
        XCTAssertEqual(given.order, ["price", "shop", "year", "stock"], "city gone, stock new at the end")
        XCTAssertEqual(given.shown, ["price", "shop", "year", "stock"])
        let nothing = TableColumns(order: [], hidden: [], catalog: changed, title: 2)
        XCTAssertEqual(nothing.shown, ["shop", "year", "price", "stock"], "nothing kept: as at first")
    }

    func testTheStoreKeepsTheTableColumns() throws {
        let directory = LibraryTestDirectory()
        let store = CatalogViewStore(directory: directory.path + "/views")
        var columns = TableColumns(catalog: catalog, title: 1)
        columns.move("city", by: -2)
        columns.setShown("year", false)
        let state = CatalogViewState(
            FacetFilter(catalog: catalog), title: 1, details: [], showsTable: true, widths: [:], table: columns)
        store.save(state, path: "/data/shops.csv")
        let kept = try XCTUnwrap(store.load(path: "/data/shops.csv"))
        XCTAssertEqual(kept, state)
        XCTAssertEqual(kept.tableColumns(in: catalog, title: 1), columns)
    }
}
