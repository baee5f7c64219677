// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk
import Gtk

// What tests read back from widgets and GTK, and the app never needs.

extension Widget {
    /// Whether the accessible EXPANDED state is `expanded`, read back through GTK's test API.
    public func accessibleExpandedIs(_ expanded: Bool) -> Bool {
        guard let message = foldout_accessible_check_expanded(widget, expanded ? 1 : 0) else { return true }
        g_free(message)
        return false
    }

    /// Whether the accessible CHECKED state is `checked`, read back through GTK's test API.
    public func accessibleCheckedIs(_ checked: Bool) -> Bool {
        guard let message = foldout_accessible_check_checked(widget, checked ? 1 : 0) else { return true }
        g_free(message)
        return false
    }

    /// Whether the accessible LABEL property is `label`, read back through GTK's test API.
    public func accessibleLabelIs(_ label: String) -> Bool {
        guard let message = foldout_accessible_check_label(widget, label) else { return true }
        g_free(message)
        return false
    }

    package var firstChild: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_first_child(widget) }

    /// Whether the widget's parent has the keyboard focus (a list row's item, say).
    public var parentHasFocus: Bool {
        guard let parent = gtk_widget_get_parent(widget) else { return false }
        return gtk_widget_is_focus(parent) != 0
    }
}

extension Inscription {
    /// Whether the inscription is narrower than its text laid out in its font: the text is cut
    /// short ("…").
    public var cutsItsText: Bool {
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, nil)
        return width > self.width
    }
}

extension Label {
    /// How far below the label's top its first line's baseline is drawn, in pixels: two labels
    /// are on one line when their tops plus this agree.
    public var firstBaseline: Double {
        let label = OpaquePointer(widget)
        var y: gint = 0
        gtk_label_get_layout_offsets(label, nil, &y)
        guard let layout = gtk_label_get_layout(label) else { return 0 }
        return Double(y) + Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    }
}

extension Window {
    /// Whether any widget of the window has the keyboard focus.
    public var hasFocusWidget: Bool { focusWidget != nil }

    /// The window's X11 id, by which xdotool finds it whatever its title; nil before it is
    /// realized, or off X11.
    public var x11ID: UInt? {
        let id = foldout_window_x11_id(widget)
        return id == 0 ? nil : UInt(id)
    }
}

extension Settings {
    /// The text's size as the desktop scales it (GNOME's "Large Text" is 1.25), through GTK's
    /// gtk-xft-dpi; nil when GTK keeps its default of 96 dots an inch.
    public var textScale: Double? {
        get {
            let dpi = foldout_object_get_int(raw, "gtk-xft-dpi")
            return dpi <= 0 ? nil : Double(dpi) / (96 * 1_024)
        }
        set { foldout_object_set_int(raw, "gtk-xft-dpi", newValue.map { Int32($0 * 96 * 1_024) } ?? -1) }
    }
}

extension Grid {
    /// How many columns hold at least one child.
    public var columnCount: Int {
        var columns = Set<Int32>()
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            var column: Int32 = 0
            gtk_grid_query_child(cast(), current, &column, nil, nil, nil)
            columns.insert(column)
            child = gtk_widget_get_next_sibling(current)
        }
        return columns.count
    }
}

extension Display {
    /// Waits until the display server has handled every request sent to it, and has queued the
    /// events they made for this process: after xdotool exits, its last motion is on its way here.
    public static func sync() { gdk_display_sync(gdk_display_get_default()) }

    /// The clipboard's text when this process owns it, nil otherwise.
    public static var localClipboardText: String? {
        let clipboard = gdk_display_get_clipboard(gdk_display_get_default())
        guard let content = gdk_clipboard_get_content(clipboard) else { return nil }
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(content, &value, nil) != 0, let text = g_value_get_string(&value) else {
            return nil
        }
        return String(cString: text)
    }
}

extension IdListModel {
    public static var liveItems: Int { Int(foldout_id_item_live_count()) }
}

extension Widget {
    /// The width the widget asks for to show all of itself.
    public var naturalWidth: Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        return natural
    }

    /// Where the widget's centre is (plus `dx`, `dy`) in its toplevel window's X window, in
    /// pixels: what `xdotool mousemove --window` takes. A widget in a popover is found through the
    /// popover's surface, which sits at an offset from the window's.
    public func pointInWindow(dx: Double = 0, dy: Double = 0) -> (x: Int, y: Int)? {
        guard let root = gtk_widget_get_native(widget) else { return nil }
        let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, rootWidget, &bounds) != 0 else { return nil }
        var (shiftX, shiftY) = (0.0, 0.0)
        gtk_native_get_surface_transform(root, &shiftX, &shiftY)
        var x = Double(bounds.origin.x) + Double(bounds.size.width) / 2 + dx + shiftX
        var y = Double(bounds.origin.y) + Double(bounds.size.height) / 2 + dy + shiftY
        if let surface = gtk_native_get_surface(root), let popup = foldout_surface_as_popup(surface) {
            x += Double(gdk_popup_get_position_x(popup))
            y += Double(gdk_popup_get_position_y(popup))
        }
        return (Int(x.rounded()), Int(y.rounded()))
    }
}

extension Window {
    /// The focused widget's type and its ancestors' up to the window, innermost first (for a
    /// failure message that says where the focus went).
    public var focusPath: String {
        var names: [String] = []
        var widget = focusWidget
        while let current = widget, names.count < 12 {
            names.append(
                String(
                    cString: g_type_name_from_instance(
                        UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self))))
            widget = gtk_widget_get_parent(current)
        }
        return names.isEmpty ? "nothing" : names.joined(separator: " < ")
    }
}
