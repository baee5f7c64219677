// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

@MainActor
public enum Display {
    /// Loads a style sheet for the whole display.
    public static func addStyleSheet(_ css: String) {
        let provider = gtk_css_provider_new()
        foldout_css_provider_load_string(provider, css)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// The height of the tallest monitor in application pixels, nil when GDK knows of none.
    public static var tallestMonitorHeight: Int? {
        guard let display = gdk_display_get_default() else { return nil }
        let monitors = gdk_display_get_monitors(display)
        var tallest: Int32 = 0
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let monitor = g_list_model_get_item(monitors, index) else { continue }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
            tallest = max(tallest, geometry.height)
            g_object_unref(monitor)
        }
        return tallest > 0 ? Int(tallest) : nil
    }

    /// Puts `text` on the clipboard.
    public static func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gdk_display_get_clipboard(gdk_display_get_default()), text)
    }

    /// Renders `window` as it is now to a PNG file, with its open `popovers` drawn where they are
    /// (they are surfaces of their own, which the window's snapshot does not include).
    public static func saveScreenshot(of window: Widget, popovers: [Popover] = [], to path: String)
        throws(ScreenshotError)
    {
        guard let native = gtk_widget_get_native(window.widget), let renderer = gtk_native_get_renderer(native) else {
            throw .notRealized
        }
        let snapshot = gtk_snapshot_new()
        draw(window, into: snapshot)
        for popover in popovers where popover.isMapped {
            guard let surface = gtk_native_get_surface(OpaquePointer(popover.raw)) else { continue }
            var offset = graphene_point_t(
                x: Float(gdk_popup_get_position_x(surface)), y: Float(gdk_popup_get_position_y(surface)))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &offset)
            draw(popover, into: snapshot)
            gtk_snapshot_restore(snapshot)
        }
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .nothingDrawn }
        defer { gsk_render_node_unref(node) }
        let texture = gsk_renderer_render_texture(renderer, node, nil)
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw .cannotWrite(path) }
    }

    private static func draw(_ widget: Widget, into snapshot: OpaquePointer?) {
        let paintable = gtk_widget_paintable_new(widget.widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        gdk_paintable_snapshot(paintable, snapshot, Double(widget.width), Double(widget.height))
    }
}

public enum ScreenshotError: Error, Equatable {
    case notRealized, nothingDrawn
    case cannotWrite(String)
}
