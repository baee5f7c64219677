// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import FoldoutUI
import Glibc
import Gtk

/// The query typed, one letter at a time; it finds "Étoile" and "étoile" as well.
let searchQuery = "etoile"

/// Search as you type over `count` distinct titles: each keystroke of `searchQuery` from key to new
/// results, on the Filters page itself, against GTK's stock GtkStringFilter, SQLite (LIKE, and an
/// FTS5 trigram index) and DuckDB ILIKE over the same titles.
@MainActor
func searchFigures(count: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    progress("search: making \(NumberText.grouped(count)) distinct titles")
    let titles = SearchTitles.make(count: count)
    let file = "/tmp/foldout-bench-titles-\(getpid()).csv"
    writeFile(file, SearchTitles.csv(titles))
    defer { unlink(file) }
    let catalog: Catalog
    do { catalog = try Catalog.load(path: file) } catch { fatal("cannot read the titles: \(error)") }
    let prefixes = (1...searchQuery.count).map { String(searchQuery.prefix($0)) }

    progress("search: the Filters page")
    let page = SearchTyping(catalog: catalog)
    var ours: [Double] = []
    var worst: [Double] = []
    var core: [Double] = []
    var found: [String: Int] = [:]
    var typingBytes = 0.0
    for round in 1...rounds {
        progress("search: Foldout, round \(round) of \(rounds)")
        let filter = FacetFilter(catalog: catalog)
        _ = filter.search  // indexed before typing, as the page does when it shows the catalog
        let keystrokes = prefixes.map { prefix in milliseconds { filter.setSearch(prefix) } }
        core.append(contentsOf: keystrokes)
        let typed = page.type(searchQuery)
        ours.append(contentsOf: typed.map { $0.milliseconds })
        worst.append(typed.map { $0.milliseconds }.max()!)
        for (prefix, result) in zip(prefixes, typed) { found[prefix] = result.count }
        typingBytes = max(typingBytes, page.searchBytesPerItem)
        page.clear()
    }
    let indexBytes = FacetFilter(catalog: catalog).search.bytesPerItem

    progress("search: GtkFilterListModel + GtkStringFilter over a GtkStringList")
    let stock = StockStringSearch(titles)
    var theirs: [Double] = []
    var theirWorst: [Double] = []
    var stockFound = 0
    for round in 1...max(rounds / 4, 2) {
        progress("search: GTK, round \(round)")
        let keystrokes = prefixes.map { prefix in milliseconds { stock.search(prefix) } }
        theirs += keystrokes
        theirWorst.append(keystrokes.max()!)
        stockFound = stock.matchCount
        stock.search("")
    }
    var figures = [
        Figure(
            name: "keystroke, \(NumberText.grouped(count)) titles", unit: "ms", value: Statistics.median(ours)!,
            baseline: Statistics.median(theirs), baselineName: "GtkFilterListModel + GtkStringFilter (ignore case)",
            rounds: ours.count),
        Figure(
            name: "worst keystroke of \(prefixes.count)", unit: "ms", value: Statistics.median(worst)!,
            baseline: Statistics.median(theirWorst),
            baselineName: "GTK's worst keystroke (medians over rounds of each round's worst)",
            rounds: worst.count),
        Figure(
            name: "worst keystroke vs a frame", unit: "ms", value: worst.max()!, baseline: 1000.0 / 60,
            baselineName: "one frame at 60 Hz (the worst keystroke of every round)",
            rounds: worst.count * prefixes.count),
        Figure(
            name: "keystroke, FoldoutCore alone", unit: "ms", value: Statistics.median(core)!, baseline: nil,
            baselineName: "FacetFilter.setSearch on this thread", rounds: core.count),
        Figure(
            name: "search index memory", unit: "B/row", value: indexBytes, baseline: catalog.bytesPerItem,
            baselineName: "the catalog itself", rounds: 1),
        Figure(
            name: "search memory while typing", unit: "B/row", value: typingBytes, baseline: catalog.bytesPerItem,
            baselineName: "the catalog itself (index, remembered results, prepared letters)", rounds: 1),
    ]
    let counts = prefixes.map { "\($0) \(found[$0]!)" }.joined(separator: ", ")
    progress("search: \(counts); GTK finds \(stockFound) for “\(searchQuery)”")
    if withPeers {
        figures += peerSearchFigures(
            titles: file, prefixes: prefixes, ours: Statistics.median(ours)!, oursWorst: Statistics.median(worst)!,
            indexBytes: indexBytes, found: found)
    }
    return figures
}

