// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import Dispatch
import FoldoutCore
import Glibc
import PostgresTesting
import Synchronization

/// `--only database`: a PostgreSQL table filtered where it lives. A throwaway server (as the tests
/// start one) holds a flights-like table made by `generate_series`; a facet change (the match
/// count and every facet's counts and histograms) through Foldout's engine (`DatabaseTable.counts`,
/// bound parameters over libpq) against the same statements sent by `psql` (prepared, then
/// executed; psql's `\timing`), rounds alternating, at 1M and at `rows` rows; Foldout's memory while
/// filtering; a narrow range of the delay; and both again with indexes on `carrier` and
/// `dep_delay` (made in the throwaway database only: Foldout never creates anything in a user's).
func databaseFigures(rows: Int, rounds: Int, peers: PythonPeers?) -> [Figure] {
    let readsSQL = peers?.install("psycopg2-binary", importing: "psycopg2") == true
    let server: ThrowawayPostgres
    do { server = try ThrowawayPostgres() } catch { fatal("cannot start PostgreSQL: \(error)") }
    // Stopped before any fatal(), whose exit skips a defer.
    var figures: [Figure] = []
    let sizes = rows > 1_000_000 ? [1_000_000, rows] : [rows]
    do {
        for size in sizes {
            progress("database: making a table of \(size) rows")
            try server.psql(makeTable(rows: size))
            try server.psql("VACUUM ANALYZE big")
            figures += try facetChange(server, rows: size, rounds: rounds, label: "", changes: carrierChanges)
            figures += try groupsChange(server, rows: size, rounds: rounds)
            if readsSQL, let peers { figures += pandasMemory(server, rows: size, peers: peers) }
        }
        let last = sizes.last!
        figures += try windowOpening(server, rows: last, rounds: rounds)
        figures += try facetChange(server, rows: last, rounds: rounds, label: ", narrow delay", changes: narrowChanges)
        progress("database: indexing carrier and dep_delay")
        try server.psql("CREATE INDEX ON big (carrier); CREATE INDEX ON big (dep_delay); ANALYZE big")
        figures += try facetChange(
            server, rows: last, rounds: rounds, label: ", carrier indexed", changes: carrierChanges)
        figures += try facetChange(
            server, rows: last, rounds: rounds, label: ", narrow delay indexed", changes: narrowChanges)
    } catch {
        server.stop()
        fatal("database: \(error)")
    }
    server.stop()
    return figures
}

/// A flights-like table `big` (replacing any): ten carriers, three origins, twelve months, a delay
/// with a missing value in 37, a date over a year, 4,000 tail numbers; the primary key `id`.
private func makeTable(rows: Int) -> String {
    """
    DROP TABLE IF EXISTS big;
    CREATE TABLE big AS SELECT g AS id,
        (ARRAY['UA', 'AA', 'B6', 'DL', 'EV', 'MQ', 'US', 'WN', 'VX', '9E'])[1 + (g * 7) % 10] AS carrier,
        (ARRAY['JFK', 'LGA', 'EWR'])[1 + (g / 3) % 3] AS origin, (1 + (g / 11) % 12)::int AS month,
        (CASE WHEN g % 37 = 0 THEN NULL ELSE ((g * 7919) % 1700 - 300) / 10.0 END)::numeric(6,1) AS dep_delay,
        DATE '2013-01-01' + ((g * 13) % 365)::int AS flight_date, 'N' || (10000 + g % 4000) AS tailnum
      FROM generate_series(1::int8, \(rows)) g;
    ALTER TABLE big ADD PRIMARY KEY (id);
    """
}

