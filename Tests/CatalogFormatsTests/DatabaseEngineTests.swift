import FoldoutCore
import Foundation
import PostgresTesting
import Synchronization
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import CatalogFormats

/// The table filtered where it lives (`DatabaseTable`, `DatabaseSession`) against a real server,
/// compared with the in-memory engine (`FacetFilter`) over the same rows after many random filter
/// changes; hostile names and values; the export against psql's `COPY`; faults and cancelling.
final class DatabaseEngineTests: PostgresTestCase {
    private static let rows = 3_000

    override class func prepare(_ server: ThrowawayPostgres) throws {
        try FlightsTable.load(rows: rows, into: server)
        try server.psql(
            """
            CREATE TABLE nokey AS SELECT * FROM flights;
            CREATE VIEW flights_view AS SELECT * FROM flights;
            CREATE TABLE analyzed AS SELECT * FROM flights;
            ALTER TABLE analyzed ADD PRIMARY KEY (id);
            ANALYZE analyzed;
            CREATE TABLE large AS SELECT g AS id, (ARRAY['a', 'B', 'c', ''])[1 + g % 4] AS kind,
                CASE WHEN g % 7 = 0 THEN NULL ELSE (g % 1000) / 4.0 END AS amount,
                DATE '2020-01-01' + g % 400 AS day, g % 3 = 0 AS even, repeat('x', 100) AS pad
              FROM generate_series(1, 150000) g;
            ANALYZE large;
            CREATE ROLE limited LOGIN PASSWORD 'secret' CONNECTION LIMIT 1;
            GRANT SELECT ON large TO limited;
            CREATE TABLE keep (id integer);
            INSERT INTO keep VALUES (1);
            CREATE TABLE hostile ("a""; DROP TABLE keep; --" text, "n" integer);
            INSERT INTO hostile VALUES ('x''); DROP TABLE keep; --', 1), ('50%', 2), ('a_b', 3), ('back\\slash', 4),
                ('{"q",}', 5), ('$1', 6), ('x''); DROP TABLE keep; --', 7), (NULL, 8), ('ab', 9);
            """)
    }

    private func open(
        _ table: String, facets: [Int: FacetKind]? = nil, deferringRanges: Bool = false
    ) throws -> DatabaseTable {
        let server = try server
        return try DatabaseTable.open(
            address: try XCTUnwrap(DatabaseAddress(server.uri(table: table))), facets: facets,
            deferringRanges: deferringRanges)
    }

    private func connect() throws -> PostgresConnection { try PostgresConnection(uri: try server.uri()) }

    /// psql's `COPY` of the flights `condition` matches, by the largest delay first, as the
    /// engine shows each column (`server.psqlOutput`), written here by hand.
    private func psqlCopy(_ condition: String, delimiter: String = "") throws {
        try server.psql(
            """
            COPY (SELECT id, year, month, day, dep_time, dep_delay, NULLIF(carrier, '') AS carrier, flight,
                NULLIF(tailnum::text, '') AS tailnum, NULLIF(origin, '') AS origin, NULLIF(dest, '') AS dest,
                air_time, distance, flight_date, time_hour, scheduled::timestamp AS scheduled,
                cancelled::text AS cancelled, NULLIF(note, '') AS note
              FROM flights WHERE \(condition)
              ORDER BY dep_delay DESC NULLS LAST, id) TO STDOUT WITH (FORMAT csv, HEADER\(delimiter))
            """)
    }

