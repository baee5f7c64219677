// SPDX-License-Identifier: GPL-3.0-or-later
import PostgresTesting
import XCTest

/// A test case with a throwaway PostgreSQL server of its own for all its tests, filled by
/// `prepare` once and stopped after the last test; a server that cannot start fails each test.
class PostgresTestCase: XCTestCase {
    nonisolated(unsafe) private static var servers: [ObjectIdentifier: Result<ThrowawayPostgres, Error>] = [:]

    /// Fills the new server (tables, rows, roles).
    class func prepare(_ server: ThrowawayPostgres) throws {}

    override class func setUp() {
        servers[ObjectIdentifier(self)] = Result {
            let server = try ThrowawayPostgres()
            do {
                try prepare(server)
            } catch {
                server.stop()
                throw error
            }
            return server
        }
    }

    override class func tearDown() {
        if case .success(let server) = servers.removeValue(forKey: ObjectIdentifier(self)) { server.stop() }
    }

    var server: ThrowawayPostgres {
        get throws { try XCTUnwrap(Self.servers[ObjectIdentifier(type(of: self))], "no server was started").get() }
    }
}