/// Two facet changes in turn, so that no round repeats the one before: one carrier; two carriers
/// from JFK (each a tenth of the rows or more: every page has some).
private func carrierChanges(_ table: DatabaseTable) -> [DatabaseFilter] {
    let carriers = table.options[1] ?? []
    var one = DatabaseFilter()
    one.select(FacetSelection(options: [carriers.firstIndex(of: "UA") ?? 0]), inColumn: 1)
    var two = DatabaseFilter()
    two.select(
        FacetSelection(options: Set([carriers.firstIndex(of: "AA") ?? 0, carriers.firstIndex(of: "DL") ?? 1])),
        inColumn: 1)
    two.select(FacetSelection(options: [table.options[2]?.firstIndex(of: "JFK") ?? 0]), inColumn: 2)
    return [one, two]
}

/// The Groups view's question of the server (issue 62): every carrier and origin (30 groups)
/// with the mean and the median delay, among one month's flights (two months in turn), as
/// `DatabaseTable.innermostGroups` asks it, against the same statement and values sent by psql.
private func groupsChange(_ server: ThrowawayPostgres, rows: Int, rounds: Int) throws -> [Figure] {
    guard let address = DatabaseAddress(server.uri(table: "big")) else {
        throw ThrowawayPostgres.Failure(description: "no address")
    }
    let table = try DatabaseTable.open(
        address: address, facets: [1: .options, 2: .options, 3: .options], deferringRanges: true)
    let connection = try table.connect()
    let (carrier, origin, month, delay) = (1, 2, 3, 4)
    let grouping = Grouping(
        levels: [GroupLevel(carrier), GroupLevel(origin)],
        measures: [FacetMeasure(.mean, of: delay), FacetMeasure(.median, of: delay)])
    let months = table.options[month] ?? []
    let filters = ["12", "6"].map { chosen in
        var filter = DatabaseFilter()
        filter.select(FacetSelection(options: [months.firstIndex(of: chosen) ?? 0]), inColumn: month)
        return filter
    }
    var found = 0
    let (ours, psql) = try inTurns(rounds: rounds, "database \(rows) rows, groups") { round in
        found = try table.innermostGroups(grouping, filters[round % filters.count], connection).count
    } theirs: { round in
        try psqlMilliseconds(server, [table.innermostGroupsSQL(grouping, filters[round % filters.count], connection)])
    }
    guard found == 30 else { throw ThrowawayPostgres.Failure(description: "\(found) groups, not 30") }
    return [
        Figure(
            name: "groups carrier × origin, mean and median delay, one month, \(NumberText.grouped(rows)) rows",
            unit: "ms", value: median(ours), baseline: median(psql),
            baselineName: "the same GROUP BY from psql (\\timing)", rounds: rounds)
    ]
}

/// Two narrow ranges of the delay in turn (a thousandth of the rows each), as a drag leaves them.
private func narrowChanges(_ table: DatabaseTable) -> [DatabaseFilter] {
    [100.0, 120.0].map { low in
        var filter = DatabaseFilter()
        filter.setRange(FacetRange(lower: low, upper: low + 0.5), forColumn: 4)
        return filter
    }
}