    /// Many random changes of choices, exclusions, ranges, the search and the sort: after each,
    /// the count, every facet's counts, every histogram and the first two pages are the same.
    func testTheServerAnswersAsTheInMemoryEngine() throws {
        let server = try server
        let catalog = try CatalogReader.load(path: server.folder + "/flights.csv")
        let memory = FacetFilter(catalog: catalog)
        for name in ["origin", "dest", "month"] where !memory.isFacet(catalog.column(named: name)!) {
            memory.setFacet(catalog.column(named: name)!, true, as: .options)
        }
        for name in ["dep_delay", "air_time", "time_hour", "scheduled"] {
            let column = catalog.column(named: name)!
            if memory.isFacet(column) { memory.setFacet(column, false) }
            memory.setFacet(column, true, as: .range)
        }
        let kinds = Dictionary(uniqueKeysWithValues: memory.facetColumns.map { ($0, memory.kind(ofColumn: $0)) })
        let table = try open("flights", facets: kinds)
        XCTAssertEqual(table.columns.map(\.name), catalog.columns.map(\.name))
        XCTAssertEqual(table.columns.map(\.kind), catalog.columns.map(\.kind))
        XCTAssertEqual(table.key, .primary([0]))
        XCTAssertEqual(table.rowCount, Self.rows)
        let connection = try connect()
        var filter = DatabaseFilter()
        filter.searchColumns = [catalog.titleColumn]
        var random = SeededGenerator(seed: 38)
        let words = ["N1", "ua", "n10", "zz", "0U"]
        for step in 0..<80 {
            let column = memory.facetColumns.randomElement(using: &random)!
            switch (Int.random(in: 0..<10, using: &random), memory.kind(ofColumn: column)) {
            case (0, _):
                memory.reset(column: column)
                filter.selections[column] = nil
                filter.ranges[column] = nil
            case (1, _):
                let text = Bool.random(using: &random) ? "" : words.randomElement(using: &random)!
                memory.setSearch(text)
                filter.search = text
            case (2, _):
                let sorted = Int.random(in: 0..<catalog.columns.count, using: &random)
                memory.sort = CatalogSortKey(column: sorted, descending: Bool.random(using: &random))
                filter.sort = memory.sort
            case (_, .options):
                let count = memory.options(forColumn: column).count
                var selection = FacetSelection(excluded: Int.random(in: 0..<4, using: &random) == 0)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    selection.options.insert(Int.random(in: 0..<count, using: &random))
                }
                selection.noValue = memory.noValueOption(forColumn: column) != nil && Bool.random(using: &random)
                memory.setSelection(selection, forColumn: column)
                filter.select(selection, inColumn: column)
            case (_, .range):
                let edges = memory.histogram(forColumn: column).edges
                var range = FacetRange(includesMissing: Int.random(in: 0..<3, using: &random) == 0)
                if Bool.random(using: &random) { range.lower = edges.randomElement(using: &random)! + 0.5 }
                if Bool.random(using: &random) { range.upper = edges.randomElement(using: &random)! }
                memory.setRange(range, forColumn: column)
                filter.setRange(range, forColumn: column)
            }
            let answer = try table.counts(filter, connection)
            let at = "step \(step), \(filter)"
            XCTAssertEqual(answer.matchCount, memory.matchCount, at)
            for facet in memory.facetColumns {
                if memory.kind(ofColumn: facet) == .options {
                    XCTAssertEqual(table.options[facet], memory.options(forColumn: facet), catalog.columns[facet].name)
                    let expected = memory.counts(forColumn: facet) + [memory.noValueCount(forColumn: facet)]
                    XCTAssertEqual(answer.counts[facet], expected, catalog.columns[facet].name + ", " + at)
                } else {
                    let histogram = memory.histogram(forColumn: facet)
                    XCTAssertEqual(answer.histograms[facet]?.edges, histogram.edges, catalog.columns[facet].name)
                    XCTAssertEqual(
                        answer.histograms[facet]?.counts, histogram.counts, catalog.columns[facet].name + ", " + at)
                    XCTAssertEqual(answer.histograms[facet]?.missing, histogram.missing, catalog.columns[facet].name)
                    XCTAssertEqual(answer.histograms[facet], histogram, catalog.columns[facet].name)
                }
            }
            let first = try table.page(filter, limit: 20, connection)
            let ids = memory.matches.prefix(40).map { catalog.text(0, at: Int($0)) }
            XCTAssertEqual(first.rows.map { $0[0] ?? "" }, Array(ids.prefix(20)), "page 1, " + at)
            if let next = first.next {
                let second = try table.page(filter, after: next, limit: 20, connection)
                XCTAssertEqual(second.rows.map { $0[0] ?? "" }, Array(ids.dropFirst(20)), "page 2, " + at)
            } else {
                XCTAssertLessThanOrEqual(memory.matchCount, 20, at)
            }
        }
        let record = try XCTUnwrap(try table.record(key: ["17"], connection))
        // The server's text of a number ("228" in a column of halves, which the catalog writes "228.0").
        for (column, value) in record.enumerated() {
            let expected = catalog.text(column, at: 16)
            if catalog.columns[column].kind == .number {
                XCTAssertEqual(value.flatMap(Double.init), Double(expected), catalog.columns[column].name)
            } else {
                XCTAssertEqual(value ?? "", expected, catalog.columns[column].name)
            }
        }
    }

    /// Paging through every match by keyset gives each row once, in the sort order: by the primary
    /// key, by `ctid` in a table without one, and counted off (`OFFSET`) in a view.
    func testPagesGiveEveryRowOnce() throws {
        for (name, key) in [
            ("flights", DatabaseTable.Key.primary([0])), ("nokey", .rowLocation), ("flights_view", .none),
        ] {
            let table = try open(name, facets: [6: .options])
            XCTAssertEqual(table.key, key, name)
            let connection = try connect()
            var filter = DatabaseFilter()
            filter.select(FacetSelection(options: [0, 1], excluded: true), inColumn: 6)
            let expected = try table.counts(filter, connection).matchCount
            for sort in [CatalogSortKey(column: 6), CatalogSortKey(column: 5, descending: true), nil] {
                filter.sort = sort
                var ids: [String] = []
                var sortValues: [String?] = []
                var cursor: DatabaseCursor?
                repeat {
                    let page = try table.page(filter, after: cursor, limit: 97, connection)
                    ids += page.rows.map { $0[0] ?? "" }
                    sortValues += page.rows.map { row in sort.flatMap { row[$0.column] } }
                    cursor = page.next
                } while cursor != nil
                XCTAssertEqual(ids.count, expected, "\(name), \(String(describing: sort))")
                XCTAssertEqual(Set(ids).count, expected, "\(name), \(String(describing: sort)): a row twice")
                if sort?.column == 5 {
                    let delays = sortValues.map { $0.flatMap(Double.init) ?? -.infinity }
                    XCTAssertEqual(delays, delays.sorted(by: >), "\(name): not by the largest delay first")
                }
            }
        }
    }

    /// A column named to break pasted SQL, values with quotes, `%`, `_`, `\`, braces and `$1`:
    /// each option counts its own rows, the search finds them literally, and nothing is dropped.
    func testHostileNamesAndValuesAreBound() throws {
        let server = try server
        let table = try open("hostile", facets: [0: .options, 1: .range])
        XCTAssertEqual(table.columns.first?.name, "a\"; DROP TABLE keep; --")
        let options = try XCTUnwrap(table.options[0])
        XCTAssertEqual(options.count, 7)
        let connection = try connect()
        for (index, option) in options.enumerated() {
            var filter = DatabaseFilter()
            filter.select(FacetSelection(options: [index]), inColumn: 0)
            XCTAssertEqual(try table.counts(filter, connection).matchCount, option.hasPrefix("x'") ? 2 : 1, option)
            filter.select(FacetSelection(options: [index], excluded: true), inColumn: 0)
            XCTAssertEqual(try table.counts(filter, connection).matchCount, option.hasPrefix("x'") ? 7 : 8, option)
        }
        for (text, found) in [("%", 1), ("_", 1), ("\\", 1), ("'); DROP", 2), ("{\"q\"", 1), ("$1", 1), ("b", 5)] {
            var filter = DatabaseFilter()
            filter.search = text
            filter.searchColumns = [0]
            XCTAssertEqual(try table.counts(filter, connection).matchCount, found, text)
            var exported: [UInt8] = []
            try table.export(filter, connection) {
                exported += $0
                return true
            }
            XCTAssertEqual(exported.filter { $0 == 10 }.count, found + 1, text)
        }
        try server.psql("SELECT count(*) FROM keep")
        XCTAssertEqual(try connection.rows("SELECT count(*) FROM keep"), [["1"]])
        XCTAssertEqual(try connection.rows("SELECT count(*) FROM hostile"), [["9"]])
    }

    /// The export of a filtered, searched, sorted table is psql's `COPY` of the same `WHERE`.
    func testExportEqualsPsqlsCopy() throws {
        let server = try server
        let table = try open("flights", facets: [6: .options, 9: .options, 5: .range, 14: .range])
        let options = try XCTUnwrap(table.options[6])
        var filter = DatabaseFilter()
        filter.select(
            FacetSelection(options: [options.firstIndex(of: "UA")!, options.firstIndex(of: "AA")!]), inColumn: 6)
        filter.select(FacetSelection(options: [table.options[9]!.firstIndex(of: "EWR")!], excluded: true), inColumn: 9)
        filter.setRange(FacetRange(lower: -5, upper: 60.5, includesMissing: true), forColumn: 5)
        filter.setRange(FacetRange(lower: 15_765 * 86_400), forColumn: 14)
        filter.search = "n1"
        filter.searchColumns = [8]
        filter.sort = CatalogSortKey(column: 5, descending: true)
        var exported: [UInt8] = []
        try table.export(filter, try connect()) {
            exported += $0
            return true
        }
        let condition = """
            carrier IN ('UA', 'AA') AND (origin IS NULL OR origin <> 'EWR')
                AND ((dep_delay >= -5 AND dep_delay <= 60.5) OR dep_delay IS NULL)
                AND time_hour >= '2013-03-01' AND tailnum ILIKE '%n1%'
            """
        try psqlCopy(condition)
        XCTAssertGreaterThan(exported.filter { $0 == 10 }.count, 20)
        XCTAssertEqual(exported, server.psqlOutput)
        // A .tsv export: tab-separated, quoted as CSV is.
        var tabSeparated: [UInt8] = []
        try table.export(filter, try connect(), tabSeparated: true) {
            tabSeparated += $0
            return true
        }
        try psqlCopy(condition, delimiter: ", DELIMITER E'\\t'")
        XCTAssertTrue(tabSeparated.contains(9), "tabs between the fields")
        XCTAssertEqual(tabSeparated, server.psqlOutput)
    }

    /// `foldout --catalog URI --in-database … --export`: the server's COPY, as psql's; the flags refused
    /// where they cannot apply.
    func testCommandLineExportsThroughTheServer() throws {
        let server = try server
        let out = server.folder + "/in-database.csv"
        let run = try foldout([
            "--catalog", server.uri(table: "flights"), "--in-database", "--choose", "carrier=UA,aa", "--exclude",
            "origin=EWR",
            "--range", "dep_delay=-5..60.5", "--range", "time_hour=2013-03-01..", "--sort", "dep_delay:desc",
            "--export", out,
        ])
        XCTAssertEqual(run.status, 0, run.errors)
        try psqlCopy(
            """
            carrier IN ('UA', 'AA') AND (origin IS NULL OR origin <> 'EWR')
                AND dep_delay >= -5 AND dep_delay <= 60.5 AND time_hour >= '2013-03-01'
            """)
        let exported = try XCTUnwrap(FileManager.default.contents(atPath: out))
        XCTAssertGreaterThan(exported.filter { $0 == 10 }.count, 100)
        XCTAssertEqual([UInt8](exported), server.psqlOutput)
        // A .tsv name gives tab-separated rows, quoted as CSV is.
        let tsv = server.folder + "/in-database.tsv"
        let separated = try foldout([
            "--catalog", server.uri(table: "flights"), "--in-database", "--choose", "carrier=UA", "--sort",
            "dep_delay:desc", "--export", tsv,
        ])
        XCTAssertEqual(separated.status, 0, separated.errors)
        try psqlCopy("carrier = 'UA'", delimiter: ", DELIMITER E'\\t'")
        let fromServer = try XCTUnwrap(FileManager.default.contents(atPath: tsv))
        XCTAssertTrue(fromServer.prefix { $0 != 10 }.contains(9), "a tab between the column names")
        XCTAssertEqual([UInt8](fromServer), server.psqlOutput)
        let both = try foldout([
            "--catalog", server.uri(table: "flights"), "--in-memory", "--in-database", "--export", out,
        ])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.errors.contains("--in-memory or --in-database"), both.errors)
        let file = try foldout(["--catalog", server.folder + "/flights.csv", "--in-database", "--export", out])
        XCTAssertEqual(file.status, 2)
        XCTAssertTrue(file.errors.contains("--in-database needs a PostgreSQL table"), file.errors)
        let unknown = try foldout([
            "--catalog", server.uri(table: "flights"), "--in-database", "--choose", "nope=1", "--export", out,
        ])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("no column “nope”"), unknown.errors)
    }

    /// The counts learnt when a table opens, that the window shows first without a query, are the
    /// counts of an unfiltered query and the in-memory engine's: with statistics (the option
    /// facets grouped together, the ranges by value), without, with a range of many values, and
    /// for a table large enough to be read in slices.
    func testOpeningCountsAreTheCountedOnes() throws {
        let server = try server
        let catalog = try CatalogReader.load(path: server.folder + "/flights.csv")
        let memory = FacetFilter(catalog: catalog)
        for name in ["origin", "month"] where !memory.isFacet(catalog.column(named: name)!) {
            memory.setFacet(catalog.column(named: name)!, true, as: .options)
        }
        for name in ["dep_delay", "flight_date", "scheduled"] {
            let column = catalog.column(named: name)!
            if memory.isFacet(column) { memory.setFacet(column, false) }
            memory.setFacet(column, true, as: .range)
        }
        let kinds = Dictionary(uniqueKeysWithValues: memory.facetColumns.map { ($0, memory.kind(ofColumn: $0)) })
        let connection = try connect()
        for name in ["analyzed", "flights"] {
            let table = try open(name, facets: kinds)
            let opening = try XCTUnwrap(table.openingCounts, name)
            XCTAssertEqual(opening, try table.counts(DatabaseFilter(), connection), name)
            XCTAssertEqual(opening.matchCount, memory.matchCount, name)
            XCTAssertEqual(table.rowCount, Self.rows, name)
            for facet in memory.facetColumns {
                let column = name + ", " + catalog.columns[facet].name
                if memory.kind(ofColumn: facet) == .options {
                    XCTAssertEqual(table.options[facet], memory.options(forColumn: facet), column)
                    let expected = memory.counts(forColumn: facet) + [memory.noValueCount(forColumn: facet)]
                    XCTAssertEqual(opening.counts[facet], expected, column)
                } else {
                    XCTAssertEqual(opening.histograms[facet], memory.histogram(forColumn: facet), column)
                }
            }
        }
        // The id: a range of too many values to group by, counted by a query of its own.
        let many = try open("large", facets: [0: .range, 1: .options])
        XCTAssertEqual(many.openingCounts, try many.counts(DatabaseFilter(), connection))
        let large = try open("large", facets: [1: .options, 2: .range, 3: .range, 4: .options])
        XCTAssertGreaterThan(try large.relationFacts(connection).slices.count, 1, "not read in slices")
        let opening = try XCTUnwrap(large.openingCounts)
        XCTAssertEqual(opening, try large.counts(DatabaseFilter(), connection))
        XCTAssertEqual(opening.matchCount, 150_000)
        XCTAssertEqual(large.options[1], ["a", "B", "c"])
        XCTAssertEqual(opening.counts[1], [37_500, 37_500, 37_500, 37_500])
        XCTAssertEqual(opening.histograms[2]?.missing, 150_000 / 7)
        // A role allowed one connection: the slices are all read on it.
        let limited = try DatabaseTable.open(
            address: try XCTUnwrap(DatabaseAddress(server.uri(user: "limited", password: "secret", table: "large"))),
            facets: large.facets)
        XCTAssertEqual(limited.openingCounts, opening)
        // The session gives them for its first unfiltered request, without a query; then counts.
        try server.psql("DELETE FROM large WHERE id <= 10")
        let session = DatabaseSession(table: large)
        var answers: [Int] = []
        for _ in 0..<2 {
            let done = DispatchSemaphore(value: 0)
            let answer = Mutex<Result<DatabaseCounts, CatalogImportError>?>(nil)
            session.counts(DatabaseFilter()) { result in
                answer.withLock { $0 = result }
                done.signal()
            }
            done.wait()
            answers.append(try XCTUnwrap(answer.withLock { $0 }).get().matchCount)
        }
        XCTAssertEqual(answers, [150_000, 149_990])
    }
}

