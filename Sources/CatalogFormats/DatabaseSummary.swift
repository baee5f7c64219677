// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// Every column of a table summarized in its server over the rows a filter matches, figure for
/// figure as `CatalogSummary` summarizes a catalog's (`ColumnSummary`): one scan for the counts,
/// the distinct values, the minimum, median (`percentile_cont`: the mean of the two middle values
/// for an even count), mean and maximum of every column; one for every histogram (`GROUPING
/// SETS` of each column's bin); one a column for its most common values.
extension DatabaseTable {
    /// The summary of `filter`'s matches, in column order.
    public func summary(_ filter: DatabaseFilter, _ connection: PostgresConnection) throws(CatalogImportError)
        -> [ColumnSummary]
    {
        var parameters = DatabaseParameters()
        let matched = "(SELECT * FROM " + source + " WHERE " + condition(filter, &parameters) + ") m"
        let values = parameters.values
        var figures = ["count(*)::text"]
        for column in columns {
            let value = column.kind == .text ? column.shown : column.number
            figures += ["count(\(value))::text", "count(DISTINCT \(value))::text"]
            if column.kind != .text {
                figures += [
                    "min(\(value))::text", "percentile_cont(0.5) WITHIN GROUP (ORDER BY \(value))::text",
                    "avg(\(value))::text", "max(\(value))::text",
                ]
            }
        }
        let row = try connection.rows("SELECT " + figures.joined(separator: ", ") + " FROM " + matched, values)[0]
        let total = Int(row[0] ?? "") ?? 0
        var at = 1
        var summaries: [ColumnSummary] = []
        var extents: [Int: (Double, Double)] = [:]
        for (index, column) in columns.enumerated() {
            let present = Int(row[at] ?? "") ?? 0
            let distinct = Int(row[at + 1] ?? "") ?? 0
            at += 2
            var numbers: [Double?] = [nil, nil, nil, nil]
            if column.kind != .text {
                numbers = (0..<4).map { row[at + $0].flatMap(Double.init) }
                at += 4
                if let lowest = numbers[0], let highest = numbers[3] { extents[index] = (lowest, highest) }
            }
            summaries.append(
                ColumnSummary(
                    column: index, name: column.name, kind: column.kind, present: present, missing: total - present,
                    distinct: distinct, minimum: numbers[0], median: numbers[1], mean: numbers[2],
                    maximum: numbers[3], histogram: [], common: []))
        }
        let histograms = try self.histograms(extents, from: matched, values, connection)
        return try summaries.map { (summary) throws(CatalogImportError) in
            // As a catalog's column: text, or whole numbers that suggest a facet over the whole table.
            let wantsCommon = summary.kind == .text || suggestsFacet(summary.column)
            let common = wantsCommon ? try mostCommon(summary.column, from: matched, values, connection) : []
            return ColumnSummary(
                column: summary.column, name: summary.name, kind: summary.kind, present: summary.present,
                missing: summary.missing, distinct: summary.distinct, minimum: summary.minimum, median: summary.median,
                mean: summary.mean, maximum: summary.maximum, histogram: histograms[summary.column] ?? [],
                common: common)
        }
    }

    /// Each column's rows in `ColumnSummary.histogramBins` bins over its extent, as
    /// `ColumnSummary.bin` bins them (the same float8 arithmetic, in the same order).
    private func histograms(
        _ extents: [Int: (Double, Double)], from matched: String, _ values: [String], _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [Int: [Int]] {
        guard !extents.isEmpty else { return [:] }
        var parameters = values
        let bins = ColumnSummary.histogramBins
        let binned = extents.keys.sorted().map { column in
            let (lowest, highest) = extents[column]!
            let value = columns[column].number
            guard highest > lowest else { return "CASE WHEN \(value) IS NOT NULL THEN 0 END" }
            parameters += [String(lowest), String(highest)]
            let low = "($\(parameters.count - 1))::float8"
            let high = "($\(parameters.count))::float8"
            // GREATEST and LEAST pass over a NULL: the CASE keeps no value apart.
            return "CASE WHEN \(value) IS NOT NULL THEN LEAST(\(bins - 1), GREATEST(0, floor((\(value) - \(low))"
                + " / (\(high) - \(low)) * \(bins))))::int END"
        }
        let names = binned.indices.map { "b" + String($0) }
        let selected: String = names.map { "GROUPING(\($0))::text, \($0)::text, " }.joined() + "count(*)::text"
        let inner: String = zip(binned, names).map { $0 + " AS " + $1 }.joined(separator: ", ")
        let sets: String = names.map { "(" + $0 + ")" }.joined(separator: ", ")
        let sql = "SELECT " + selected + " FROM (SELECT " + inner + " FROM " + matched + ") s GROUP BY GROUPING SETS ("
        var histograms: [Int: [Int]] = [:]
        let binnedColumns = extents.keys.sorted()
        for column in binnedColumns { histograms[column] = [Int](repeating: 0, count: bins) }
        for row in try connection.rows(sql + sets + ")", parameters) {
            let count = Int(row[2 * names.count] ?? "") ?? 0
            guard let slot = names.indices.first(where: { row[2 * $0] == "0" }),
                let bin = row[2 * slot + 1].flatMap({ Int($0) })
            else { continue }
            histograms[binnedColumns[slot]]?[bin] += count
        }
        return histograms
    }

    /// The `ColumnSummary.commonValues` values with the most rows, most first, then in the
    /// column's order (numbers and dates by value, texts as a facet lists them).
    /// Whether the whole-number column `column` suggests a facet as a catalog's would
    /// (`Catalog.suggestsFacet`), by its values over the whole table: known for a facet of
    /// options, from the pass that made it.
    func suggestsFacet(_ column: Int) -> Bool {
        guard columns[column].isWholeNumber, let options = options[column],
            let counts = openingCounts?.counts[column]
        else { return false }
        let present = counts.dropLast().reduce(0, +)
        return Catalog.suggestsFacet(text: false, wholeNumbers: true, distinct: options.count, present: present)
    }

    private func mostCommon(
        _ column: Int, from matched: String, _ values: [String], _ connection: PostgresConnection
    ) throws(CatalogImportError) -> [ColumnSummary.CommonValue] {
        let value = columns[column]
        let order = value.kind == .text ? value.sortKeys : [value.number]
        let rows = try connection.rows(
            "SELECT " + value.shown + "::text, count(*)::text FROM " + matched + " WHERE " + value.shown
                + " IS NOT NULL GROUP BY " + value.shown + " ORDER BY count(*) DESC, "
                + order.joined(separator: ", ") + " LIMIT " + String(ColumnSummary.commonValues), values)
        return rows.map { ColumnSummary.CommonValue(value: $0[0] ?? "", count: Int($0[1] ?? "") ?? 0) }
    }
}
