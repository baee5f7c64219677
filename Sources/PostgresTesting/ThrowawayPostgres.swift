// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A PostgreSQL server of its own for the tests: Debian's `postgresql` binaries, a cluster made by
/// `initdb` in a temporary folder, listening only on a Unix socket in that folder (no TCP port),
/// stopped and removed by `stop()`. `initdb` and the server refuse to run as root, which CI is:
/// as root they run as `nobody`, who then owns the folder. The superuser `foldout` connects
/// without a password; every other role must give its own (`scram-sha-256`).
public final class ThrowawayPostgres: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    public let folder: String
    private let binaries: String
    private let asNobody: Bool

    public init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard
            let version = versions.filter({
                FileManager.default.fileExists(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
            })
            .max(by: { (Int($0) ?? 0) < (Int($1) ?? 0) })
        else {
            throw Failure(
                description: "no /usr/lib/postgresql/*/bin/initdb: install postgresql (build-aux/install-deps.sh)")
        }
        binaries = "/usr/lib/postgresql/\(version)/bin/"
        // In /tmp, not $TMPDIR, so that `nobody` can reach it; short, for the socket's path limit.
        var template = Array("/tmp/foldout-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "cannot make a temporary folder") }
        folder = String(cString: made)
        asNobody = geteuid() == 0
        if asNobody {
            guard let nobody = getpwnam("nobody") else { throw Failure(description: "no user nobody") }
            chown(folder, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
        }
        chmod(folder, 0o755)
        try run(
            binaries + "initdb",
            [
                "-D", folder + "/data", "-U", "foldout", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8",
                "--no-sync",
            ])
        let access = "local all foldout trust\nlocal all all scram-sha-256\n"
        try access.write(toFile: folder + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        try start()
    }

    /// Starts the server (again, after `halt`).
    public func start() throws {
        let options = "-c listen_addresses='' -k \(folder) -c fsync=off -c timezone=UTC -c max_connections=20"
        try run(binaries + "pg_ctl", ["-D", folder + "/data", "-l", folder + "/log", "-o", options, "-w", "start"])
    }

    /// Stops the server at once, as a crash would, keeping its data for `start`.
    public func halt() throws {
        try run(binaries + "pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// Runs the psql `script` (SQL and psql's own commands) as the superuser, stopping at the
    /// first error; what it prints is then `psqlOutput`.
    public func psql(script: String, database: String = "postgres") throws {
        try script.write(toFile: folder + "/script.sql", atomically: false, encoding: .utf8)
        try run(
            binaries + "psql",
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", folder, "-U", "foldout", "-d", database, "-f",
                folder + "/script.sql",
            ],
            asServer: false)
    }

    /// What psql printed last (`psql`'s output, such as a `COPY … TO STDOUT`).
    public var psqlOutput: [UInt8] {
        FileManager.default.contents(atPath: folder + "/psql.out").map { [UInt8]($0) } ?? []
    }

    /// Stops the server at once and removes its folder.
    public func stop() {
        try? run(binaries + "pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The URI of `database` on this server, as `user` (with `password`), naming `table`.
    public func uri(
        _ database: String = "postgres", user: String = "foldout", password: String? = nil, table: String? = nil
    )
        -> String
    {
        let login = password.map { user + ":" + $0 } ?? user
        var uri = "postgresql://\(login)@/\(database)?host=\(folder)"
        if let table {
            uri += "&table=" + (table.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? table)
        }
        return uri
    }

    /// Runs `sql` with psql as the superuser, stopping at the first error.
    public func psql(_ sql: String, database: String = "postgres") throws {
        try run(
            binaries + "psql",
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", folder, "-U", "foldout", "-d", database, "-c", sql],
            asServer: false)
    }

    /// Runs `program` (as `nobody` when root and `asServer`), its output into a file of the folder.
    /// Spawned and waited for here rather than with `Process`, whose wait never ends once pg_ctl
    /// has left a server running in the background.
    private func run(_ program: String, _ arguments: [String], asServer: Bool = true) throws {
        let line =
            asServer && asNobody
            ? ["/usr/sbin/runuser", "-u", "nobody", "--", program] + arguments : [program] + arguments
        let messages = folder + "/" + (program as NSString).lastPathComponent + ".out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, messages, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = line.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        guard posix_spawn(&child, line[0], &actions, nil, arguments, environ) == 0 else {
            throw Failure(description: "cannot run \(line[0])")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: messages, encoding: .utf8)) ?? ""
            throw Failure(description: "\((program as NSString).lastPathComponent) failed: " + text)
        }
    }
}
