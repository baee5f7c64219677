// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSQLite
import Dispatch
import FoldoutCore
import Synchronization

/// A table or view of a SQLite database, read through the system's libsqlite3 and never written
/// or locked: the file is read into memory (one version of it) and opened there read-only
/// (`sqlite3_deserialize`), so its owner can go on writing it. A database in WAL mode with
/// changes not yet in the file (a `-wal` file beside it) is opened read-only in place instead,
/// where a reader does not block writers.
enum SQLiteDatabase {
    static func isDatabase(_ head: [UInt8]) -> Bool { head.starts(with: Array("SQLite format 3\0".utf8)) }

    /// The tables and views, with their row counts.
    static func tables(path: String) throws(CatalogImportError) -> [CatalogPart] {
        let database = try Connection(path: path)
        return try database.tableNames().map { (name) throws(CatalogImportError) in
            let rows = try database.count(name)
            return CatalogPart(
                name: name,
                size: trn("{count} row", "{count} rows", rows, ["count": NumberText.grouped(rows)]))
        }
    }

    static func catalog(path: String, table: String?, loading: CatalogLoading?) throws(CatalogImportError) -> Catalog {
        let database = try Connection(path: path)
        let names = try database.tableNames()
        let chosen = try CatalogPartChoice.choose(table, among: names, path: path)
        let total = try database.count(chosen)
        let statement = try database.prepare("SELECT * FROM " + quoted(chosen))
        let columns = Int(sqlite3_column_count(statement.handle))
        let columnNames = (0..<columns).map { String(cString: sqlite3_column_name(statement.handle, Int32($0))) }
        var text = CatalogTableText(columns: columnNames)
        let progress = Progress(loading: loading, rows: total, path: path)
        if total >= halvesFrom, let halves = try database.halves(of: chosen, columns: columnNames) {
            try readInHalves(halves, database: database, columns: columns, into: &text, progress: progress)
        } else {
            try read(statement, columns: columns, into: &text, expectedRows: total, progress: progress)
        }
        let declaredText = (0..<columns).filter {
            hasTextAffinity(sqlite3_column_decltype(statement.handle, Int32($0)).map { String(cString: $0) })
        }
        let name = Catalog.name(of: path, part: chosen)
        let origin = try CatalogFileContents.origin(of: path, .sqlite(table: chosen))
        let catalog = try text.catalog(name: name, loading: loading, origin: origin)
        // A column declared TEXT holds text even where it reads as numbers (postal codes, ids):
        // read again with those columns as text. Dates in it stay dates.
        let numbersDeclaredText = declaredText.filter { catalog.columns[$0].kind == .number }
        guard !numbersDeclaredText.isEmpty else { return catalog }
        return try text.catalog(name: name, textColumns: Set(numbersDeclaredText), loading: loading, origin: origin)
    }

    /// From how many rows a table is read in two halves, on two threads: SQLite's stepping and
    /// formatting of values is most of a table's reading, and one connection runs on one core.
    static let halvesFrom = 50_000

    /// Reads the first half of the table here and the second on another thread, each through a
    /// connection of its own, and joins them in the table's order.
    private static func readInHalves(
        _ halves: (first: String, second: String), database: Connection, columns: Int,
        into text: inout CatalogTableText, progress: Progress
    ) throws(CatalogImportError) {
        let first = try database.prepare(halves.first)
        let second = try database.sibling().prepare(halves.second)
        let other = SecondHalf(statement: second, columns: columns, rows: progress.rows / 2)
        DispatchQueue.global().async(group: other.finished) { other.read() }
        var failure: CatalogImportError?
        do throws(CatalogImportError) {
            try read(first, columns: columns, into: &text, expectedRows: progress.rows, progress: progress.halved)
        } catch {
            failure = error
            other.stop()
        }
        other.finished.wait()
        if let failure { throw failure }
        if let error = other.error { throw error }
        if progress.cancelled { throw CatalogImportError(line: 0, reason: .cancelled, path: progress.path) }
        text.append(other.text)
    }

    /// The rows after which a text makes room for the rest, as long as those rows on average:
    /// a table's text grown by doubling was copied and its fresh pages cleared about twice over.
    private static let reserveAfter = 1024