extension DatabaseEngineTests {
    /// The facets chosen for a table the planner has statistics of: its id (every value
    /// different) is no range facet, its date and its other numbers are.
    func testAColumnOfDistinctValuesIsNoRangeFacet() throws {
        let table = try open("large")
        let names = table.columns.map(\.name)
        let id = try XCTUnwrap(names.firstIndex(of: "id"))
        XCTAssertNil(table.facets[id], "an id is no facet")
        XCTAssertEqual(table.facets[try XCTUnwrap(names.firstIndex(of: "day"))], .range)
        XCTAssertEqual(table.facets[try XCTUnwrap(names.firstIndex(of: "amount"))], .range)
        XCTAssertEqual(table.facets[try XCTUnwrap(names.firstIndex(of: "kind"))], .options)
    }

    /// A table opened with its range facets left for later (as the window opens one) has its
    /// count and option facets at once, and after `surveyPendingRanges` the very facets, bins and
    /// opening counts of a table opened all at once: ranges grouped by value, a range of too many
    /// values (counted by a query of its own), a table read in slices, and one whose statistics
    /// choose its facets.
    func testRangeFacetsMadeLaterAreThoseMadeAtOnce() throws {
        let cases: [(String, [Int: FacetKind]?)] = [
            ("flights", nil), ("large", [0: .range, 1: .options]),
            ("large", [1: .options, 2: .range, 3: .range, 4: .options]), ("large", nil),
        ]
        for (name, kinds) in cases {
            let atOnce = try open(name, facets: kinds)
            var later = try open(name, facets: kinds, deferringRanges: true)
            let ranges = atOnce.facets.filter { $0.value == .range }.keys.sorted()
            XCTAssertFalse(ranges.isEmpty, name)
            XCTAssertEqual(later.pendingRanges.sorted(), ranges, name)
            XCTAssertTrue(ranges.allSatisfy { later.facets[$0] == nil && later.bins[$0] == nil }, name)
            let first = try XCTUnwrap(later.openingCounts, name)
            XCTAssertEqual(first.matchCount, atOnce.openingCounts?.matchCount, name)
            XCTAssertEqual(first.counts, atOnce.openingCounts?.counts, name)
            XCTAssertEqual(first, try later.counts(DatabaseFilter(), try connect()), name)
            try later.surveyPendingRanges(try connect())
            XCTAssertEqual(later.pendingRanges, [], name)
            XCTAssertEqual(later.facets, atOnce.facets, name)
            XCTAssertEqual(later.bins, atOnce.bins, name)
            XCTAssertEqual(later.openingCounts, atOnce.openingCounts, name)
        }
    }

