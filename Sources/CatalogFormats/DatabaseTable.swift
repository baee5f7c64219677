// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A table or view of a PostgreSQL database filtered where it lives: what Foldout learns of it
/// when it opens (its columns and kinds, its rows, its key, its facets with their options or
/// histogram bins); every answer after that is a query (`DatabaseQueries`). Nothing is created
/// in the database; each value a query needs is bound as a parameter.
public struct DatabaseTable: Sendable {
    /// How result rows are told apart when their sort values are equal, for paging by keyset.
    public enum Key: Sendable, Equatable {
        /// The primary key's columns.
        case primary([Int])
        /// The row's place in a table (`ctid`), for a table without a primary key.
        case rowLocation
        /// None (a view without a key): pages are counted off (`OFFSET`), slower deep down, the
        /// order made total by every column's text after the sort column.
        case none
    }

    /// `flights`, or `archive.flights` outside the search path.
    public let name: String
    /// The libpq URI the table was opened with (password and all: kept in memory only).
    let uri: String
    /// The relation as SQL: its schema and name quoted.
    let source: String
    public let columns: [DatabaseColumn]
    public let key: Key
    /// The rows when opened (counted).
    public internal(set) var rowCount: Int
    /// The counts of the unfiltered table, from the pass that learnt its facets when it opened
    /// (the same as `counts(DatabaseFilter())` then): the first counts shown cost no query.
    public internal(set) var openingCounts: DatabaseCounts?
    /// The facets and their kinds, by column.
    public internal(set) var facets: [Int: FacetKind]
    /// Each option facet's options in the catalog's order (numbers and dates by value, text
    /// alphabetically, "true" before "false"); rows with no value are the option after these.
    public internal(set) var options: [Int: [String]] = [:]
    /// Each range facet's bins over its values when opened (counts of zero).
    public internal(set) var bins: [Int: FacetHistogram] = [:]
    /// What each range facet's bins are made from: its values' span, and whether all are whole.
    var spans: [Int: RangeSpan] = [:]
    /// The range facets still to be made by `surveyPendingRanges` (opened `deferringRanges`):
    /// no facet until then.
    public internal(set) var pendingRanges: [Int] = []
    /// The columns a search looks in at first: the text columns that are not facets.
    public let textColumns: [Int]

    /// A new connection to the table's database, for queries on the caller's thread.
    public func connect() throws(CatalogImportError) -> PostgresConnection { try PostgresConnection(uri: uri) }

    /// The rows the planner expects in `address`'s table (`pg_class.reltuples`; -1 when it has no
    /// estimate): to choose between reading a table into memory and filtering it in the server.
    public static func estimatedRows(address: DatabaseAddress, table: String?) throws(CatalogImportError) -> Int {
        let connection = try PostgresConnection(uri: address.connection)
        let relation = try PostgresTable.chosen(table ?? address.table, among: PostgresTable.relations(connection))
        let rows = try connection.rows(
            "SELECT reltuples::int8 FROM pg_catalog.pg_class WHERE oid = $1::oid", [relation.oid])
        return rows.first?[0].flatMap { Int($0) } ?? -1
    }

    /// Opens `table` (or the address's) of the database at `address`: `facets` chooses the facets
    /// and their kinds (nil: chosen from the column's types and statistics, as a catalog's are).
    /// `deferringRanges`: the range facets are left for `surveyPendingRanges`, so that the table
    /// opens with its count and option facets after a pass that costs about half as much.
    public static func open(
        address: DatabaseAddress, table: String? = nil, facets chosen: [Int: FacetKind]? = nil,
        deferringRanges: Bool = false
    ) throws(CatalogImportError) -> DatabaseTable {
        let connection = try PostgresConnection(uri: address.connection)
        let relation = try PostgresTable.chosen(table ?? address.table, among: PostgresTable.relations(connection))
        let columns = try connection.rows(
            "SELECT a.attname, t.typcategory, t.typname, pg_catalog.format_type(t.oid, NULL)"
                + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type d ON d.oid = a.atttypid"
                + " JOIN pg_catalog.pg_type t ON t.oid = CASE WHEN d.typtype = 'd' THEN d.typbasetype ELSE d.oid END"
                + " WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
            [relation.oid]
        ).map { (row) throws(CatalogImportError) in
            DatabaseColumn(
                name: row[0] ?? "", quoted: try connection.quoted(row[0] ?? ""), category: row[1] ?? "",
                baseType: row[2] ?? "", typeName: row[3] ?? "text")
        }
        let source = try relation.quoted(connection)
        var facets = chosen ?? [:]
        if chosen == nil { facets = try Self.chooseFacets(columns, source: source, relation: relation, connection) }
        var table = DatabaseTable(
            name: relation.shownName, uri: address.connection, source: source, columns: columns,
            key: try Self.key(relation, columns, connection), rowCount: 0, facets: [:],
            textColumns: columns.indices.filter { columns[$0].kind == .text && facets[$0] == nil })
        try table.addFacets(facets, connection, deferringRanges: deferringRanges)
        return table
    }