    /// Steps `statement` to its end, writing each row into `text`, which will hold about
    /// `expectedRows` in all.
    private static func read(
        _ statement: Statement, columns: Int, into text: inout CatalogTableText, expectedRows: Int, progress: Progress?,
        stopped: () -> Bool = { false }
    ) throws(CatalogImportError) {
        var hex: [UInt8] = []
        while try statement.step() {
            for column in 0..<Int32(columns) {
                switch sqlite3_column_type(statement.handle, column) {
                case SQLITE_NULL: text.missing()
                case SQLITE_BLOB:
                    hexText(of: statement.handle, column, into: &hex)
                    hex.withUnsafeBufferPointer { text.field($0) }
                case SQLITE_FLOAT where sqlite3_column_double(statement.handle, column).isFinite:
                    // The shortest text that reads back as the same number: SQLite's own text
                    // (printf's %.15g) drops the 16th and 17th digits, and costs more to make.
                    text.field(sqlite3_column_double(statement.handle, column).description)
                default:
                    let start = sqlite3_column_text(statement.handle, column)
                    let count = Int(sqlite3_column_bytes(statement.handle, column))
                    text.field(UnsafeBufferPointer(start: start, count: count))
                }
            }
            text.endRow()
            if text.rows == reserveAfter { text.reserve(rows: expectedRows) }
            guard text.rows & 0xFFFF == 0 else { continue }
            if stopped() { return }
            if let progress, !progress.report(rows: text.rows) {
                throw CatalogImportError(line: 0, reason: .cancelled, path: progress.path)
            }
        }
    }

    /// Whether a declared type gives a column TEXT affinity, by SQLite's rules: it names no INT
    /// and has CHAR, CLOB or TEXT in it.
    static func hasTextAffinity(_ declared: String?) -> Bool {
        guard let type = declared?.uppercased(), !type.contains("INT") else { return false }
        return type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
    }

