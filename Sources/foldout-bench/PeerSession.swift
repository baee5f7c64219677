// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// One Python process with pandas, polars and DuckDB loaded, kept for a section of the bench and
/// asked to read (or write) one file at a time, so that Foldout and a peer can take turns round by
/// round on the same file, the file warm in the page cache for both, without a process's start
/// between them. Each request is timed inside Python with `time.perf_counter`, after a garbage
/// collection, from the call to the table in memory.
final class PeerSession {
    private var pid = pid_t()
    private let toPeer: Int32
    private let fromPeer: Int32
    private var pending: [UInt8] = []
    private let script: String

    /// Starts the session with `peers`' Python; `environment` is added to this process's (a
    /// PYTHONPATH with another DuckDB). Nil, with a warning, if it cannot start.
    init?(_ peers: PythonPeers, environment: [String: String] = [:]) {
        script = "/tmp/foldout-bench-session-\(getpid())-\(Int.random(in: 0..<1_000_000)).py"
        guard let file = fopen(script, "w") else { return nil }
        fputs(Self.sessionScript, file)
        fclose(file)
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        pipe(&input)
        pipe(&output)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for end in [input[1], output[0]] { posix_spawn_file_actions_addclose(&actions, end) }
        let arguments: [String] = [peers.python, script]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = spawnEnvironment(adding: environment)
        defer { for variable in envp { free(variable) } }
        let started = posix_spawn(&pid, peers.python, &actions, nil, argv, envp) == 0
        close(input[0])
        close(output[1])
        (toPeer, fromPeer) = (input[1], output[0])
        guard started, ask("ready", "") != nil else {
            warn("the peers' Python session did not start")
            return nil
        }
    }

    /// The milliseconds `operation` (a key of the script's `operations`) took on `path`, and the
    /// rows of the table it read or wrote; nil (with a warning) if it failed.
    func time(_ operation: String, _ path: String) -> (milliseconds: Double, rows: Int)? {
        guard let answer = ask(operation, path), let milliseconds = answer["ms"] else {
            warn("the peers' session failed at \(operation) \(path)")
            return nil
        }
        return (milliseconds, Int(answer["rows"] ?? 0))
    }

    /// Reads the CSV at `path` into pandas, polars and DuckDB for the writers (`pandas_to_csv`,
    /// `polars_write_csv`) and the groups (`duckdb_groups`…, whose "path" says what to group).
    func hold(_ path: String) -> Bool { ask("hold", path) != nil }

