// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// Watches one file for changes (`GFileMonitor`), on the main loop.
@MainActor
public final class FileMonitor: Object {
    public enum Event: Sendable {
        /// Written and closed, or replaced by another file moved or renamed onto its name.
        case changed
        /// Deleted, or moved or renamed away.
        case gone
    }

    private let path: String

    /// Nil when the file cannot be watched.
    public init?(path: String) {
        self.path = path
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard
            let monitor = g_file_monitor_file(
                file, GFileMonitorFlags(rawValue: numericCast(FOLDOUT_FILE_MONITOR_WATCH_MOVES)), nil, nil)
        else { return nil }
        super.init(takingFull: UnsafeMutableRawPointer(monitor))
    }

    /// Calls `handler` once a change is done (GLib's "changes done" hint), not on every write.
    @discardableResult
    public func onEvent(_ handler: @escaping @MainActor (Event) -> Void) -> SignalConnection {
        typealias Handler = @MainActor (GFileMonitorEvent, String?) -> Void
        let watched = path
        let thunk: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void = {
            _, _, other, event, data in
            let box = HandlerBox<Handler>.from(data)
            let otherPath = other.flatMap { g_file_get_path($0) }.map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            }
            MainActor.assumeIsolated { box.function(event, otherPath) }
        }
        let handle: Handler = { event, other in
            switch event {
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN:
                handler(.changed)
            case G_FILE_MONITOR_EVENT_RENAMED:
                handler(other == watched ? .changed : .gone)
            case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT:
                handler(.gone)
            default:
                break
            }
        }
        return connect("changed", box: HandlerBox<Handler>(handle), callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    public func cancel() { g_file_monitor_cancel(cast()) }
}
