// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Glibc

/// Reading a workbook of 100,000 rows × 12 columns (the catalog benchmark's rows), as `.xlsx` and
/// `.ods`, each written by the peers' own writers (pandas `to_excel` through openpyxl and odfpy):
/// `CatalogReader.load` beside `pandas.read_excel` (openpyxl, odf) and `polars.read_excel`
/// (calamine), in the same run, the same files.
@MainActor
func spreadsheetFigures(rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let csv = writeBenchmarkCatalog(rows: rows)
    let base = "/tmp/foldout-bench-\(getpid())-sheet"
    let files = (xlsx: base + ".xlsx", ods: base + ".ods")
    defer { for path in [csv, files.xlsx, files.ods] { unlink(path) } }
    guard let peers = PythonPeers.prepare(), let python = peers.withSpreadsheetPackages() else {
        fatal("the spreadsheet benchmark needs pandas' writers (openpyxl, odfpy) to write its files")
    }
    progress("spreadsheets: writing \(files.xlsx) and \(files.ods) with pandas (openpyxl, odfpy); odfpy takes minutes")
    let script = "/tmp/foldout-bench-sheets-\(getpid()).py"
    writeScript(PythonPeers.spreadsheetScript, to: script)
    defer { unlink(script) }
    guard run(python, [script, "write", csv, files.xlsx, files.ods]).status == 0 else {
        fatal("writing the workbooks with pandas failed")
    }
    var ours: [String: [Double]] = [:]
    var theirs: [String: [Double]] = [:]
    var counts: [String: Int] = [:]
    for round in 1...rounds {
        progress("spreadsheets: Foldout reading the two workbooks, round \(round) of \(rounds)")
        for (key, path) in [("xlsx", files.xlsx), ("ods", files.ods)] {
            let start = monotonicNanoseconds()
            do { counts[key] = try CatalogReader.load(path: path).count } catch { fatal("\(key): \(error)") }
            ours[key, default: []].append(Double(monotonicNanoseconds() - start) / 1_000_000)
        }
        if withPeers {
            progress("spreadsheets: the peers reading the same workbooks, round \(round) of \(rounds)")
            let result = run(python, [script, "read", files.xlsx, files.ods])
            if result.status == 0 {
                for (key, value) in result.jsonNumbers { theirs[key, default: []].append(value) }
            } else {
                warn("the peers' spreadsheet script failed (status \(result.status))")
            }
        }
    }
    for (key, count) in counts where count != rows { warn("Foldout read \(count) rows from the \(key), not \(rows)") }
    for (key, values) in theirs where key.hasSuffix("_rows") && Int(values.last ?? 0) != rows {
        warn("\(key.dropLast(5)) read \(Int(values.last ?? 0)) rows, not \(rows)")
    }
    func size(_ path: String) -> String { "\(rounded(Double(Catalog.fileSize(path)) / 1_048_576, 3)) MiB" }
    let what = "\(NumberText.grouped(rows)) rows × 12"
    let compared: [(key: String, name: String, peers: [(key: String, title: String)])] = [
        (
            "xlsx", "load .xlsx (\(size(files.xlsx))), \(what)",
            [("pandas_xlsx", "pandas.read_excel(engine='openpyxl')"), ("polars_xlsx", "polars.read_excel (calamine)")]
        ),
        (
            "ods", "load .ods (\(size(files.ods))), \(what)",
            [("pandas_ods", "pandas.read_excel(engine='odf')"), ("polars_ods", "polars.read_excel (calamine)")]
        ),
    ]
    var figures: [Figure] = []
    for (key, name, named) in compared {
        for (peerKey, title) in named {
            let peer = theirs[peerKey].flatMap(Statistics.median)
            figures.append(
                Figure(
                    name: name, unit: "ms", value: Statistics.median(ours[key] ?? [])!, baseline: peer,
                    baselineName: peer == nil ? "\(title): not run" : title, rounds: rounds))
        }
    }
    return figures
}

private func writeScript(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else { fatal("cannot write \(path)") }
    fputs(text, file)
    fclose(file)
}

extension PythonPeers {
    static let spreadsheetPackages = ["openpyxl", "odfpy", "fastexcel"]

    /// The venv's Python once openpyxl, odfpy and fastexcel (polars' calamine reader) are in it;
    /// nil, with a warning, if pip cannot install them.
    func withSpreadsheetPackages() -> String? {
        let check =
            "import importlib.util, sys; sys.exit(any(importlib.util.find_spec(m) is None for m in "
            + "('openpyxl', 'odf', 'fastexcel')))"
        if run(python, ["-c", check]).status == 0 { return python }
        progress("peers: installing \(Self.spreadsheetPackages.joined(separator: ", ")) into the venv")
        let install = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check"] + Self.spreadsheetPackages
        guard run(python, install).status == 0, run(python, ["-c", check]).status == 0 else {
            warn("could not install \(Self.spreadsheetPackages.joined(separator: ", ")) from PyPI")
            return nil
        }
        return python
    }

    /// `write CSV XLSX ODS`: the CSV (its `NA` missing) through pandas into both workbooks, its
    /// `added` and `updated` columns as dates and date-times. `read XLSX ODS`: each peer once on
    /// each, milliseconds and rows by key.
    static let spreadsheetScript = #"""
        import gc, json, sys, time
        import pandas, polars
        if sys.argv[1] == "write":
            source, xlsx, ods = sys.argv[2:5]
            frame = pandas.read_csv(source, parse_dates=["added", "updated"])
            frame["added"] = frame["added"].dt.date
            frame.to_excel(xlsx, index=False, engine="openpyxl", sheet_name="catalog")
            frame.to_excel(ods, index=False, engine="odf", sheet_name="catalog")
            sys.exit(0)
        xlsx, ods = sys.argv[2:4]
        out = {}
        """# + timedFunction + #"""
            timed("pandas_xlsx", lambda: pandas.read_excel(xlsx, engine="openpyxl"))
            timed("polars_xlsx", lambda: polars.read_excel(xlsx, engine="calamine"))
            timed("pandas_ods", lambda: pandas.read_excel(ods, engine="odf"))
            timed("polars_ods", lambda: polars.read_excel(ods, engine="calamine"))
            print(json.dumps(out))
            """#
}