private func facetChange(
    _ server: ThrowawayPostgres, rows: Int, rounds: Int, label: String,
    changes: (DatabaseTable) -> [DatabaseFilter]
) throws -> [Figure] {
    guard let address = DatabaseAddress(server.uri(table: "big")) else {
        throw ThrowawayPostgres.Failure(description: "no address")
    }
    var opening: [Double] = []
    var whole: [Double] = []
    var table = try openWithCounts(address, rows: rows, &opening, &whole)
    if label.isEmpty {
        for round in 2...max(rounds, 2) {
            progress("database \(rows) rows: opening, round \(round) of \(rounds)")
            table = try openWithCounts(address, rows: rows, &opening, &whole)
        }
    }
    let connection = try table.connect()
    // The release build's opening counts against a query's (not timed).
    if label.isEmpty, let opening = table.openingCounts, opening != (try table.counts(DatabaseFilter(), connection)) {
        throw ThrowawayPostgres.Failure(description: "the opening counts are not the counted ones")
    }
    let filters = changes(table)
    var matched = 0
    let (ours, psql) = try inTurns(rounds: rounds, "database \(rows) rows\(label)") { round in
        matched = try table.counts(filters[round % filters.count], connection).matchCount
    } theirs: { round in
        try psqlMilliseconds(server, table.countSQL(filters[round % filters.count]))
    }
    guard matched > 0 else { throw ThrowawayPostgres.Failure(description: "nothing matched") }
    let name = "facet change, \(NumberText.grouped(rows)) rows" + label
    var figures = [
        Figure(
            name: name, unit: "ms", value: median(ours), baseline: median(psql),
            baselineName: "the same statements from psql (\\timing)", rounds: rounds)
    ]
    if label.isEmpty {
        figures.append(
            Figure(
                name: "open with its count and option facets, \(NumberText.grouped(rows)) rows", unit: "ms",
                value: median(opening), baseline: nil, baselineName: "", rounds: opening.count))
        figures.append(
            Figure(
                name: "open with every facet and histogram, \(NumberText.grouped(rows)) rows", unit: "ms",
                value: median(whole), baseline: nil, baselineName: "", rounds: whole.count))
        figures.append(
            Figure(
                name: "memory filtering \(NumberText.grouped(rows)) rows", unit: "MiB", value: residentMiB(),
                baseline: Double(rows) * 52 / 1_048_576, baselineName: "in memory at 52 bytes a row",
                rounds: 1))
    }
    return figures
}

/// The window, `foldout URI --in-database --page filters` (release build): from starting the
/// program until a frame shows the table's count, option flyouts and first rows, and until a frame
/// shows every flyout (the range facets' histograms counted after).
private func windowOpening(_ server: ThrowawayPostgres, rows: Int, rounds: Int) throws -> [Figure] {
    let foldout = program("foldout")
    let arguments = [server.uri(table: "big"), "--in-database", "--page", "filters", "--bench-server-opening"]
    var counted: [Double] = []
    var ready: [Double] = []
    var peaks: [Double] = []
    for round in 0...rounds {
        progress("database \(rows) rows: the window, round \(round) of \(rounds)")
        let started = Double(monotonicNanoseconds()) / 1e3
        let result = run(foldout, arguments)
        let times = result.jsonNumbers
        guard result.status == 0, let at = times["counted_at_us"], let all = times["ready_at_us"],
            times["rows"] == Double(rows)
        else { throw ThrowawayPostgres.Failure(description: "the window failed: \(result.output.suffix(300))") }
        // The first round warms the program's pages and the server's; it is not counted.
        guard round > 0 else { continue }
        counted.append((at - started) / 1e3)
        ready.append((all - started) / 1e3)
        peaks.append(result.peakMiB)
    }
    let grouped = NumberText.grouped(rows)
    return [
        Figure(
            name: "window: launch to count, option flyouts and rows shown, \(grouped) rows", unit: "ms",
            value: median(counted), baseline: nil, baselineName: "", rounds: rounds),
        Figure(
            name: "window: launch to every flyout shown, \(grouped) rows", unit: "ms", value: median(ready),
            baseline: nil, baselineName: "", rounds: rounds),
        Figure(
            name: "window: peak memory, \(grouped) rows in the server", unit: "MiB", value: median(peaks),
            baseline: nil, baselineName: "", rounds: rounds),
    ]
}

