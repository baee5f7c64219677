// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A table or view of a PostgreSQL database, read whole into memory: its rows come as CSV from
/// `COPY (SELECT …) TO STDOUT` and are parsed by the one CSV parser, as a file's are, with the
/// columns the server calls text kept text. Each column's kind comes from its type: numbers,
/// dates, timestamps (a `timestamptz` in the session's time zone), booleans as true and false.
enum PostgresTable {
    /// The tables and views a person can read, with their row counts.
    static func tables(address: DatabaseAddress) throws(CatalogImportError) -> [CatalogPart] {
        let connection = try PostgresConnection(uri: address.connection)
        return try relations(connection).filter(\.isReadable).map { (relation) throws(CatalogImportError) in
            let rows = Int(try connection.rows("SELECT count(*) FROM " + relation.quoted(connection))[0][0] ?? "") ?? 0
            return CatalogPart(
                name: relation.shownName,
                size: trn("{count} row", "{count} rows", rows, ["count": NumberText.grouped(rows)]))
        }
    }

    static func catalog(
        address: DatabaseAddress, table: String?, loading: CatalogLoading?
    ) throws(CatalogImportError) -> Catalog {
        let connection = try PostgresConnection(uri: address.connection)
        let relation = try chosen(table ?? address.table, among: relations(connection))
        let columns = try connection.rows(
            "SELECT a.attname, t.typcategory, t.typname"
                + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type d ON d.oid = a.atttypid"
                + " JOIN pg_catalog.pg_type t ON t.oid = CASE WHEN d.typtype = 'd' THEN d.typbasetype ELSE d.oid END"
                + " WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
            [relation.oid]
        ).map { Column(name: $0[0] ?? "", category: $0[1] ?? "", type: $0[2] ?? "") }
        let source = try relation.quoted(connection)
        let total = try expectedRows(of: relation, source: source, connection)
        let list = try columns.map { (column) throws(CatalogImportError) in
            let name = try connection.quoted(column.name)
            return column.selected(name) + " AS " + name
        }
        var csv: [UInt8] = []
        var rows = -1  // the header is the copy's first row
        try connection.copy(
            "COPY (SELECT " + list.joined(separator: ", ") + " FROM " + source + ") TO STDOUT WITH (FORMAT csv, HEADER)"
        ) { row in
            csv.append(contentsOf: row)
            rows += 1
            guard rows & 0xFFFF == 0, let loading else { return true }
            return loading.report(read: Int(Double(rows) / Double(max(total, 1)) * Double(loading.totalBytes)))
        }
        guard rows > 0 else { throw CatalogImportError(line: 0, reason: .noRows) }
        let kept = address.withoutPassword(table: relation.shownName)
        return try csv.withUnsafeBufferPointer { (bytes) throws(CatalogImportError) in
            try Catalog.parseDelimited(
                bytes, name: address.displayName(table: relation.shownName), loading: loading,
                origin: CatalogOrigin(database: kept, table: relation.shownName), delimiter: 44,
                textColumns: Set(columns.indices.filter { columns[$0].isText }))
        }
    }

    /// The row count the planner keeps (for the progress bar), or counted when it has none.
    private static func expectedRows(
        of relation: Relation, source: String, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> Int {
        let estimate = try connection.rows(
            "SELECT reltuples::int8 FROM pg_catalog.pg_class WHERE oid = $1::oid", [relation.oid])
        if let text = estimate.first?[0], let rows = Int(text), rows > 0 { return rows }
        return Int(try connection.rows("SELECT count(*) FROM " + source)[0][0] ?? "") ?? 0
    }

    /// The relation `table` names (its name as listed, or `schema.name`; failing that, in
    /// another case), or the only one there is.
    static func chosen(_ table: String?, among relations: [Relation]) throws(CatalogImportError) -> Relation {
        let readable = relations.filter(\.isReadable).map(\.shownName)
        guard let table else {
            guard readable.count == 1, let only = relations.first(where: \.isReadable) else {
                throw CatalogImportError(line: 0, reason: readable.isEmpty ? .noTables : .severalTables(readable))
            }
            return only
        }
        let found =
            relations.first { $0.shownName == table } ?? relations.first { $0.schema + "." + $0.name == table }
            ?? relations.first { $0.shownName.lowercased() == table.lowercased() }
        guard let found else { throw CatalogImportError(line: 0, reason: .noSuchTable(table, readable)) }
        return found
    }

    /// The tables, views, materialized views and foreign tables outside the system's schemas;
    /// a partitioned table once, not each partition.
    static func relations(_ connection: PostgresConnection) throws(CatalogImportError) -> [Relation] {
        try connection.rows(
            "SELECT c.oid::text, n.nspname, c.relname, pg_catalog.pg_table_is_visible(c.oid)::text,"
                + " pg_catalog.has_table_privilege(c.oid, 'SELECT')::text"
                + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND NOT c.relispartition"
                + " AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'"
                + " ORDER BY 4 DESC, 2, 3"
        ).map { row in
            Relation(
                oid: row[0] ?? "", schema: row[1] ?? "", name: row[2] ?? "", isVisible: row[3] == "true",
                isReadable: row[4] == "true")
        }
    }

    struct Relation {
        let oid: String
        let schema: String
        let name: String
        /// Whether the search path finds it by its name alone.
        let isVisible: Bool
        let isReadable: Bool

        /// `flights`, or `archive.flights` outside the search path.
        var shownName: String { isVisible ? name : schema + "." + name }

        func quoted(_ connection: PostgresConnection) throws(CatalogImportError) -> String {
            try connection.quoted(schema) + "." + connection.quoted(name)
        }
    }

    /// A column, its type's category (`pg_type.typcategory`) and name.
    struct Column {
        let name: String
        let category: String
        let type: String

        /// Kept text, whatever its values look like: every type but numbers, dates, timestamps
        /// and booleans.
        var isText: Bool {
            switch category {
            case "N", "B": false
            case "D": !["date", "timestamp", "timestamptz"].contains(type)
            default: true
            }
        }

        /// The value selected for `quoted`, this column's quoted name: a timestamp with a time zone
        /// as the session's wall time (the parser reads no `+02` zone), a boolean as true or false.
        func selected(_ quoted: String) -> String {
            switch (category, type) {
            case ("D", "timestamptz"): quoted + "::timestamp"
            case ("B", _): quoted + "::text"
            default: quoted
            }
        }
    }
}
