// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import PostgresTesting
import XCTest

/// A table of a real PostgreSQL server (`ThrowawayPostgres`), read as a user opens one by its URI,
/// and compared with the same rows read from CSV value for value; the tables offered when none is
/// named; names that would break pasted SQL; and each fault said in one line.
final class PostgresTableTests: PostgresTestCase {
    private static let rows = 3_000

    override class func prepare(_ server: ThrowawayPostgres) throws {
        try FlightsTable.load(rows: rows, into: server)
        try server.psql(
            """
            CREATE TYPE mood AS ENUM ('sad', 'happy');
            CREATE TABLE "we""ird; DROP TABLE flights; --" ("a ""quoted"", col;" text, "zip" text, "m" mood);
            INSERT INTO "we""ird; DROP TABLE flights; --" VALUES ('x''); DROP TABLE flights; --', '01234', 'sad'),
                ('y', '12345', 'happy');
            CREATE SCHEMA archive;
            CREATE TABLE archive.old (id integer, ok boolean);
            INSERT INTO archive.old VALUES (1, true), (2, false), (3, NULL);
            CREATE VIEW united AS SELECT * FROM flights WHERE carrier = 'UA';
            CREATE TABLE hidden (id integer);
            INSERT INTO hidden VALUES (1);
            CREATE ROLE reader LOGIN PASSWORD 'right';
            GRANT SELECT ON flights TO reader;
            """)
    }

    private func load(_ uri: String, table: String? = nil) throws -> Catalog {
        do throws(CatalogImportError) {
            return try CatalogReader.load(path: uri, options: CatalogReadOptions(table: table))
        } catch {
            XCTFail("\(uri) refused: \(error)")
            throw error
        }
    }

    private func refusal(_ uri: String, table: String? = nil) throws -> CatalogImportError {
        do throws(CatalogImportError) {
            _ = try CatalogReader.load(path: uri, options: CatalogReadOptions(table: table))
        } catch {
            return error
        }
        throw ThrowawayPostgres.Failure(description: "\(uri) was read")
    }

    func testTableReadsAsTheSameRowsInCSV() throws {
        let server = try server
        let fromServer = try load(server.uri(table: "flights"))
        let fromFile = try CatalogReader.load(path: server.folder + "/flights.csv")
        XCTAssertEqual(fromServer.count, Self.rows)
        XCTAssertEqual(fromServer.columns.map(\.name), fromFile.columns.map(\.name))
        XCTAssertEqual(fromServer.columns.map(\.kind), fromFile.columns.map(\.kind))
        XCTAssertEqual(fromServer.facetColumns, fromFile.facetColumns)
        // A table's rows have no order; the server's is its own.
        var serverRow: [String: Int] = [:]
        for row in 0..<fromServer.count { serverRow[fromServer.text(0, at: row)] = row }
        XCTAssertEqual(serverRow.count, Self.rows)
        for (column, expected) in zip(fromServer.columns, fromFile.columns) {
            for row in 0..<fromFile.count {
                let other = try XCTUnwrap(serverRow[fromFile.text(0, at: row)])
                guard column.text(at: other) == expected.text(at: row) else {
                    return XCTFail(
                        "\(column.name), id \(row + 1): “\(column.text(at: other))”, not “\(expected.text(at: row))”")
                }
            }
        }
        XCTAssertEqual(fromServer.name, "flights on postgres@" + server.folder)
        let kinds = Dictionary(uniqueKeysWithValues: fromServer.columns.map { ($0.name, $0.kind) })
        XCTAssertEqual(kinds["dep_delay"], .number)
        XCTAssertEqual(kinds["flight_date"], .date)
        XCTAssertEqual(kinds["time_hour"], .dateTime)
        XCTAssertEqual(kinds["scheduled"], .dateTime)
        XCTAssertEqual(kinds["carrier"], .text)
        let cancelled = try XCTUnwrap(fromServer.column(named: "cancelled"))
        XCTAssertTrue(FacetFilter(catalog: fromServer).isYesNo(cancelled))
    }