    /// A blob as SQL writes one, `x'0A1B…'`, cut after 64 bytes.
    private static func hexText(of statement: OpaquePointer, _ column: Int32, into hex: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        let count = Int(sqlite3_column_bytes(statement, column))
        let bytes = sqlite3_column_blob(statement, column).map {
            UnsafeRawBufferPointer(start: $0, count: min(count, 64))
        }
        hex = Array("x'".utf8)
        for byte in bytes ?? UnsafeRawBufferPointer(start: nil, count: 0) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 15)])
        }
        hex.append(UInt8(ascii: "'"))
        if count > 64 { hex.append(contentsOf: "…".utf8) }
    }

    /// A name as SQL quotes it.
    static func quoted(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// Tells the loading how far the reading is, from the rows read of `rows`; `halved` counts a
    /// half's rows twice, for a half read beside another.
    private struct Progress {
        let loading: CatalogLoading?
        let rows: Int
        let path: String
        var scale = 1

        init(loading: CatalogLoading?, rows: Int, path: String) {
            self.loading = loading
            self.rows = rows
            self.path = path
        }

        var halved: Progress {
            var progress = self
            progress.scale = 2
            return progress
        }

        /// False if the loading was cancelled.
        func report(rows read: Int) -> Bool {
            guard let loading else { return true }
            let share = min(Double(read * scale) / Double(max(rows, 1)), 1)
            return loading.report(read: Int(share * Double(loading.totalBytes)))
        }

        var cancelled: Bool { loading?.isCancelled ?? false }
    }

    /// The second half of a table, read on another thread into a text of its own. Only that
    /// thread touches its statement and text until `finished`.
    private final class SecondHalf: @unchecked Sendable {
        let finished = DispatchGroup()
        private(set) var text: CatalogTableText
        private(set) var error: CatalogImportError?
        private let statement: Statement
        private let columns: Int
        private let stopping = Atomic<Bool>(false)

        /// The second half of a table of about twice `rows` rows.
        init(statement: Statement, columns: Int, rows: Int) {
            self.statement = statement
            self.columns = columns
            self.rows = rows
            text = CatalogTableText(continuing: columns)
        }

        private let rows: Int

        func read() {
            do throws(CatalogImportError) {
                try SQLiteDatabase.read(statement, columns: columns, into: &text, expectedRows: rows, progress: nil) {
                    self.stopping.load(ordering: .relaxed)
                }
            } catch {
                self.error = error
            }
        }

        /// Asks the reading to stop at its next check.
        func stop() { stopping.store(true, ordering: .relaxed) }
    }

    private final class Connection {
        let handle: OpaquePointer
        let path: String

        /// Opened without SQLite's mutexes (`NOMUTEX`): a connection is used by one thread at a
        /// time, and Debian's thread-safe build would otherwise lock for each of the three calls
        /// per field, a fifth of a table's reading.
        init(path: String) throws(CatalogImportError) {
            self.path = path
            sharing = nil
            var handle: OpaquePointer?
            let inPlace = Catalog.fileSize(path + "-wal") > 0
            if inPlace {
                let uri = "file:" + Self.escaped(path) + "?mode=ro"
                guard
                    sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
                        == SQLITE_OK,
                    let handle
                else {
                    throw Self.failure(handle, path: path)
                }
                self.handle = handle
                return
            }
            let contents = try CatalogFileContents(path: path, loading: nil)
            guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                let handle
            else {
                throw Self.failure(handle, path: path)
            }
            self.handle = handle
            let count = contents.bytes.count
            guard let copy = sqlite3_malloc64(sqlite3_uint64(max(count, 1)))?.assumingMemoryBound(to: UInt8.self) else {
                throw CatalogImportError(line: 0, reason: .unreadable(String(cString: sqlite3_errstr(SQLITE_NOMEM))))
            }
            copy.update(from: contents.bytes.baseAddress!, count: count)
            // A database in WAL mode says so in bytes 18 and 19; one in memory cannot be in it.
            if count > 19 { (copy[18], copy[19]) = (1, 1) }
            let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
            guard
                sqlite3_deserialize(handle, "main", copy, sqlite3_int64(count), sqlite3_int64(count), flags)
                    == SQLITE_OK
            else {
                throw Self.failure(handle, path: path)
            }
        }

        /// The connection whose in-memory copy of the database this one reads; kept open while
        /// this one is.
        private let sharing: Connection?

        private init(handle: OpaquePointer, path: String, sharing: Connection) {
            self.handle = handle
            self.path = path
            self.sharing = sharing
        }

        deinit { sqlite3_close_v2(handle) }

        /// Another connection to the same database, for another thread: one read from the file in
        /// place opens it again; one in memory reads this one's copy, not a copy of its own.
        func sibling() throws(CatalogImportError) -> Connection {
            var size: sqlite3_int64 = 0
            guard let bytes = sqlite3_serialize(handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) else {
                return try Connection(path: path)
            }
            var other: OpaquePointer?
            guard sqlite3_open_v2(":memory:", &other, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                let other
            else {
                throw Self.failure(other, path: path)
            }
            let connection = Connection(handle: other, path: path, sharing: self)
            let flags = UInt32(SQLITE_DESERIALIZE_READONLY)
            guard sqlite3_deserialize(other, "main", bytes, size, size, flags) == SQLITE_OK else {
                throw Self.failure(other, path: path)
            }
            return connection
        }

        /// Two queries that read `table`'s rows in two halves of its rowids, in the order of a
        /// plain `SELECT *`; nil for a view or a table without rowids, or one whose columns hide
        /// every name of the rowid.
        func halves(
            of table: String, columns: [String]
        ) throws(CatalogImportError) -> (first: String, second: String)? {
            let taken = Set(columns.map { $0.lowercased() })
            guard let rowid = ["rowid", "_rowid_", "oid"].first(where: { !taken.contains($0) }) else { return nil }
            let source = " FROM " + SQLiteDatabase.quoted(table)
            var statement: OpaquePointer?
            let bounds = "SELECT min(\(rowid)), max(\(rowid))" + source
            guard sqlite3_prepare_v2(handle, bounds, -1, &statement, nil) == SQLITE_OK, let statement else {
                return nil
            }
            let query = Statement(handle: statement, connection: self)
            guard try query.step(), sqlite3_column_type(statement, 0) == SQLITE_INTEGER else { return nil }
            let low = sqlite3_column_int64(statement, 0)
            let high = sqlite3_column_int64(statement, 1)
            guard high > low else { return nil }
            let middle = low + (high - low) / 2
            let select = "SELECT *" + source + " WHERE \(rowid) "
            return (select + "<= \(middle) ORDER BY \(rowid)", select + "> \(middle) ORDER BY \(rowid)")
        }

        /// The tables and views a person made: not SQLite's own, nor a GeoPackage's metadata.
        func tableNames() throws(CatalogImportError) -> [String] {
            let ownTables = ["sqlite", "gpkg", "rtree"].map { " AND name NOT LIKE '\($0)\\_%' ESCAPE '\\'" }
            let statement = try prepare(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')" + ownTables.joined()
                    + " ORDER BY name")
            var names: [String] = []
            while try statement.step() { names.append(String(cString: sqlite3_column_text(statement.handle, 0))) }
            return names
        }

        func count(_ table: String) throws(CatalogImportError) -> Int {
            let statement = try prepare("SELECT count(*) FROM " + SQLiteDatabase.quoted(table))
            guard try statement.step() else { return 0 }
            return Int(sqlite3_column_int64(statement.handle, 0))
        }

        func prepare(_ sql: String) throws(CatalogImportError) -> Statement {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw Self.failure(handle, path: path)
            }
            return Statement(handle: statement, connection: self)
        }

        static func failure(_ handle: OpaquePointer?, path: String) -> CatalogImportError {
            let detail =
                handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(SQLITE_CANTOPEN))
            return CatalogImportError(line: 0, reason: .damaged(format: "SQLite", detail: detail), path: path)
        }

        /// A path in a `file:` URI: `%`, `?` and `#` escaped.
        private static func escaped(_ path: String) -> String {
            path.unicodeScalars.map { scalar in
                switch scalar {
                case "%": "%25"
                case "?": "%3f"
                case "#": "%23"
                default: String(scalar)
                }
            }.joined()
        }
    }

    private final class Statement {
        let handle: OpaquePointer
        private let connection: Connection

        init(handle: OpaquePointer, connection: Connection) {
            self.handle = handle
            self.connection = connection
        }

        deinit { sqlite3_finalize(handle) }

        /// Moves to the next row; false after the last.
        func step() throws(CatalogImportError) -> Bool {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw Connection.failure(connection.handle, path: connection.path)
            }
        }
    }
}
