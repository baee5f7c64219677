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

    /// A connection string of libpq's keywords is read as the URI it means: quoted values with
    /// spaces, escapes, spaces around `=`; any other keyword, or an unclosed quote, is a file's name.
    func testAConnectionStringOfKeywordsIsAnAddress() throws {
        let address = try XCTUnwrap(
            DatabaseAddress(
                #"host=/run/postgresql port = 5433 dbname='nyc flights' user=ann password=it\'s table=on\ time"#))
        XCTAssertEqual(
            address.connection,
            "postgresql://?host=/run/postgresql&port=5433&dbname=nyc%20flights&user=ann&password=it%27s")
        XCTAssertEqual(address.table, "on time")
        XCTAssertEqual(address.port, "5433")
        XCTAssertEqual(address.displayName(table: address.table), "on time on nyc flights@/run/postgresql")
        XCTAssertEqual(
            address.withoutPassword(),
            "postgresql://?host=/run/postgresql&port=5433&dbname=nyc%20flights&user=ann&table=on%20time")
        XCTAssertEqual(DatabaseAddress("dbname=''")?.connection, "postgresql://?dbname=")
        XCTAssertFalse(DatabaseAddress.isAddress("data=2024.csv"))
        XCTAssertFalse(DatabaseAddress.isAddress("dbname='unclosed"))
        XCTAssertFalse(DatabaseAddress.isAddress("host"))
        XCTAssertFalse(DatabaseAddress.isAddress("   "))
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

    /// The Connect to Database dialog's address: every part encoded, a socket's folder as `?host=`,
    /// PostgreSQL's own port left out; and what the keyring's attributes are read from.
    func testTheDialogsAddressIsComposedAndReadBack() throws {
        let uri = DatabaseAddress.compose(
            host: "db.example.org", port: "5433", database: "nyc flights", user: "ann@home", password: "p@ss:w/rd",
            table: "on time")
        XCTAssertEqual(uri, "postgresql://ann%40home:p%40ss%3Aw%2Frd@db.example.org:5433/nyc%20flights?table=on%20time")
        let address = try XCTUnwrap(DatabaseAddress(uri))
        XCTAssertEqual(address.userName, "ann@home")
        XCTAssertEqual(address.databaseName, "nyc flights")
        XCTAssertEqual(address.hostName, "db.example.org")
        XCTAssertEqual(address.port, "5433")
        XCTAssertTrue(address.hasPassword)
        XCTAssertEqual(
            address.withoutPassword(), "postgresql://ann%40home@db.example.org:5433/nyc%20flights?table=on%20time")
        XCTAssertEqual(
            DatabaseAddress.compose(
                host: "/run/pg", port: "5432", database: "shop", user: "ann", password: "", table: ""),
            "postgresql://ann@/shop?host=/run/pg")
        XCTAssertEqual(
            DatabaseAddress.compose(host: "::1", port: "6000", database: "shop", user: "", password: "pw", table: ""),
            "postgresql://[::1]:6000/shop?password=pw")
        XCTAssertEqual(DatabaseAddress("postgresql://[::1]:6000/shop")?.port, "6000")
        XCTAssertEqual(DatabaseAddress("postgresql://ann@/shop?host=/run/pg&port=5433")?.port, "5433")
        XCTAssertEqual(DatabaseAddress("postgresql://ann@db/shop")?.port, "5432")
        XCTAssertFalse(DatabaseAddress("postgresql://ann@db/shop")?.hasPassword ?? true)
    }

    /// The keyring's password is added in memory as `?password=`, and dropped again from what is kept.
    func testAPasswordAddedIsNotKept() throws {
        let address = try XCTUnwrap(DatabaseAddress("postgresql://ann@/shop?host=/run/pg&table=flights"))
        let filled = address.withPassword("s&cret")
        XCTAssertEqual(filled, "postgresql://ann@/shop?host=/run/pg&table=flights&password=s%26cret")
        XCTAssertTrue(DatabaseAddress(filled)?.hasPassword == true)
        XCTAssertEqual(DatabaseAddress(filled)?.connection, "postgresql://ann@/shop?host=/run/pg&password=s%26cret")
        XCTAssertEqual(DatabaseAddress.withoutPassword(filled), "postgresql://ann@/shop?host=/run/pg&table=flights")
    }
}