    private func ask(_ operation: String, _ path: String) -> [String: Double]? {
        var request = Array("\(operation)\t\(path)\n".utf8)
        guard write(toPeer, &request, request.count) == request.count else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return line.hasPrefix("{\"error\"") ? nil : numbers(ofJSONLine: Substring(line))
            }
            let count = read(fromPeer, &buffer, buffer.count)
            if count <= 0 { return nil }
            pending += buffer[..<count]
        }
    }

    deinit {
        close(toPeer)
        close(fromPeer)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(script)
    }

    /// Reads requests, one a line (`operation<TAB>path`), and answers each with a line of JSON.
    /// `hold` reads a CSV into pandas, polars and DuckDB for the writers and the groups; `ready`
    /// only answers.
    static let sessionScript = #"""
        import gc, json, os, sqlite3, sys, time
        import pandas, polars, duckdb
        held = {}
        connection = duckdb.connect()
        def duckdb_csv(path):
            connection.execute("CREATE OR REPLACE TABLE t AS SELECT * FROM read_csv(?)", [path])
            return connection.execute("SELECT count(*) FROM t").fetchone()[0]
        def pandas_sqlite(path):
            database = sqlite3.connect(path)
            try:
                return pandas.read_sql("select * from t", database)
            finally:
                database.close()
        def duckdb_sqlite(path):
            query = "select * from sqlite_scan('" + path.replace("'", "''") + "', 't')"
            return duckdb.sql(query).df()
        def write(frame, body):
            body(frame)
            return len(frame)
        def q(name): return '"' + name.replace('"', '""') + '"'
        def duckdb_groups(spec):
            s = json.loads(spec)
            keys, m = ", ".join(q(k) for k in s["keys"]), q(s["measured"])
            sql = (f"SELECT {keys}, count(*), AVG({m}), MEDIAN({m}) FROM held "
                   f"WHERE CAST({q(s['column'])} AS VARCHAR) = ? GROUP BY ALL")
            return connection.execute(sql, [s["value"]]).fetchall()
        def polars_groups(spec):
            s = json.loads(spec)
            frame, m = held["polars"], polars.col(s["measured"])
            chosen = frame.filter(polars.col(s["column"]).cast(polars.Utf8) == s["value"])
            return chosen.group_by(s["keys"]).agg(
                [polars.len(), m.mean().alias("mean"), m.median().alias("median")])
        def pandas_groups(spec):
            s = json.loads(spec)
            frame = held["pandas"]
            chosen = frame[frame[s["column"]].astype(str) == s["value"]]
            return chosen.groupby(s["keys"], dropna=False)[s["measured"]].agg(["size", "mean", "median"])
        operations = {
            "pandas_csv": lambda p: pandas.read_csv(p),
            "polars_csv": lambda p: polars.read_csv(p, infer_schema_length=10000),
            "duckdb_csv": duckdb_csv,
            "pandas_gz": lambda p: pandas.read_csv(p),
            "polars_gz": lambda p: polars.read_csv(p, infer_schema_length=10000),
            "pandas_sqlite": pandas_sqlite,
            "duckdb_sqlite": duckdb_sqlite,
            "pandas_jsonl": lambda p: pandas.read_json(p, lines=True),
            "polars_jsonl": lambda p: polars.read_ndjson(p),
            "pandas_to_csv": lambda p: write(held["pandas"], lambda f: f.to_csv(p, index=False)),
            "polars_write_csv": lambda p: write(held["polars"], lambda f: f.write_csv(p)),
            "duckdb_groups": duckdb_groups,
            "polars_groups": polars_groups,
            "pandas_groups": pandas_groups,
        }
        def load_sqlite_scanner():
            import duckdb_extension_sqlite_scanner as scanner
            duckdb.load_extension(os.path.join(
                os.path.dirname(scanner.__file__), "extensions", "v" + duckdb.__version__,
                "sqlite_scanner.duckdb_extension"))
        for line in sys.stdin:
            operation, path = line.rstrip("\n").split("\t", 1)
            try:
                if operation == "ready":
                    print(json.dumps({"ms": 0}), flush=True)
                    continue
                if operation == "hold":
                    held["pandas"] = pandas.read_csv(path)
                    held["polars"] = polars.read_csv(path, infer_schema_length=10000)
                    connection.execute("CREATE OR REPLACE TABLE held AS SELECT * FROM read_csv(?)", [path])
                    print(json.dumps({"ms": 0}), flush=True)
                    continue
                if operation == "duckdb_sqlite" and "scanner" not in held:
                    load_sqlite_scanner()
                    held["scanner"] = True
                body = operations[operation]
                gc.collect()
                start = time.perf_counter()
                result = body(path)
                elapsed = (time.perf_counter() - start) * 1000
                rows = result if isinstance(result, int) else len(result)
                del result
                print(json.dumps({"ms": elapsed, "rows": rows}), flush=True)
            except Exception as error:
                print(json.dumps({"error": str(error)}), flush=True)
        """#
}

/// Foldout's samples and a peer's, taken in turns.
struct TakenInTurns {
    var ours: [String: [Double]] = [:]
    var theirs: [String: [Double]] = [:]

    /// `rounds` rounds after one untimed warm-up (which reads each file into the page cache and
    /// lets each side make what it makes once): in each, for every peer operation, Foldout's
    /// `body` timed, then the peer on `path`. Foldout's samples are kept per peer, so that each
    /// comparison is of rounds taken side by side. Without a session, Foldout's alone, under "".
    /// `body` gets the peer operation it is measured beside. `settle`, when given, runs untimed
    /// before each side's turn.
    static func measure(
        rounds: Int, session: PeerSession?, operations: [(operation: String, path: String)], label: String,
        rows expected: Int? = nil, settle: () -> Void = {}, _ body: (String) -> Void
    ) -> TakenInTurns {
        var taken = TakenInTurns()
        let turns = session == nil ? [("", "")] : operations
        for round in 0...rounds {
            progress("\(label): Foldout and the peers in turns, round \(round) of \(rounds)")
            for (operation, path) in turns {
                settle()
                let start = monotonicNanoseconds()
                body(operation)
                let ours = Double(monotonicNanoseconds() - start) / 1_000_000
                settle()
                let peer = operation.isEmpty ? nil : session?.time(operation, path)
                if let peer, let expected, peer.rows != expected {
                    warn("\(operation) read \(peer.rows) rows, Foldout \(expected)")
                }
                guard round > 0 else { continue }
                taken.ours[operation, default: []].append(ours)
                if let peer { taken.theirs[operation, default: []].append(peer.milliseconds) }
            }
        }
        return taken
    }

    /// Foldout's samples beside `operation`'s (all of them without peers).
    func ours(beside operation: String) -> [Double] { ours[operation] ?? ours[""] ?? [] }

    /// Foldout's figure beside the peer's `operation`, named `name`, the peer `title`.
    func figure(_ name: String, _ operation: String, _ title: String) -> Figure {
        Figure.measured(name, samples: ours(beside: operation), baselineSamples: theirs[operation], baselineName: title)
    }
}
