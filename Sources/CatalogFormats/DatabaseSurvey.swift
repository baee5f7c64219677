// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import FoldoutCore
import Synchronization

/// What a table's facets are learnt from when it opens: one pass over its rows (`GROUPING SETS`)
/// that gives the rows' count, every option facet's options with their counts and every range
/// facet's values with their counts, from which its bounds, bins and histogram follow; so the
/// first counts (`openingCounts`) cost no query more. The option facets are grouped together (one
/// hash a row) when the planner's statistics promise few combinations; a range facet is grouped
/// by its values when they promise few of them, else its bounds and histogram take two scans
/// more. A large table is read in slices by `ctid`, a connection each, all in one snapshot
/// (`pg_export_snapshot`), since PostgreSQL runs no grouping sets in parallel itself.
extension DatabaseTable {
    static let combinedOptionsLimit = 10_000, groupedRangeValuesLimit = 10_000
    static let slicedPages = 2_048, maxSlices = 4

    /// Makes `added` facets: fetches each option facet's options and each range facet's bounds,
    /// and counts the rows; with the first facets, also `openingCounts`. `deferringRanges` leaves
    /// the range facets for `surveyPendingRanges` (`pendingRanges`), so that the rows' count and
    /// the option facets come after one cheaper pass.
    mutating func addFacets(
        _ added: [Int: FacetKind], _ connection: PostgresConnection, deferringRanges: Bool = false
    ) throws(CatalogImportError) {
        let opening = facets.isEmpty && pendingRanges.isEmpty
        var ranges: [Int] = []
        for (column, kind) in added.sorted(by: { $0.key < $1.key }) {
            if kind == .range && columns[column].kind != .text {
                ranges.append(column)
            } else {
                facets[column] = .options
            }
        }
        if deferringRanges {
            pendingRanges = ranges
            ranges = []
        }
        for column in ranges { facets[column] = .range }
        let listed = added.keys.filter { facets[$0] == .options }.sorted()
        let facts = try relationFacts(connection)
        let names = columns.map(\.name)
        let distinct = { (column: Int) in facts.distinct[names[column]] }
        let combinations = listed.reduce(1.0) { $0 * ((distinct($1) ?? .infinity) + 1) }
        let grouped = ranges.filter { (distinct($0) ?? .infinity) <= Double(Self.groupedRangeValuesLimit) }
        let survey = Survey(
            options: listed, combined: listed.count > 1 && combinations <= Double(Self.combinedOptionsLimit),
            ranges: grouped, table: self)
        let found = try survey.run(slices: facts.slices, connection, uri: uri)
        rowCount = found.rows
        var counts = DatabaseCounts(matchCount: found.rows)
        for column in listed {
            let values = found.options[column] ?? [:]
            options[column] = DatabaseOptions.ordered(values.keys.compactMap { $0 }, columns[column])
            for (value, count) in values { add(count, of: value, toFacet: column, &counts) }
        }
        for column in grouped {
            let values = found.ranges[column] ?? [:]
            let numbers = values.keys.compactMap { $0 }.compactMap { Double($0) }
            // PostgreSQL's order of float8: NaN after every number.
            let lowest = numbers.min { !$0.isNaN && ($1.isNaN || $0 < $1) } ?? 0
            let highest = numbers.max { !$0.isNaN && ($1.isNaN || $0 < $1) } ?? lowest
            var histogram = makeBins(
                column, RangeSpan(lowest: lowest, highest: highest, wholeNumbers: found.fractional[column] != true))
            for (value, count) in values {
                guard let number = value.flatMap({ Double($0) }) else {
                    if value == nil { histogram.missing += count }
                    continue
                }
                histogram.counts[Self.bucket(number, histogram.edges) - 1] += count
            }
            counts.histograms[column] = histogram
        }
        let unsurveyed = ranges.filter { !grouped.contains($0) }
        try findBounds(unsurveyed, connection)
        guard opening || (openingCounts != nil && !unsurveyed.isEmpty) else {
            // Facets added later: their unfiltered counts join those of the opening.
            openingCounts?.counts.merge(counts.counts) { $1 }
            openingCounts?.histograms.merge(counts.histograms) { $1 }
            return
        }
        if unsurveyed.isEmpty {
            for column in facets.keys where facets[column] == .options && counts.counts[column] == nil {
                counts.counts[column] = [Int](repeating: 0, count: (options[column]?.count ?? 0) + 1)
            }
            openingCounts = counts
        } else {
            openingCounts = try self.counts(DatabaseFilter(), connection)
        }
    }

