// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import FoldoutCore

/// A PostgreSQL URI where a file's path would be: what libpq is given, what Foldout keeps (never
/// the password), and how the table is named to a person.
final class DatabaseAddressTests: XCTestCase {
    func testOnlyPostgreSQLURIsAreAddresses() {
        XCTAssertTrue(DatabaseAddress.isAddress("postgresql://db.example.org/shop"))
        XCTAssertTrue(DatabaseAddress.isAddress("POSTGRES:///shop?host=/run/postgresql"))
        XCTAssertFalse(DatabaseAddress.isAddress("/data/postgresql://x.csv"))
        XCTAssertFalse(DatabaseAddress.isAddress("flights.csv"))
        XCTAssertFalse(DatabaseAddress.isAddress("file:///data/flights.csv"))
    }

    func testLibpqIsGivenTheURIWithoutTheTable() throws {
        let address = try XCTUnwrap(
            DatabaseAddress("postgresql://ann:p%40ss@db:5433/shop?sslmode=require&table=flights"))
        XCTAssertEqual(address.connection, "postgresql://ann:p%40ss@db:5433/shop?sslmode=require")
        XCTAssertEqual(address.table, "flights")
    }

    func testThePasswordIsNeverKept() throws {
        let address = try XCTUnwrap(DatabaseAddress("postgresql://ann:secret@db/shop?password=other&table=a%20b"))
        XCTAssertEqual(address.withoutPassword(), "postgresql://ann@db/shop?table=a%20b")
        XCTAssertEqual(address.withoutPassword(table: "x\"; y"), "postgresql://ann@db/shop?table=x%22%3B%20y")
        XCTAssertEqual(DatabaseAddress.withoutPassword("/data/flights.csv"), "/data/flights.csv")
        XCTAssertEqual(DatabaseAddress("postgresql://ann:secret@db/shop")?.table, nil)
    }

    func testTheTableIsNamedByItsDatabaseAndHost() throws {
        XCTAssertEqual(
            DatabaseAddress("postgresql://ann@db.example.org:5433/nyc")?.displayName(table: "flights"),
            "flights on nyc@db.example.org")
        XCTAssertEqual(
            DatabaseAddress("postgresql:///nyc?host=%2Frun%2Fpostgresql")?.displayName(table: "flights"),
            "flights on nyc@/run/postgresql")
        XCTAssertEqual(DatabaseAddress("postgres://ann@[::1]/")?.displayName(table: nil), "ann@[::1]")
        XCTAssertEqual(
            Catalog.fileName(of: "postgresql://ann:secret@db/nyc?table=flights"), "flights on nyc@db")
    }

    func testOpenRecentListsATableByItsName() {
        let address = "postgresql://ann@db/my_db?table=flights"
        let recent = RecentCatalogs.choose(
            from: [RecentFile(path: address, mimeType: nil, modified: 1, openedByFoldout: true)])
        XCTAssertEqual(recent.map(\.path), [address])
        XCTAssertEqual(RecentCatalogs.menuLabel(forPath: address, home: "/home/ann"), "flights on my__db@db")
    }
}