    /// A facet added after the table opened (the Facets menu) is the facet it would have been at
    /// the opening: its kind, options or bins, and unfiltered counts; a text of too many values
    /// is refused; a facet given up leaves no trace. With statistics (`large`) and without
    /// (`flights`; `wide`, whose 20,000 names are sampled).
    func testAFacetAddedLaterIsTheOneChosenAtOpening() throws {
        try server.psql(
            "CREATE TABLE IF NOT EXISTS wide AS SELECT g AS id, 'name ' || g AS name FROM generate_series(1, 20000) g")
        let cases = [
            ("flights", "carrier", ["distance", "tailnum", "dep_time"]), ("large", "kind", ["id", "amount"]),
        ]
        for (name, opened, added) in cases {
            let names = try open(name).columns.map(\.name)
            let first = try XCTUnwrap(names.firstIndex(of: opened))
            let columns = try added.map { try XCTUnwrap(names.firstIndex(of: $0), $0) }
            var kinds: [Int: FacetKind] = [first: .options]
            for column in columns { kinds[column] = names[column] == "tailnum" ? .options : .range }
            let expected = try open(name, facets: kinds)
            var later = try open(name, facets: [first: .options])
            for column in columns {
                XCTAssertTrue(try later.addFacet(column, try connect()), names[column])
            }
            XCTAssertEqual(later.facets, expected.facets, name)
            XCTAssertEqual(later.options, expected.options, name)
            XCTAssertEqual(later.bins, expected.bins, name)
            XCTAssertEqual(later.openingCounts, expected.openingCounts, name)
            let counted = try later.counts(DatabaseFilter(), try connect())
            XCTAssertEqual(counted.counts, expected.openingCounts?.counts, name)
            later.removeFacet(columns[1])
            XCTAssertNil(later.facets[columns[1]], name)
            let remaining = try later.counts(DatabaseFilter(), try connect())
            XCTAssertNil(remaining.counts[columns[1]] ?? remaining.histograms[columns[1]]?.counts, name)
        }
        var wide = try open("wide", facets: [:])
        XCTAssertFalse(try wide.addFacet(1, try connect()), "20,000 names are a facet")
        XCTAssertEqual(wide.facets, [:])
    }

