// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// Issue 62's figures: every innermost group of two keys (about 50 groups), then of one key of
/// about 4,000 values, with the mean and the median of a number column beside each, under one
/// filter, against DuckDB's `GROUP BY a, b` with `AVG` and `MEDIAN` over the same `WHERE`, polars'
/// `filter().group_by([a, b]).agg(…)` and pandas' `groupby([a, b]).agg(…)`, each on the same file
/// read into memory first, taken in turns with Foldout's. Only the grouping is timed.
@MainActor
func groupsFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let path = file ?? writeBenchmarkCatalog(rows: rows)
    defer { if file == nil { unlink(path) } }
    let catalog: Catalog
    do { catalog = try Catalog.load(path: path) } catch { fatal("cannot read \(path): \(error)") }
    let filter = FacetFilter(catalog: catalog)
    let optionFacets = filter.facetColumns.filter { filter.kind(ofColumn: $0) == .options }
    let numbers = catalog.columns.indices.filter {
        catalog.columns[$0].kind == .number && !optionFacets.contains($0) && $0 != catalog.rowNumberColumn
    }
    guard optionFacets.count >= 3,
        let measured = numbers.first(where: { catalog.columns[$0].isMonetary }) ?? numbers.last
    else { fatal("the catalog needs three option facets and a number column") }
    func name(_ column: Int) -> String { catalog.columns[column].name }
    let distinct = (CatalogSummary.summarize(catalog, rows: nil) ?? []).map(\.distinct)
    func values(_ column: Int) -> Int { distinct.indices.contains(column) ? distinct[column] : 0 }

    // The pair of option facets whose values make nearest 50 groups; another facet filters.
    let pairs = optionFacets.flatMap { a in optionFacets.filter { $0 > a }.map { (a, $0) } }
    guard
        let (first, second) = pairs.min(by: {
            abs(values($0.0) * values($0.1) - 50) < abs(values($1.0) * values($1.1) - 50)
        }),
        let filtered = optionFacets.first(where: { $0 != first && $0 != second })
    else { fatal("no two facets to group by") }
    filter.select(option: 0, inColumn: filtered)
    let chosen = (name(filtered), filter.options(forColumn: filtered)[0])
    // The column nearest 4,000 distinct values, grouped by its values.
    let wide =
        catalog.columns.indices.filter { $0 != catalog.rowNumberColumn && $0 != measured }
        .min { abs(values($0) - 4_000) < abs(values($1) - 4_000) } ?? 0
    let measures = [FacetMeasure(.mean, of: measured), FacetMeasure(.median, of: measured)]
    let cases: [(title: String, levels: [Int])] = [
        ("2 keys", [first, second]), ("1 key of \(NumberText.grouped(values(wide))) values", [wide]),
    ]
    let peers = withPeers ? PythonPeers.prepare() : nil
    let session = peers.flatMap { PeerSession($0) }
    if let session, !session.hold(path) { warn("the peers could not read \(path)") }
    var figures: [Figure] = []
    for (title, levels) in cases {
        let grouping = Grouping(levels: levels.map { GroupLevel($0, by: .values) }, measures: measures)
        let spec = groupsSpec(keys: levels.map(name), measured: name(measured), where: chosen)
        var groups: [FoldedGroup] = []
        let operations = ["duckdb_groups", "polars_groups", "pandas_groups"].map { ($0, spec) }
        let taken = TakenInTurns.measure(
            rounds: rounds, session: session, operations: operations, label: "groups, \(title)"
        ) { _ in groups = filter.innermostGroups(grouping) }
        if let session, let theirs = session.time("duckdb_groups", spec), theirs.rows != groups.count {
            warn("the groups disagree: Foldout \(groups.count), DuckDB \(theirs.rows)")
        }
        let figure = "groups, \(title) (\(NumberText.grouped(groups.count)) groups), mean and median, 1 filter"
        figures.append(taken.figure(figure, "duckdb_groups", "DuckDB GROUP BY … AVG, MEDIAN"))
        figures.append(taken.figure(figure, "polars_groups", "polars group_by().agg"))
        figures.append(taken.figure(figure, "pandas_groups", "pandas groupby().agg"))
    }
    return figures
}

/// What the peers' session is asked to group: a line of JSON, as its operations' "path".
private func groupsSpec(keys: [String], measured: String, where chosen: (String, String)) -> String {
    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    return "{\"keys\": [" + keys.map(quoted).joined(separator: ", ") + "], \"measured\": " + quoted(measured)
        + ", \"column\": " + quoted(chosen.0) + ", \"value\": " + quoted(chosen.1) + "}"
}
