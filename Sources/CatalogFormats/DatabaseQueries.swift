// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What the Filters page shows of a filtered table: the matching rows' count, each option facet's
/// counts (the last one "No value") and each range facet's histogram, every facet's among the
/// rows the other filters and the search match.
public struct DatabaseCounts: Equatable, Sendable {
    public var matchCount = 0
    public var counts: [Int: [Int]] = [:]
    public var histograms: [Int: FacetHistogram] = [:]
}

/// A page of matching rows in the sort order: each row's values as shown (nil for none), and
/// where the next page starts.
public struct DatabasePage: Sendable {
    public var rows: [[String?]]
    /// Each row's key (its primary key's values, or its `ctid`), for `record(key:)`.
    public var keys: [[String]]
    /// Where the page after this one starts; nil after the last.
    public var next: DatabaseCursor?
}

/// The last row of a page: its sort values and key (or, for a table without a key, how many
/// rows came before the next page).
public struct DatabaseCursor: Sendable, Equatable {
    let sortValues: [String?]
    let key: [String]
    let offset: Int
}

/// The queries, each sent on `connection` with every value bound.
extension DatabaseTable {
    /// The counts for `filter`: one query (`GROUPING SETS`) for the match count and every facet
    /// that does not filter, which all count the same rows, and one for each facet that does.
    public func counts(_ filter: DatabaseFilter, _ connection: PostgresConnection) throws(CatalogImportError)
        -> DatabaseCounts
    {
        var result = DatabaseCounts()
        for statement in countStatements(filter) {
            let rows = try connection.rows(statement.sql, statement.values)
            guard statement.isShared else {
                for row in rows { add(Int(row[1] ?? "") ?? 0, of: row[0], toFacet: statement.facets[0], &result) }
                continue
            }
            let facets = statement.facets
            for row in rows {
                let count = Int(row[2 * facets.count] ?? "") ?? 0
                guard let slot = facets.indices.first(where: { row[2 * $0] == "0" }) else {
                    result.matchCount = count
                    continue
                }
                add(count, of: row[2 * slot + 1], toFacet: facets[slot], &result)
            }
        }
        for column in facets.keys {
            if facets[column] == .options && result.counts[column] == nil {
                result.counts[column] = [Int](repeating: 0, count: (options[column]?.count ?? 0) + 1)
            }
            if facets[column] == .range && result.histograms[column] == nil { result.histograms[column] = bins[column] }
        }
        return result
    }

    /// Whether `filter` lets every row through (no choice, range or search), so that its counts
    /// are the unfiltered table's.
    public func filtersNothing(_ filter: DatabaseFilter) -> Bool {
        var parameters = DatabaseParameters()
        return condition(filter, &parameters) == "TRUE"
    }

    /// A statement `counts` sends: the shared one (the match count and `facets`, which do not
    /// filter), or one facet's that filters.
    struct CountStatement {
        let sql: String
        let values: [String]
        let facets: [Int]
        let isShared: Bool
    }

    /// The statements that count `filter`'s matches and facets (also for psql, in the bench).
    func countStatements(_ filter: DatabaseFilter) -> [CountStatement] {
        let facetColumns = facets.keys.sorted()
        let shared = facetColumns.filter { !filter.filters($0) }
        var parameters = DatabaseParameters()
        let groups = shared.map { grouped($0, &parameters) }
        let filtered = condition(filter, &parameters)
        // GROUPING(c) is 0 in the rows grouped by c; the empty set's row is the match count.
        let names = shared.indices.map { "c" + String($0) }
        let sql =
            "SELECT " + names.map { "GROUPING(\($0))::text, \($0)::text, " }.joined()
            + "count(*) FROM (SELECT "
            + (zip(groups, names).map { $0 + " AS " + $1 } + ["1 AS one"]).joined(
                separator: ", ") + " FROM " + source + " WHERE " + filtered + ") s GROUP BY GROUPING SETS ("
            + names.map { "(" + $0 + "), " }.joined() + "())"
        var statements = [CountStatement(sql: sql, values: parameters.values, facets: shared, isShared: true)]
        for column in facetColumns where filter.filters(column) {
            var parameters = DatabaseParameters()
            let group = grouped(column, &parameters)
            let filtered = condition(filter, allBut: column, &parameters)
            let sql =
                "SELECT c::text, count(*) FROM (SELECT " + group + " AS c FROM " + source + " WHERE " + filtered
                + ") s GROUP BY 1"
            statements.append(CountStatement(sql: sql, values: parameters.values, facets: [column], isShared: false))
        }
        return statements
    }

    /// The SQL `counts` sends for `filter`, each statement with the values it binds: for sending
    /// the same through another client (the bench's psql).
    public func countSQL(_ filter: DatabaseFilter) -> [(sql: String, values: [String])] {
        countStatements(filter).map { ($0.sql, $0.values) }
    }

    /// What a facet groups the rows by: an option facet its shown value, a range facet its bin
    /// (1 for the first; NULL for no value).
    private func grouped(_ column: Int, _ parameters: inout DatabaseParameters) -> String {
        let value = columns[column]
        guard facets[column] == .range, let bins = bins[column] else { return value.shown }
        let edges = parameters.add("{" + bins.edges.map { String($0) }.joined(separator: ",") + "}", as: "float8[]")
        // GREATEST and LEAST pass over a NULL: the CASE keeps no value apart.
        return "CASE WHEN " + value.quoted + " IS NOT NULL THEN LEAST(GREATEST(width_bucket(" + value.number + ", "
            + edges + "), 1), " + String(bins.binCount) + ") END"
    }

