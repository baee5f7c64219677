// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A widget that Swift draws itself (`GtkDrawingArea`): the draw function is called with a
/// canvas and the size whenever GTK repaints it, after `queueDraw()` for instance.
@MainActor
public final class DrawingArea: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_drawing_area_new())) }

    public func setContentSize(width: Int32 = -1, height: Int32 = -1) {
        if width >= 0 { gtk_drawing_area_set_content_width(cast(), width) }
        if height >= 0 { gtk_drawing_area_set_content_height(cast(), height) }
    }

    public func onDraw(_ draw: @escaping @MainActor (Canvas, Double, Double) -> Void) {
        typealias Draw = @MainActor (Canvas, Double, Double) -> Void
        let thunk: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            let box = HandlerBox<Draw>.from(data)
            MainActor.assumeIsolated { box.function(Canvas(cairo: cairo), Double(width), Double(height)) }
        }
        let destroy: GDestroyNotify = { data in ClosureBox.release(data) }
        gtk_drawing_area_set_draw_func(cast(), thunk, HandlerBox<Draw>(draw).retainedPointer(), destroy)
    }

    public func queueDraw() { gtk_widget_queue_draw(widget) }

    /// The width and height `text` takes in the widget's font, in pixels.
    public func textSize(_ text: String) -> (width: Double, height: Double) {
        let layout = gtk_widget_create_pango_layout(widget, text)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }
}

/// What a draw function draws on (a cairo context, valid only during the call).
@MainActor
public struct Canvas {
    let cairo: OpaquePointer?

    public func setColor(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        cairo_set_source_rgba(cairo, red, green, blue, alpha)
    }

    public func fillRectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill(cairo)
    }

    /// Draws `text` in `area`'s font with its top left corner at `x`, `y`, in the colour set.
    public func text(_ text: String, of area: DrawingArea, x: Double, y: Double) {
        let layout = gtk_widget_create_pango_layout(area.widget, text)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    public func line(from start: (Double, Double), to end: (Double, Double), width: Double) {
        cairo_set_line_width(cairo, width)
        cairo_move_to(cairo, start.0, start.1)
        cairo_line_to(cairo, end.0, end.1)
        cairo_stroke(cairo)
    }
}

/// A press and a drag (`GtkGestureDrag`): where it began, then how far it has moved.
@MainActor
public final class GestureDrag: EventController {
    public init() { super.init(takingFull: UnsafeMutableRawPointer(gtk_gesture_drag_new())) }

    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectPoint("drag-begin", handler)
    }

    @discardableResult
    public func onUpdate(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectPoint("drag-update", handler)
    }

    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        connectPoint("drag-end", handler)
    }

    private func connectPoint(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void)
        -> SignalConnection
    {
        typealias Handler = @MainActor (Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            let box = HandlerBox<Handler>.from(data)
            MainActor.assumeIsolated { box.function(x, y) }
        }
        return connect(signal, box: HandlerBox<Handler>(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// A slider over a range of numbers (`GtkScale`): arrows move it a step, Page Up and Down a page.
@MainActor
public final class Scale: Widget {
    public init(from low: Double, to high: Double, step: Double) {
        super.init(
            sinkingFloating: UnsafeMutableRawPointer(
                gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, low, high, step)))
        gtk_scale_set_draw_value(cast(), 0)
    }

    public var value: Double {
        get { gtk_range_get_value(cast()) }
        set { gtk_range_set_value(cast(), newValue) }
    }

    public func setIncrements(step: Double, page: Double) { gtk_range_set_increments(cast(), step, page) }

    /// Whether the trough is filled from the start up to the value (off: a plain trough).
    public var hasOrigin: Bool {
        get { gtk_scale_get_has_origin(cast()) != 0 }
        set { gtk_scale_set_has_origin(cast(), newValue ? 1 : 0) }
    }

    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("value-changed", handler)
    }

    /// What a screen reader says for the value ("60", "2013-06-07") instead of the number.
    public func setAccessibleValueText(_ text: String) { foldout_accessible_set_value_text(widget, text) }
}
