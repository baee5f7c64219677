// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Glibc

/// Reading a catalog file and counting its facets, against pandas, polars and DuckDB on the same
/// file, and the memory each holds per row. Without a file, the bench writes one: `rows` rows of a
/// dozen mixed columns.
@MainActor
func catalogFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let path = file ?? writeBenchmarkCatalog(rows: rows)
    defer { if file == nil { unlink(path) } }
    let size = Catalog.fileSize(path)
    let peers = withPeers ? PythonPeers.prepare() : nil
    let session = peers.flatMap { PeerSession($0) }
    var catalog: Catalog!
    let loads: [(key: String, title: String)] = [
        ("pandas_csv", "pandas.read_csv"), ("polars_csv", "polars.read_csv"),
        ("duckdb_csv", "DuckDB read_csv into a table"),
    ]
    let taken = TakenInTurns.measure(
        rounds: rounds, session: session, operations: loads.map { ($0.key, path) }, label: "catalog"
    ) { _ in
        catalog = nil
        do { catalog = try Catalog.load(path: path) } catch { fatal("cannot read \(path): \(error)") }
    }
    // Memory per row and DuckDB's counts: one run of the peers' script.
    let theirs = peers?.round(path: path, facets: facetNames(catalog), chosen: chosenFacet(catalog)) ?? [:]
    let filter = FacetFilter(catalog: catalog)
    var figures: [Figure] = []
    let name = "\(NumberText.grouped(catalog.count)) rows × \(catalog.columns.count) columns"
    func peer(_ key: String) -> Double? { theirs[key] }
    for (key, title) in loads {
        figures.append(taken.figure("load, \(name)", key, title))
    }

    if let column = firstOptionFacet(filter) {
        let counts = countFigure(filter, column: column, rounds: max(rounds * 4, 21))
        let duckdbTotal = peer("duckdb_count_total")
        if let duckdbTotal, Int(duckdbTotal) != counts.total {
            warn("the counts disagree: Foldout \(counts.total), DuckDB \(Int(duckdbTotal)) in all")
        }
        figures.append(
            Figure(
                name: "counts, \(facetNames(catalog).count) facets, 1 chosen", unit: "ms", value: counts.milliseconds,
                baseline: peer("duckdb_counts"), baselineName: "DuckDB, one GROUP BY per facet", rounds: counts.rounds))
    }
    if let column = firstOptionFacet(filter) { filter.select(option: 0, inColumn: column) }
    let bytes = filter.bytesPerItem
    figures.append(
        Figure(
            name: "memory per row", unit: "B", value: bytes, baseline: peer("pandas_bytes_per_row"),
            baselineName: "pandas memory_usage(deep=True)", rounds: 1))
    figures.append(
        Figure(
            name: "memory per row vs polars", unit: "B", value: bytes, baseline: peer("polars_bytes_per_row"),
            baselineName: "polars estimated_size()", rounds: 1))
    let loading = run(sibling("foldout-bench"), ["--measure-load", path])
    guard let peak = loading.jsonNumbers["peak_kib"] else { fatal("foldout-bench --measure-load \(path) failed") }
    figures.append(
        Figure(
            name: "peak memory while loading", unit: "MiB", value: peak / 1024, baseline: Double(size) / 1_048_576,
            baselineName: "the file's size (aim: at most 1.5 times it)", rounds: 1))
    return figures
}

/// Every option's count for every facet with one facet chosen; the counts are computed afresh
/// each round (choosing another option and back clears the cache).
@MainActor
private func countFigure(_ filter: FacetFilter, column: Int, rounds: Int) -> (
    milliseconds: Double, rounds: Int, total: Int
) {
    let options = filter.options(forColumn: column).count
    var samples: [Double] = []
    var total = 0
    for round in 1...rounds {
        progress("catalog: counting, round \(round) of \(rounds)")
        if options > 1 { filter.select(option: 1, inColumn: column) }
        filter.select(option: 0, inColumn: column)
        var counts: [Int: [Int]] = [:]
        let facets = filter.facetColumns.filter { filter.kind(ofColumn: $0) == .options }
        samples.append(milliseconds { for facet in facets { counts[facet] = filter.counts(forColumn: facet) } })
        total = counts.values.reduce(0) { $0 + $1.reduce(0, +) }
    }
    return (Statistics.median(samples)!, rounds, total)
}

/// The option facets at first (the peers count options; range facets have their own bench).
private func facetNames(_ catalog: Catalog) -> [String] {
    let filter = FacetFilter(catalog: catalog)
    return catalog.facetColumns.filter { filter.kind(ofColumn: $0) == .options }.map { catalog.columns[$0].name }
}

