// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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

    /// Runs the `foldout` built beside the tests, without a display: its exit status and errors.
    func foldout(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = try XCTUnwrap(Bundle.main.executableURL, "the test bundle has no executable")
            .deletingLastPathComponent().appendingPathComponent("foldout")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        // No session bus: asked for an address's password, the keyring would be started on the
        // run's bus by D-Bus, against the home folder, before the UI tests start their own.
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}
