import FoldoutCore
import Foundation
import PostgresTesting
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import CatalogFormats

/// A table filtered in its server when things go wrong: a newer request cancels the running one
/// and only its answer comes; a server killed mid-query, and a dropped table, are said in one
/// line; after the server comes back, the next request works. A server of its own, since it is
/// stopped.
final class DatabaseFaultTests: XCTestCase {
    private var server: ThrowawayPostgres!
    private var session: DatabaseSession!

    override func setUpWithError() throws {
        server = try ThrowawayPostgres()
        try server.psql(
            "CREATE TABLE t (id integer PRIMARY KEY, kind text);"
                + " INSERT INTO t SELECT g, (ARRAY['a', 'b', 'c'])[g % 3 + 1] FROM generate_series(1, 3000) g;"
                + " CREATE TABLE doomed AS SELECT * FROM t;")
        let address = try XCTUnwrap(DatabaseAddress(server.uri(table: "t")))
        session = DatabaseSession(table: try DatabaseTable.open(address: address, facets: [1: .options]))
    }

    override func tearDown() {
        session = nil
        server?.stop()
    }

    /// Waits until the server runs `query` (`running`) or no longer runs it; fails after a minute,
    /// so that a query that never ends fails the test rather than hanging it.
    private func waitUntil(_ query: String, running: Bool) throws {
        let watcher = try PostgresConnection(uri: server.uri())
        for _ in 0..<6_000 {
            let active = try watcher.rows(
                "SELECT count(*) FROM pg_stat_activity WHERE query = $1 AND state = 'active'", [query])
            if (active != [["0"]]) == running { return }
            usleep(10_000)
        }
        XCTFail("“\(query)” is \(running ? "not running" : "still running") after a minute")
    }

    private func counts(_ filter: DatabaseFilter = DatabaseFilter()) -> Result<DatabaseCounts, CatalogImportError> {
        let table = session.table
        return session.wait { (connection) throws(CatalogImportError) in try table.counts(filter, connection) }
    }

    func testANewerRequestCancelsTheRunningOneAndOnlyItsAnswerComes() throws {
        let slow = "SELECT pg_sleep(600)"
        let older = expectation(description: "the older request's answer")
        older.isInverted = true
        let sleep = { @Sendable (connection: PostgresConnection) throws(CatalogImportError) in try connection.rows(slow)
        }
        session.run(sleep, answer: { _ in older.fulfill() })
        try waitUntil(slow, running: true)
        var filter = DatabaseFilter()
        filter.select(FacetSelection(options: [1]), inColumn: 1)
        let newer = try counts(filter).get()
        XCTAssertEqual(newer.matchCount, 1_000)
        XCTAssertEqual(newer.counts[1], [1_000, 1_000, 1_000, 0])
        wait(for: [older], timeout: 0.1)
        try waitUntil(slow, running: false)
    }

    func testCancelLeavesNoQueryRunning() throws {
        let slow = "SELECT pg_sleep(600)"
        let answered = expectation(description: "the cancelled request's answer")
        answered.isInverted = true
        let sleep = { @Sendable (connection: PostgresConnection) throws(CatalogImportError) in
            try connection.rows(slow)
        }
        session.run(sleep, answer: { _ in answered.fulfill() })
        try waitUntil(slow, running: true)
        session.cancel()
        try waitUntil(slow, running: false)
        wait(for: [answered], timeout: 0.1)
        XCTAssertEqual(try counts().get().matchCount, 3_000, "the session is left unusable")
    }

    func testAKilledServerIsSaidAndARetryWorksOnceItIsBack() throws {
        let slow = "SELECT pg_sleep(600)"
        let answered = expectation(description: "the query's answer")
        nonisolated(unsafe) var failure: CatalogImportError?
        let sleep = { @Sendable (connection: PostgresConnection) throws(CatalogImportError) in try connection.rows(slow)
        }
        session.run(
            sleep,
            answer: { result in
                if case .failure(let error) = result { failure = error }
                answered.fulfill()
            })
        try waitUntil(slow, running: true)
        try server.halt()
        wait(for: [answered], timeout: 60)
        let error = try XCTUnwrap(failure)
        guard case .cannotConnect(let why) = error.reason else { return XCTFail("\(error)") }
        XCTAssertFalse(error.description.contains("\n"), error.description)
        XCTAssertTrue(why.contains("server closed the connection"), why)
        guard case .failure(let down) = counts() else { return XCTFail("an answer with the server down") }
        XCTAssertFalse(down.description.contains("\n"), down.description)
        try server.start()
        XCTAssertEqual(try counts().get().matchCount, 3_000)
    }

    func testADroppedTableIsSaid() throws {
        let address = try XCTUnwrap(DatabaseAddress(server.uri(table: "doomed")))
        let doomed = DatabaseSession(table: try DatabaseTable.open(address: address, facets: [1: .options]))
        let table = doomed.table
        XCTAssertEqual(
            try doomed.wait { (c) throws(CatalogImportError) in try table.counts(DatabaseFilter(), c) }.get()
                .matchCount, 3_000)
        try server.psql("DROP TABLE doomed")
        let result = doomed.wait { (c) throws(CatalogImportError) in try table.counts(DatabaseFilter(), c) }
        guard case .failure(let error) = result else { return XCTFail("counted a dropped table") }
        guard case .serverRefused(let why) = error.reason else { return XCTFail("\(error)") }
        XCTAssertTrue(why.hasPrefix("relation \"public.doomed\" does not exist"), why)
        XCTAssertFalse(why.contains("\n"), why)
    }
}
