// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// Facets chosen after a table opened (the Facets menu): a column made a facet of the kind it
/// would have had at the opening, or a facet given up.
extension DatabaseTable {
    /// A text column with more different values than this is no facet: a flyout lists them all,
    /// and every count would send them all.
    public static let maxAddedOptions = 10_000

    /// Makes `column` a facet, as `chooseFacets` would have (text and booleans list their options,
    /// whole numbers with few values too; other numbers, dates and date-times are ranges), with a
    /// pass over the rows for its options or bounds; its unfiltered counts join `openingCounts`.
    /// False, and no facet, for a text column of more than `maxAddedOptions` values. `wanted`, when
    /// given, is the kind it must be (a launch's `--range` or `--choose`): a range of a text, or
    /// options of more than `maxAddedOptions` values, is refused.
    public mutating func addFacet(
        _ column: Int, as wanted: FacetKind? = nil, _ connection: PostgresConnection
    ) throws(CatalogImportError) -> Bool {
        guard facets[column] == nil else { return true }
        let value = columns[column]
        let kind: FacetKind
        if wanted == .range || (wanted == nil && value.kind != .text && !value.isWholeNumber) {
            guard value.kind != .text else { return false }
            kind = .range
        } else if wanted == .options || value.kind == .text {
            guard try distinctValues(column, connection) <= Double(Self.maxAddedOptions) else { return false }
            kind = .options
        } else {
            kind = try distinctValues(column, connection) <= Double(Self.maxOptions) ? .options : .range
        }
        pendingRanges.removeAll { $0 == column }
        try addFacets([column: kind], connection)
        return true
    }

    /// `column` is no facet any more (nor a range facet still to be made).
    public mutating func removeFacet(_ column: Int) {
        facets[column] = nil
        options[column] = nil
        bins[column] = nil
        spans[column] = nil
        pendingRanges.removeAll { $0 == column }
        openingCounts?.counts[column] = nil
        openingCounts?.histograms[column] = nil
    }

    /// The planner's count of `column`'s different values; without statistics, those of the first
    /// 10,000 rows, or none at all (infinity) when most of those differ: a key, a name, a note.
    private func distinctValues(_ column: Int, _ connection: PostgresConnection) throws(CatalogImportError) -> Double {
        if let known = try relationFacts(connection).distinct[columns[column].name] { return known }
        let sample = try connection.rows(
            "SELECT count(DISTINCT v)::text, count(*)::text FROM (SELECT " + columns[column].shown + " AS v FROM "
                + source + " LIMIT 10000) s")[0]
        let values = Int(sample[0] ?? "") ?? 0
        let rows = Int(sample[1] ?? "") ?? 0
        return rows >= 10_000 && values * 2 > rows ? .infinity : Double(values)
    }
}
