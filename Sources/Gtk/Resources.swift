// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// Compiled GResource bundles (the `.gresource` files `glib-compile-resources` writes) and the
/// files inside them, found by resource path (`/dev/foldout/Foldout/style.css`).
@MainActor
public enum Resources {
    /// The bundles registered so far, by file path, so registering one twice is a no-op.
    private static var registered: Set<String> = []

    /// Loads the bundle at `path` and registers it for the whole process. A missing file is
    /// `.missing`, a file that is not a bundle `.unreadable` with GLib's message.
    public static func register(bundleAt path: String) throws(ResourceError) {
        let path = canonical(path)
        guard !registered.contains(path) else { return }
        guard g_file_test(path, GFileTest(rawValue: numericCast(FOLDOUT_FILE_TEST_IS_REGULAR))) != 0 else {
            throw .missing(path)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .unreadable(path, message)
        }
        g_resources_register(resource)  // holds its own reference
        g_resource_unref(resource)
        registered.insert(path)
        Log.debug("registered resource bundle \(path)")
    }

    /// Whether a registered bundle holds a file at `resourcePath`.
    public static func contains(_ resourcePath: String) -> Bool {
        g_resources_get_info(
            resourcePath, GResourceLookupFlags(rawValue: numericCast(FOLDOUT_RESOURCE_LOOKUP_FLAGS_NONE)), nil, nil, nil
        ) != 0
    }

    /// The folder holding the running executable (from `/proc/self/exe`), or nil.
    public static var executableDirectory: String? {
        guard let link = g_file_read_link("/proc/self/exe", nil) else { return nil }
        defer { g_free(link) }
        guard let directory = g_path_get_dirname(link) else { return nil }
        defer { g_free(directory) }
        return String(cString: directory)
    }

    /// Whether `path` is a folder (or a symbolic link to one).
    public static func isDirectory(_ path: String) -> Bool {
        g_file_test(path, GFileTest(rawValue: numericCast(FOLDOUT_FILE_TEST_IS_DIR))) != 0
    }

    /// `path` made absolute, without `.` and `..` parts and repeated slashes (symbolic links kept).
    public static func canonical(_ path: String) -> String {
        guard let canonical = g_canonicalize_filename(path, nil) else { return path }
        defer { g_free(canonical) }
        return String(cString: canonical)
    }
}

public enum ResourceError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .missing(let path): "no file “\(path)”"
        case .unreadable(let path, let message): "cannot load “\(path)”: \(message)"
        }
    }
}

extension Display {
    /// Loads the style sheet at `resourcePath`, in a registered bundle, for the whole display.
    /// Returns false, loading nothing, when no registered bundle holds it.
    @discardableResult
    public static func addStyleSheet(resource resourcePath: String) -> Bool {
        guard Resources.contains(resourcePath) else { return false }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, resourcePath)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
        Log.debug("style sheet loaded from resource \(resourcePath)")
        return true
    }
}
