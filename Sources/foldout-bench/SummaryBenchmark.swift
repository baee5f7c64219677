// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// Issue 35's figures: the summary of every column under one filter, against DuckDB's
/// `SUMMARIZE` over the same `WHERE` and pandas' `describe(include='all')` of the same rows; and a
/// measure flyout — the mean, then the median, of a number column per option of one facet under
/// two other facets' choices — against DuckDB's `GROUP BY … AVG` / `MEDIAN` and polars'
/// `group_by().agg(…)`. The peers read the same file into memory first; only the query is timed.
@MainActor
func summaryFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
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
    let (grouped, first, second) = (optionFacets[0], optionFacets[1], optionFacets[2])
    func name(_ column: Int) -> String { catalog.columns[column].name }

    // The summary: every column over the rows of one option of the first facet.
    filter.select(option: 0, inColumn: grouped)
    let chosen = filter.matches
    var summaries: [ColumnSummary] = []
    var summaryTimes: [Double] = []
    for round in 1...rounds {
        progress("summary: round \(round) of \(rounds)")
        summaryTimes.append(milliseconds { summaries = CatalogSummary.summarize(catalog, rows: chosen) ?? [] })
    }
    let summaryWhere = (name(grouped), filter.options(forColumn: grouped)[0])
    filter.reset(column: grouped)

    // The measure flyout: the grouped facet's options under the two other facets' choices. Each round
    // changes a filter and back first, so that the figures are computed afresh.
    filter.select(option: 0, inColumn: first)
    filter.select(option: 1, inColumn: second)
    var times: [FacetMeasure.Aggregate: [Double]] = [:]
    var figures: [FacetMeasure.Aggregate: [MeasureFigure]] = [:]
    for round in 1...max(rounds * 4, 21) {
        progress("measures: round \(round)")
        filter.select(option: 0, inColumn: second)
        filter.select(option: 1, inColumn: second)
        for aggregate in [FacetMeasure.Aggregate.mean, .median] {
            times[aggregate, default: []].append(
                milliseconds {
                    figures[aggregate] = filter.measures(FacetMeasure(aggregate, of: measured), forColumn: grouped)
                })
        }
    }
    let filters = [
        (name(first), filter.options(forColumn: first)[0]), (name(second), filter.options(forColumn: second)[1]),
    ]
    var peers: [String: Double] = [:]
    if withPeers, let python = PythonPeers.prepare() {
        progress("summary: DuckDB, pandas and polars")
        peers =
            python.summaryRound(
                path: path, summaryWhere: summaryWhere, grouped: name(grouped), measured: name(measured),
                filters: filters, rounds: rounds) ?? [:]
        let ours = summaries.reduce(0) { $0 + $1.present + $1.missing } / max(catalog.columns.count, 1)
        if let theirs = peers["duckdb_summary_rows"], Int(theirs) != ours {
            warn("the summary's rows disagree: Foldout \(ours), DuckDB \(Int(theirs))")
        }
        for aggregate in [FacetMeasure.Aggregate.mean, .median] {
            let total = (figures[aggregate] ?? []).compactMap(\.value).reduce(0, +)
            if let theirs = peers["duckdb_\(aggregate)_total"], abs(theirs - total) > 1e-6 * max(1, abs(total)) {
                warn("the \(aggregate)s disagree: Foldout's sum to \(total), DuckDB's to \(theirs)")
            }
        }
    }
    let rowsText = "\(NumberText.grouped(chosen.count)) rows"
    var result: [Figure] = []
    for (key, peer) in [("duckdb_summarize", "DuckDB SUMMARIZE … WHERE"), ("pandas_describe", "pandas describe(all)")] {
        result.append(
            Figure(
                name: "summary, \(catalog.columns.count) columns, \(rowsText)", unit: "ms",
                value: Statistics.median(summaryTimes)!, baseline: peers[key],
                baselineName: peers[key] == nil ? "\(peer): not run" : peer, rounds: summaryTimes.count))
    }
    let options = filter.options(forColumn: grouped).count
    for aggregate in [FacetMeasure.Aggregate.mean, .median] {
        let samples = times[aggregate] ?? []
        for (key, peer) in [("duckdb", "DuckDB GROUP BY"), ("polars", "polars group_by().agg")] {
            let value = peers["\(key)_\(aggregate)"]
            result.append(
                Figure(
                    name: "\(aggregate) per option, \(options) options", unit: "ms",
                    value: Statistics.median(samples)!, baseline: value,
                    baselineName: value == nil ? "\(peer): not run" : "\(peer), 2 filters", rounds: samples.count))
        }
    }
    return result
}

