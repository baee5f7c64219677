// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The matches folded into groups by the server, as `FacetFilter.groups` folds them in memory:
/// one `GROUP BY` for a level under the groups opened above it, or for every level at once, every
/// value bound.
extension DatabaseTable {
    /// The groups of level `path.count` of `grouping` under `path`, among the rows `filter` lets
    /// through: in the order a catalog's options have (`DatabaseOptions`), or its bins', no value
    /// last. Bins and periods have the edges a catalog's have (`GroupLevel.edges`), over every
    /// row's values, each row's found by `width_bucket`.
    public func groups(
        _ grouping: Grouping, within path: [GroupKey], _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [GroupRow] {
        precondition(path.count < grouping.levels.count, "a path below the last level")
        return try folded(grouping, depth: 1, within: path, filter, connection).map { $0.row(under: path.count) }
    }

    /// Every row `filter` lets through as one group, with `grouping`'s measures over them all:
    /// the total row, one aggregate query without `GROUP BY`.
    public func groupsTotal(
        _ grouping: Grouping, _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> GroupRow {
        let total = try folded(grouping, depth: 0, within: [], filter, connection).first
        return GroupRow.total(count: total?.count ?? 0, figures: total?.figures, grouping.measures)
    }

    /// Every innermost group of `grouping` among the rows `filter` lets through, in the levels'
    /// order: `GROUP BY` every level's key.
    public func innermostGroups(
        _ grouping: Grouping, _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [FoldedGroup] {
        try folded(grouping, depth: grouping.levels.count, within: [], filter, connection)
    }

    /// Up to `limit` of the rows `filter` lets through in the innermost group at `path`, after
    /// the first `offset`, in the order a page lists them, every column as shown. Counted off
    /// (`OFFSET`): a group is listed a page at a time as it is asked for, rarely deep.
    public func members(
        _ grouping: Grouping, within path: [GroupKey], _ filter: DatabaseFilter, offset: Int, limit: Int,
        _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [[String?]] {
        var parameters = DatabaseParameters()
        var conditions = [condition(filter, &parameters)]
        for (index, key) in path.enumerated() {
            conditions.append(try condition(grouping.levels[index], is: key, &parameters, connection))
        }
        let sql =
            "SELECT " + shownColumns + " FROM " + source + " WHERE " + conditions.joined(separator: " AND ")
            + orderBy(filter.sort) + " LIMIT " + String(max(0, limit)) + " OFFSET " + String(max(0, offset))
        return try connection.rows(sql, parameters.values)
    }

    /// The statement of every innermost group of `grouping` among the rows `filter` lets
    /// through, and its values, as `innermostGroups` sends it: for the bench's psql to send too.
    public func innermostGroupsSQL(
        _ grouping: Grouping, _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> (sql: String, values: [String]) {
        let statement = try groupsStatement(grouping, depth: grouping.levels.count, within: [], filter, connection)
        return (statement.sql, statement.values)
    }

    /// The groups `depth` levels deep under `path`, each with the keys and texts of its levels.
    private func folded(
        _ grouping: Grouping, depth: Int, within path: [GroupKey], _ filter: DatabaseFilter,
        _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [FoldedGroup] {
        let (sql, values, levels, edges) = try groupsStatement(grouping, depth: depth, within: path, filter, connection)
        let rows = try connection.rows(sql, values)
        let places = try levels.indices.map { (index) throws(CatalogImportError) in
            try self.places(of: levels[index], edges: edges[index], texts: rows.map { $0[index] }, connection)
        }
        var found: [(order: [Int], group: FoldedGroup)] = []
        for row in rows {
            var order: [Int] = []
            var keys: [GroupKey] = []
            var labels: [String] = []
            var spans: [FacetRange?] = []
            for index in levels.indices {
                // A bucket outside the edges (a value added since they were found) is in no group.
                guard let place = places[index][row[index] ?? ""] else { break }
                order.append(place.order)
                keys.append(place.key)
                labels.append(place.label)
                spans.append(place.span)
            }
            guard keys.count == depth else { continue }
            let figures = grouping.measures.indices.map { index in
                let used = row[depth + 1 + 2 * index].flatMap { Int($0) } ?? 0
                let value = used > 0 ? row[depth + 2 + 2 * index].flatMap(Double.init) : nil
                return MeasureFigure(value: value, used: used)
            }
            let count = row[depth].flatMap { Int($0) } ?? 0
            found.append(
                (order, FoldedGroup(path: path + keys, labels: labels, count: count, figures: figures, spans: spans)))
        }
        return found.sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(\.group)
    }

    /// The `GROUP BY` of the groups `depth` levels deep under `path` (none at depth 0: every
    /// row as one group), its values, and the levels and edges it groups by.
    private func groupsStatement(
        _ grouping: Grouping, depth: Int, within path: [GroupKey], _ filter: DatabaseFilter,
        _ connection: PostgresConnection
    ) throws(CatalogImportError) -> (sql: String, values: [String], levels: [GroupLevel], edges: [[Double]?]) {
        var parameters = DatabaseParameters()
        var conditions = [condition(filter, &parameters)]
        for (index, key) in path.enumerated() {
            conditions.append(try condition(grouping.levels[index], is: key, &parameters, connection))
        }
        let levels = Array(grouping.levels[path.count..<path.count + depth])
        let edges = try levels.map { (level) throws(CatalogImportError) in try self.edges(of: level, connection) }
        let keys = levels.indices.map { index in
            let column = columns[levels[index].column]
            return edges[index].map {
                "width_bucket(" + column.number + ", " + parameters.add(array: $0.map { String($0) }, of: "float8")
                    + ")::text"
            } ?? column.shown + "::text"
        }
        let measured = grouping.measures.map { measure in
            columns.indices.contains(measure.column)
                && FacetMeasure.canMeasure(columns[measure.column].kind, by: measure.aggregate)
                ? ", count(" + columns[measure.column].number + "), " + aggregateSQL(measure) + "::text"
                : ", 0, NULL"
        }
        let sql =
            "SELECT " + (keys + ["count(*)"]).joined(separator: ", ") + measured.joined() + " FROM " + source
            + " WHERE " + conditions.joined(separator: " AND ")
            + (depth > 0 ? " GROUP BY " + (1...depth).map(String.init).joined(separator: ", ") : "")
        return (sql, parameters.values, levels, edges)
    }

    /// Where a level's group of each text the server gave (`""` for no value) goes: its key, its
    /// text and its place among the level's groups (no value last).
    private func places(
        of level: GroupLevel, edges: [Double]?, texts: [String?], _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [String: (key: GroupKey, label: String, span: FacetRange?, order: Int)] {
        var places: [String: (key: GroupKey, label: String, span: FacetRange?, order: Int)] = [:]
        let distinct = Array(Set(texts.compactMap { $0 }))
        if texts.contains(where: { $0 == nil }) { places[""] = (.noValue, tr("No value"), nil, Int.max) }
        guard let edges else {
            let column = columns[level.column]
            let names = try yesNoNames(of: column, distinct, connection)
            for (order, text) in DatabaseOptions.ordered(distinct, column).enumerated() {
                places[text] = (.value(text), names?[text.lowercased()] ?? text, nil, order)
            }
            return places
        }
        let shape = valueShape(ofColumn: level.column)
        for text in distinct {
            guard let bucket = Int(text), bucket >= 1, bucket < edges.count else { continue }
            let bin = bucket - 1
            places[text] = (
                .bin(bin), level.label(ofBin: bin, edges: edges, shape: shape),
                level.span(ofBin: bin, edges: edges, shape: shape), bucket
            )
        }
        return places
    }

    /// The condition that a row is in `level`'s group `key`.
    private func condition(
        _ level: GroupLevel, is key: GroupKey, _ parameters: inout DatabaseParameters, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> String {
        let column = columns[level.column]
        switch key {
        case .noValue: return column.isMissing
        case .value(let text):
            let type = column.isText ? "text" : column.shownType
            return column.compared + " = " + parameters.add(text, as: type)
        case .bin(let bin):
            let edges = try self.edges(of: level, connection) ?? []
            guard edges.indices.contains(bin + 1) else { return "FALSE" }
            return column.number + " >= " + parameters.add(String(edges[bin]), as: "float8") + " AND "
                + column.number + " < " + parameters.add(String(edges[bin + 1]), as: "float8")
        }
    }

    /// The edges of a level of bins or periods over every row's values (nil for values), as a
    /// catalog makes them: from the span a range facet found, or one scan.
    private func edges(of level: GroupLevel, _ connection: PostgresConnection) throws(CatalogImportError) -> [Double]? {
        let column = columns[level.column]
        guard level.isBinned(column.kind) else { return nil }
        var span = spans[level.column]
        if span == nil {
            span = RangeSpan(try connection.rows("SELECT " + spanSQL(column) + " FROM " + source)[0], at: 0)
        }
        guard let span else { return nil }
        return level.edges(
            lowest: span.lowest, highest: span.highest, kind: column.kind, wholeNumbers: span.wholeNumbers)
    }

    /// "Yes" and "No" by a yes/no column's lowered values (all its values one of
    /// `DatabaseOptions.yesNoPairs`, as a catalog's facet tells one); nil for any other column.
    private func yesNoNames(
        of column: DatabaseColumn, _ texts: [String], _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [String: String]? {
        guard texts.count <= 2 else { return nil }
        let sql =
            "SELECT DISTINCT " + column.shown + "::text FROM " + source + " WHERE " + column.shown
            + " IS NOT NULL LIMIT 3"
        let values = Set(try connection.rows(sql).compactMap { $0[0]?.lowercased() })
        guard let pair = DatabaseOptions.yesNoPairs.first(where: { Set($0) == values }) else { return nil }
        return [pair[0]: tr("Yes"), pair[1]: tr("No")]
    }
}
