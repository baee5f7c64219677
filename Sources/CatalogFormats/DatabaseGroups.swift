// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The matches folded into groups by the server, as `FacetFilter.groups` folds them in memory:
/// one level under the groups opened above it, one `GROUP BY`, every value bound.
extension DatabaseTable {
    /// The groups of level `path.count` of `grouping` under `path`, among the rows `filter` lets
    /// through: in the order a catalog's options have (`DatabaseOptions`), or its bins', no value
    /// last. Bins and periods have the edges a catalog's have (`GroupLevel.edges`), over every
    /// row's values, each row's found by `width_bucket`.
    public func groups(
        _ grouping: Grouping, within path: [GroupKey], _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [GroupRow] {
        precondition(path.count < grouping.levels.count, "a path below the last level")
        var parameters = DatabaseParameters()
        var conditions = [condition(filter, &parameters)]
        for (index, key) in path.enumerated() {
            let level = grouping.levels[index]
            let column = columns[level.column]
            switch key {
            case .noValue: conditions.append(column.isMissing)
            case .value(let text):
                let type = column.isText ? "text" : column.shownType
                conditions.append(column.compared + " = " + parameters.add(text, as: type))
            case .bin(let bin):
                let edges = try self.edges(of: level, connection) ?? []
                guard edges.indices.contains(bin + 1) else {
                    conditions.append("FALSE")
                    continue
                }
                conditions.append(
                    column.number + " >= " + parameters.add(String(edges[bin]), as: "float8") + " AND "
                        + column.number + " < " + parameters.add(String(edges[bin + 1]), as: "float8"))
            }
        }
        let level = grouping.levels[path.count]
        let grouped = columns[level.column]
        let edges = try self.edges(of: level, connection)
        let key =
            edges.map {
                "width_bucket(" + grouped.number + ", " + parameters.add(array: $0.map { String($0) }, of: "float8")
                    + ")::text"
            }
            ?? grouped.shown + "::text"
        let measured = grouping.measures.map { measure in
            columns.indices.contains(measure.column)
                && FacetMeasure.canMeasure(columns[measure.column].kind, by: measure.aggregate)
                ? ", count(" + columns[measure.column].number + "), " + aggregateSQL(measure) + "::text"
                : ", 0, NULL"
        }
        let sql =
            "SELECT " + key + ", count(*)" + measured.joined() + " FROM " + source + " WHERE "
            + conditions.joined(separator: " AND ") + " GROUP BY 1"
        var byText: [String: GroupRow] = [:]
        var noValue: GroupRow?
        for row in try connection.rows(sql, parameters.values) {
            let figures = grouping.measures.indices.map { index in
                let used = row[2 + 2 * index].flatMap { Int($0) } ?? 0
                return MeasureFigure(value: used > 0 ? row[3 + 2 * index].flatMap(Double.init) : nil, used: used)
            }
            let count = row[1].flatMap { Int($0) } ?? 0
            guard let text = row[0] else {
                noValue = GroupRow(key: .noValue, label: tr("No value"), count: count, figures: figures)
                continue
            }
            if let edges, let bucket = Int(text), bucket >= 1, bucket < edges.count {
                let label = level.label(ofBin: bucket - 1, edges: edges, shape: valueShape(ofColumn: level.column))
                byText[text] = GroupRow(key: .bin(bucket - 1), label: label, count: count, figures: figures)
            } else if edges == nil {
                byText[text] = GroupRow(key: .value(text), label: text, count: count, figures: figures)
            }
        }
        let found = noValue.map { [$0] } ?? []
        if edges != nil {
            return byText.values.sorted { $0.key.bin < $1.key.bin } + found
        }
        let ordered = DatabaseOptions.ordered(Array(byText.keys), grouped).compactMap { byText[$0] }
        return try named(ordered, of: grouped, connection) + found
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

    /// The groups of a yes/no column (all its values one of `DatabaseOptions.yesNoPairs`, as a
    /// catalog's facet tells one) named "Yes" and "No"; the others as their values.
    private func named(
        _ groups: [GroupRow], of column: DatabaseColumn, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [GroupRow] {
        guard groups.count <= 2 else { return groups }
        let sql =
            "SELECT DISTINCT " + column.shown + "::text FROM " + source + " WHERE " + column.shown
            + " IS NOT NULL LIMIT 3"
        let values = Set(try connection.rows(sql).compactMap { $0[0]?.lowercased() })
        guard let pair = DatabaseOptions.yesNoPairs.first(where: { Set($0) == values }) else { return groups }
        return groups.map { group in
            guard case .value(let text) = group.key else { return group }
            let label = text.lowercased() == pair[0] ? tr("Yes") : tr("No")
            return GroupRow(key: group.key, label: label, count: group.count, figures: group.figures)
        }
    }
}

extension GroupKey {
    /// A bin's index, for ordering bins; -1 for anything else.
    fileprivate var bin: Int {
        if case .bin(let index) = self { return index }
        return -1
    }
}