    /// Makes the range facets `addFacets` left (`pendingRanges`): their bounds, bins and the
    /// unfiltered table's histograms, which join `openingCounts`.
    public mutating func surveyPendingRanges(_ connection: PostgresConnection) throws(CatalogImportError) {
        guard !pendingRanges.isEmpty else { return }
        // A table of these facets alone, as if they were the first: its opening counts are their
        // histograms, and the option facets are not counted again.
        var surveyed = self
        surveyed.facets = [:]
        surveyed.pendingRanges = []
        try surveyed.addFacets(Dictionary(uniqueKeysWithValues: pendingRanges.map { ($0, .range) }), connection)
        bins.merge(surveyed.bins) { $1 }
        spans.merge(surveyed.spans) { $1 }
        facets.merge(surveyed.facets) { $1 }
        openingCounts?.histograms.merge(surveyed.openingCounts?.histograms ?? [:]) { $1 }
        pendingRanges = []
    }

    /// `width_bucket(number, edges)` clamped to the bins, as `counts` groups a range facet's rows.
    static func bucket(_ number: Double, _ edges: [Double]) -> Int {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            if edges[middle].isNaN || number < edges[middle] { high = middle } else { low = middle + 1 }
        }
        return min(max(low, 1), edges.count - 1)
    }

    /// The bounds of `ranges` by one scan (min and max), for range facets with many values.
    private mutating func findBounds(_ ranges: [Int], _ connection: PostgresConnection) throws(CatalogImportError) {
        guard !ranges.isEmpty else { return }
        let figures = ranges.map { spanSQL(columns[$0]) }
        let row = try connection.rows("SELECT " + figures.joined(separator: ", ") + " FROM " + source)[0]
        for (index, column) in ranges.enumerated() {
            makeBins(column, RangeSpan(row, at: index * 3))
        }
    }

    /// The lowest and highest value of `value` as numbers, and whether all are whole: three texts
    /// that `RangeSpan(_:at:)` reads.
    func spanSQL(_ value: DatabaseColumn) -> String {
        let whole =
            value.kind != .number || value.isWholeNumber
            ? "true" : "bool_and(\(value.quoted) = trunc(\(value.quoted)::numeric))"
        return "min(\(value.number))::text, max(\(value.number))::text, (\(whole))::text"
    }

    /// The planner's distinct values of each column (none without statistics), and how many
    /// slices to read the table in: as many as a query's parallel workers (two at least), for a
    /// large table (PostgreSQL 14 or later, which scans a `ctid` range by itself).
    func relationFacts(
        _ connection: PostgresConnection
    ) throws(CatalogImportError) -> (distinct: [String: Double], slices: [(from: Int?, to: Int?)]) {
        let row =
            try connection.rows(
                "SELECT c.relkind::text, c.reltuples::text,"
                    + " (pg_catalog.pg_relation_size(c.oid) / current_setting('block_size')::int8)::text,"
                    + " current_setting('server_version_num'), current_setting('max_parallel_workers_per_gather')"
                    + " FROM pg_catalog.pg_class c WHERE c.oid = $1::regclass", [source]
            ).first ?? []
        let value = { (index: Int) in row.indices.contains(index) ? row[index] : nil }
        let rows = value(1).flatMap { Double($0) } ?? -1
        var distinct: [String: Double] = [:]
        for stat in try connection.rows(
            "SELECT s.attname, s.n_distinct::text FROM pg_catalog.pg_stats s"
                + " JOIN pg_catalog.pg_class c ON c.oid = $1::regclass"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE s.schemaname = n.nspname AND s.tablename = c.relname", [source])
        {
            guard let name = stat[0], let figure = stat[1].flatMap(Double.init), rows >= 0 else { continue }
            distinct[name] = max(distinct[name] ?? 0, figure >= 0 ? figure : -figure * rows)
        }
        let pages = value(2).flatMap { Int($0) } ?? 0
        let workers = value(4).flatMap { Int($0) } ?? 0
        guard ["r", "m"].contains(value(0) ?? ""), (value(3).flatMap { Int($0) } ?? 0) >= 140_000,
            pages >= Self.slicedPages, workers > 0
        else { return (distinct, [(nil, nil)]) }
        // A slice a worker: one more (as PostgreSQL's leader joins its workers) ran slower on two cores.
        let count = min(max(workers, 2), Self.maxSlices)
        let edges = (1..<count).map { pages * $0 / count }
        let slices = (0..<count).map { ($0 == 0 ? nil : edges[$0 - 1], $0 == count - 1 ? nil : edges[$0]) }
        return (distinct, slices)
    }
}

