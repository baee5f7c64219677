// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Glibc

/// Reading the catalog benchmark's rows from the other formats Foldout opens, each through
/// `CatalogReader.load` beside the peers a user would otherwise pick, on the same file: the CSV
/// gzipped (pandas and polars `read_csv`), as a SQLite table (pandas `read_sql` and DuckDB's
/// `sqlite_scan`) and as JSON Lines (pandas `read_json(lines=True)` and polars `read_ndjson`);
/// and the plain CSV through `CatalogReader.load` beside `Catalog.load`, which is the dispatch's
/// cost. Python's `gzip`, `sqlite3` and `json` write the other files from the CSV.
@MainActor
func formatsFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let csv = file ?? writeBenchmarkCatalog(rows: rows)
    let base = "/tmp/foldout-bench-\(getpid())-formats"
    let files = (gz: base + ".csv.gz", sqlite: base + ".sqlite", jsonl: base + ".jsonl")
    defer {
        if file == nil { unlink(csv) }
        for path in [files.gz, files.sqlite, files.jsonl] { unlink(path) }
    }
    let peers = withPeers ? PythonPeers.prepare() : nil
    progress("formats: writing \(files.gz), \(files.sqlite) and \(files.jsonl) with Python")
    writeFormats(csv: csv, files: files, python: peers?.python ?? "/usr/bin/python3")
    let duckdb = peers?.duckdbWithSQLite()
    let session = peers.flatMap { PeerSession($0, environment: duckdb.map { ["PYTHONPATH": $0] } ?? [:]) }

    // The two readings of the CSV, back to back with no peer between, take turns at going first:
    // their difference (the dispatch's cost) is small beside what the machine's other work moves.
    let csvPairs = 3
    var backToBack: [String: [Double]] = [:]
    var rowsRead: [String: Int] = [:]
    func load(_ key: String, _ path: String) {
        do throws(CatalogImportError) {
            let catalog = try key == "csv" ? Catalog.load(path: path) : CatalogReader.load(path: path)
            rowsRead[key] = catalog.count
        } catch {
            fatal("\(key): \(error)")
        }
    }
    for round in 1...rounds {
        progress("formats: Foldout reading the CSV both ways, round \(round) of \(rounds)")
        for pair in 0..<csvPairs {
            for key in (round * csvPairs + pair) % 2 == 0 ? ["csv", "csv_reader"] : ["csv_reader", "csv"] {
                let start = monotonicNanoseconds()
                load(key, csv)
                backToBack[key, default: []].append(Double(monotonicNanoseconds() - start) / 1_000_000)
            }
        }
    }
    let count = rowsRead["csv"] ?? 0
    // Each file read by Foldout, then by a peer, in turns.
    let compared: [(ours: String, path: String, what: String, peers: [(key: String, title: String)])] = [
        ("csv_reader", csv, "CSV (\(size(csv)))", [("polars_csv", "polars.read_csv")]),
        (
            "gz", files.gz, ".csv.gz (\(size(files.gz)))",
            [("pandas_gz", "pandas.read_csv"), ("polars_gz", "polars.read_csv")]
        ),
        (
            "sqlite", files.sqlite, "SQLite table (\(size(files.sqlite)))",
            [("pandas_sqlite", "pandas.read_sql('select * from t', sqlite3 connection)")]
                + (duckdb == nil
                    ? []
                    : [
                        (
                            "duckdb_sqlite",
                            "DuckDB \(PythonPeers.duckdbForSQLite), select * from sqlite_scan(path, 't'), .df()"
                        )
                    ])
        ),
        (
            "jsonl", files.jsonl, "JSON Lines (\(size(files.jsonl)))",
            [("pandas_jsonl", "pandas.read_json(lines=True)"), ("polars_jsonl", "polars.read_ndjson")]
        ),
    ]
    var figures: [Figure] = []
    let rowsText = "\(NumberText.grouped(count)) rows"
    for (key, path, what, named) in compared {
        let taken = TakenInTurns.measure(
            rounds: rounds, session: session, operations: named.map { ($0.key, path) }, label: "formats, \(key)",
            rows: count
        ) { _ in load(key, path) }
        if let rows = rowsRead[key], rows != count {
            warn("Foldout read \(rows) rows from the \(key) file and \(count) from the CSV")
        }
        for (peerKey, title) in named {
            figures.append(taken.figure("load \(what), \(rowsText)", peerKey, title))
        }
    }
    figures.insert(
        Figure.measured(
            "CatalogReader.load, CSV, \(rowsText), back to back", samples: backToBack["csv_reader"] ?? [],
            baselineSamples: backToBack["csv"], baselineName: "Catalog.load of the same file (\(size(csv)))"),
        at: 0)
    return figures
}

private func size(_ path: String) -> String { "\(rounded(Double(Catalog.fileSize(path)) / 1_048_576, 3)) MiB" }