/// SQLite through Python's sqlite3, and DuckDB from the peers' venv when it is there.
private func peerSearchFigures(
    titles file: String, prefixes: [String], ours: Double, oursWorst: Double, indexBytes: Double,
    found: [String: Int]
) -> [Figure] {
    var figures: [Figure] = []
    let script = "/tmp/foldout-bench-search-\(getpid()).py"
    writeFile(script, Array(searchPeersScript.utf8))
    defer { unlink(script) }
    let pythons = [("/usr/bin/python3", "sqlite"), (PythonPeers.prepare()?.python, "duckdb")]
    for case (let python?, let engine) in pythons {
        progress("search: \(engine)")
        let result = run(python, [script, file, engine, prefixes.joined(separator: "\u{1F}")])
        guard result.status == 0 else {
            warn("the \(engine) search script failed (status \(result.status))")
            continue
        }
        let numbers = result.jsonNumbers
        for (key, name) in [
            ("sqlite_like", "SQLite LIKE on a table"), ("sqlite_trigram", "SQLite FTS5 trigram index, LIKE"),
            ("duckdb_ilike", "DuckDB ILIKE"),
        ] {
            guard let value = numbers[key], let worst = numbers[key + "_worst"] else { continue }
            let peer = key == "sqlite_trigram" ? "FTS5" : String(name.split(separator: " ").first!)
            figures.append(
                Figure(
                    name: "keystroke vs \(peer)", unit: "ms", value: ours, baseline: value, baselineName: name,
                    rounds: prefixes.count))
            figures.append(
                Figure(
                    name: "worst keystroke vs \(peer)", unit: "ms", value: oursWorst, baseline: worst,
                    baselineName: name,
                    rounds: prefixes.count))
        }
        if let bytes = numbers["sqlite_trigram_bytes_per_row"] {
            figures.append(
                Figure(
                    name: "index memory vs FTS5 trigram", unit: "B/row", value: indexBytes, baseline: bytes,
                    baselineName: "FTS5 trigram index on disk", rounds: 1))
        }
        if let last = numbers["last_count"] {
            let ours = found[searchQuery] ?? 0
            progress("search: \(engine) finds \(Int(last)) for “\(searchQuery)” (Foldout \(ours), accents ignored)")
        }
    }
    return figures
}

/// Times each keystroke's query (median of 5 runs) and prints them as JSON.
private let searchPeersScript = #"""
    import json, sys, time
    path, engine, prefixes = sys.argv[1], sys.argv[2], sys.argv[3].split("\x1f")
    titles = [line.rstrip("\n").rsplit(",", 1)[0].strip('"') for line in open(path, encoding="utf-8")][1:]
    out = {}

    def median_ms(body):
        samples = []
        for _ in range(5):
            start = time.perf_counter()
            result = body()
            samples.append((time.perf_counter() - start) * 1000)
        return sorted(samples)[2], result

    def typing(name, query):
        times = []
        for prefix in prefixes:
            elapsed, rows = median_ms(lambda: query(prefix))
            times.append(elapsed)
        out[name] = sorted(times)[len(times) // 2]
        out[name + "_worst"] = max(times)
        out["last_count"] = len(rows)

    if engine == "sqlite":
        import os, sqlite3
        db = "/tmp/foldout-bench-search-%d.sqlite" % os.getpid()
        con = sqlite3.connect(db)
        con.execute("CREATE TABLE t(title TEXT)")
        con.executemany("INSERT INTO t VALUES (?)", ((t,) for t in titles))
        con.commit()
        plain = con.execute("PRAGMA page_count").fetchone()[0] * con.execute("PRAGMA page_size").fetchone()[0]
        typing("sqlite_like",
               lambda p: con.execute("SELECT rowid FROM t WHERE title LIKE ?", ("%" + p + "%",)).fetchall())
        con.execute("CREATE VIRTUAL TABLE f USING fts5(title, tokenize='trigram')")
        con.execute("INSERT INTO f(rowid, title) SELECT rowid, title FROM t")
        con.commit()
        total = con.execute("PRAGMA page_count").fetchone()[0] * con.execute("PRAGMA page_size").fetchone()[0]
        out["sqlite_trigram_bytes_per_row"] = (total - plain) / len(titles)
        typing("sqlite_trigram",
               lambda p: con.execute("SELECT rowid FROM f WHERE title LIKE ?", ("%" + p + "%",)).fetchall())
        con.close()
        os.unlink(db)
    else:
        import duckdb
        con = duckdb.connect()
        con.execute("CREATE TABLE t AS SELECT title FROM read_csv(?, header=true, "
                    "columns={'title': 'VARCHAR', 'year': 'INTEGER'})", [path])
        typing("duckdb_ilike",
               lambda p: con.execute("SELECT rowid FROM t WHERE title ILIKE ?", ["%" + p + "%"]).fetchall())
    print(json.dumps(out))
    """#

/// `foldout-bench --write-titles FILE`: the search benchmark's titles as a catalog file.
func writeSearchTitles(rows: Int, to path: String) {
    progress("search: writing \(NumberText.grouped(rows)) distinct titles to \(path)")
    writeFile(path, SearchTitles.csv(SearchTitles.make(count: rows)))
    progress("")
}

private func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let handle = fopen(path, "w") else { fatal("cannot write \(path)") }
    fwrite(bytes, 1, bytes.count, handle)
    fclose(handle)
}
