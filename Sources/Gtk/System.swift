// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// What the UI asks of the system, through GLib: the environment, the clock, whether a file can be
/// read, and standard error. (The core has its own one file for its system calls.)
public enum System {
    /// The environment variable `name`, if it is set.
    public static func environment(_ name: String) -> String? { g_getenv(name).map { String(cString: $0) } }

    /// The user's login name, as libpq takes it when an address names no user.
    public static var userName: String { String(cString: g_get_user_name()) }

    /// Seconds since 1970, UTC.
    public static var now: Int64 { Int64(g_get_real_time()) / 1_000_000 }

    /// Why the file at `path` cannot be read (the system's words), or nil when it can.
    public static func problemReading(_ path: String) -> String? {
        foldout_access_problem(path, FOLDOUT_READABLE).map { String(cString: $0) }
    }

    /// Writes `text` to standard error as it is.
    public static func printError(_ text: String) { foldout_printerr(text) }
}
