// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A real Secret Service for the tests, never the user's: GNOME Keyring's daemon
/// (`gnome-keyring-daemon --unlock --components=secrets --foreground`, Debian's `gnome-keyring`)
/// started on the tests' own session bus (`dbus-run-session`, as build-aux/test.sh runs them), its
/// login keyring made and unlocked with a password given on its standard input, in a data and
/// runtime folder of its own. Started once, before the first UI test (`GtkTestCase`), so that no
/// test's lookup makes D-Bus start a keyring daemon of its own on the user's files; stopped when
/// the tests end (and it ends with the session bus anyway).
///
/// Started through `/bin/sh` with posix_spawn, not Foundation's Process, which fails under
/// valgrind (see `GtkTestCase.xdotool`).
enum TestKeyring {
    /// Why there is no test keyring, or nil once it runs.
    nonisolated(unsafe) private(set) static var problem: String? = "not started"
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var daemon: pid_t = 0

    /// Starts the daemon if no Secret Service owns its name on this session bus yet; one that does
    /// (a desktop's own, when the tests run outside `dbus-run-session`) is left alone and not used.
    static func start() {
        guard !started else { return }
        started = true
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            problem = "no D-Bus session bus: run the tests under dbus-run-session"
            return
        }
        let program = "/usr/bin/gnome-keyring-daemon"
        guard FileManager.default.isExecutableFile(atPath: program) else {
            problem = "no \(program): apt-get install gnome-keyring (build-aux/install-deps.sh)"
            return
        }
        if serviceRuns() {
            problem = "a Secret Service already runs on this session bus (a desktop's?): run under dbus-run-session"
            return
        }
        let folder = NSTemporaryDirectory() + "foldout-keyring-\(getpid())"
        try? FileManager.default.createDirectory(
            atPath: folder + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The login keyring's password on standard input; the daemon's process id kept to stop it.
        let script = """
            printf test-keyring | HOME='\(folder)' XDG_DATA_HOME='\(folder)/data' XDG_RUNTIME_DIR='\(folder)/run' \
            \(program) --unlock --components=secrets --foreground >'\(folder)/daemon.log' 2>&1 &
            echo $! >'\(folder)/pid'
            """
        guard shell(script) == 0 else {
            problem = "gnome-keyring-daemon could not be started"
            return
        }
        daemon = pid_t((try? String(contentsOfFile: folder + "/pid", encoding: .utf8))?.filter(\.isNumber) ?? "") ?? 0
        atexit {
            if TestKeyring.daemon > 0 { kill(TestKeyring.daemon, SIGTERM) }
        }
        for _ in 0..<200 {
            if serviceRuns() {
                problem = nil
                return
            }
            usleep(50_000)
        }
        let log = (try? String(contentsOfFile: folder + "/daemon.log", encoding: .utf8)) ?? ""
        problem = "gnome-keyring-daemon never took org.freedesktop.secrets on the session bus: \(log)"
    }

    /// Whether `org.freedesktop.secrets` has an owner on the session bus (asked without starting one).
    private static func serviceRuns() -> Bool {
        shell(
            "gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus"
                + " --method org.freedesktop.DBus.NameHasOwner org.freedesktop.secrets 2>/dev/null | grep -q true") == 0
    }

    /// Runs `script` with /bin/sh and returns its exit status.
    private static func shell(_ script: String) -> Int32 {
        let argv = ["/bin/sh", "-c", script]
        var arguments = argv.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], nil, nil, &arguments, environ) == 0 else { return -1 }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return -1 }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }
}
