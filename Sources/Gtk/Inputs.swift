// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A one-line text field.
@MainActor
public final class Entry: Widget {
    public init(placeholder: String = "") {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_entry_new()))
        gtk_entry_set_placeholder_text(cast(), placeholder)
    }

    /// The text. Setting it starts the field's undo history afresh: what the program puts in (the
    /// next movie's title) is not undone by Ctrl+Z, only what the user types after it (GTK 4.8
    /// would undo both at once, to an empty field).
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set {
            gtk_editable_set_text(opaque, newValue)
            guard gtk_editable_get_enable_undo(opaque) != 0 else { return }
            gtk_editable_set_enable_undo(opaque, 0)  // turning undo off forgets its history
            gtk_editable_set_enable_undo(opaque, 1)
        }
    }

    public func selectAll() { gtk_editable_select_region(opaque, 0, -1) }

    /// A password's field: its characters shown as dots, and input methods told it is a password
    /// (GTK 4.8's way; `GtkPasswordEntry` has no placeholder or activates-default of its own).
    public func hideText() {
        gtk_entry_set_visibility(cast(), 0)
        gtk_entry_set_input_purpose(cast(), GTK_INPUT_PURPOSE_PASSWORD)
    }

    /// Whether Enter in it activates the window's default button.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(cast()) != 0 }
        set { gtk_entry_set_activates_default(cast(), newValue.gboolean) }
    }

    /// Names the field and the text inside it, which is what takes the focus. A mnemonic label
    /// made for it before is no longer part of its name (GTK 4.8 would say "Password Password:").
    public override func setAccessibleLabel(_ label: String) {
        foldout_accessible_reset_labelled_by(widget)
        super.setAccessibleLabel(label)
        guard let delegate = gtk_editable_get_delegate(opaque) else { return }
        let text = UnsafeMutableRawPointer(delegate).assumingMemoryBound(to: GtkWidget.self)
        foldout_accessible_reset_labelled_by(text)
        foldout_accessible_set_label(text, label)
    }

    /// Called after every edit, typed or set.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("changed", handler) }

    /// Called when Enter is pressed in it.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("activate", handler) }

    /// How many characters wide it asks to be.
    public var widthChars: Int32 {
        get { gtk_editable_get_width_chars(opaque) }
        set { gtk_editable_set_width_chars(opaque, newValue) }
    }
}

/// Text of several lines, wrapped at words, that the user can edit (notes).
@MainActor
public final class TextView: Widget {
    private let buffer: Object

    public init() {
        let view = gtk_text_view_new()!
        let buffer = gtk_text_view_get_buffer(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self))!
        self.buffer = Object(borrowing: UnsafeMutableRawPointer(buffer))
        super.init(sinkingFloating: UnsafeMutableRawPointer(view))
        gtk_text_view_set_wrap_mode(cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(), 0)  // Tab moves on, as in every other field
    }

    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer.cast(), &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer.cast(), &start, &end, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_text_buffer_set_text(buffer.cast(), newValue, -1) }
    }

    /// Called after every edit, typed or set.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        buffer.on("changed", handler)
    }
}

/// A search field: a magnifier, a clear icon, and Escape clears it.
@MainActor
public final class SearchEntry: Widget {
    public init(placeholder: String = "") {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_search_entry_new()))
        self.placeholder = placeholder
    }

    /// The dimmed text shown while the field is empty.
    public var placeholder: String = "" {
        didSet { foldout_object_set_string(UnsafeMutableRawPointer(widget), "placeholder-text", placeholder) }
    }

    /// Names the field and the text inside it, which is what takes the focus: GTK 4.8 names that
    /// by its type ("GtkSearchEntry"), and a screen reader would say so.
    public override func setAccessibleLabel(_ label: String) {
        super.setAccessibleLabel(label)
        guard let text = gtk_editable_get_delegate(opaque) else { return }
        foldout_accessible_set_label(UnsafeMutableRawPointer(text).assumingMemoryBound(to: GtkWidget.self), label)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// Called once typing pauses, and at once when the text is cleared.
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("search-changed", handler)
    }

    /// Called on every change of the text, without the pause `onSearchChanged` waits for.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("changed", handler) }

    /// Called when Escape is pressed in the field.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("stop-search", handler)
    }

    /// Adds `text` at the end, as typing it there does: one change.
    public func append(_ text: String) {
        var position = gint(-1)
        gtk_editable_insert_text(opaque, text, -1, &position)
    }

    /// Takes the keyboard focus with the cursor at the end and nothing selected, so that typing
    /// goes on where it was.
    public func focusAtEnd() {
        guard let text = gtk_editable_get_delegate(opaque) else { return }
        gtk_text_grab_focus_without_selecting(UnsafeMutableRawPointer(text).assumingMemoryBound(to: GtkText.self))
        gtk_editable_set_position(opaque, -1)
    }

    /// Text typed while `widget` has the focus goes into this field (GTK's type-to-search).
    public func captureKeys(from widget: Widget) {
        gtk_search_entry_set_key_capture_widget(opaque, widget.widget)
    }

    /// Called when Enter is pressed in the field.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("activate", handler) }
}

