// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import PostgresTesting
import XCTest

@testable import FoldoutUI

/// A table of a PostgreSQL server (`ThrowawayPostgres`) opened on the Filters page by its URI: the
/// question which table, the catalog shown and what is kept of it (no password), and a server that
/// cannot be reached said in the error dialog with the catalog shown kept.
final class OpeningDatabaseTests: GtkTestCase, @unchecked Sendable {
    nonisolated(unsafe) private static var testServer: TestServer?
    @MainActor private var window: Window!
    @MainActor private var page: FiltersPage!
    @MainActor private var kept: [String] = []

    override class func setUp() {
        super.setUp()
        testServer = TestServer { server in
            try FlightsTable.load(rows: 500, into: server)
            try server.psql(
                "CREATE TABLE airports (code text, name text); INSERT INTO airports VALUES ('JFK', 'Kennedy')")
            try server.psql("CREATE ROLE reader LOGIN PASSWORD 'right'; GRANT SELECT ON flights, airports TO reader")
        }
    }

    override class func tearDown() {
        testServer?.stop()
        super.tearDown()
    }

    private var server: ThrowawayPostgres {
        get throws { try XCTUnwrap(Self.testServer).running }
    }

    override func tearDown() {
        onMain {
            page.work.partChooser?.window.destroy()
            for dialog in ErrorDialog.shown { dialog.dismiss() }
            window.destroy()
            (window, page) = (nil, nil)
            pump(seconds: 0.05)
        }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMain {
            window = Window()
            page = FiltersPage(
                source: .loaded(Catalog.generate(count: 300, seed: 5)),
                host: .alone(in: window) { [unowned self] path in self.kept.append(path) })
            window.child = page.root
            window.present()
            XCTAssertTrue(pump { self.page.filter != nil }, "the page shows no catalog")
        }
    }

    @MainActor private var catalog: Catalog {
        get throws { try XCTUnwrap(page.filter, "the page shows no catalog").catalog }
    }

    func testAServerOfTwoTablesAsksWhichAndKeepsNoPassword() throws {
        let server = try server
        try onMain {
            let shown = try catalog
            page.open(path: server.uri(user: "reader", password: "right"))
            XCTAssertTrue(pump(seconds: 10) { self.page.work.partChooser?.window.isMapped == true }, "no question")
            let chooser = try XCTUnwrap(page.work.partChooser)
            let tables = ["airports 1 row", "flights 500 rows"]
            XCTAssertTrue(pump { chooser.shownLines == tables }, "\(chooser.shownLines)")
            XCTAssertTrue(try catalog === shown, "nothing changes until a table is chosen")
            chooser.listView.activate(position: 1)
            XCTAssertTrue(pump(seconds: 10) { self.page.filter.map { $0.catalog !== shown } == true })
            XCTAssertEqual(try catalog.count, 500)
            XCTAssertEqual(page.sourceLabel.text, "in flights on postgres@" + server.folder)
            XCTAssertEqual(kept, ["postgresql://reader@/postgres?host=\(server.folder)&table=flights"])
        }
    }

    func testAServerThatIsNotThereIsSaidAndTheCatalogStays() throws {
        let server = try server
        try onMain {
            let shown = try catalog
            page.open(path: "postgresql://reader:right@/postgres?host=\(server.folder)/gone&table=flights")
            XCTAssertTrue(pump(seconds: 10) { ErrorDialog.shown.last != nil })
            let dialog = try XCTUnwrap(ErrorDialog.shown.last, "no error dialog")
            XCTAssertTrue(dialog.detailText.hasPrefix("cannot connect to the database: "), dialog.detailText)
            XCTAssertTrue(dialog.detailText.hasSuffix("The catalog shown has not changed."), dialog.detailText)
            XCTAssertFalse(dialog.detailText.contains("right"), dialog.detailText)
            XCTAssertTrue(try catalog === shown)
            XCTAssertEqual(kept, [])
        }
    }
}