/// Opens the table as the window does and waits for the first counts it asks (the unfiltered
/// table's, through a session), adding the time to `times`; then makes the range facets left for
/// later, as the window does next, adding the time from the start to `whole`.
private func openWithCounts(
    _ address: DatabaseAddress, rows: Int, _ times: inout [Double], _ whole: inout [Double]
) throws -> DatabaseTable {
    let started = monotonicNanoseconds()
    var table = try DatabaseTable.open(
        address: address, facets: [1: .options, 2: .options, 3: .options, 4: .range, 5: .range],
        deferringRanges: true)
    let done = DispatchSemaphore(value: 0)
    let answer = Mutex<Result<DatabaseCounts, CatalogImportError>?>(nil)
    DatabaseSession(table: table).counts(DatabaseFilter()) { result in
        answer.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    times.append(Double(monotonicNanoseconds() - started) / 1e6)
    guard case .success(let counts) = answer.withLock({ $0 }), counts.matchCount == rows else {
        throw ThrowawayPostgres.Failure(description: "the first counts failed or miscounted")
    }
    try table.surveyPendingRanges(try table.connect())
    whole.append(Double(monotonicNanoseconds() - started) / 1e6)
    return table
}

/// Foldout's memory with the table open and filtered in its server, against pandas reading it
/// (`read_sql`, the way a notebook gets a table): the Python process's peak.
private func pandasMemory(_ server: ThrowawayPostgres, rows: Int, peers: PythonPeers) -> [Figure] {
    progress("database \(rows) rows: pandas.read_sql")
    guard let read = peers.readSQL(uri: server.uri(), query: "SELECT * FROM big"), read.rows == rows else { return [] }
    let grouped = NumberText.grouped(rows)
    return [
        Figure(
            name: "memory with \(grouped) rows in the server", unit: "MiB", value: residentMiB(),
            baseline: read.peakMiB, baselineName: "pandas.read_sql('SELECT * FROM big') over psycopg2, peak",
            rounds: 1),
        Figure(
            name: "pandas.read_sql of \(grouped) rows", unit: "ms", value: read.milliseconds, baseline: nil,
            baselineName: "", rounds: 1),
    ]
}

/// The time psql's `\timing` gives the statements, prepared first (not timed) then executed with
/// the same values; the sum of the executions.
private func psqlMilliseconds(_ server: ThrowawayPostgres, _ statements: [(sql: String, values: [String])]) throws
    -> Double
{
    var script = ""
    for (index, statement) in statements.enumerated() { script += "PREPARE s\(index) AS \(statement.sql);\n" }
    script += "\\timing on\n"
    for (index, statement) in statements.enumerated() {
        let values = statement.values.map {
            "'" + $0.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        }
        script += "EXECUTE s\(index)" + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")") + ";\n"
    }
    try server.psql(script: script)
    let output = String(decoding: server.psqlOutput, as: UTF8.self)
    let times = output.split(separator: "\n").filter { $0.hasPrefix("Time: ") }.compactMap {
        Double($0.dropFirst(6).split(separator: " ").first ?? "")
    }
    guard times.count == statements.count else {
        throw ThrowawayPostgres.Failure(description: "psql gave \(times.count) times: \(output.suffix(300))")
    }
    return times.reduce(0, +)
}

/// This process's resident memory now (`VmRSS`), in MiB.
private func residentMiB() -> Double {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(cString: line)
        guard text.hasPrefix("VmRSS:") else { continue }
        return (Double(text.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0) / 1024
    }
    return 0
}

/// Times `ours` (here) and `theirs` (milliseconds it reports) round by round, in turns: which goes
/// first alternates, so that neither always meets the server's cache warmed by the other.
private func inTurns(
    rounds: Int, _ label: String, ours: (Int) throws -> Void, theirs: (Int) throws -> Double
) throws -> (ours: [Double], theirs: [Double]) {
    var timesOurs: [Double] = []
    var timesTheirs: [Double] = []
    for round in 1...rounds {
        progress("\(label): round \(round) of \(rounds)")
        func measureOurs() throws {
            let started = monotonicNanoseconds()
            try ours(round)
            timesOurs.append(Double(monotonicNanoseconds() - started) / 1e6)
        }
        if round % 2 == 0 { try measureOurs() }
        timesTheirs.append(try theirs(round))
        if round % 2 == 1 { try measureOurs() }
    }
    return (timesOurs, timesTheirs)
}
