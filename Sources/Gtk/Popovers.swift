// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A button that opens a popover below itself.
@MainActor
public final class MenuButton: Widget {
    /// GTK 4.8's menu button is a box around a toggle button, and only the box says that it
    /// opens a popup; the toggle button, which takes the focus, says nothing. Both are told here:
    /// that a popup opens, whether it is open, and the name.
    public init() {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_menu_button_new()))
        for target in accessibleTargets {
            foldout_accessible_set_has_popup(target)
            foldout_accessible_set_expanded(target, 0)
        }
    }

    private var accessibleTargets: [UnsafeMutablePointer<GtkWidget>] {
        [widget] + (gtk_widget_get_first_child(widget).map { [$0] } ?? [])
    }

    public var label: String {
        get { shortenedLabel?.text ?? gtk_menu_button_get_label(opaque).map { String(cString: $0) } ?? "" }
        set {
            if let shortenedLabel {
                shortenedLabel.text = newValue
            } else {
                gtk_menu_button_set_label(opaque, newValue)
            }
            setAccessibleLabel(newValue)
        }
    }

    /// The label, when it is cut short with "…" past `maxCharacters` (see `shortensLabel`).
    private var shortenedLabel: Label?

    /// From now on the label shows at most `maxCharacters` and less when the button is given
    /// less room, ending in "…"; the arrow stays. The whole text belongs in the tooltip.
    public func shortensLabel(maxCharacters: Int32) {
        let shortened = shortenedLabel ?? Label(label)
        shortened.ellipsizeEnd()
        shortened.maxWidthChars = maxCharacters
        shortenedLabel = shortened
        gtk_menu_button_set_child(opaque, shortened.widget)
        gtk_menu_button_set_always_show_arrow(opaque, 1)
    }

    public override func setAccessibleLabel(_ label: String) {
        for target in accessibleTargets {
            foldout_accessible_reset_labelled_by(target)
            foldout_accessible_set_label(target, label)
        }
    }

    public var popover: Popover? = nil {
        didSet {
            gtk_menu_button_set_popover(opaque, popover?.widget)
            popover?.onShow { [weak self] in self?.markExpanded(true) }
            popover?.onClosed { [weak self] in self?.markExpanded(false) }
        }
    }

    private func markExpanded(_ expanded: Bool) {
        for target in accessibleTargets { foldout_accessible_set_expanded(target, expanded.gboolean) }
    }
    public func popup() { gtk_menu_button_popup(opaque) }
    public func popdown() { gtk_menu_button_popdown(opaque) }

    /// Shows `menu` when pressed, as a popover menu. The popover and its items are built the
    /// first time it opens, not with the window: they cost its first frame a few milliseconds.
    public func setMenu(_ menu: Menu) {
        preparation.menu = menu
        installPopupFunction()
    }

    /// What happens before the popup shows: handed to GTK's popup function, which keeps it, not
    /// only to this wrapper, which may go while the button stays.
    private final class PopupPreparation: ClosureBox, @unchecked Sendable {
        var menu: Menu?
        var handler: (@MainActor () -> Void)?
        var isInstalled = false
    }
    private let preparation = PopupPreparation()

    public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(opaque, name) }

    /// Whether it is drawn as a button; without its frame it reads as text until the pointer is on it.
    public var hasFrame: Bool {
        get { gtk_menu_button_get_has_frame(opaque) != 0 }
        set { gtk_menu_button_set_has_frame(opaque, newValue.gboolean) }
    }

    /// Calls `handler` each time, just before the menu or popover is shown (a menu made up to date).
    public func onPopup(_ handler: @escaping @MainActor () -> Void) {
        preparation.handler = handler
        installPopupFunction()
    }

    /// GTK calls the button's one popup function each time before it shows its popup (and counts
    /// a button that has one as having a popup, so it is sensitive without a menu yet).
    private func installPopupFunction() {
        guard !preparation.isInstalled else { return }
        preparation.isInstalled = true
        gtk_menu_button_set_create_popup_func(
            opaque,
            { button, data in
                MainActor.assumeIsolated {
                    let preparation = PopupPreparation.from(data)
                    if let menu = preparation.menu {
                        gtk_menu_button_set_menu_model(button, menu.model)
                        preparation.menu = nil
                    }
                    preparation.handler?()
                }
            }, preparation.retainedPointer(), { ClosureBox.release($0) })
    }

    /// The window's primary menu: F10 opens it.
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(opaque) != 0 }
        set { gtk_menu_button_set_primary(opaque, newValue.gboolean) }
    }
}

/// A menu model (`GMenu`): items that activate actions, in sections.
@MainActor
public final class Menu {
    private let menu: Object
    var model: UnsafeMutablePointer<GMenuModel> { menu.cast() }

    public init() { menu = Object(takingFull: UnsafeMutableRawPointer(g_menu_new())) }

    /// Adds an item labelled `label` (a mnemonic label) that activates `action` ("app.quit").
    public func append(_ label: String, action: String) { g_menu_append(menu.opaque, label, action) }

    /// Adds an item labelled `label` that activates `action` with `target`, a string, as its
    /// parameter ("recent.open" with a file's path).
    public func append(_ label: String, action: String, target: String) {
        let item = g_menu_item_new(label, nil)
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(target))
        g_menu_append_item(menu.opaque, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Adds `section` as a section of its own, set apart from the items around it.
    public func appendSection(_ section: Menu) { g_menu_append_section(menu.opaque, nil, section.model) }

    /// Adds an item labelled `label` that opens `submenu`. A menu may be the submenu of several.
    public func appendSubmenu(_ label: String, _ submenu: Menu) {
        g_menu_append_submenu(menu.opaque, label, submenu.model)
    }

    /// Removes every item; menus showing it follow.
    public func removeAll() { g_menu_remove_all(menu.opaque) }

    /// How many items it has (a section or submenu counts as one).
    public var count: Int { Int(g_menu_model_get_n_items(model)) }

    /// The label of item `index`, as given (with its mnemonic underscore); nil past the end.
    public func label(at index: Int) -> String? {
        guard index >= 0, index < count,
            let value = g_menu_model_get_item_attribute_value(model, gint(index), "label", nil)
        else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_string(value, nil).map { String(cString: $0) }
    }
}

@MainActor
public final class Popover: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_popover_new())) }

    public var child: Widget? = nil {
        didSet { gtk_popover_set_child(cast(), child?.widget) }
    }
    public var isOpen: Bool { isVisible }
    public func popdown() { gtk_popover_popdown(cast()) }
    public func onClosed(_ handler: @escaping @MainActor () -> Void) { on("closed", handler) }
    public func onShow(_ handler: @escaping @MainActor () -> Void) { on("show", handler) }
}

/// A context menu: `Menu`'s items in a popover that opens at a point of the box it is attached
/// to (a right click's, or a row's for Menu and Shift+F10), its actions found from that box up
/// (`GtkPopoverMenu`). The box lets it go when the box goes.
@MainActor
public final class PopoverMenu: Widget {
    public init(_ menu: Menu, attachedTo box: Box) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_popover_menu_new_from_model(menu.model)))
        gtk_popover_set_has_arrow(cast(), 0)
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        gtk_widget_set_parent(widget, box.widget)
    }

    public var isOpen: Bool { isVisible }

    /// Opens it at `x`, `y` of the box.
    public func popup(atX x: Double, y: Double) {
        var point = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(), &point)
        gtk_popover_popup(cast())
    }

    public func popdown() { gtk_popover_popdown(cast()) }
}
