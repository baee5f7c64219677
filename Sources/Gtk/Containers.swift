// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int32 = 0, role: AccessibleRole? = nil) {
        if let role {
            super.init(
                sinkingFloating: UnsafeMutableRawPointer(foldout_box_new_with_role(orientation.gtk, spacing, role.gtk)))
        } else {
            super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_box_new(orientation.gtk, spacing)))
        }
    }

    public func append(_ child: Widget) { gtk_box_append(cast(), child.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(cast(), child.widget) }
    /// Whether `child` is one of this box's children.
    public func holds(_ child: Widget) -> Bool { gtk_widget_get_parent(child.widget) == widget }
    /// Puts `child`, not in the box yet, right after `sibling` (nil: first).
    public func insert(_ child: Widget, after sibling: Widget?) {
        gtk_box_insert_child_after(cast(), child.widget, sibling?.widget)
    }
    /// Moves `child`, one of the box's, right after `sibling` (nil: first), without taking it
    /// out: what it shows (an open popover) stays.
    public func reorder(_ child: Widget, after sibling: Widget?) {
        gtk_box_reorder_child_after(cast(), child.widget, sibling?.widget)
    }
}

@MainActor
public final class Revealer: Widget {
    public init(_ transition: RevealerTransition = .slideDown, durationMS: UInt32 = 250) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_revealer_new()))
        self.transition = transition
        gtk_revealer_set_transition_duration(opaque, durationMS)
        onNotify("child-revealed") { [weak self] in self?.hideFoldedChild() }
    }

    /// Hidden while folded away: GTK 4.8 leaves a folded revealer's child visible, with a place
    /// on screen, to assistive technologies, which then find buttons that are not there.
    public var child: Widget? = nil {
        didSet {
            gtk_revealer_set_child(opaque, child?.widget)
            child?.isVisible = revealChild || childRevealed
        }
    }

    private func hideFoldedChild() {
        if !revealChild && !childRevealed { child?.isVisible = false }
    }
    public var transition: RevealerTransition {
        get { RevealerTransition(gtk_revealer_get_transition_type(opaque)) }
        set { gtk_revealer_set_transition_type(opaque, newValue.gtk) }
    }
    /// The state asked for; `childRevealed` turns true when the animation has finished.
    public var revealChild: Bool {
        get { gtk_revealer_get_reveal_child(opaque) != 0 }
        set {
            if newValue { child?.isVisible = true }
            gtk_revealer_set_reveal_child(opaque, newValue.gboolean)
            hideFoldedChild()
        }
    }
    public var childRevealed: Bool { gtk_revealer_get_child_revealed(opaque) != 0 }

    /// Jumps to `revealed` without animating, as a recycled row must.
    public func setRevealedImmediately(_ revealed: Bool) {
        let saved = transition
        transition = .none
        revealChild = revealed
        transition = saved
    }
}

@MainActor
public final class Overlay: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_overlay_new())) }
    public var child: Widget? = nil {
        didSet { gtk_overlay_set_child(opaque, child?.widget) }
    }
    public func addOverlay(_ widget: Widget) { gtk_overlay_add_overlay(opaque, widget.widget) }
}

@MainActor
public final class ScrolledWindow: Widget {
    public init() {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }
    public var child: Widget? = nil {
        didSet { gtk_scrolled_window_set_child(opaque, child?.widget) }
    }
    /// A border around what it scrolls, for a list that sits in a dialog's content.
    public var hasFrame: Bool {
        get { gtk_scrolled_window_get_has_frame(opaque) != 0 }
        set { gtk_scrolled_window_set_has_frame(opaque, newValue.gboolean) }
    }
    public var verticalAdjustment: Adjustment {
        Adjustment(borrowing: UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(opaque)))
    }
    public var horizontalAdjustment: Adjustment {
        Adjustment(borrowing: UnsafeMutableRawPointer(gtk_scrolled_window_get_hadjustment(opaque)))
    }

    /// Scrolls sideways instead of up and down (a bar of buttons that may not fit).
    public func scrollHorizontally() {
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    }

    /// The child, once set, is laid out at its natural width, scrolled when wider than the view:
    /// not squeezed to its minimum (buttons' labels cut to "…") first.
    public func scrollAtNaturalWidth() {
        // A child that does not scroll itself is in the GtkViewport GTK made for it.
        guard let viewport = gtk_scrolled_window_get_child(opaque) else { return }
        gtk_scrollable_set_hscroll_policy(OpaquePointer(viewport), GTK_SCROLL_NATURAL)
    }

    /// Scrolls sideways as well as up and down (a table wider than the window).
    public func scrollBothWays() {
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
    }

    /// Grows with its content up to `height` pixels, then scrolls.
    /// Asks for at least `height` pixels of content, however little there is.
    public func setMinimumContentHeight(_ height: Int32) { gtk_scrolled_window_set_min_content_height(opaque, height) }

    public func limitHeight(to height: Int32) {
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
        gtk_scrolled_window_set_max_content_height(opaque, height)
    }
}