    /// Every column summarized by the server is the in-memory engine's summary of the same rows,
    /// all of them and those of one carrier: each count, extreme, median and histogram, the most
    /// common texts; the mean within rounding (the server adds in its own order).
    func testTheSummaryIsTheInMemoryEnginesSummary() throws {
        let table = try open("flights")
        let catalog = try CatalogReader.load(path: try server.folder + "/flights.csv")
        let memory = FacetFilter(catalog: catalog)
        let carrier = try XCTUnwrap(table.column(matching: "carrier"))
        XCTAssertEqual(table.facets[carrier], .options)
        for choosing in [false, true] {
            var filter = DatabaseFilter()
            if choosing {
                let inServer = try XCTUnwrap(table.options[carrier]?.firstIndex(of: "UA"))
                filter.select(FacetSelection(options: [inServer]), inColumn: carrier)
                memory.setFacet(carrier, true)
                memory.select(
                    option: try XCTUnwrap(memory.options(forColumn: carrier).firstIndex(of: "UA")), inColumn: carrier)
                XCTAssertLessThan(memory.matchCount, Self.rows)
            }
            let counted = try table.summary(filter, try connect())
            let rows = memory.matchCount == catalog.count ? nil : memory.matches
            let expected = try XCTUnwrap(CatalogSummary.summarize(catalog, rows: rows))
            XCTAssertEqual(counted.map(\.name), expected.map(\.name))
            for (got, want) in zip(counted, expected) {
                let name = want.name + (choosing ? ", UA" : "")
                XCTAssertEqual(got.kind, want.kind, name)
                XCTAssertEqual(
                    [got.present, got.missing, got.distinct], [want.present, want.missing, want.distinct], name)
                XCTAssertEqual(got.minimum, want.minimum, name)
                XCTAssertEqual(got.maximum, want.maximum, name)
                XCTAssertEqual(got.histogram, want.histogram, name)
                for (a, b) in [(got.median, want.median), (got.mean, want.mean)] {
                    XCTAssertEqual(a == nil, b == nil, name)
                    if let a, let b { XCTAssertEqual(a, b, accuracy: max(1e-9, abs(b) * 1e-12), name) }
                }
                if want.kind == .text { XCTAssertEqual(got.common, want.common, name) }
            }
        }
    }