extension PythonPeers {
    /// DuckDB, pandas and polars timing what `summaryFigures` times, each the median of `rounds`.
    func summaryRound(
        path: String, summaryWhere: (String, String), grouped: String, measured: String, filters: [(String, String)],
        rounds: Int
    ) -> [String: Double]? {
        let script = "/tmp/foldout-bench-summary-\(getpid()).py"
        guard let file = fopen(script, "w") else { return nil }
        fputs(Self.summaryScript, file)
        fclose(file)
        defer { unlink(script) }
        let arguments =
            [script, path, String(rounds), summaryWhere.0, summaryWhere.1, grouped, measured]
            + filters.flatMap { [$0.0, $0.1] }
        let result = run(python, arguments)
        guard result.status == 0 else {
            warn("the peers' summary script failed (status \(result.status))")
            return nil
        }
        return result.jsonNumbers
    }

    /// Equality filters compare the columns as text, so that a code read as a number still matches.
    static let summaryScript = #"""
        import gc, json, sys, time
        import duckdb, pandas, polars as pl
        path, rounds = sys.argv[1], int(sys.argv[2])
        column, value, grouped, measured = sys.argv[3:7]
        filters = list(zip(sys.argv[7::2], sys.argv[8::2]))
        def q(name): return '"' + name.replace('"', '""') + '"'
        def lit(text): return "'" + text.replace("'", "''") + "'"
        def timed(body):
            samples = []
            for _ in range(rounds):
                start = time.perf_counter()
                result = body()
                samples.append((time.perf_counter() - start) * 1000)
            samples.sort()
            return samples[len(samples) // 2], result
        out = {}
        con = duckdb.connect()
        con.execute("CREATE TABLE t AS SELECT * FROM read_csv(?)", [path])
        where = f"CAST({q(column)} AS VARCHAR) = {lit(value)}"
        out["duckdb_summarize"], _ = timed(lambda: con.execute(f"SUMMARIZE SELECT * FROM t WHERE {where}").fetchall())
        out["duckdb_summary_rows"] = con.execute(f"SELECT count(*) FROM t WHERE {where}").fetchone()[0]
        group_where = " AND ".join(f"CAST({q(c)} AS VARCHAR) = {lit(v)}" for c, v in filters)
        for name, function in (("mean", "AVG"), ("median", "MEDIAN")):
            sql = f"SELECT {q(grouped)}, {function}({q(measured)}) FROM t WHERE {group_where} GROUP BY 1"
            out["duckdb_" + name], rows = timed(lambda: con.execute(sql).fetchall())
            out["duckdb_" + name + "_total"] = float(sum(v for k, v in rows if v is not None))
        con.close()
        frame = pandas.read_csv(path)
        out["pandas_describe"], _ = timed(
            lambda: frame[frame[column].astype(str) == value].describe(include="all"))
        del frame; gc.collect()
        frame = pl.read_csv(path, infer_schema_length=10000)
        condition = None
        for c, v in filters:
            term = pl.col(c).cast(pl.Utf8) == v
            condition = term if condition is None else condition & term
        for name in ("mean", "median"):
            aggregate = getattr(pl.col(measured), name)()
            out["polars_" + name], _ = timed(lambda: frame.filter(condition).group_by(grouped).agg(aggregate))
        print(json.dumps(out))
        """#
}