/// The CSV gzipped (level 6), as the table `t` of a SQLite database and as JSON Lines, written
/// with Python's own modules. Each column is typed as a user's export would have it: INTEGER
/// where every value is a whole number (without leading zeros), REAL where every value is a
/// number, TEXT otherwise; an empty field or `NA` is NULL (`null` in JSON).
private func writeFormats(csv: String, files: (gz: String, sqlite: String, jsonl: String), python: String) {
    let script = "/tmp/foldout-bench-formats-write-\(getpid()).py"
    guard let file = fopen(script, "w") else { fatal("cannot write \(script)") }
    fputs(writeScript, file)
    fclose(file)
    defer { unlink(script) }
    let result = run(python, [script, csv, files.gz, files.sqlite, files.jsonl])
    guard result.status == 0 else { fatal("writing the formats' files with \(python) failed") }
}

private let writeScript = #"""
    import csv, gzip, json, os, re, shutil, sqlite3, sys
    source, gz, database, lines = sys.argv[1:5]
    with open(source, "rb") as text, gzip.open(gz, "wb", compresslevel=6) as out:
        shutil.copyfileobj(text, out, 1 << 20)
    whole = re.compile(r"-?(0|[1-9][0-9]*)\Z")
    number = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?\Z")
    missing = ("", "NA")
    with open(source, newline="", encoding="utf-8") as text:
        reader = csv.reader(text)
        header = next(reader)
        kinds = ["INTEGER"] * len(header)
        for row in reader:
            for i, value in enumerate(row):
                if value in missing or kinds[i] == "TEXT": continue
                if kinds[i] == "INTEGER" and not whole.match(value):
                    kinds[i] = "REAL"
                if kinds[i] == "REAL" and not number.match(value):
                    kinds[i] = "TEXT"
    convert = {"INTEGER": int, "REAL": float, "TEXT": str}
    converters = [convert[kind] for kind in kinds]
    def typed():
        with open(source, newline="", encoding="utf-8") as text:
            reader = csv.reader(text)
            next(reader)
            for row in reader:
                yield [None if value in missing else f(value) for f, value in zip(converters, row)]
    if os.path.exists(database): os.unlink(database)
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA journal_mode = OFF")
    names = ['"' + name.replace('"', '""') + '"' for name in header]
    connection.execute("CREATE TABLE t (" + ", ".join(n + " " + k for n, k in zip(names, kinds)) + ")")
    connection.executemany("INSERT INTO t VALUES (" + ", ".join("?" * len(header)) + ")", typed())
    connection.commit()
    connection.close()
    with open(lines, "w", encoding="utf-8") as out:
        for row in typed():
            out.write(json.dumps(dict(zip(header, row)), ensure_ascii=False))
            out.write("\n")
    """#

extension PythonPeers {
    /// `timed(key, body)`: runs `body`, puts its milliseconds in `out[key]` and the rows of the
    /// frame it returns in `out[key + "_rows"]`, after a garbage collection.
    static let timedFunction = #"""

        def timed(key, body):
            gc.collect()
            start = time.perf_counter()
            frame = body()
            out[key] = (time.perf_counter() - start) * 1000
            out[key + "_rows"] = len(frame)
            del frame

        """#

    /// The DuckDB release whose `sqlite_scanner` extension PyPI has as a package (DuckDB itself
    /// would download it at run time, which an offline machine cannot).
    static let duckdbForSQLite = "1.5.5"

    /// A folder for PYTHONPATH with that DuckDB and its `sqlite_scanner` extension, installed once
    /// with the venv's pip beside the venv (the venv's own DuckDB, the newest, stays for the other
    /// groups); nil, with a warning, if pip cannot install them.
    func duckdbWithSQLite() -> String? {
        let folder = String(python.dropLast("/venv/bin/python".count)) + "/duckdb-sqlite-\(Self.duckdbForSQLite)"
        let check =
            "import duckdb, duckdb_extension_sqlite_scanner; assert duckdb.__version__ == '\(Self.duckdbForSQLite)'"
        if run(python, ["-c", check], environment: ["PYTHONPATH": folder]).status == 0 { return folder }
        progress("peers: installing DuckDB \(Self.duckdbForSQLite) and its sqlite_scanner into \(folder)")
        let packages = ["duckdb==\(Self.duckdbForSQLite)", "duckdb-extension-sqlite-scanner==\(Self.duckdbForSQLite)"]
        let install = [
            "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--upgrade", "--target",
            folder,
        ]
        guard run(python, install + packages).status == 0,
            run(python, ["-c", check], environment: ["PYTHONPATH": folder]).status == 0
        else {
            warn("could not install \(packages.joined(separator: " ")); DuckDB's sqlite_scan is not run")
            return nil
        }
        return folder
    }
}
