// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A measure beside each option of a facet, worked out by the server as `FacetFilter.measures`
/// works it out in memory: over each option's rows among those every other filter and the search
/// let through, missing values left out, a date in days and a date-time in seconds.
extension DatabaseTable {
    /// For each option of the option facet `column` in its order, then "No value", `measure` of
    /// its rows; one `GROUP BY` query. Empty when `measure` cannot measure its column.
    public func measures(
        _ measure: FacetMeasure, forColumn column: Int, _ filter: DatabaseFilter, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [MeasureFigure] {
        guard columns.indices.contains(measure.column), facets[column] == .options,
            FacetMeasure.canMeasure(columns[measure.column].kind, by: measure.aggregate)
        else { return [] }
        let value = columns[measure.column].number
        let aggregate = aggregateSQL(measure)
        var parameters = DatabaseParameters()
        let filtered = condition(filter, allBut: column, &parameters)
        let sql =
            "SELECT " + columns[column].shown + "::text, count(" + value + "), " + aggregate + "::text FROM " + source
            + " WHERE " + filtered + " GROUP BY 1"
        let known = options[column] ?? []
        let slots = Dictionary(known.enumerated().map { ($1, $0) }) { first, _ in first }
        var figures = [MeasureFigure](repeating: MeasureFigure(value: nil, used: 0), count: known.count + 1)
        for row in try connection.rows(sql, parameters.values) {
            let slot = row[0].map { slots[$0] } ?? known.count
            guard let slot, let used = row[1].flatMap({ Int($0) }), used > 0 else { continue }
            figures[slot] = MeasureFigure(value: row[2].flatMap(Double.init), used: used)
        }
        return figures
    }

    /// `measure` of its column as SQL (a number), missing values left out as in memory.
    func aggregateSQL(_ measure: FacetMeasure) -> String {
        let value = columns[measure.column].number
        return switch measure.aggregate {
        case .sum: "sum(" + value + ")"
        case .mean: "avg(" + value + ")"
        case .median: "percentile_cont(0.5) WITHIN GROUP (ORDER BY " + value + ")"
        case .minimum: "min(" + value + ")"
        case .maximum: "max(" + value + ")"
        }
    }
}
