// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPQ
import FoldoutCore
internal import Glibc

/// One connection to a PostgreSQL server through libpq, used by one thread at a time: queries
/// whose values are bound as parameters, never pasted into the SQL, and `COPY … TO STDOUT`.
public final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects with a libpq URI (`postgresql://…`); the password comes from the URI, from
    /// `PGPASSWORD` or from `~/.pgpass`, as libpq finds it.
    public init(uri: String) throws(CatalogImportError) {
        // Before the URI, so that the URI's own connect_timeout wins.
        let keywords = ["connect_timeout", "dbname", "fallback_application_name"]
        let values = ["10", uri, "foldout"]
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else { throw CatalogImportError(line: 0, reason: .cannotConnect("out of memory")) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.oneLine(PQerrorMessage(connection))
            // libpq's own answer, not its words (which the server may have translated).
            let needsPassword = PQconnectionNeedsPassword(connection) == 1
            let usedPassword = PQconnectionUsedPassword(connection) == 1
            PQfinish(connection)
            if needsPassword { throw CatalogImportError(line: 0, reason: .needsPassword(message)) }
            let refused = usedPassword && Self.refusesPassword(uri: uri)
            throw CatalogImportError(line: 0, reason: refused ? .passwordRefused(message) : .cannotConnect(message))
        }
        handle = connection
        // Dates as the readers of files read them (ISO 8601), whatever the server's default.
        _ = try rows("SET DateStyle = 'ISO, YMD'")
    }

    deinit { PQfinish(handle) }

    /// Whether the server refuses the password `uri` gives (SQLSTATE 28P01), rather than, after
    /// the password, the database or the role. libpq keeps no SQLSTATE of a failed connection,
    /// but writes it into the message when its errors are verbose, which must be set before the
    /// server answers: on a connection made step by step (`PQconnectPoll`), within 10 s.
    private static func refusesPassword(uri: String) -> Bool {
        let connection = withCStrings(["dbname", "fallback_application_name"]) { keywords in
            withCStrings([uri, "foldout"]) { values in PQconnectStartParams(keywords, values, 1) }
        }
        guard let connection else { return false }
        defer { PQfinish(connection) }
        guard PQstatus(connection) != CONNECTION_BAD else { return false }
        PQsetErrorVerbosity(connection, PQERRORS_VERBOSE)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        var polled = PGRES_POLLING_WRITING
        while polled != PGRES_POLLING_OK && polled != PGRES_POLLING_FAILED {
            let left = deadline - clock.now
            guard left > .zero else { return false }
            let descriptor = PQsocket(connection)
            guard descriptor >= 0 else {
                polled = PQconnectPoll(connection)
                continue
            }
            let events = Int16(polled == PGRES_POLLING_READING ? POLLIN : POLLOUT)
            var socket = pollfd(fd: descriptor, events: events, revents: 0)
            let milliseconds = Int32(
                left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&socket, 1, max(milliseconds, 1))
            if ready < 0 && errno != EINTR { return false }
            if ready > 0 { polled = PQconnectPoll(connection) }
        }
        return polled == PGRES_POLLING_FAILED && String(cString: PQerrorMessage(connection)).contains(" 28P01: ")
    }

    /// The rows `sql` returns, each value as text (nil for NULL); `parameters` are bound to $1, $2….
    func rows(_ sql: String, _ parameters: [String] = []) throws(CatalogImportError) -> [[String?]] {
        let result = Self.withCStrings(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else { throw failure(result) }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) != 0 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// Runs `COPY (…) TO STDOUT`, handing each row's bytes to `row`; `row` returns false to stop
    /// the copy (the server is asked to cancel it) and the copy then throws `.cancelled`.
    func copy(_ sql: String, row: (UnsafeBufferPointer<UInt8>) -> Bool) throws(CatalogImportError) {
        let started = PQexec(handle, sql)
        let status = PQresultStatus(started)
        PQclear(started)
        guard status == PGRES_COPY_OUT else { throw failure(nil) }
        var stopped = false
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let count = PQgetCopyData(handle, &buffer, 0)
            guard count >= 0, let buffer else { break }
            let wanted = buffer.withMemoryRebound(to: UInt8.self, capacity: Int(count)) {
                row(UnsafeBufferPointer(start: $0, count: Int(count)))
            }
            PQfreemem(buffer)
            if !wanted && !stopped {
                stopped = true
                cancelQuery()
            }
        }
        var failed: CatalogImportError?
        while let result = PQgetResult(handle) {
            if PQresultStatus(result) != PGRES_COMMAND_OK && failed == nil { failed = failure(result) }
            PQclear(result)
        }
        if stopped { throw CatalogImportError(line: 0, reason: .cancelled) }
        if let failed { throw failed }
    }

    /// Whether the connection still reaches its server (false once the server went away).
    var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    /// What stops this connection's running query from another thread.
    func canceller() -> PostgresCanceller? { PQgetCancel(handle).map(PostgresCanceller.init) }

    /// Asks the server to stop the query running on this connection.
    private func cancelQuery() {
        guard let cancel = PQgetCancel(handle) else { return }
        var error = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &error, Int32(error.count))
        PQfreeCancel(cancel)
    }

    /// `name` quoted as an SQL identifier by libpq (`"a""b"`), whatever it holds.
    func quoted(_ name: String) throws(CatalogImportError) -> String {
        guard let quoted = PQescapeIdentifier(handle, name, name.utf8.count) else { throw failure(nil) }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    /// The SQLSTATE of the last statement that failed (`57014`: cancelled).
    private(set) var lastFailureCode: String?

    private func failure(_ result: OpaquePointer?) -> CatalogImportError {
        lastFailureCode = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map {
            String(cString: $0)
        }
        let message = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        let text = message.isEmpty ? String(cString: PQerrorMessage(handle)) : message
        let reason: CatalogImportError.Reason =
            PQstatus(handle) == CONNECTION_OK
            ? .serverRefused(Self.oneLine(text)) : .cannotConnect(Self.oneLine(text))
        return CatalogImportError(line: 0, reason: reason)
    }

    /// libpq's message on one line, without its "ERROR:" label: lines and tabs become spaces.
    static func oneLine(_ message: UnsafePointer<CChar>?) -> String {
        oneLine(message.map { String(cString: $0) } ?? "")
    }

    static func oneLine(_ message: String) -> String {
        let text = message.split(whereSeparator: { $0 == "\n" || $0 == "\t" }).map {
            $0.trimmingPrefix(" ")
        }.joined(separator: " ")
        return text.replacing("ERROR:  ", with: "").replacing("FATAL:  ", with: "")
    }

    /// Calls `body` with `strings` as an array of C strings that lives as long as the call.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
    ) -> Result {
        let copies = strings.map { string in
            let text = string.utf8CString
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: text.count)
            _ = UnsafeMutableBufferPointer(start: copy, count: text.count).initialize(from: text)
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// Asks a connection's server to stop the query the connection runs; usable from any thread
/// while the connection works on another (libpq's `PGcancel` is made for that).
final class PostgresCanceller: @unchecked Sendable {
    private let cancel: OpaquePointer

    init(_ cancel: OpaquePointer) { self.cancel = cancel }

    deinit { PQfreeCancel(cancel) }

    func stopQuery() {
        var error = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &error, Int32(error.count))
    }
}
