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

    private var accessibleTargets: [UnsafeMutablePointer<GtkWidget>] { [widget] + (gtk_widget_get_first_child(widget).map { [$0] } ?? []) }

    public var label: String {
        get { gtk_menu_button_get_label(opaque).map { String(cString: $0) } ?? "" }
        set {
            gtk_menu_button_set_label(opaque, newValue)
            setAccessibleLabel(newValue)
        }
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

    /// Shows `menu` when pressed, as a popover menu.
    public func setMenu(_ menu: Menu) { gtk_menu_button_set_menu_model(opaque, menu.model) }

    public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(opaque, name) }

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

    /// Adds `section` as a section of its own, set apart from the items around it.
    public func appendSection(_ section: Menu) { g_menu_append_section(menu.opaque, nil, section.model) }
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

@MainActor
public final class Grid: Widget {
    public init(rowSpacing: UInt32 = 0, columnSpacing: UInt32 = 0) {
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_row_spacing(cast(), rowSpacing)
        gtk_grid_set_column_spacing(cast(), columnSpacing)
    }
    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(cast(), child.widget, column, row, width, height)
    }
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

@MainActor
public final class Separator: Widget {
    public init(_ orientation: Orientation) { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_separator_new(orientation.gtk))) }
}

@MainActor
public final class Spinner: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_spinner_new())) }
    public var spinning: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue.gboolean) }
    }
}

extension Widget {
    /// The natural height this widget asks for at its natural width.
    public var naturalHeight: Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        return natural
    }

    /// The window this widget is in, if any.
    public var rootHeight: Int32? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return gtk_widget_get_height(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
    }
}
