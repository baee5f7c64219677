// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// foldout-bench: every figure Foldout claims, each the median of repeated runs beside a baseline
/// measured alternately in the same run, with the ratio. `--json` prints one JSON object.
let usage = """
    Usage: foldout-bench [--rounds N] [--catalog-size N]
                         [--only startup|filter|catalog|formats|sheets|ranges|export|search|frames|summary|
                                 groups|database|scale]
                         [--catalog FILE] [--no-peers] [--json] [--compare OLD.json]
    Measures Foldout against GTK baselines, and its catalog against pandas, polars and DuckDB (in a
    venv the bench makes under ~/.cache/foldout-bench the first time), in one run. Build with
    swift build -c release and run under a display (xvfb-run -a). Prints medians, baselines and
    their ratios; progress goes to stderr. --catalog FILE measures reading and counting that file.
    --write-catalog FILE and --write-titles FILE write the catalog and search benchmarks' files.
    --only formats reads the same rows gzipped, as a SQLite table and as JSON Lines; --only sheets
    reads 100,000 of them as .xlsx and .ods (written by pandas, which takes minutes for the .ods).
    --only scale loads 1, 5 and 10 million rows (--catalog-size N: N, 5N, 10N), each in a process
    of its own, and prints the time, the peak memory and the bytes per row; a full run leaves it out.
    --compare OLD.json prints each figure beside an earlier run's (its --json) and the change.
    --only database filters a PostgreSQL table of --catalog-size rows (and of 1M) in a throwaway
    server against psql, and Foldout's memory against pandas.read_sql of the table (psycopg2-binary
    in the venv; needs Debian's postgresql; no display).
    A peer's load or export is timed in turns with Foldout's, round by round, on the same file warm
    in the page cache (one Python process kept up, after one untimed round); each figure shows its
    median and its spread, the fastest and the slowest round.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
var rounds = 21
var catalogSize = 1_000_000
var only: String?
var catalogFile: String?
var peers = true
var comparedWith: String?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    switch option {
    case "--help":
        print(usage)
        exit(0)
    case "--rounds", "--catalog-size":
        guard let text = arguments.first, let value = Int(text), value > 0 else {
            fatal("\(option) needs a positive number")
        }
        arguments.removeFirst()
        if option == "--rounds" { rounds = value } else { catalogSize = value }
    case "--only":
        guard let group = arguments.first,
            [
                "startup", "filter", "catalog", "formats", "sheets", "ranges", "export", "search", "frames", "summary",
                "groups", "database", "scale",
            ].contains(group)
        else {
            fatal(
                "--only takes startup, filter, catalog, formats, sheets, ranges, export, search, frames, summary"
                    + ", groups, database or scale")
        }
        only = arguments.removeFirst()
    case "--catalog":
        guard let path = arguments.first else { fatal("--catalog needs a file") }
        catalogFile = arguments.removeFirst()
        only = only ?? "catalog"
        if access(path, R_OK) != 0 { fatal("cannot read \(path)") }
    case "--write-catalog":
        guard let path = arguments.first else { fatal("--write-catalog needs a file") }
        writeBenchmarkCatalog(rows: catalogSize, to: path)
        exit(0)
    case "--write-titles":
        guard let path = arguments.first else { fatal("--write-titles needs a file") }
        writeSearchTitles(rows: catalogSize, to: path)
        exit(0)
    case "--measure-load":
        guard let path = arguments.first else { fatal("--measure-load needs a file") }
        measureLoad(path)
    case "--no-peers":
        peers = false
    case "--compare":
        guard let path = arguments.first else { fatal("--compare needs an earlier run's --json file") }
        comparedWith = arguments.removeFirst()
        if access(path, R_OK) != 0 { fatal("cannot read \(path)") }
    default:
        fatal("unknown option \(option) (try --help)")
    }
}
if only == "database" {
    let measured = databaseFigures(rows: catalogSize, rounds: rounds, peers: peers ? PythonPeers.prepare() : nil)
    progress("")
    print(json ? Figure.json(measured) : Figure.table(measured))
    exit(0)
}
guard getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil, GtkRuntime.initialize() else {
    fatal("no display; run it under xvfb-run -a")
}

let loadAtStart = RunNotes.loadAverage()
var figures: [Figure] = []
if only == nil || only == "startup" { figures += startupFigures(rounds: rounds, catalogSize: catalogSize) }
if only == nil || only == "filter" { figures += filterFigures(count: catalogSize, rounds: max(rounds / 4, 3)) }
if only == nil || only == "filter" { figures += messageFigures(rounds: rounds) }
if only == nil || only == "catalog" {
    figures += catalogFigures(file: catalogFile, rows: catalogSize, rounds: max(rounds / 4, 3), withPeers: peers)
}
if only == nil || only == "formats" {
    // As many rounds as asked for on their own; a quarter (at least 3) in the full run, as the catalog's.
    figures += formatsFigures(
        file: catalogFile, rows: catalogSize, rounds: only == "formats" ? rounds : max(rounds / 4, 3), withPeers: peers)
}
if only == nil || only == "sheets" {
    figures += spreadsheetFigures(
        rows: min(catalogSize, 100_000), rounds: only == "sheets" ? rounds : max(rounds / 4, 3), withPeers: peers)
}
if only == nil || only == "ranges" {
    figures += rangeFigures(file: catalogFile, rows: catalogSize, rounds: rounds, withPeers: peers)
}
if only == nil || only == "export" {
    figures += exportFigures(file: catalogFile, rows: catalogSize, rounds: max(rounds / 4, 3), withPeers: peers)
}
if only == nil || only == "search" {
    figures += searchFigures(count: catalogSize, rounds: max(rounds / 2, 3), withPeers: peers)
}
if only == nil || only == "summary" {
    figures += summaryFigures(file: catalogFile, rows: catalogSize, rounds: max(rounds / 2, 3), withPeers: peers)
}
if only == nil || only == "groups" {
    figures += groupsFigures(file: catalogFile, rows: catalogSize, rounds: max(rounds / 2, 3), withPeers: peers)
}
if only == nil || only == "frames" {
    figures += frameFigures(
        scrollRounds: max(rounds / 4, 3), unfoldRounds: max(rounds / 10, 2), frames: 300, cycles: 100)
}
if only == "scale" { figures += scaleFigures(rows: catalogSize, rounds: rounds) }
progress("")
print(json ? Figure.json(figures) : Figure.table(figures))
for line in RunNotes.lines(figures, loadAtStart: loadAtStart) { json ? warn(line) : print(line) }
if let comparedWith { print("\n" + comparisonTable(figures, earlier: comparedWith)) }