/// The statement of the pass `addFacets` makes over a table, and its answers summed over the
/// slices.
private struct Survey: Sendable {
    let options: [Int]
    /// Whether the option facets are one grouping set (each combination of their values) or
    /// one each.
    let combined: Bool
    let ranges: [Int]
    let table: DatabaseTable

    struct Found: Sendable {
        var rows = 0
        /// Each option facet's rows by value (nil: no value).
        var options: [Int: [String?: Int]] = [:]
        /// Each range facet's rows by number (`float8` as text; nil: no value).
        var ranges: [Int: [String?: Int]] = [:]
        /// Range facets with a value that is not a whole number.
        var fractional: [Int: Bool] = [:]

        mutating func add(_ other: Found) {
            rows += other.rows
            for (column, values) in other.options { options[column, default: [:]].merge(values, uniquingKeysWith: +) }
            for (column, values) in other.ranges { ranges[column, default: [:]].merge(values, uniquingKeysWith: +) }
            for (column, flag) in other.fractional where flag { fractional[column] = true }
        }
    }

    /// Grouping sets by alias: the option facets' (together or each), then each range facet's.
    var sets: [[String]] {
        let names = options.indices.map { "o" + String($0) }
        return (combined ? [names] : names.map { [$0] }) + ranges.indices.map { ["r" + String($0)] }
    }

    /// The statement over the rows `condition` keeps, each row of its answer: `GROUPING` of each
    /// set (0 in the set's own rows), each option facet's value, each range facet's number and
    /// whether it is whole, and the rows.
    func sql(_ condition: String) -> String {
        let columns = table.columns
        // Text grouped as it is, its empty text made no value above (once a group, not once a row).
        var inner = zip(options, options.indices).map { columns[$0].compared + " AS o" + String($1) }
        inner += zip(ranges, ranges.indices).map { columns[$0].quoted + " AS r" + String($1) }
        var outer = sets.map { "GROUPING(" + $0.joined(separator: ", ") + ")::text" }
        outer += zip(options, options.indices).map {
            columns[$0].isText ? "NULLIF(o" + String($1) + ", '')" : "o" + String($1) + "::text"
        }
        for (column, slot) in zip(ranges, ranges.indices) {
            let value = columns[column]
            let alias = DatabaseColumn(
                name: value.name, quoted: "r" + String(slot), category: value.category, baseType: value.baseType,
                typeName: value.typeName)
            let whole =
                value.kind != .number || value.isWholeNumber
                ? "true" : alias.quoted + " = trunc(" + alias.quoted + "::numeric)"
            outer += ["(" + alias.number + ")::text", "(" + whole + ")::text"]
        }
        return "SELECT " + (outer + ["count(*)::text"]).joined(separator: ", ") + " FROM (SELECT "
            + (inner + ["1 AS one"]).joined(separator: ", ") + " FROM " + table.source + " WHERE " + condition
            + ") s GROUP BY GROUPING SETS ("
            + (sets.isEmpty ? ["()"] : sets.map { "(" + $0.joined(separator: ", ") + ")" })
            .joined(separator: ", ") + ")"
    }