@MainActor
public final class Adjustment: Object {
    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { cast() }
    public var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }
    public var upper: Double { gtk_adjustment_get_upper(adjustment) }
    public var lower: Double { gtk_adjustment_get_lower(adjustment) }
    public var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }

    /// After the view scrolled.
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("value-changed", handler)
    }
}

@MainActor
public final class Stack: Widget {
    public init() {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_stack_new()))
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }
    public func addTitled(_ child: Widget, name: String, title: String) {
        gtk_stack_add_titled(opaque, child.widget, name, title)
    }
    /// Adds a page that a `StackSwitcher` shows as an icon, its title as the tooltip.
    public func addTitled(_ child: Widget, name: String, title: String, iconName: String) {
        let page = gtk_stack_add_titled(opaque, child.widget, name, title)
        gtk_stack_page_set_icon_name(page, iconName)
    }
    /// Whether a page change crossfades (the default) or is instant. While it fades, GTK still
    /// gives the pointer's clicks to the page going away when it comes later in the stack.
    public var crossfades: Bool {
        get { gtk_stack_get_transition_type(opaque) == GTK_STACK_TRANSITION_TYPE_CROSSFADE }
        set {
            gtk_stack_set_transition_type(
                opaque, newValue ? GTK_STACK_TRANSITION_TYPE_CROSSFADE : GTK_STACK_TRANSITION_TYPE_NONE)
        }
    }
    /// Whether the stack is as wide as its widest page even while another is shown (the default).
    public var isWidthHomogeneous: Bool {
        get { gtk_stack_get_hhomogeneous(opaque) != 0 }
        set { gtk_stack_set_hhomogeneous(opaque, newValue.gboolean) }
    }
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(opaque, newValue) } }
    }
}

@MainActor
public final class StackSwitcher: Widget {
    public init(stack: Stack) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_stack_switcher_new()))
        gtk_stack_switcher_set_stack(opaque, stack.opaque)
    }
}

/// A bar at the bottom of a window, its widget in the middle (`GtkActionBar`).
@MainActor
public final class ActionBar: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_action_bar_new())) }
    public func setCenter(_ widget: Widget) { gtk_action_bar_set_center_widget(opaque, widget.widget) }
}

@MainActor
public final class HeaderBar: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_header_bar_new())) }
    /// The widget in the middle; nil shows the window's title.
    public func setTitleWidget(_ widget: Widget?) { gtk_header_bar_set_title_widget(opaque, widget?.widget) }
    public func packStart(_ widget: Widget) { gtk_header_bar_pack_start(opaque, widget.widget) }
    public func packEnd(_ widget: Widget) { gtk_header_bar_pack_end(opaque, widget.widget) }
}

@MainActor
open class Window: Widget {
    /// GTK owns toplevel windows until `destroy()`; the wrapper adds a reference of its own.
    public convenience init() { self.init(borrowing: UnsafeMutableRawPointer(gtk_window_new())) }

