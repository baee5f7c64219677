// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import FoldoutCore
import Synchronization

/// A table's queries, run one at a time on a queue of their own with a connection of their own,
/// never on the caller's thread. A newer request cancels the running one (`PQcancel`) and skips
/// any still waiting: only the newest request's answer is delivered, the others' never. A server
/// that went away or a table that was dropped is answered with a `CatalogImportError` in one
/// line; the next request connects again, so a Retry after the server is back works.
public final class DatabaseSession: Sendable {
    /// The table as the next request sees it (its range facets made after it opened: `update`).
    public var table: DatabaseTable { state.withLock { $0.table } }
    private let queue = DispatchQueue(label: "foldout.database")
    private let state: Mutex<State>
    /// Touched only on `queue`.
    private nonisolated(unsafe) var connection: PostgresConnection?

    private struct State {
        var table: DatabaseTable
        var newest = 0
        /// The request whose query runs now, and what stops it.
        var running: (request: Int, canceller: PostgresCanceller)?
        /// Whether the table's opening counts were given (once: later ones are counted again).
        var gaveOpeningCounts = false
    }

    public init(table: DatabaseTable) { state = Mutex(State(table: table)) }

    /// Asks the next requests of `table` as it is now (a request under way keeps the one it had).
    public func update(_ table: DatabaseTable) { state.withLock { $0.table = table } }

    /// Counts `filter`'s matches, facets and histograms; `answer` is called on the session's
    /// queue, unless a newer request came first. The first request that filters nothing is
    /// answered with the counts the table learnt when it opened, without a query.
    public func counts(
        _ filter: DatabaseFilter, answer: @escaping @Sendable (Result<DatabaseCounts, CatalogImportError>) -> Void
    ) {
        let table = self.table
        if let opening = table.openingCounts, table.filtersNothing(filter), takeOpeningCounts() {
            return run({ _ in opening }, answer: answer)
        }
        run({ (connection) throws(CatalogImportError) in try table.counts(filter, connection) }, answer: answer)
    }

    /// Whether the opening counts are still to give; from now on they are not.
    private func takeOpeningCounts() -> Bool {
        state.withLock { state in
            defer { state.gaveOpeningCounts = true }
            return !state.gaveOpeningCounts
        }
    }

    /// A page of `filter`'s matching rows from `cursor` on, as `DatabaseTable.page`.
    public func page(
        _ filter: DatabaseFilter, after cursor: DatabaseCursor?, limit: Int,
        answer: @escaping @Sendable (Result<DatabasePage, CatalogImportError>) -> Void
    ) {
        let table = self.table
        run(
            { (connection) throws(CatalogImportError) in
                try table.page(filter, after: cursor, limit: limit, connection)
            }, answer: answer)
    }

    /// Runs `query` on the session's connection as the newest request; `answer` is called on the
    /// session's queue with its result, unless a newer request came first.
    public func run<Answer: Sendable>(
        _ query: @escaping @Sendable (PostgresConnection) throws(CatalogImportError) -> Answer,
        answer: @escaping @Sendable (Result<Answer, CatalogImportError>) -> Void
    ) {
        submit(query, answer: answer, superseded: {})
    }

    /// Runs `query` as the newest request and waits for its answer (`.cancelled` if a newer
    /// request came first): for the command line, which has nothing else to do meanwhile.
    public func wait<Answer: Sendable>(
        _ query: @escaping @Sendable (PostgresConnection) throws(CatalogImportError) -> Answer
    ) -> Result<Answer, CatalogImportError> {
        let done = DispatchSemaphore(value: 0)
        let box = Mutex<Result<Answer, CatalogImportError>?>(nil)
        submit(
            query,
            answer: { result in
                box.withLock { $0 = result }
                done.signal()
            }, superseded: { done.signal() })
        done.wait()
        return box.withLock { $0 } ?? .failure(CatalogImportError(line: 0, reason: .cancelled))
    }

    /// Stops the running query and skips the waiting ones, none of them answered: for closing
    /// the window, so that no query is left running on the server.
    public func cancel() {
        state.withLock { state in
            state.newest += 1
            state.running?.canceller.stopQuery()
        }
    }

    private func submit<Answer: Sendable>(
        _ query: @escaping @Sendable (PostgresConnection) throws(CatalogImportError) -> Answer,
        answer: @escaping @Sendable (Result<Answer, CatalogImportError>) -> Void,
        superseded: @escaping @Sendable () -> Void
    ) {
        let request = state.withLock { state in
            state.newest += 1
            state.running?.canceller.stopQuery()
            return state.newest
        }
        queue.async {
            guard self.isNewest(request) else { return superseded() }
            let result = self.attempt(request, query)
            if self.isNewest(request) { answer(result) } else { superseded() }
        }
    }

    private func isNewest(_ request: Int) -> Bool { state.withLock { $0.newest == request } }

    /// The query on a usable connection (made again after a fault). A cancel meant for an older
    /// query may reach the server after this one started (PostgreSQL's cancel is asynchronous):
    /// a newest query cancelled is run once more (a statement timeout then fails again, and is
    /// said); so is one whose connection broke (the server restarted since it was made).
    private func attempt<Answer>(
        _ request: Int, _ query: (PostgresConnection) throws(CatalogImportError) -> Answer
    ) -> Result<Answer, CatalogImportError> {
        // The first round's lost connection, said rather than the second's failing to connect.
        var lost: CatalogImportError?
        for round in 0..<2 {
            let connection: PostgresConnection
            do throws(CatalogImportError) {
                connection = try usableConnection()
            } catch {
                return .failure(lost ?? error)
            }
            guard let canceller = connection.canceller() else {
                return .failure(CatalogImportError(line: 0, reason: .cannotConnect("out of memory")))
            }
            state.withLock { $0.running = (request, canceller) }
            let result: Result<Answer, CatalogImportError>
            do throws(CatalogImportError) {
                result = .success(try query(connection))
            } catch {
                result = .failure(error)
            }
            let stillNewest = state.withLock { state in
                state.running = nil
                return state.newest == request
            }
            // A connection to a server that went away (or restarted) fails once it is used, its
            // status not always saying so: one made anew may work.
            let broken = !connection.isUsable || Self.isConnectionLost(connection.lastFailureCode)
            if case .failure(let error) = result, broken {
                self.connection = nil
                if round == 0 { lost = error }
            }
            let retried = connection.lastFailureCode == "57014" || broken
            guard case .failure = result, round == 0, stillNewest, retried else {
                if case .failure = result, broken, let lost { return .failure(lost) }
                return result
            }
        }
        return .failure(CatalogImportError(line: 0, reason: .cancelled))
    }

    /// No SQLSTATE (the connection closed), a connection exception (08…) or the server shutting
    /// down or restarting (57P…).
    private static func isConnectionLost(_ code: String?) -> Bool {
        guard let code else { return true }
        return code.hasPrefix("08") || code.hasPrefix("57P")
    }

    private func usableConnection() throws(CatalogImportError) -> PostgresConnection {
        if let connection, connection.isUsable { return connection }
        connection = nil
        let made = try PostgresConnection(uri: table.uri)
        connection = made
        return made
    }
}
