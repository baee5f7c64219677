// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// Exporting every row and column of a catalog file to CSV (Foldout reads the file again and
/// writes each field's own text) against pandas `to_csv` and polars `write_csv` of the same table
/// already in memory; and copying 10,000 rows to the clipboard as tab-separated text against
/// pandas writing the same rows as TSV into a string.
@MainActor
func exportFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let path = file ?? writeBenchmarkCatalog(rows: rows)
    defer { if file == nil { unlink(path) } }
    let catalog: Catalog
    do { catalog = try Catalog.load(path: path) } catch { fatal("cannot read \(path): \(error)") }
    let out = "/tmp/foldout-bench-export-\(getpid()).csv"
    defer { unlink(out) }
    let everything = CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv)
    var ours: [Double] = []
    for round in 1...rounds {
        progress("export: \(catalog.count) rows to CSV, round \(round) of \(rounds)")
        ours.append(
            milliseconds {
                do { try everything.write(to: out) } catch { fatal("export failed: \(error)") }
            })
    }
    let copied = Array(catalog.filePositions.prefix(10_000))
    var copies: [Double] = []
    for _ in 1...max(rounds * 4, 21) {
        copies.append(
            milliseconds {
                Display.copyToClipboard(CatalogExport(catalog: catalog, rows: copied, format: .tsv).valuesText())
            })
    }
    progress("export: the peers")
    let theirs = withPeers ? PythonPeers.prepare()?.exportRound(path: path, out: out, rounds: rounds) : nil
    let name = "\(NumberText.grouped(catalog.count)) rows × \(catalog.columns.count) columns"
    let copyName = "copy \(NumberText.grouped(copied.count)) rows"
    return [
        Figure(
            name: "export CSV, \(name)", unit: "ms", value: Statistics.median(ours)!,
            baseline: theirs?["pandas_to_csv"],
            baselineName: theirs == nil ? "pandas to_csv: not run" : "pandas DataFrame.to_csv", rounds: rounds),
        Figure(
            name: "export CSV, \(name)", unit: "ms", value: Statistics.median(ours)!,
            baseline: theirs?["polars_write_csv"],
            baselineName: theirs == nil ? "polars write_csv: not run" : "polars DataFrame.write_csv", rounds: rounds),
        Figure(
            name: copyName, unit: "ms", value: Statistics.median(copies)!, baseline: theirs?["pandas_tsv_10000"],
            baselineName: theirs == nil
                ? "pandas to_csv(sep='\\t'): not run" : "pandas to_csv(sep='\\t') of the rows into a string",
            rounds: copies.count),
    ]
}

extension PythonPeers {
    /// pandas and polars reading `path` once, then writing it whole to `out` (median of `rounds`),
    /// and pandas writing its first 10,000 rows as TSV into a string.
    func exportRound(path: String, out: String, rounds: Int) -> [String: Double]? {
        let script = "/tmp/foldout-bench-export-\(getpid()).py"
        guard let file = fopen(script, "w") else { return nil }
        fputs(Self.exportScript, file)
        fclose(file)
        defer { unlink(script) }
        let result = run(python, [script, path, out, String(rounds)])
        guard result.status == 0 else {
            warn("the peers' export script failed (status \(result.status))")
            return nil
        }
        return result.jsonNumbers
    }

    static let exportScript = #"""
        import json, sys, time
        import pandas as pd, polars as pl
        path, out, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
        frame = pd.read_csv(path)
        polars_frame = pl.read_csv(path, infer_schema_length=10000)
        def median(body, n):
            samples = []
            for _ in range(n):
                start = time.perf_counter()
                body()
                samples.append((time.perf_counter() - start) * 1000)
            return sorted(samples)[len(samples) // 2]
        head = frame.head(10000)
        print(json.dumps({
            "pandas_to_csv": median(lambda: frame.to_csv(out, index=False), rounds),
            "polars_write_csv": median(lambda: polars_frame.write_csv(out), rounds),
            "pandas_tsv_10000": median(lambda: head.to_csv(sep="\t", index=False), max(rounds * 4, 21)),
        }))
        """#
}
