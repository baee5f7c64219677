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

    /// Installs `package` into the venv unless `module` imports already; false if it cannot.
    func install(_ package: String, importing module: String) -> Bool {
        if run(python, ["-c", "import \(module)"]).status == 0 { return true }
        progress("peers: installing \(package) from PyPI")
        let pip = String(python.dropLast("python".count)) + "pip"
        guard run(pip, ["install", "--quiet", "--disable-pip-version-check", package]).status == 0 else { return false }
        return run(python, ["-c", "import \(module)"]).status == 0
    }

    /// `pandas.read_sql(query)` over psycopg2 on the server at `uri` (a libpq URI): its time, the
    /// rows it read and the Python process's peak resident memory. Nil if it failed.
    func readSQL(uri: String, query: String) -> (milliseconds: Double, rows: Int, peakMiB: Double)? {
        let script = """
            import json, sys, time, warnings, pandas, psycopg2
            warnings.simplefilter("ignore")  # pandas asks for SQLAlchemy; a DBAPI connection works
            connection = psycopg2.connect(sys.argv[1])
            started = time.perf_counter()
            frame = pandas.read_sql(sys.argv[2], connection)
            print(json.dumps({"load": (time.perf_counter() - started) * 1000, "rows": len(frame)}))
            """
        let result = run(python, ["-c", script, uri, query])
        let numbers = result.jsonNumbers
        guard result.status == 0, let load = numbers["load"], let rows = numbers["rows"] else {
            warn("pandas.read_sql failed (status \(result.status))")
            return nil
        }
        return (load, Int(rows), result.peakMiB)
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

extension PythonPeers {
    /// DuckDB and polars computing what the Filters page shows for each of `states` (JSON, see
    /// rangeFigures): the median milliseconds of each, and the last state's total.
    func rangeRound(path: String, states: [String]) -> [String: Double]? {
        let script = "/tmp/foldout-bench-ranges-\(getpid()).py"
        let statesFile = "/tmp/foldout-bench-states-\(getpid()).json"
        guard let file = fopen(script, "w"), let list = fopen(statesFile, "w") else { return nil }
        fputs(Self.rangeScript, file)
        fclose(file)
        fputs("[" + states.joined(separator: ",\n") + "]", list)
        fclose(list)
        defer {
            unlink(script)
            unlink(statesFile)
        }
        let result = run(python, [script, path, statesFile])
        guard result.status == 0 else {
            warn("the peers' range script failed (status \(result.status))")
            return nil
        }
        return result.jsonNumbers
    }

    /// Each state: the matches' count, one GROUP BY per option facet and one histogram per range
    /// facet, each under the other facets' filters; timed per state, the median of five rounds.
    static let rangeScript = #"""
        import json, sys, time
        import duckdb, polars as pl
        path, states = sys.argv[1], json.load(open(sys.argv[2]))
        con = duckdb.connect()
        con.execute("CREATE TABLE t AS SELECT * FROM read_csv(?)", [path])
        frame = pl.read_csv(path, infer_schema_length=10000, try_parse_dates=True)
        def q(name): return '"' + name.replace('"', '""') + '"'
        def sql_filter(f):
            if f["kind"] == "options":
                if not f["values"]: return None
                values = ", ".join("'" + v.replace("'", "''") + "'" for v in f["values"])
                return (f"({q(f['name'])} IS NULL OR {q(f['name'])} NOT IN ({values}))" if f["exclude"]
                        else f"{q(f['name'])} IN ({values})")
            def literal(value): return f"'{value}'" if isinstance(value, str) else str(value)
            parts = [f"{q(f['name'])} {op} {literal(f[end])}"
                     for end, op in (("low", ">="), ("high", "<=")) if f[end] is not None]
            return " AND ".join(parts) or None
        def pl_filter(f):
            c = pl.col(f["name"])
            if f["kind"] == "options":
                if not f["values"]: return None
                ticked = c.cast(pl.Utf8).is_in(f["values"])
                return (c.is_null() | ~ticked) if f["exclude"] else ticked
            e = None
            for value, op in ((f["low"], "ge"), (f["high"], "le")):
                if value is None: continue
                if isinstance(value, str):
                    value = pl.lit(value).str.to_datetime() if " " in value else pl.lit(value).str.to_date()
                    term = getattr(c, op)(value)
                else:
                    term = getattr(c, op)(value)
                e = term if e is None else e & term
            return e
        def bin_sql(f):
            n = q(f["name"])
            if f["unit"] == "number": return f"floor(({n} - {f['start']}) / {f['width']})"
            return f"date_trunc('{f['unit']}', {n})"
        def bin_pl(f):
            c = pl.col(f["name"])
            if f["unit"] == "number": return ((c - f["start"]) / f["width"]).floor().alias("bin")
            return c.dt.truncate({"year": "1y", "month": "1mo", "day": "1d", "hour": "1h"}[f["unit"]]).alias("bin")
        def duck(state):
            facets = state["facets"]
            total = 0
            def where(skip):
                parts = [p for g in facets if g is not skip for p in [sql_filter(g)] if p]
                return (" WHERE " + " AND ".join(parts)) if parts else ""
            total += con.execute("SELECT count(*) FROM t" + where(None)).fetchone()[0]
            for f in facets:
                key = q(f["name"]) if f["kind"] == "options" else bin_sql(f)
                rows = con.execute(f"SELECT {key}, count(*) FROM t{where(f)} GROUP BY 1").fetchall()
                total += sum(n for k, n in rows if k is not None)
            return total
        def polars(state):
            facets = state["facets"]
            total = 0
            def filtered(skip):
                exprs = [e for g in facets if g is not skip for e in [pl_filter(g)] if e is not None]
                out = frame
                for e in exprs: out = out.filter(e)
                return out
            total += filtered(None).height
            for f in facets:
                key = pl.col(f["name"]) if f["kind"] == "options" else bin_pl(f)
                counts = filtered(f).group_by(key).len()
                total += int(counts.drop_nulls().get_column("len").sum())
            return total
        out = {}
        for name, body in (("duckdb", duck), ("polars", polars)):
            samples = []
            for _ in range(5):
                for state in states:
                    start = time.perf_counter()
                    total = body(state)
                    samples.append((time.perf_counter() - start) * 1000)
            samples.sort()
            out[name] = samples[len(samples) // 2]
            out[name + "_total"] = total
        out["total"] = out["duckdb_total"]
        print(json.dumps(out))
        """#
}