/// A box that is ticked or not, with a label.
@MainActor
public final class CheckButton: Widget {
    /// With `mnemonic`, an underscore in `label` marks its Alt+letter key.
    public init(label: String, mnemonic: Bool = false) {
        let made = mnemonic ? gtk_check_button_new_with_mnemonic(label) : gtk_check_button_new_with_label(label)
        super.init(sinkingFloating: UnsafeMutableRawPointer(made!))
        if mnemonic { nameWithoutMnemonic(label) }
    }

    public func setLabel(_ label: String) { gtk_check_button_set_label(cast(), label) }

    public var isActive: Bool {
        get { gtk_check_button_get_active(cast()) != 0 }
        set { gtk_check_button_set_active(cast(), newValue.gboolean) }
    }

    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("toggled", handler) }
}

/// How far a long task has got.
@MainActor
public final class ProgressBar: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_progress_bar_new())) }

    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, newValue) }
    }
}

/// A button that stays pressed.
@MainActor
public final class ToggleButton: Widget {
    public init(label: String, mnemonic: Bool = true) {
        let pointer = mnemonic ? gtk_toggle_button_new_with_mnemonic(label) : gtk_toggle_button_new_with_label(label)
        super.init(sinkingFloating: UnsafeMutableRawPointer(pointer!))
        if mnemonic { nameWithoutMnemonic(label) }
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast()) != 0 }
        set { gtk_toggle_button_set_active(cast(), newValue.gboolean) }
    }

    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { on("toggled", handler) }
}

/// A drop-down list of strings (GTK 4.8 has no header factories; plain strings suffice here).
@MainActor
public final class DropDown: Widget {
    public init(strings: [String]) {
        let pointer = withCStrings(strings) { gtk_drop_down_new_from_strings($0) }
        super.init(sinkingFloating: UnsafeMutableRawPointer(pointer!))
    }

    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(opaque)) }
        set { gtk_drop_down_set_selected(opaque, guint(newValue)) }
    }

    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("selected", handler)
    }

    /// Whether its list is open: its popover (a child GTK gives no other way to) is shown.
    public var isOpen: Bool {
        var child = gtk_widget_get_first_child(widget)
        while let widget = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_popover_get_type()) != 0 {
                return gtk_widget_get_visible(widget) != 0
            }
            child = gtk_widget_get_next_sibling(widget)
        }
        return false
    }
}

/// A bar that fills to a fraction of its length, in the theme's colours; a screen reader hears it
/// as a meter. GTK's "low" and "high" marks are removed: a low value is not a warning here.
@MainActor
public final class LevelBar: Widget {
    public init() {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_level_bar_new_for_interval(0, 1)))
        gtk_level_bar_remove_offset_value(opaque, GTK_LEVEL_BAR_OFFSET_LOW)
        gtk_level_bar_remove_offset_value(opaque, GTK_LEVEL_BAR_OFFSET_HIGH)
        gtk_level_bar_remove_offset_value(opaque, GTK_LEVEL_BAR_OFFSET_FULL)
    }

    /// From 0 (empty) to 1 (full).
    public var fraction: Double {
        get { gtk_level_bar_get_value(opaque) }
        set { gtk_level_bar_set_value(opaque, min(max(newValue, 0), 1)) }
    }
}

/// Two panes side by side, the divider draggable.
@MainActor
public final class Paned: Widget {
    public init(_ orientation: Orientation) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_paned_new(orientation.gtk)))
    }
    public var startChild: Widget? = nil { didSet { gtk_paned_set_start_child(opaque, startChild?.widget) } }
    public var endChild: Widget? = nil { didSet { gtk_paned_set_end_child(opaque, endChild?.widget) } }
    public var position: Int32 {
        get { gtk_paned_get_position(opaque) }
        set { gtk_paned_set_position(opaque, newValue) }
    }
    public func setShrink(start: Bool, end: Bool) {
        gtk_paned_set_shrink_start_child(opaque, start.gboolean)
        gtk_paned_set_shrink_end_child(opaque, end.gboolean)
    }
}

/// A whole number the user types, or steps with the arrows, Up and Down (a row of a sheet).
@MainActor
public final class SpinButton: Widget {
    /// Its text, which Enter activates: GTK 4.8's spin button has no "activate" signal of its own.
    private var text: Object?

    public init(range: ClosedRange<Int>) {
        let made = gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)
        super.init(sinkingFloating: UnsafeMutableRawPointer(made!))
        gtk_spin_button_set_numeric(opaque, 1)
        text = gtk_editable_get_delegate(opaque).map { Object(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// The value, with what was typed and not yet taken (no Enter, no Tab) taken first.
    public var value: Int {
        get {
            gtk_spin_button_update(opaque)
            return Int(gtk_spin_button_get_value_as_int(opaque))
        }
        set { gtk_spin_button_set_value(opaque, Double(newValue)) }
    }

    /// Called when Enter is pressed in it.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
        text?.on("activate", handler)
    }
}
