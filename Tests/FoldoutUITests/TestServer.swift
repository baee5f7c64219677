// SPDX-License-Identifier: GPL-3.0-or-later
import PostgresTesting
import XCTest

/// A throwaway PostgreSQL server (`ThrowawayPostgres`) for one test class, started in its class
/// `setUp` with the tables `prepare` makes (the flights of `FlightsTable` unless told otherwise);
/// a server that could not start fails each test that asks for it, with why.
final class TestServer: @unchecked Sendable {
    private var server: ThrowawayPostgres?
    private var failure: Error?

    init(prepare: (ThrowawayPostgres) throws -> Void) {
        do {
            let server = try ThrowawayPostgres()
            self.server = server
            try prepare(server)
        } catch {
            failure = error
        }
    }

    /// A server with `rows` flights, as `flights` and as `flights.csv` in its folder.
    convenience init(flights rows: Int) {
        self.init { try FlightsTable.load(rows: rows, into: $0) }
    }

    /// The server, or why it did not start.
    var running: ThrowawayPostgres {
        get throws {
            if let failure { throw failure }
            return try XCTUnwrap(server, "the server was stopped")
        }
    }

    func stop() {
        server?.stop()
        server = nil
    }
}