    /// Groups of two levels (a text of quotes, new lines and accents, then a yes/no column; the
    /// rows with no value among them), with measures of a number and a date-time, under a filter:
    /// the server's GROUP BY gives what the catalog gives, level by level, group by group.
    func testGroupsAreTheInMemoryEnginesGroups() throws {
        let (table, catalog, memory, connection) = try flightsBothWays()
        func column(_ name: String) throws -> Int { try XCTUnwrap(catalog.column(named: name), name) }
        let (note, cancelled, delay, hour) = (
            try column("note"), try column("cancelled"), try column("dep_delay"), try column("time_hour")
        )
        XCTAssertEqual(table.columns.map(\.name), catalog.columns.map(\.name))
        let month = try column("month")
        var filter = DatabaseFilter()
        let march = try XCTUnwrap(table.options[month]?.firstIndex(of: "3"), "month is no facet in the server")
        filter.select(FacetSelection(options: [march, march + 1]), inColumn: month)
        memory.setFacet(month, true, as: .options)
        memory.setSelection(FacetSelection(options: [march, march + 1]), forColumn: month)
        XCTAssertEqual(memory.options(forColumn: month), table.options[month])
        let grouping = Grouping(
            levels: [GroupLevel(note), GroupLevel(cancelled)],
            measures: [
                FacetMeasure(.mean, of: delay), FacetMeasure(.median, of: delay), FacetMeasure(.maximum, of: hour),
                FacetMeasure(.sum, of: note),
            ])
        func assertSame(_ path: [GroupKey]) throws -> [GroupRow] {
            try assertSameGroups(grouping, within: path, table, filter, memory, connection)
        }
        let notes = try assertSame([])
        XCTAssertEqual(notes.last?.key, .noValue, "some flights have no note")
        XCTAssertEqual(notes.map(\.count).reduce(0, +), memory.matchCount)
        for group in notes {
            let inner = try assertSame([group.key])
            XCTAssertEqual(Set(inner.map(\.label)).subtracting(["Yes", "No", "No value"]), [], group.label)
        }
        try assertSameInnermostGroups(grouping, table, filter, memory, connection)
    }