    func testTextTypesStayTextAndHostileNamesAreQuoted() throws {
        let server = try server
        let weird = "we\"ird; DROP TABLE flights; --"
        let catalog = try load(server.uri(table: weird))
        XCTAssertEqual(catalog.columns.map(\.name), ["a \"quoted\", col;", "zip", "m"])
        XCTAssertEqual(catalog.columns.map(\.kind), [.text, .text, .text])
        XCTAssertEqual(catalog.text(0, at: 0), "x'); DROP TABLE flights; --")
        XCTAssertEqual(catalog.text(1, at: 1), "12345")
        XCTAssertEqual(catalog.text(2, at: 1), "happy")
        XCTAssertEqual(try load(server.uri(), table: "flights").count, Self.rows, "flights was dropped")
    }

    func testSeveralTablesAreOfferedWithTheirRows() throws {
        let server = try server
        XCTAssertEqual(
            try refusal(server.uri()).reason,
            .severalTables(["flights", "hidden", "united", "we\"ird; DROP TABLE flights; --", "archive.old"]))
        let parts = try CatalogReader.parts(of: server.uri())
        XCTAssertEqual(parts.map(\.name).first, "flights")
        XCTAssertEqual(parts.map(\.size).first, "3,000 rows")
        XCTAssertEqual(parts.map(\.name).last, "archive.old")
        XCTAssertEqual(parts.map(\.size).last, "3 rows")
        let old = try load(server.uri(table: "archive.old"))
        XCTAssertEqual(old.count, 3)
        XCTAssertTrue(FacetFilter(catalog: old).isYesNo(1))
        let flights = try load(server.uri(table: "flights"))
        let carrier = try XCTUnwrap(flights.column(named: "carrier"))
        let united = (0..<flights.count).filter { flights.text(carrier, at: $0) == "UA" }.count
        XCTAssertEqual(try load(server.uri(), table: "UNITED").count, united)
    }

    func testTheFaultsAreSaidInOneLine() throws {
        let server = try server
        let noServer = try refusal("postgresql://foldout@/postgres?host=\(server.folder)/gone&table=flights")
        guard case .cannotConnect(let why) = noServer.reason else { return XCTFail("\(noServer)") }
        XCTAssertFalse(why.contains("\n"), why)
        let wrong = try refusal(server.uri(user: "reader", password: "wrong", table: "flights"))
        XCTAssertTrue(wrong.description.contains("password authentication failed"), wrong.description)
        XCTAssertFalse(wrong.description.contains("wrong"), wrong.description)
        XCTAssertEqual(try load(server.uri(user: "reader", password: "right", table: "flights")).count, Self.rows)
        let denied = try refusal(server.uri(user: "reader", password: "right", table: "hidden"))
        XCTAssertEqual(denied.reason, .serverRefused("permission denied for table hidden"))
        XCTAssertEqual(
            try refusal(server.uri(table: "nowhere")).description,
            "it has no table “nowhere”; its tables: flights, hidden, united, "
                + "we\"ird; DROP TABLE flights; --, archive.old")
    }

    func testThePasswordIsNotKept() throws {
        let server = try server
        let catalog = try load(server.uri(user: "reader", password: "right", table: "flights"))
        let origin = try XCTUnwrap(catalog.origin)
        XCTAssertEqual(origin.path, "postgresql://reader@/postgres?host=\(server.folder)&table=flights")
        XCTAssertEqual(origin.format, .postgresql(table: "flights"))
    }

    func testCancelStopsTheCopy() throws {
        let server = try server
        let loading = CatalogLoading(totalBytes: 1_000)
        loading.cancel()
        do throws(CatalogImportError) {
            _ = try CatalogReader.load(path: server.uri(table: "flights"), loading: loading)
            XCTFail("a cancelled reading gave a catalog")
        } catch {
            XCTAssertEqual(error.reason, .cancelled)
        }
        XCTAssertEqual(try load(server.uri(table: "flights")).count, Self.rows, "the connection is left unusable")
    }

