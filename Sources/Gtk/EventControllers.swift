// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// Something that turns a widget's input events into handlers or actions (`GtkEventController`).
@MainActor
open class EventController: Object {
    /// When it sees events: before the focused widget (`capture`) or after it (`bubble`, the default).
    public func setPhase(_ phase: PropagationPhase) {
        gtk_event_controller_set_propagation_phase(opaque, phase.gtk)
    }
}

/// Clicks and taps. The handler gets the press count and the position.
@MainActor
public final class GestureClick: EventController {
    public init() { super.init(takingFull: UnsafeMutableRawPointer(gtk_gesture_click_new())) }

    /// A gesture of the secondary button only (a right click), for a context menu.
    public static func secondary() -> GestureClick {
        let gesture = GestureClick()
        gtk_gesture_single_set_button(gesture.opaque, guint(GDK_BUTTON_SECONDARY))
        return gesture
    }

    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection {
        connectPress("pressed", handler)
    }

    /// Whether Ctrl or Shift is held in the event being handled: a click that adds to a list's
    /// selection or extends it, rather than acting on one row.
    public var isSelectingModifierHeld: Bool {
        let state = gtk_event_controller_get_current_event_state(opaque)
        return state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
    }

    @discardableResult
    public func onReleased(_ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection {
        connectPress("released", handler)
    }

    private func connectPress(_ signal: String, _ handler: @escaping @MainActor (Int32, Double, Double) -> Void)
        -> SignalConnection
    {
        typealias Handler = @MainActor (Int32, Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, presses, x, y, data in
            let box = HandlerBox<Handler>.from(data)
            MainActor.assumeIsolated { box.function(presses, x, y) }
        }
        return connect(signal, box: HandlerBox<Handler>(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// Keyboard shortcuts that activate named actions (`Escape` → `movies.close-pane`) or run a closure.
@MainActor
public final class ShortcutController: EventController {
    public init(scope: GtkShortcutScope = GTK_SHORTCUT_SCOPE_LOCAL) {
        super.init(takingFull: UnsafeMutableRawPointer(gtk_shortcut_controller_new()))
        gtk_shortcut_controller_set_scope(opaque, scope)
        gtk_event_controller_set_name(opaque, Self.name)
    }

    /// The name of every controller made here, which tells them apart from GTK's own.
    public static let name = "swift-shortcuts"

    /// `accelerators` in GTK's syntax, e.g. "Return|KP_Enter|space" or "<Control>z".
    public func add(accelerators: String, action: String) {
        let trigger = gtk_shortcut_trigger_parse_string(accelerators)
        precondition(trigger != nil, "bad accelerator \(accelerators)")
        let shortcut = gtk_shortcut_new(trigger, gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(opaque, shortcut)
    }

    /// `accelerators` run `handler`, which returns whether it used the key: if not, the key goes on
    /// to the widgets it would reach without this controller.
    public func add(accelerators: String, _ handler: @escaping @MainActor () -> Bool) {
        typealias Handler = @MainActor () -> Bool
        let trigger = gtk_shortcut_trigger_parse_string(accelerators)
        precondition(trigger != nil, "bad accelerator \(accelerators)")
        let callback: GtkShortcutFunc = { _, _, data in
            MainActor.assumeIsolated { HandlerBox<Handler>.from(data).function() } ? 1 : 0
        }
        let box = HandlerBox<Handler>(handler)
        let action = gtk_callback_action_new(callback, box.retainedPointer()) { ClosureBox.release($0) }
        gtk_shortcut_controller_add_shortcut(opaque, gtk_shortcut_new(trigger, action))
    }
}

/// A group of stateless actions, each backed by a Swift closure.
@MainActor
public final class ActionGroup: Object {
    public init() { super.init(takingFull: UnsafeMutableRawPointer(g_simple_action_group_new()!)) }

    private var actions: [String: Action] = [:]

    /// The action named `name` in this group, if there is one.
    public func action(named name: String) -> Action? { actions[name] }

    @discardableResult
    public func add(_ name: String, _ handler: @escaping @MainActor () -> Void) -> Action {
        let action = Action(name: name)
        action.onActivate(handler)
        g_action_map_add_action(opaque, action.opaque)
        actions[name] = action
        return action
    }

    /// Adds an action that takes a string ("recent.open" and a file's path), as a menu item's
    /// target gives it.
    @discardableResult
    public func add(_ name: String, text handler: @escaping @MainActor (String) -> Void) -> Action {
        let action = Action(name: name, takesText: true)
        action.on("activate") { (parameter: gpointer?) in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        }
        g_action_map_add_action(opaque, action.opaque)
        actions[name] = action
        return action
    }
}

@MainActor
public final class Action: Object {
    /// An action named `name`; with `takesText`, its parameter is a string.
    public init(name: String, takesText: Bool = false) {
        let parameter = takesText ? foldout_variant_type_string() : nil
        super.init(takingFull: UnsafeMutableRawPointer(g_simple_action_new(name, parameter)!))
    }

    /// Whether the action can be activated now: a menu item or button bound to it is greyed out
    /// while it cannot, and its keys do nothing.
    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    @discardableResult
    func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("activate") { (_: gpointer?) in handler() }
    }
}

/// Accepts files dropped on its widget: the handler gets the first file's local path and says
/// whether it took it.
@MainActor
public final class FileDropTarget: EventController {
    public init() { super.init(takingFull: UnsafeMutableRawPointer(foldout_drop_target_new_for_files())) }

    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (String) -> Bool) -> SignalConnection {
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            let box = HandlerBox<@MainActor (String) -> Bool>.from(data)
            guard let value, let path = foldout_dropped_file_path(value) else { return 0 }
            defer { g_free(path) }
            let text = String(cString: path)
            return MainActor.assumeIsolated { box.function(text) } ? 1 : 0
        }
        return connect("drop", box: HandlerBox(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }
}

/// A named action and the keys that run it, for `Widget.installActions`.
public struct KeyedAction {
    public let name: String
    /// In GTK's syntax ("Escape", "<Control>z|<Alt>u"); nil for an action with no key of its own.
    public let keys: String?
    public let run: @MainActor () -> Void

    public init(_ name: String, keys: String? = nil, _ run: @escaping @MainActor () -> Void) {
        self.name = name
        self.keys = keys
        self.run = run
    }
}

extension Widget {
    /// Installs `actions` on this widget as `prefix.name`, and their keys: one action group and one
    /// shortcut controller (bubble phase, so that a text field that uses a key keeps it). Returns
    /// the group, whose actions can be disabled.
    @discardableResult
    public func installActions(_ prefix: String, _ actions: [KeyedAction]) -> ActionGroup {
        let group = ActionGroup()
        let keys = ShortcutController()
        for action in actions {
            group.add(action.name, action.run)
            if let accelerators = action.keys {
                keys.add(accelerators: accelerators, action: "\(prefix).\(action.name)")
            }
        }
        insertActionGroup(prefix, group)
        add(keys)
        return group
    }
}
