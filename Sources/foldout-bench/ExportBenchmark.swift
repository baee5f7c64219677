// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// Exporting every row and column of a catalog file to CSV (Foldout reads the file again and
/// writes each field's own text, then waits for it to be on the disk) against pandas `to_csv`
/// and polars `write_csv` of the same table already in memory (which do not wait); and copying
/// 10,000 rows to the clipboard as tab-separated text against pandas writing the same rows as TSV
/// into a string.
@MainActor
func exportFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let path = file ?? writeBenchmarkCatalog(rows: rows)
    defer { if file == nil { unlink(path) } }
    let catalog: Catalog
    do { catalog = try Catalog.load(path: path) } catch { fatal("cannot read \(path): \(error)") }
    let out = "/tmp/foldout-bench-export-\(getpid()).csv"
    defer { unlink(out) }
    let everything = CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv)
    let session = withPeers ? PythonPeers.prepare().flatMap { PeerSession($0) } : nil
    let held = session?.hold(path) == true ? session : nil
    let writers: [(key: String, title: String)] = [
        ("pandas_to_csv", "pandas DataFrame.to_csv"), ("polars_write_csv", "polars DataFrame.write_csv"),
    ]
    // Each side's turn starts with what the other wrote on the disk (sync, untimed): Foldout's
    // export ends with fsync, which on ext4 also waits for the writeback of the peer's 99 MiB
    // written a moment before, and the peers' writes end in the page cache.
    let taken = TakenInTurns.measure(
        rounds: rounds, session: held, operations: writers.map { ($0.key, out) }, label: "export",
        rows: catalog.count, settle: sync
    ) { _ in
        do { try everything.write(to: out) } catch { fatal("export failed: \(error)") }
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
    let theirs = withPeers ? PythonPeers.prepare()?.copyRound(path: path, rounds: rounds) : nil
    let name = "\(NumberText.grouped(catalog.count)) rows × \(catalog.columns.count) columns"
    let copyName = "copy \(NumberText.grouped(copied.count)) rows"
    return writers.map { taken.figure("export CSV, \(name)", $0.key, $0.title) } + [
        Figure(
            name: copyName, unit: "ms", value: Statistics.median(copies)!, baseline: theirs?["pandas_tsv_10000"],
            baselineName: theirs == nil
                ? "pandas to_csv(sep='\\t'): not run" : "pandas to_csv(sep='\\t') of the rows into a string",
            rounds: copies.count)
    ]
}

extension PythonPeers {
    /// pandas writing the first 10,000 rows of `path` as TSV into a string (the median of
    /// `rounds` × 4, at least 21).
    func copyRound(path: String, rounds: Int) -> [String: Double]? {
        let script = "/tmp/foldout-bench-export-\(getpid()).py"
        guard let file = fopen(script, "w") else { return nil }
        fputs(Self.copyScript, file)
        fclose(file)
        defer { unlink(script) }
        let result = run(python, [script, path, String(rounds)])
        guard result.status == 0 else {
            warn("the peers' copy script failed (status \(result.status))")
            return nil
        }
        return result.jsonNumbers
    }

    static let copyScript = #"""
        import json, sys, time
        import pandas as pd
        path, rounds = sys.argv[1], int(sys.argv[2])
        frame = pd.read_csv(path)
        def median(body, n):
            samples = []
            for _ in range(n):
                start = time.perf_counter()
                body()
                samples.append((time.perf_counter() - start) * 1000)
            return sorted(samples)[len(samples) // 2]
        head = frame.head(10000)
        print(json.dumps({
            "pandas_tsv_10000": median(lambda: head.to_csv(sep="\t", index=False), max(rounds * 4, 21)),
        }))
        """#
}