    func read(_ rows: [[String?]]) -> Found {
        var found = Found()
        let setCount = sets.count
        for row in rows {
            let count = Int(row[row.count - 1] ?? "") ?? 0
            guard let set = (0..<setCount).first(where: { row[$0] == "0" }) else {
                found.rows += count
                continue
            }
            // Each set groups every row: the first's give the rows' count (no set `()` to hash).
            if set == 0 { found.rows += count }
            let optionSets = combined ? (options.isEmpty ? 0 : 1) : options.count
            if set < optionSets {
                for slot in combined ? Array(options.indices) : [set] {
                    found.options[options[slot], default: [:]][row[setCount + slot], default: 0] += count
                }
            } else {
                let slot = set - optionSets
                let at = setCount + options.count + 2 * slot
                found.ranges[ranges[slot], default: [:]][row[at], default: 0] += count
                if row[at + 1] == "false" { found.fractional[ranges[slot]] = true }
            }
        }
        return found
    }

    /// Runs the statement over each slice (`ctid` from and to a page) on a connection of its own,
    /// all in the snapshot of `connection`'s transaction; or over the whole table on `connection`.
    func run(
        slices: [(from: Int?, to: Int?)], _ connection: PostgresConnection, uri: String
    ) throws(CatalogImportError) -> Found {
        func condition(_ slice: (from: Int?, to: Int?), _ values: inout [String]) -> String {
            var parts: [String] = []
            if let from = slice.from {
                values.append("(" + String(from) + ",0)")
                parts.append("ctid >= $\(values.count)::tid")
            }
            if let to = slice.to {
                values.append("(" + String(to) + ",0)")
                parts.append("ctid < $\(values.count)::tid")
            }
            return parts.isEmpty ? "TRUE" : parts.joined(separator: " AND ")
        }
        guard slices.count > 1, let snapshot = try? exportSnapshot(connection) else {
            return read(try connection.rows(sql("TRUE")))
        }
        let results = Mutex<[Result<Found, CatalogImportError>?]>(Array(repeating: nil, count: slices.count))
        // The other slices' queries, stopped when this connection's is (a window closed, a newer
        // request), so that none is left running on the server.
        let others = Mutex<(stopped: Bool, cancellers: [PostgresCanceller])>((false, []))
        let statements = slices.map { slice in
            var values: [String] = []
            let text = sql(condition(slice, &values))
            return (text, values)
        }
        // Each slice but the first on a thread and a connection of its own; the first here.
        let group = DispatchGroup()
        for index in slices.indices.dropFirst() {
            DispatchQueue.global().async(group: group) {
                let result: Result<Found, CatalogImportError>
                do throws(CatalogImportError) {
                    let own = try PostgresConnection(uri: uri)
                    _ = try own.rows("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    // The snapshot's name is the server's own (checked: hex digits and dashes); SET
                    // TRANSACTION takes no parameter.
                    _ = try own.rows("SET TRANSACTION SNAPSHOT '" + snapshot + "'")
                    let stopped = others.withLock { others in
                        if let canceller = own.canceller() { others.cancellers.append(canceller) }
                        return others.stopped
                    }
                    if stopped { throw CatalogImportError(line: 0, reason: .cancelled) }
                    let found = read(try own.rows(statements[index].0, statements[index].1))
                    _ = try own.rows("COMMIT")
                    result = .success(found)
                } catch {
                    result = .failure(error)
                }
                results.withLock { $0[index] = result }
            }
        }
        var found = Found()
        defer { _ = try? connection.rows("COMMIT") }
        do throws(CatalogImportError) {
            found.add(read(try connection.rows(statements[0].0, statements[0].1)))
        } catch {
            others.withLock { others in
                others.stopped = true
                for canceller in others.cancellers { canceller.stopQuery() }
            }
            group.wait()
            throw error
        }
        group.wait()
        // A slice that failed on its own connection (the server's or the role's connection limit
        // reached) is read again here, in the same snapshot.
        for (index, result) in results.withLock({ $0 }).enumerated().dropFirst() {
            if case .success(let slice) = result {
                found.add(slice)
            } else {
                found.add(read(try connection.rows(statements[index].0, statements[index].1)))
            }
        }
        return found
    }

    /// Begins a read-only transaction on `connection` and exports its snapshot; nil (and no
    /// transaction) when the server refuses.
    private func exportSnapshot(_ connection: PostgresConnection) throws(CatalogImportError) -> String? {
        _ = try connection.rows("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        let name = try? connection.rows("SELECT pg_catalog.pg_export_snapshot()").first?[0]
        guard let name, !name.isEmpty, name.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            _ = try connection.rows("ROLLBACK")
            return nil
        }
        return name
    }
}