    /// libpq's other form of address, a connection string of keywords, as a user copies it from
    /// `psql`'s or a hosting service's page: the same table, named the same, `--table` naming it.
    func testAConnectionStringOfKeywordsOpensTheTable() throws {
        let server = try server
        let keywords = "host=\(server.folder) user = foldout dbname='postgres' application_name='Foldout \\'test\\''"
        let catalog = try load(keywords, table: "flights")
        XCTAssertEqual(catalog.count, Self.rows)
        XCTAssertEqual(catalog.name, "flights on postgres@" + server.folder)
        for (catalog, out) in [(keywords, "/keywords.csv"), (try server.uri(table: "flights"), "/uri.csv")] {
            let exported = try foldout([
                "--catalog", catalog, "--table", "flights", "--sort", "id", "--export", server.folder + out,
            ])
            XCTAssertEqual(exported.status, 0, exported.errors)
        }
        let expected = try String(contentsOfFile: server.folder + "/uri.csv", encoding: .utf8)
        XCTAssertGreaterThan(expected.count, Self.rows * 20)
        XCTAssertEqual(try String(contentsOfFile: server.folder + "/keywords.csv", encoding: .utf8), expected)
        let wrong = try foldout(["--catalog", keywords + " port=1", "--table", "flights", "--export", "/dev/null"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.errors.contains("cannot connect to the database"), wrong.errors)
    }

    /// `foldout --catalog URI --in-database … --summary OUT`: the server summarizes the table
    /// without reading it, as the same rows read from the CSV are summarized (the most common
    /// values compared for texts: which other columns list theirs follows each one's facets).
    func testCommandLineSummaryInTheServerIsTheFilesSummary() throws {
        let server = try server
        let runs = [
            (server.folder + "/flights.csv", [String](), "file-summary.tsv"),
            (try server.uri(table: "flights"), ["--in-database"], "server-summary.tsv"),
        ]
        // The server's log says what it was asked: a summary, and no COPY of the table.
        let logged = try FileManager.default.attributesOfItem(atPath: server.folder + "/log")[.size] as? Int ?? 0
        try server.psql("ALTER ROLE foldout SET log_statement = 'all'")
        for (catalog, options, out) in runs {
            let run = try foldout(
                ["--catalog", catalog] + options + ["--choose", "carrier=UA", "--summary", server.folder + "/" + out])
            XCTAssertEqual(run.status, 0, run.errors)
        }
        try server.psql("ALTER ROLE foldout RESET log_statement")
        let log = try XCTUnwrap(FileManager.default.contents(atPath: server.folder + "/log")).dropFirst(logged)
        let asked = String(decoding: log, as: UTF8.self)
        XCTAssertTrue(asked.contains("percentile_cont"), "the server summarized nothing")
        XCTAssertFalse(asked.contains("COPY (SELECT"), "the table was read")
        let table = { (name: String) throws -> [[String]] in
            try String(contentsOfFile: server.folder + "/" + name, encoding: .utf8).split(separator: "\n").map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
        }
        // A common value may hold a line break (a note of two lines): such a line goes on in the next.
        let fromFile = try table("file-summary.tsv")
        let fromServer = try table("server-summary.tsv")
        XCTAssertGreaterThanOrEqual(fromServer.count, 19, "a header and a line a column")
        XCTAssertEqual(fromServer.count, fromFile.count)
        for (expected, line) in zip(fromFile, fromServer) {
            XCTAssertEqual(Array(line.prefix(9)), Array(expected.prefix(9)))
            if expected.count < 9 || expected[1] == "text" { XCTAssertEqual(line.last, expected.last) }
        }
    }

    /// `foldout --catalog URI --in-database … --group-by … --groups OUT`: the server's one
    /// `GROUP BY` writes the file the same rows read from the CSV give, line for line, without
    /// the table being read.
    func testCommandLineGroupsInTheServerAreTheFilesGroups() throws {
        let server = try server
        let grouping = [
            "--choose", "month=3", "--group-by", "carrier,origin", "--aggregate", "mean:dep_delay", "--aggregate",
            "median:distance", "--aggregate", "max:time_hour",
        ]
        let logged = try FileManager.default.attributesOfItem(atPath: server.folder + "/log")[.size] as? Int ?? 0
        try server.psql("ALTER ROLE foldout SET log_statement = 'all'")
        for (catalog, options, out) in [
            (server.folder + "/flights.csv", [String](), "file-groups.csv"),
            (try server.uri(table: "flights"), ["--in-database"], "server-groups.csv"),
        ] {
            let run = try foldout(
                ["--catalog", catalog] + options + grouping + ["--groups", server.folder + "/" + out])
            XCTAssertEqual(run.status, 0, run.errors)
        }
        try server.psql("ALTER ROLE foldout RESET log_statement")
        let asked = String(
            decoding: try XCTUnwrap(FileManager.default.contents(atPath: server.folder + "/log")).dropFirst(logged),
            as: UTF8.self)
        XCTAssertTrue(asked.contains("GROUP BY 1, 2"), "the server grouped nothing")
        XCTAssertFalse(asked.contains("COPY (SELECT"), "the table was read")
        let fromFile = try String(contentsOfFile: server.folder + "/file-groups.csv", encoding: .utf8)
        let fromServer = try String(contentsOfFile: server.folder + "/server-groups.csv", encoding: .utf8)
        XCTAssertTrue(
            fromFile.hasPrefix("carrier,origin,rows,mean(dep_delay),median(distance),max(time_hour)\n"), fromFile)
        XCTAssertGreaterThan(fromFile.split(separator: "\n").count, 3, fromFile)
        XCTAssertEqual(fromServer, fromFile)
    }

    /// `foldout --catalog URI … --export`, with no window: the same file as from the CSV.
    func testCommandLineExportEqualsTheCSVs() throws {
        let server = try server
        let exported = { (catalog: String, out: String) throws -> (status: Int32, errors: String) in
            try self.foldout([
                "--catalog", catalog, "--choose", "carrier=UA", "--sort", "id", "--export", server.folder + "/" + out,
            ])
        }
        // Compressed, so that this export too writes the catalog's values, not the file's own text
        // of them ("469" for a 469.0 in a column of decimals).
        let gzip = try Process.run(
            URL(fileURLWithPath: "/bin/gzip"), arguments: ["-kf", server.folder + "/flights.csv"])
        gzip.waitUntilExit()
        let fromFile = try exported(server.folder + "/flights.csv.gz", "file.csv")
        XCTAssertEqual(fromFile.status, 0, fromFile.errors)
        let uri = "postgresql:///postgres?host=\(server.folder)&user=foldout&table=flights"
        let fromServer = try exported(uri, "server.csv")
        XCTAssertEqual(fromServer.status, 0, fromServer.errors)
        let expected = try String(contentsOfFile: server.folder + "/file.csv", encoding: .utf8)
        XCTAssertGreaterThan(expected.split(separator: "\n").count, 100)
        XCTAssertEqual(try String(contentsOfFile: server.folder + "/server.csv", encoding: .utf8), expected)

        let refused = try foldout([
            "--catalog", server.uri(user: "reader", password: "s3cret", table: "flights"), "--export",
            server.folder + "/none.csv",
        ])
        XCTAssertEqual(refused.status, 2)
        let lines = refused.errors.split(separator: "\n").filter { $0.hasPrefix("foldout:") }
        XCTAssertEqual(lines.count, 1, refused.errors)
        XCTAssertTrue(lines.first?.contains("password authentication failed for user") == true, refused.errors)
        XCTAssertFalse(refused.errors.contains("s3cret"), refused.errors)
    }
}