    /// The primary key's columns, else the row's place in a table, else none (a view).
    private static func key(
        _ relation: PostgresTable.Relation, _ columns: [DatabaseColumn], _ connection: PostgresConnection
    ) throws(CatalogImportError) -> Key {
        let names = try connection.rows(
            "SELECT a.attname FROM pg_catalog.pg_index i JOIN pg_catalog.pg_attribute a"
                + " ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)"
                + " WHERE i.indrelid = $1::oid AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)",
            [relation.oid]
        ).compactMap { $0[0] }
        let key = names.compactMap { name in columns.firstIndex { $0.name == name } }
        if !key.isEmpty && key.count == names.count { return .primary(key) }
        let kind = try connection.rows(
            "SELECT relkind::text FROM pg_catalog.pg_class WHERE oid = $1::oid", [relation.oid])
        return ["r", "m"].contains(kind.first?[0] ?? "") ? .rowLocation : .none
    }

    static let maxOptions = 200, maxOptionFacets = 8, maxRangeFacets = 4

    /// Option facets: up to eight columns of text, booleans or whole numbers with few distinct
    /// values (the planner's statistics, else the first 10,000 rows); range facets: up to four
    /// other number, date and date-time columns, dates first, but none whose every value differs.
    private static func chooseFacets(
        _ columns: [DatabaseColumn], source: String, relation: PostgresTable.Relation,
        _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [Int: FacetKind] {
        var distinct: [String: Double] = [:]
        // A column whose every value is different (an id): a range of it filters nothing a user
        // means, and counting it costs two more scans of the table.
        var unique: Set<String> = []
        for row in try connection.rows(
            "SELECT s.attname, s.n_distinct::text, c.reltuples::text FROM pg_catalog.pg_stats s"
                + " JOIN pg_catalog.pg_class c ON c.oid = $1::oid"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE s.schemaname = n.nspname AND s.tablename = c.relname",
            [relation.oid])
        {
            guard let name = row[0], let figure = row[1].flatMap(Double.init), let rows = row[2].flatMap(Double.init)
            else { continue }
            distinct[name] = figure >= 0 ? figure : -figure * rows
            if figure == -1 { unique.insert(name) }
        }
        var facets: [Int: FacetKind] = [:]
        for (index, column) in columns.enumerated()
        where column.kind == .text || column.isWholeNumber {
            guard facets.count < maxOptionFacets else { break }
            let few: Bool
            if let known = distinct[column.name] {
                few = known <= Double(maxOptions)
            } else {
                let sample = try connection.rows(
                    "SELECT count(DISTINCT v)::text, count(v)::text FROM (SELECT " + column.shown + " AS v FROM "
                        + source + " LIMIT 10000) s")[0]
                let values = Int(sample[0] ?? "") ?? 0
                few = values > 0 && values <= maxOptions && values * 10 <= Int(sample[1] ?? "") ?? 0
            }
            if few { facets[index] = .options }
        }
        let ranged = columns.indices.filter {
            columns[$0].kind != .text && facets[$0] == nil && !unique.contains(columns[$0].name)
        }
        let dates = ranged.filter { columns[$0].kind != .number }
        for column in (dates + ranged.filter { columns[$0].kind == .number }).prefix(maxRangeFacets) {
            facets[column] = .range
        }
        return facets
    }
}
