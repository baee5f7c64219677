// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk
import Gtk

extension RecentFiles {
    /// Names this process `name` where nothing has named it (a test runner; GApplication names the
    /// app after its executable): GTK adds a file to the list only for a named application.
    public static func nameApplicationIfUnnamed(_ name: String) {
        if g_get_prgname() == nil { g_set_prgname(name) }  // the command GTK records for it
        if g_get_application_name() == nil { g_set_application_name(name) }
    }

    /// Adds the file at `path` as another application, `application`, does: opened by it now, as
    /// a file of `mimeType`. False if GTK refused it.
    @discardableResult
    public func add(_ path: String, mimeType: String, byApplication application: String) -> Bool {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return false }
        defer { g_free(uri) }
        let exec: String = application + " %u"
        let strings = [mimeType, application, exec].map { text in text.withCString { strdup($0)! } }
        defer { for string in strings { free(string) } }
        var data = GtkRecentData(
            display_name: nil, description: nil, mime_type: strings[0], app_name: strings[1], app_exec: strings[2],
            groups: nil, is_private: 0)
        return gtk_recent_manager_add_full(cast(), uri, &data) != 0
    }
}

extension WidgetTree {
    /// The label under `root` (popovers included) that shows `text` and is on screen, or nil: what
    /// a user clicks to choose a menu item.
    public static func mappedLabel(_ text: String, under root: Widget) -> Widget? {
        var found: UnsafeMutablePointer<GtkWidget>?
        visit(root.widget) { widget in
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            guard found == nil, g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0,
                gtk_widget_get_mapped(widget) != 0, String(cString: gtk_label_get_text(OpaquePointer(widget))) == text
            else { return }
            found = widget
        }
        return found.map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }
}
