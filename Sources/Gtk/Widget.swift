// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// Base of the widget wrappers: the GtkWidget calls the app uses.
@MainActor
open class Widget: Object {
    @inline(__always) package var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }
    /// Adds the class `name` when `on`, else removes it.
    public func setCSSClass(_ name: String, _ on: Bool) { on ? addCSSClass(name) : removeCSSClass(name) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue.gboolean) }
    }
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue.gboolean) }
    }
    /// Whether the focus can go into the widget or its children. Off, Tab and the arrows pass it
    /// by (a GtkCheckButton that is not focusable still stops them: its focus vfunc grabs unasked).
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue.gboolean) }
    }
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    /// Whether the widget is its window's focus widget, whether or not the window is active.
    public var isFocus: Bool { gtk_widget_is_focus(widget) != 0 }
    /// Whether the widget lays out right to left.
    public var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }
    /// Lays out every widget made from now on right to left (as in Arabic or Hebrew), or not.
    public static func setDefaultRightToLeft(_ rightToLeft: Bool) {
        gtk_widget_set_default_direction(rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
    }
    /// Whether the keyboard focus is in this widget or one inside it.
    public var containsFocus: Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
    }
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue.gboolean) }
    }
    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue.gboolean) }
    }
    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue.gboolean) }
    }
    public func setAlign(horizontal: Alignment? = nil, vertical: Alignment? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
    }
    public func setSizeRequest(width: Int32 = -1, height: Int32 = -1) {
        gtk_widget_set_size_request(widget, width, height)
    }
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    public var width: Int32 { gtk_widget_get_width(widget) }
    public var height: Int32 { gtk_widget_get_height(widget) }

    /// This widget's bounds in `other`'s coordinates, nil when the two share no ancestor or
    /// this one is not laid out.
    public func bounds(in other: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, other.widget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    public func isAncestor(of other: Widget) -> Bool {
        gtk_widget_is_ancestor(other.widget, widget) != 0
    }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// Moves the focus into this widget's first focusable descendant, as Tab from before it would.
    @discardableResult
    public func focusFirstChild() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }

    /// Emits the widget's keybinding activation, as Enter does (a button's "clicked").
    @discardableResult
    public func activate() -> Bool { gtk_widget_activate(widget) != 0 }

    /// Activates an action by name (`group.action`), optionally with a parameter.
    @discardableResult
    public func activateAction(_ name: String, parameter: OpaquePointer? = nil) -> Bool {
        gtk_widget_activate_action_variant(widget, name, parameter) != 0
    }

    /// Offers `group`'s actions to this widget and what it holds as `prefix.name`; nil takes away
    /// the group inserted under `prefix`.
    public func insertActionGroup(_ prefix: String, _ group: ActionGroup?) {
        gtk_widget_insert_action_group(widget, prefix, group?.opaque)
    }

    public func add(_ controller: EventController) {
        g_object_ref(controller.raw)  // gtk_widget_add_controller takes one reference; Swift keeps its own.
        gtk_widget_add_controller(widget, controller.opaque)
    }

    public func setAccessibleLabel(_ label: String) { foldout_accessible_set_label(widget, label) }

    /// The colour the widget's text is drawn in (the theme's and style sheets', dark or high
    /// contrast alike), each in 0...1.
    public var foregroundColor: (red: Double, green: Double, blue: Double, alpha: Double) {
        var color = GdkRGBA()
        foldout_widget_get_color(widget, &color)
        return (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    }
    /// Names this widget's parent for assistive technologies: a list row's `GtkListItemWidget`,
    /// which GTK 4.8 leaves nameless and offers no API for (GTK 4.12 has
    /// `gtk_list_item_set_accessible_label`).
    public func setParentAccessibleLabel(_ label: String) {
        if let parent = gtk_widget_get_parent(widget) { foldout_accessible_set_label(parent, label) }
    }
    public func setAccessibleExpanded(_ expanded: Bool) { foldout_accessible_set_expanded(widget, expanded.gboolean) }
    public func setAccessibleChecked(_ checked: Bool) { foldout_accessible_set_checked(widget, checked.gboolean) }
    /// Keeps the widget and all it holds from assistive technologies while it is on screen or
    /// not: for a stack's pages that are not shown, which GTK 4.8 still exposes.
    public func setAccessibleHidden(_ hidden: Bool) { foldout_accessible_set_hidden(widget, hidden.gboolean) }

    public var settings: Settings { Settings(borrowing: UnsafeMutableRawPointer(gtk_widget_get_settings(widget))) }

    /// Calls `body` once per frame, with the frame time in microseconds, until it returns false.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (Int) -> Bool) -> TickToken {
        let box = HandlerBox<@MainActor (Int) -> Bool>(body)
        let thunk: GtkTickCallback = { _, clock, data in
            let box = HandlerBox<@MainActor (Int) -> Bool>.from(data)
            let time = gdk_frame_clock_get_frame_time(clock)
            return MainActor.assumeIsolated { box.function(time) } ? 1 : 0
        }
        let id = gtk_widget_add_tick_callback(widget, thunk, box.retainedPointer(), { ClosureBox.release($0) })
        return TickToken(widget: self, id: id, box: box)
    }

    public var frameClock: FrameClock? {
        gtk_widget_get_frame_clock(widget).map { FrameClock(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// Calls `body` once, from an idle callback after the next frame has been painted: the widget
    /// has been laid out and drawn by then. A lower `priority` lets other idle work go first.
    public func afterNextFrame(priority: Priority = .defaultIdle, _ body: @escaping @MainActor () -> Void) {
        addTickCallback { [weak self] _ in
            var connection: SignalConnection?
            connection = self?.frameClock?.onAfterPaint {
                connection?.disconnect()
                MainLoop.idle(priority: priority) {
                    body()
                    return false
                }
            }
            return false
        }
    }
}

/// A running tick callback; `remove()` stops it early.
@MainActor
public final class TickToken {
    private weak var widget: Widget?
    private weak var box: ClosureBox?
    private let id: guint

    init(widget: Widget, id: guint, box: ClosureBox) {
        self.widget = widget
        self.id = id
        self.box = box
    }

    public var isActive: Bool { box != nil }

    public func remove() {
        guard box != nil, let widget else { return }
        gtk_widget_remove_tick_callback(widget.widget, id)
    }
}

@MainActor
public final class FrameClock: Object {
    /// Calls `body` after each paint until the returned connection is disconnected.
    @discardableResult
    public func onAfterPaint(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        on("after-paint", body)
    }
}

@MainActor
public final class Settings: Object {
    public static var `default`: Settings { Settings(borrowing: UnsafeMutableRawPointer(gtk_settings_get_default())) }

    public var enableAnimations: Bool {
        get { getBool("gtk-enable-animations") }
        set { setBool("gtk-enable-animations", newValue) }
    }
}

extension Widget {
    /// Whether the keyboard focus of `other`'s window is inside this widget.
    public func isAncestor(ofFocus other: Widget) -> Bool {
        guard let root = gtk_widget_get_root(other.widget),
            let focus = gtk_root_get_focus(root)
        else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
}

extension Widget {
    /// Which of `candidates` holds the widget drawn at (`x`, `y`) in this widget's coordinates
    /// (itself or one of its descendants), as an index into `candidates`; nil if none does.
    public func indexOfCandidate(holdingPointAt x: Double, _ y: Double, among candidates: [Widget]) -> Int? {
        guard var picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT) else { return nil }
        let indexes = Dictionary(
            candidates.enumerated().map { (UnsafeMutableRawPointer($0.element.widget), $0.offset) },
            uniquingKeysWith: { first, _ in first })
        while true {
            if let index = indexes[UnsafeMutableRawPointer(picked)] { return index }
            guard picked != widget, let parent = gtk_widget_get_parent(picked) else { return nil }
            picked = parent
        }
    }

    /// The natural height this widget asks for at its natural width.
    public var naturalHeight: Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        return natural
    }

    /// The height the window this widget is in opens at, before it is laid out: its monitor's
    /// when it is maximized or full screen, else its default height; nil when it is in no window
    /// or has no default height.
    public var rootOpeningHeight: Int? {
        guard let root = gtk_widget_get_root(widget),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0
        else { return nil }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
        if gtk_window_is_maximized(window) != 0 || gtk_window_is_fullscreen(window) != 0 {
            return Display.tallestMonitorHeight
        }
        var width: Int32 = 0  // GTK 4.8 writes both
        var height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return height > 0 ? Int(height) : nil
    }

    /// The height of the window this widget is in, nil when it is in none.
    public var rootHeight: Int32? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return gtk_widget_get_height(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
    }
}
