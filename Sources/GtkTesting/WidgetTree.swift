// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk
import Gtk

/// Read-only views of a widget and everything under it (popovers included, which are children of
/// the widget they point at): what a user reads, and which keys do something. Tests use these to
/// check the whole window at once.
@MainActor
public enum WidgetTree {
    /// The texts of `root` and its descendants, hidden ones too: labels and inscriptions (without
    /// markup), tooltips, entry placeholders and window titles. GTK's tooltip popup is left out: it
    /// is shared by the whole display and may still hold another window's tooltip (each widget's
    /// own is included). `shownOnly`: only of the widgets shown (they and every parent visible).
    public static func texts(under root: Widget, shownOnly: Bool = false) -> [String] {
        var texts: [String] = []
        visit(root.widget, skipping: "GtkTooltipWindow") { widget in
            if shownOnly && gtk_widget_is_visible(widget) == 0 { return }
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
                texts.append(String(cString: gtk_label_get_text(OpaquePointer(widget))))
            }
            if g_type_check_instance_is_a(instance, gtk_inscription_get_type()) != 0,
                let text = gtk_inscription_get_text(OpaquePointer(widget))
            {
                texts.append(String(cString: text))
            }
            if g_type_check_instance_is_a(instance, gtk_entry_get_type()) != 0,
                let placeholder = gtk_entry_get_placeholder_text(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self))
            {
                texts.append(String(cString: placeholder))
            }
            if g_type_check_instance_is_a(instance, gtk_window_get_type()) != 0,
                let title = gtk_window_get_title(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self))
            {
                texts.append(String(cString: title))
            }
            if let tooltip = gtk_widget_get_tooltip_text(widget) { texts.append(String(cString: tooltip)) }
        }
        return texts.filter { !$0.isEmpty }
    }

    /// The titles of the visible toplevel windows, dialogs included (GTK's file chooser too).
    public static func windowTitles() -> [String] { visibleToplevels().compactMap(\.title) }

    /// The visible toplevel windows with their titles.
    private static func visibleToplevels() -> [(window: UnsafeMutablePointer<GtkWidget>, title: String?)] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var toplevels: [(window: UnsafeMutablePointer<GtkWidget>, title: String?)] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data,
                gtk_widget_get_visible(data.assumingMemoryBound(to: GtkWidget.self)) != 0
            {
                let title = gtk_window_get_title(data.assumingMemoryBound(to: GtkWindow.self)).map {
                    String(cString: $0)
                }
                toplevels.append((data.assumingMemoryBound(to: GtkWidget.self), title))
            }
            node = current.pointee.next
        }
        return toplevels
    }

    /// The visible toplevel window titled `title` (a dialog GTK made, the file chooser's too), if any.
    private static func toplevel(titled title: String) -> UnsafeMutablePointer<GtkWidget>? {
        visibleToplevels().first { $0.title == title }?.window
    }

    /// The texts typed in the text fields of the window titled `title` (say what a file chooser's
    /// location field holds when a test's typing did not reach its goal).
    public static func fieldTexts(inWindowTitled title: String) -> [String] {
        guard let window = toplevel(titled: title) else { return [] }
        var texts: [String] = []
        visit(window, skipping: "GtkTooltipWindow") { widget in
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0,
                let text = gtk_editable_get_text(OpaquePointer(widget)), text.pointee != 0
            {
                texts.append(String(cString: text))
            }
        }
        return texts
    }

    /// The text of the field that has the keyboard focus in the window titled `title`, or nil
    /// where the focus is not in a text field (say, before a file chooser's location field opens).
    public static func focusedFieldText(inWindowTitled title: String) -> String? {
        guard let window = toplevel(titled: title),
            let focus = gtk_window_get_focus(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), gtk_text_get_type()) != 0,
            let text = gtk_editable_get_text(OpaquePointer(focus))
        else { return nil }
        return String(cString: text)
    }

    /// Closes the window titled `title` as its close button would, if it is open (a test that
    /// failed halfway leaves no modal dialog over the next test's window).
    public static func closeWindow(titled title: String) {
        guard let window = toplevel(titled: title) else { return }
        gtk_window_close(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }

    /// The shortcuts of the controllers named `controllerName` on `root` and its descendants: each
    /// trigger as GTK writes it ("<Control>e", "Return|KP_Enter|space") and the action it names.
    public static func shortcuts(under root: Widget, controllerName: String) -> [(trigger: String, action: String?)] {
        var found: [(trigger: String, action: String?)] = []
        visit(root.widget) { widget in
            let controllers = gtk_widget_observe_controllers(widget)!
            defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
            for index in 0..<g_list_model_get_n_items(controllers) {
                let controller = OpaquePointer(g_list_model_get_item(controllers, index)!)
                defer { g_object_unref(UnsafeMutableRawPointer(controller)) }
                guard let name = gtk_event_controller_get_name(controller), String(cString: name) == controllerName
                else { continue }
                let shortcuts = controller  // a GtkShortcutController is a GListModel of GtkShortcut
                for position in 0..<g_list_model_get_n_items(shortcuts) {
                    let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, position)!)
                    defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
                    guard let trigger = gtk_shortcut_get_trigger(shortcut),
                        let text = gtk_shortcut_trigger_to_string(trigger)
                    else { continue }
                    defer { g_free(text) }
                    var action: String?
                    if let named = gtk_shortcut_get_action(shortcut),
                        g_type_check_instance_is_a(
                            UnsafeMutableRawPointer(named).assumingMemoryBound(to: GTypeInstance.self),
                            gtk_named_action_get_type()) != 0
                    {
                        action = String(cString: gtk_named_action_get_action_name(named))
                    }
                    found.append((String(cString: text), action))
                }
            }
        }
        return found
    }

    /// The Alt+key mnemonics of the labels on `root` and its descendants, e.g. "<Alt>a".
    public static func mnemonics(under root: Widget) -> [String] {
        var mnemonics: [String] = []
        visit(root.widget) { widget in
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            guard g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 else { return }
            let keyval = gtk_label_get_mnemonic_keyval(OpaquePointer(widget))
            guard keyval != UInt32(GDK_KEY_VoidSymbol),
                let name = gtk_accelerator_name(gdk_keyval_to_lower(keyval), GDK_ALT_MASK)
            else { return }
            mnemonics.append(String(cString: name))
            g_free(name)
        }
        return mnemonics
    }

    /// Calls `body` on `widget` and its descendants, depth first, except on widgets of the type
    /// named `skippedType` and what is under them.
    /// The widgets under `root` that are shown and ask for more than `width` pixels while none of
    /// their children does: what keeps a window from being that narrow. Each as its type, its CSS
    /// classes and its minimum width ("GtkLabel.title-2 412").
    public static func tooWide(under root: Widget, for width: Int32) -> [String] {
        var found: [String] = []
        func minimum(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
            var value: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &value, nil, nil, nil)
            return value
        }
        func check(_ widget: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_visible(widget) != 0, minimum(widget) > width else { return }
            var child = gtk_widget_get_first_child(widget)
            var blamed = false
            while let current = child {
                if gtk_widget_get_visible(current) != 0 && minimum(current) > width {
                    blamed = true
                    check(current)
                }
                child = gtk_widget_get_next_sibling(current)
            }
            guard !blamed else { return }
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            var name = String(cString: g_type_name_from_instance(instance))
            if let classes = gtk_widget_get_css_classes(widget) {
                var index = 0
                while let item = classes[index] {
                    name += "." + String(cString: item)
                    index += 1
                }
                g_strfreev(classes)
            }
            found.append("\(name) \(minimum(widget))")
        }
        check(root.widget)
        return found
    }

    static func visit(
        _ widget: UnsafeMutablePointer<GtkWidget>, skipping skippedType: String? = nil,
        _ body: (UnsafeMutablePointer<GtkWidget>) -> Void
    ) {
        if let skippedType {
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if let name = g_type_name_from_instance(instance), String(cString: name) == skippedType { return }
        }
        body(widget)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, skipping: skippedType, body)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