    private var window: UnsafeMutablePointer<GtkWindow> { cast() }
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }
    public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }
    /// The window's size as the user left it (GTK 4 keeps the default size up to date), not
    /// counting maximizing.
    public var defaultSize: (width: Int, height: Int) {
        var width: gint = 0
        var height: gint = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(width), Int(height))
    }
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    public func maximize() { gtk_window_maximize(window) }
    /// Called when the window is asked to close (its close button, Ctrl+W); return true to keep it open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        typealias Handler = @MainActor () -> Bool
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            let box = HandlerBox<Handler>.from(data)
            return MainActor.assumeIsolated { box.function() } ? 1 : 0
        }
        _ = connect(
            "close-request", box: HandlerBox<Handler>(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }
    public func setTitlebar(_ widget: Widget) { gtk_window_set_titlebar(window, widget.widget) }
    public var child: Widget? = nil {
        didSet { gtk_window_set_child(window, child?.widget) }
    }
    package var focusWidget: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(window) }

    /// The text field that has the window's keyboard focus (a `GtkEditable`), as an identity to
    /// compare with a later one, and its text; nil when the focus is elsewhere.
    public var focusedTextField: (identity: Int, text: String)? {
        guard let focus = gtk_window_get_focus(window),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self),
                gtk_editable_get_type()) != 0
        else { return nil }
        return (Int(bitPattern: focus), String(cString: gtk_editable_get_text(OpaquePointer(focus))))
    }
    public func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }
    /// A modal window keeps the keyboard and pointer from the windows of its application.
    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue.gboolean) }
    }
    public func present() { gtk_window_present(window) }
    /// The button Enter activates in a field that activates the default (a dialog's answer).
    public func setDefaultWidget(_ widget: Widget?) { gtk_window_set_default_widget(window, widget?.widget) }
    /// Whether the window has the keyboard (is the one the user types into).
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    /// Asks the window to close, as its close button does (hidden or destroyed as it is set up).
    public func close() { gtk_window_close(window) }
    /// GTK 4.8 holds no reference on the parent, and after `destroy-with-parent` it keeps the parent's
    /// pointer until the child is finalized, where it disconnects from it. Keeping the parent's
    /// wrapper here makes sure that parent is still alive then.
    private var transientParent: Window?
    public func setTransient(for parent: Window?) {
        gtk_window_set_transient_for(window, parent?.cast())
        transientParent = parent
    }
    /// Closes and destroys the window (GTK drops its own reference).
    public func destroy() { gtk_window_destroy(window) }
}

@MainActor
public final class ApplicationWindow: Window {
    public init(application: Application) {
        super.init(borrowing: UnsafeMutableRawPointer(gtk_application_window_new(application.cast())))
    }
}

/// One child, never wider than `maximumWidth`, centred in any width beyond (GTK 4.8 has no
/// AdwClamp): a line's text and its buttons stay together in a wide window.
@MainActor
public final class Clamp: Widget {
    public init(maximumWidth: Int32) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(foldout_clamp_new(maximumWidth)))
    }

    public var child: Widget? = nil {
        didSet { foldout_clamp_set_child(OpaquePointer(raw), child?.widget) }
    }

    /// The widest the child is given; nil: as wide as the clamp.
    public func setMaximumWidth(_ width: Int32?) { foldout_clamp_set_maximum_width(OpaquePointer(raw), width ?? 0) }
}

/// One child filling it, which tells when its width crosses `breakpoint` (GTK 4.8 has no
/// AdwBreakpoint), so the app can rearrange for a narrow window. It asks for at most
/// `minimumWidth`, so the window can be made narrower than the wide layout needs.
@MainActor
public final class BreakpointBin: Widget {
    public init(minimumWidth: Int32, breakpoint: Int32) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(foldout_breakpoint_bin_new(minimumWidth, breakpoint)))
    }

    private var bin: OpaquePointer { OpaquePointer(raw) }

    public var child: Widget? = nil {
        didSet { foldout_breakpoint_bin_set_child(bin, child?.widget) }
    }

    /// Whether the last width it was given was below the breakpoint.
    public var isNarrow: Bool { foldout_breakpoint_bin_is_narrow(bin) != 0 }

    /// Called, after the layout, each time the width crosses the breakpoint, with `isNarrow`.
    public func onNarrowChanged(_ handler: @escaping @MainActor (Bool) -> Void) {
        let box = HandlerBox<@MainActor (Bool) -> Void>(handler)
        let thunk: FoldoutNarrowChanged = { narrow, data in
            let box = HandlerBox<@MainActor (Bool) -> Void>.from(data)
            MainActor.assumeIsolated { box.function(narrow != 0) }
        }
        foldout_breakpoint_bin_on_change(bin, thunk, box.retainedPointer()) { ClosureBox.release($0) }
    }
}