    /// A number by its range flyout's bins, a date by month and then week, a date-time by hour:
    /// the server's `width_bucket` over the same edges gives the catalog's groups. (A number with
    /// decimals would be named apart: the server takes a cent as its step, the catalog the step
    /// its values show, as their range flyouts do.)
    func testGroupsOfBinsAndPeriodsAreTheInMemoryEnginesGroups() throws {
        let (table, catalog, memory, connection) = try flightsBothWays()
        func column(_ name: String) throws -> Int { try XCTUnwrap(catalog.column(named: name), name) }
        let (delay, distance, date, hour, carrier) = (
            try column("dep_delay"), try column("distance"), try column("flight_date"), try column("time_hour"),
            try column("carrier")
        )
        var filter = DatabaseFilter()
        let ua = try XCTUnwrap(table.options[carrier]?.firstIndex(of: "UA"), "carrier is no facet in the server")
        filter.select(FacetSelection(options: [ua]), inColumn: carrier)
        memory.setFacet(carrier, true, as: .options)
        memory.setSelection(FacetSelection(options: [ua]), forColumn: carrier)
        XCTAssertEqual(memory.options(forColumn: carrier), table.options[carrier])
        let measures = [FacetMeasure(.mean, of: delay), FacetMeasure(.median, of: delay)]
        for levels in [
            [GroupLevel(distance, by: .bins), GroupLevel(date, by: .dates(.month))],
            [GroupLevel(date, by: .dates(.month)), GroupLevel(date, by: .dates(.week))],
            [GroupLevel(hour, by: .dates(.hour))],
        ] {
            let grouping = Grouping(levels: levels, measures: measures)
            let outer = try assertSameGroups(grouping, within: [], table, filter, memory, connection)
            XCTAssertGreaterThan(outer.count, 2)
            try assertSameInnermostGroups(grouping, table, filter, memory, connection)
            guard levels.count > 1 else { continue }
            for group in outer {
                _ = try assertSameGroups(grouping, within: [group.key], table, filter, memory, connection)
            }
        }
    }