    func add(_ count: Int, of group: String?, toFacet column: Int, _ result: inout DatabaseCounts) {
        if facets[column] == .range, let bins = bins[column] {
            var histogram = result.histograms[column] ?? bins
            if let bin = group.flatMap({ Int($0) }), histogram.counts.indices.contains(bin - 1) {
                histogram.counts[bin - 1] += count
            } else if group == nil {
                histogram.missing += count
            }
            result.histograms[column] = histogram
        } else {
            let known = options[column] ?? []
            var counts = result.counts[column] ?? [Int](repeating: 0, count: known.count + 1)
            if let group, let option = known.firstIndex(of: group) {
                counts[option] += count
            } else if group == nil {
                counts[known.count] += count
            }
            result.counts[column] = counts
        }
    }

    /// Up to `limit` matching rows in the sort order, from `cursor` on (the first page when nil):
    /// by keyset (the rows after the cursor's sort values and key), never by counting rows off,
    /// but for a table without a key.
    public func page(
        _ filter: DatabaseFilter, after cursor: DatabaseCursor? = nil, limit: Int, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> DatabasePage {
        var parameters = DatabaseParameters()
        var filtered = condition(filter, &parameters)
        if let cursor, key != .none { filtered += " AND " + after(cursor, filter.sort, &parameters) }
        let sortKeys = filter.sort.map { columns[$0.column].sortKeys } ?? []
        let extra = (sortKeys + keyColumns).enumerated().map { "(" + $1 + ")::text AS foldout_k" + String($0) }
        var sql = "SELECT " + ([shownColumns] + extra).joined(separator: ", ") + " FROM " + source
        sql += " WHERE " + filtered + orderBy(filter.sort) + " LIMIT " + String(limit)
        if let cursor, key == .none { sql += " OFFSET " + String(cursor.offset) }
        let rows = try connection.rows(sql, parameters.values)
        let width = columns.count
        let keys = rows.map { $0[(width + sortKeys.count)...].map { $0 ?? "" } }
        var next: DatabaseCursor?
        if rows.count == limit, let last = rows.last {
            next = DatabaseCursor(
                sortValues: Array(last[width..<(width + sortKeys.count)]), key: keys.last ?? [],
                offset: (cursor?.offset ?? 0) + rows.count)
        }
        return DatabasePage(rows: rows.map { Array($0.prefix(width)) }, keys: keys, next: next)
    }

    /// The rows after `cursor` in `sort`'s order: a later sort value (no value comes last), or the
    /// same one and a later key.
    private func after(
        _ cursor: DatabaseCursor, _ sort: CatalogSortKey?, _ parameters: inout DatabaseParameters
    ) -> String {
        let keys = "(" + keyColumns.joined(separator: ", ") + ")"
        let cursorKey = zip(cursor.key, keyTypes).map { parameters.add($0, as: $1) }
        let laterKey = keys + " > (" + cursorKey.joined(separator: ", ") + ")"
        guard let sort, columns.indices.contains(sort.column) else { return laterKey }
        let column = columns[sort.column]
        let sortKeys = column.sortKeys
        guard cursor.sortValues.allSatisfy({ $0 != nil }) else {
            return "(" + column.shown + " IS NULL AND " + laterKey + ")"
        }
        var condition = laterKey
        for (term, value) in zip(sortKeys, cursor.sortValues).reversed() {
            let bound = parameters.add(value ?? "", as: column.kind == .text ? "text" : column.shownType)
            let later = sort.descending ? " < " : " > "
            condition = "(" + term + later + bound + " OR (" + term + " = " + bound + " AND " + condition + "))"
        }
        return "(" + condition + " OR " + column.shown + " IS NULL)"
    }

    /// One whole row by its key (as a page gives it), nil when it is gone.
    public func record(key values: [String], _ connection: PostgresConnection) throws(CatalogImportError) -> [String?]?
    {
        guard key != .none, values.count == keyColumns.count else { return nil }
        var parameters = DatabaseParameters()
        let bound = zip(values, keyTypes).map { parameters.add($0, as: $1) }
        let sql =
            "SELECT " + shownColumns + " FROM " + source + " WHERE (" + keyColumns.joined(separator: ", ") + ") = ("
            + bound.joined(separator: ", ") + ")"
        return try connection.rows(sql, parameters.values).first
    }

    /// The matching rows in the sort order as CSV with a header (or TSV, quoted as CSV is, as
    /// Foldout's own export writes it), as `COPY … TO STDOUT` writes it, handed to `write` a row at
    /// a time (false stops it). COPY binds no parameters: the values are set as this session's
    /// settings first (`set_config`, bound) and read in the query.
    public func export(
        _ filter: DatabaseFilter, _ connection: PostgresConnection, tabSeparated: Bool = false,
        write: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(CatalogImportError) {
        var parameters = DatabaseParameters(.settings)
        let filtered = condition(filter, &parameters)
        if !parameters.values.isEmpty {
            let settings = parameters.values.indices.map { "set_config('foldout.p\($0 + 1)', $\($0 + 1), false)" }
            _ = try connection.rows("SELECT " + settings.joined(separator: ", "), parameters.values)
        }
        try connection.copy(
            "COPY (SELECT " + shownColumns + " FROM " + source + " WHERE " + filtered + orderBy(filter.sort)
                + ") TO STDOUT WITH (FORMAT csv, HEADER" + (tabSeparated ? ", DELIMITER E'\\t'" : "") + ")",
            row: write)
    }
}
