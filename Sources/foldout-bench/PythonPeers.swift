// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// pandas, polars and DuckDB in a private Python venv that the bench makes itself (from PyPI, the
/// first time), reading the same file as Foldout. The app never needs them.
struct PythonPeers {
    static let packages = ["pandas", "polars", "duckdb"]
    let python: String

    /// The venv's Python with the peers installed, or nil (with a warning saying why).
    static func prepare() -> PythonPeers? {
        let cache =
            getenv("XDG_CACHE_HOME").map { String(cString: $0) }
            ?? (getenv("HOME").map { String(cString: $0) + "/.cache" } ?? "/tmp")
        let venv = cache + "/foldout-bench/venv"
        let python = venv + "/bin/python"
        let check = packages.map { "import \($0)" }.joined(separator: "; ")
        if access(python, X_OK) == 0, run(python, ["-c", check]).status == 0 { return PythonPeers(python: python) }
        progress("peers: making a Python venv in \(venv) and installing \(packages.joined(separator: ", ")) from PyPI")
        let candidates: [String] = ["/usr/bin/python3", "/usr/local/bin/python3"]
        let base = candidates.first { access($0, X_OK) == 0 } ?? "/usr/bin/python3"
        guard run(base, ["-m", "venv", venv]).status == 0 else {
            warn(
                "no Python venv (apt-get install python3-venv); "
                    + "printing Foldout's figures without pandas, polars and DuckDB"
            )
            return nil
        }
        guard run(venv + "/bin/pip", ["install", "--quiet", "--disable-pip-version-check"] + packages).status == 0,
            run(python, ["-c", check]).status == 0
        else {
            warn(
                "could not install \(packages.joined(separator: ", ")) from PyPI; "
                    + "printing Foldout's figures without them"
            )
            return nil
        }
        return PythonPeers(python: python)
    }

    /// One round of every peer on `path`: load times, memory per row, and the facet counts with
    /// `chosen` (column, value) fixed, from DuckDB. Nil if the script failed.
    func round(path: String, facets: [String], chosen: (column: String, value: String)?) -> [String: Double]? {
        let script = "/tmp/foldout-bench-peers-\(getpid()).py"
        guard let file = fopen(script, "w") else { return nil }
        fputs(Self.script, file)
        fclose(file)
        defer { unlink(script) }
        var arguments = [script, path, facets.joined(separator: "\u{1F}")]
        if let chosen { arguments += [chosen.column, chosen.value] }
        let result = run(python, arguments)
        guard result.status == 0 else {
            warn("the peers' script failed (status \(result.status))")
            return nil
        }
        return result.jsonNumbers
    }

    /// Times with `time.perf_counter`, memory with pandas' `memory_usage(deep=True)` and polars'
    /// `estimated_size()`. The counts are one GROUP BY per facet over a DuckDB table.
    static let script = #"""
        import gc, json, sys, time
        path, facets = sys.argv[1], [f for f in sys.argv[2].split("\x1f") if f]
        chosen = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else None
        out = {}
        import pandas, polars, duckdb

        def timed(body):
            start = time.perf_counter()
            value = body()
            return (time.perf_counter() - start) * 1000, value

        out["pandas_load"], frame = timed(lambda: pandas.read_csv(path))
        out["pandas_bytes_per_row"] = float(frame.memory_usage(deep=True).sum()) / max(len(frame), 1)
        del frame; gc.collect()
        out["polars_load"], frame = timed(lambda: polars.read_csv(path, infer_schema_length=10000))
        out["polars_bytes_per_row"] = float(frame.estimated_size()) / max(frame.height, 1)
        del frame; gc.collect()
        con = duckdb.connect()
        out["duckdb_load"], _ = timed(
            lambda: con.execute("CREATE OR REPLACE TABLE t AS SELECT * FROM read_csv(?)", [path]))
        if chosen:
            column, text = chosen
            kind = con.execute(
                "SELECT data_type FROM information_schema.columns WHERE table_name = 't' AND column_name = ?",
                [column]).fetchone()[0]
            value = int(text) if kind in ("BIGINT", "INTEGER", "SMALLINT", "TINYINT") else text
            def counts():
                result = {}
                for facet in facets:
                    q = '"' + facet.replace('"', '""') + '"'
                    where = "" if facet == column else ' WHERE "' + column.replace('"', '""') + '" = ?'
                    rows = con.execute("SELECT " + q + ", count(*) FROM t" + where + " GROUP BY " + q,
                                       [] if not where else [value]).fetchall()
                    result[facet] = {str(k): n for k, n in rows if k is not None}
                return result
            counts()
            samples = []
            for _ in range(5):
                elapsed, result = timed(counts)
                samples.append(elapsed)
            out["duckdb_counts"] = sorted(samples)[len(samples) // 2]
            out["duckdb_count_total"] = sum(sum(c.values()) for c in result.values())
        print(json.dumps(out))
        """#
}
