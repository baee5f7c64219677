// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// An application's `GSettings` (GTK's own settings are `Settings`): what it remembers between runs,
/// in the backend GLib chooses (dconf on a desktop, a key file inside a Flatpak, memory when
/// `GSETTINGS_BACKEND=memory`).
@MainActor
public final class StoredSettings: Object {
    /// The settings of the schema `id`, looked up first in the compiled schemas of `folders`
    /// (a build tree's, or the install prefix's, which the desktop may not search), then where
    /// GLib looks; nil if no one has the schema, rather than GLib's abort.
    public init?(schema id: String, searching folders: [String]) {
        let standard = g_settings_schema_source_get_default()
        var found: OpaquePointer?
        for folder in folders
        where g_file_test(folder + "/gschemas.compiled", GFileTest(rawValue: numericCast(FOLDOUT_FILE_TEST_IS_REGULAR)))
            != 0
        {
            guard let source = g_settings_schema_source_new_from_directory(folder, standard, 0, nil) else { continue }
            found = g_settings_schema_source_lookup(source, id, 1)
            g_settings_schema_source_unref(source)
            if found != nil { break }
        }
        if found == nil, let standard { found = g_settings_schema_source_lookup(standard, id, 1) }
        guard let schema = found else { return nil }
        defer { g_settings_schema_unref(schema) }
        super.init(takingFull: UnsafeMutableRawPointer(g_settings_new_full(schema, nil, nil)))
    }

    private var gsettings: UnsafeMutablePointer<GSettings> { cast() }

    public func integer(_ key: String) -> Int { Int(g_settings_get_int(gsettings, key)) }
    public func setInteger(_ key: String, _ value: Int) { g_settings_set_int(gsettings, key, gint(clamping: value)) }
    public func boolean(_ key: String) -> Bool { g_settings_get_boolean(gsettings, key) != 0 }
    public func setBoolean(_ key: String, _ value: Bool) { g_settings_set_boolean(gsettings, key, value ? 1 : 0) }

    public func text(_ key: String) -> String {
        guard let value = g_settings_get_string(gsettings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    public func setText(_ key: String, _ value: String) { g_settings_set_string(gsettings, key, value) }

    /// Writes what was set to the backend now (it is written soon anyway, and at exit).
    public static func sync() { g_settings_sync() }
}