func firstOptionFacet(_ filter: FacetFilter) -> Int? {
    filter.facetColumns.first { filter.kind(ofColumn: $0) == .options }
}

/// The first option facet and its first option, as the counts are taken.
private func chosenFacet(_ catalog: Catalog) -> (column: String, value: String)? {
    guard let column = firstOptionFacet(FacetFilter(catalog: catalog)) else { return nil }
    let option = FacetFilter(catalog: catalog).options(forColumn: column)[0]
    return (catalog.columns[column].name, option)
}

/// `--measure-load FILE`: reads the file (in any format, as `CatalogReader.load` does) and prints
/// the process's peak resident memory, from /proc (`VmHWM`), which unlike `ru_maxrss` does not
/// count what the parent had when it spawned; the milliseconds the load took, and the bytes per
/// row its columns hold.
func measureLoad(_ path: String) -> Never {
    do {
        let start = monotonicNanoseconds()
        let catalog = try CatalogReader.load(path: path)
        let elapsed = Double(monotonicNanoseconds() - start) / 1_000_000
        let status = (try? String(contentsOfProcFile: "/proc/self/status")) ?? ""
        let peak =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?.split(separator: " ").dropFirst().first
            ?? "0"
        print(
            "{\"rows\": \(catalog.count), \"peak_kib\": \(peak), \"ms\": \(elapsed), "
                + "\"bytes_per_row\": \(catalog.bytesPerItem)}")
        // Where the bytes go, column by column, for a reader of the output.
        for column in catalog.columns {
            let perRow = Double(column.byteCount) / Double(max(catalog.count, 1))
            print("\(column.name): \(column.kind), \(rounded(perRow, 3)) B a row")
        }
        exit(0)
    } catch {
        fatal("cannot read \(path): \(error)")
    }
}

/// Writes a catalog of `rows` rows and twelve columns as a user's export might have them: an id,
/// a name, five facets, a price, a date, a time stamp, a stock count and a rating (the last two
/// with missing values). Returns its path.
@discardableResult
func writeBenchmarkCatalog(rows: Int, to chosenPath: String? = nil) -> String {
    progress("catalog: writing a CSV file of \(NumberText.grouped(rows)) rows")
    let catalog = Catalog.generate(count: rows, seed: 7)
    let path = chosenPath ?? "/tmp/foldout-bench-\(getpid())-\(rows).csv"
    guard let file = fopen(path, "w") else { fatal("cannot write \(path)") }
    defer { fclose(file) }
    var random = SeededGenerator(seed: 99)
    var line: [UInt8] = []
    func write(_ text: String) {
        line.append(contentsOf: text.utf8)
    }
    write("id,name,category,material,color,season,size,price,added,updated,stock,rating\n")
    for row in 0..<rows {
        let bits = random.next()
        write(String(100_000 + row))
        write(",")
        write(catalog.text(0, at: row) + " " + String(bits % 500))
        for column in [3, 4, 5, 6, 7, 1, 2] {
            write(",")
            write(catalog.text(column, at: row))
        }
        let second = Int(bits >> 16 % 86_400)
        write(
            "," + catalog.text(2, at: row) + "T" + pad(second / 3600) + ":" + pad(second / 60 % 60) + ":"
                + pad(second % 60))
        write(bits >> 40 % 17 == 0 ? ",NA" : "," + String(bits >> 24 % 500))
        write(bits >> 48 % 13 == 0 ? "," : "," + String(10 + bits >> 52 % 41).inserting(".", fromEnd: 1))
        write("\n")
        if line.count > 1 << 20 {
            fwrite(line, 1, line.count, file)
            line.removeAll(keepingCapacity: true)
        }
    }
    fwrite(line, 1, line.count, file)
    return path
}

func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

extension String {
    /// "45" with "." one from the end: "4.5".
    fileprivate func inserting(_ separator: String, fromEnd offset: Int) -> String {
        String(dropLast(offset)) + separator + String(suffix(offset))
    }
}

extension String {
    /// The text of a small file such as those under /proc, whose size stat does not know.
    fileprivate init(contentsOfProcFile path: String) throws {
        self = String(decoding: try smallFileBytes(path), as: UTF8.self)
    }
}

/// The bytes of a small file read to its end (a file under /proc, an earlier run's figures).
func smallFileBytes(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "r") else { throw SmallFileError() }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}

struct SmallFileError: Error {}
