// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// The desktop's recently used files (`GtkRecentManager`: `recently-used.xbel` in the user's data
/// folder), which every application shares: the file manager's Recent, file choosers and Open
/// Recent menus read it. GTK watches the file, so a file another application adds arrives too.
@MainActor
public final class RecentFiles: Object {
    /// A local file in the list.
    public struct File: Sendable, Equatable {
        public let path: String
        /// As the application that added it guessed it; nil when it said none.
        public let mimeType: String?
        /// When the entry last changed (added, or opened again by any application), in
        /// microseconds since 1970.
        public let modified: Int64
        /// Whether this application (by its name, `g_get_application_name`) added it.
        public let addedHere: Bool
    }

    /// The desktop's list, `$XDG_DATA_HOME/recently-used.xbel`.
    public static let shared = RecentFiles()

    private init() { super.init(borrowing: UnsafeMutableRawPointer(gtk_recent_manager_get_default())) }

    /// A list kept in the file at `path` instead of the desktop's (for tests).
    public init(storedIn path: String) {
        super.init(takingFull: UnsafeMutableRawPointer(foldout_recent_manager_new(path)))
    }

    /// Adds the file at `path`, as opened by this application now. GTK writes the list a moment
    /// later and then says it changed.
    /// A URI of another scheme (`postgresql://…`, a database's table) is added as it is, with
    /// `mimeType` (no file to guess it from), and listed among `files` for this application only.
    public func add(_ path: String, otherSchemeType mimeType: String = "application/octet-stream") {
        if let scheme = g_uri_peek_scheme(path), String(cString: scheme) != "file" {
            return add(uri: path, mimeType: mimeType)
        }
        guard let uri = g_filename_to_uri(path, nil, nil) else { return }
        defer { g_free(uri) }
        _ = gtk_recent_manager_add_item(cast(), uri)
    }

    private func add(uri: String, mimeType: String) {
        let name = g_get_application_name().map { String(cString: $0) } ?? "foldout"
        name.withCString { name in
            mimeType.withCString { mimeType in
                "foldout %u".withCString { exec in
                    var data = GtkRecentData()
                    data.mime_type = UnsafeMutablePointer(mutating: mimeType)
                    data.app_name = UnsafeMutablePointer(mutating: name)
                    data.app_exec = UnsafeMutablePointer(mutating: exec)
                    _ = gtk_recent_manager_add_full(cast(), uri, &data)
                }
            }
        }
    }

    /// The local files in the list, whether or not they are still there, in no particular order;
    /// and the URIs of other schemes this application added (`add(_:otherSchemeType:)`).
    public var files: [File] {
        guard let items = gtk_recent_manager_get_items(cast()) else { return [] }
        defer { g_list_free_full(items) { gtk_recent_info_unref(OpaquePointer($0)) } }
        let application = g_get_application_name()
        var files: [File] = []
        var node: UnsafeMutablePointer<GList>? = items
        while let current = node {
            node = current.pointee.next
            let info = OpaquePointer(current.pointee.data)
            let addedHere = application.map { gtk_recent_info_has_application(info, $0) != 0 } ?? false
            let path: String
            if gtk_recent_info_is_local(info) != 0 {
                guard let local = g_filename_from_uri(gtk_recent_info_get_uri(info), nil, nil) else { continue }
                defer { g_free(local) }
                path = String(cString: local)
            } else {
                guard addedHere, let uri = gtk_recent_info_get_uri(info) else { continue }
                path = String(cString: uri)
            }
            let mimeType = gtk_recent_info_get_mime_type(info).map { String(cString: $0) }
            let modified = gtk_recent_info_get_modified(info).map(Self.microseconds) ?? 0
            files.append(File(path: path, mimeType: mimeType, modified: modified, addedHere: addedHere))
        }
        return files
    }

    private static func microseconds(_ time: OpaquePointer) -> Int64 {
        Int64(g_date_time_to_unix(time)) * 1_000_000 + Int64(g_date_time_get_microsecond(time))
    }

    /// Calls `handler` when the list changes: a file added here or by another application.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("changed", handler) }
}