    /// Every innermost group of `grouping` from the server's one `GROUP BY` and from memory, the
    /// same group by group, with every level's key and text.
    private func assertSameInnermostGroups(
        _ grouping: Grouping, _ table: DatabaseTable, _ filter: DatabaseFilter, _ memory: FacetFilter,
        _ connection: PostgresConnection, line: UInt = #line
    ) throws {
        let inServer = try table.innermostGroups(grouping, filter, connection)
        let inMemory = memory.innermostGroups(grouping)
        XCTAssertGreaterThan(inMemory.count, 2, line: line)
        XCTAssertEqual(inServer.map(\.path), inMemory.map(\.path), "innermost", line: line)
        XCTAssertEqual(inServer.map(\.labels), inMemory.map(\.labels), "innermost", line: line)
        XCTAssertEqual(inServer.map(\.count), inMemory.map(\.count), "innermost", line: line)
        for (got, want) in zip(inServer, inMemory) {
            assertSameFigures(got.figures, want.figures, "\(want.labels)", line: line)
        }
        // The total row: every match, the measures over them all.
        let totalInServer = try table.groupsTotal(grouping, filter, connection)
        let totalInMemory = memory.groupsTotal(grouping)
        XCTAssertEqual(totalInServer.count, totalInMemory.count, "the total", line: line)
        XCTAssertEqual(totalInMemory.count, memory.matchCount, "the total is every match", line: line)
        assertSameFigures(totalInServer.figures, totalInMemory.figures, "the total", line: line)
        // The rows a group folds out into: the same rows by their ids (the two engines list a
        // group's rows in their own orders, a file's and the server's key, and write a number
        // each its own way, "257.0" and "257").
        let catalog = memory.catalog
        for group in inMemory.prefix(3) + inMemory.filter({ $0.path.contains(.noValue) }).prefix(1) {
            let inServer = try table.members(
                grouping, within: group.path, filter, offset: 0, limit: group.count + 1, connection
            ).map { $0[0] ?? "" }
            let inMemory = memory.groupMembers(grouping, within: group.path, offset: 0, limit: .max).map {
                catalog.text(0, at: $0)
            }
            XCTAssertEqual(inServer.count, group.count, "\(group.labels)'s rows", line: line)
            XCTAssertEqual(inServer.sorted(), inMemory.sorted(), "\(group.labels)'s rows", line: line)
            XCTAssertEqual(Set(inMemory).count, inMemory.count, "the first column tells the rows apart", line: line)
        }
    }

    /// The flights in the server and read from their CSV into memory, and a connection.
    private func flightsBothWays() throws -> (DatabaseTable, Catalog, FacetFilter, PostgresConnection) {
        let catalog = try CatalogReader.load(path: try server.folder + "/flights.csv")
        return (try open("flights"), catalog, FacetFilter(catalog: catalog), try connect())
    }

    /// `grouping`'s level under `path` from the server and from memory, the same key by key: its
    /// groups as the catalog gives them.
    @discardableResult
    private func assertSameGroups(
        _ grouping: Grouping, within path: [GroupKey], _ table: DatabaseTable, _ filter: DatabaseFilter,
        _ memory: FacetFilter, _ connection: PostgresConnection, line: UInt = #line
    ) throws -> [GroupRow] {
        let inServer = try table.groups(grouping, within: path, filter, connection)
        let inMemory = memory.groups(grouping, within: path)
        let at = "under \(path)"
        XCTAssertEqual(inServer.map(\.key), inMemory.map(\.key), at, line: line)
        XCTAssertEqual(inServer.map(\.label), inMemory.map(\.label), at, line: line)
        XCTAssertEqual(inServer.map(\.count), inMemory.map(\.count), at, line: line)
        XCTAssertEqual(inServer.map(\.span), inMemory.map(\.span), "\(at): the values of each bin", line: line)
        for (got, want) in zip(inServer, inMemory) {
            assertSameFigures(got.figures, want.figures, "\(at), \(want.label)", line: line)
        }
        return inMemory
    }

    /// A group's figures from the server and from memory: as many values used, the same values.
    private func assertSameFigures(_ got: [MeasureFigure], _ want: [MeasureFigure], _ at: String, line: UInt) {
        XCTAssertEqual(got.map(\.used), want.map(\.used), at, line: line)
        for (a, b) in zip(got, want) {
            XCTAssertEqual(a.value == nil, b.value == nil, at, line: line)
            if let a = a.value, let b = b.value {
                XCTAssertEqual(a, b, accuracy: max(1e-9, abs(b) * 1e-12), at, line: line)
            }
        }
    }
}
