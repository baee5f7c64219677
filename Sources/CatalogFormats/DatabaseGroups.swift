// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The matches folded into groups by the server, as `FacetFilter.groups` folds them in memory:
/// one level under the groups opened above it, one `GROUP BY`, every value bound.
extension DatabaseTable {
    /// The groups of level `path.count` of `grouping` under `path`, among the rows `filter` lets
    /// through: in the order a catalog's options have (`DatabaseOptions`), no value last. A level
    /// of bins is refused: the server's bins are not yet made for groups.
    public func groups(
        _ grouping: Grouping, within path: [GroupKey], _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [GroupRow] {
        precondition(path.count < grouping.levels.count, "a path below the last level")
        guard grouping.levels.prefix(path.count + 1).allSatisfy({ $0.keying == .values }) else {
            throw CatalogImportError(
                line: 0, reason: .unreadable(tr("a table in its server is not yet grouped by bins")))
        }
        var parameters = DatabaseParameters()
        var conditions = [condition(filter, &parameters)]
        for (level, key) in path.enumerated() {
            let column = columns[grouping.levels[level].column]
            switch key {
            case .noValue: conditions.append(column.isMissing)
            case .value(let text):
                conditions.append(
                    column.compared + " = " + parameters.add(text, as: column.isText ? "text" : column.shownType))
            case .bin: conditions.append("FALSE")
            }
        }
        let grouped = columns[grouping.levels[path.count].column]
        let measured = grouping.measures.map { measure in
            columns.indices.contains(measure.column)
                && FacetMeasure.canMeasure(columns[measure.column].kind, by: measure.aggregate)
                ? ", count(" + columns[measure.column].number + "), " + aggregateSQL(measure) + "::text"
                : ", 0, NULL"
        }
        let sql =
            "SELECT " + grouped.shown + "::text, count(*)" + measured.joined() + " FROM " + source + " WHERE "
            + conditions.joined(separator: " AND ") + " GROUP BY 1"
        var byText: [String: GroupRow] = [:]
        var noValue: GroupRow?
        for row in try connection.rows(sql, parameters.values) {
            let figures = grouping.measures.indices.map { index in
                let used = row[2 + 2 * index].flatMap { Int($0) } ?? 0
                return MeasureFigure(value: used > 0 ? row[3 + 2 * index].flatMap(Double.init) : nil, used: used)
            }
            let count = row[1].flatMap { Int($0) } ?? 0
            if let text = row[0] {
                byText[text] = GroupRow(key: .value(text), label: text, count: count, figures: figures)
            } else {
                noValue = GroupRow(key: .noValue, label: tr("No value"), count: count, figures: figures)
            }
        }
        let ordered = DatabaseOptions.ordered(Array(byText.keys), grouped).compactMap { byText[$0] }
        return try named(ordered, of: grouped, connection) + (noValue.map { [$0] } ?? [])
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
