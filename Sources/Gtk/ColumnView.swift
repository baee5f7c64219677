// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A table (`GtkColumnView`) over a list model, rows selectable with Shift and Ctrl. Its columns'
/// headers sort on click (an arrow shows the order), but the view sorts nothing itself: the owner
/// hears the order asked for (`onSortChanged`) and orders its model.
@MainActor
public final class ColumnView: Widget {
    private let selectionModel: OpaquePointer
    private var sortHandler: (@MainActor (ColumnViewColumn?, Bool) -> Void)?
    private var columns: [ColumnViewColumn] = []
    /// Set while the owner sets the order, so that it does not hear of it as a click.
    private var settingSort = false

    public init(model: ListModel) {
        g_object_ref(model.raw)  // the selection model takes a reference
        selectionModel = SelectionModel.multiple(over: model)
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_column_view_new(selectionModel)))
        gtk_column_view_set_show_column_separators(opaque, 1)
        gtk_column_view_set_reorderable(opaque, 0)
        if let sorter = gtk_column_view_get_sorter(opaque) {
            Object(borrowing: UnsafeMutableRawPointer(sorter)).onInteger("changed") { [weak self] _ in
                self?.sortChanged()
            }
        }
    }

    /// Whether each column is as wide as its cells would like, the view scrolling sideways past
    /// its window (GTK_SCROLL_NATURAL), rather than as narrow as they can be when the columns do
    /// not all fit, which cuts a short-headed column's values short.
    public var takesNaturalWidth: Bool {
        get { gtk_scrollable_get_hscroll_policy(opaque) == GTK_SCROLL_NATURAL }
        set { gtk_scrollable_set_hscroll_policy(opaque, newValue ? GTK_SCROLL_NATURAL : GTK_SCROLL_MINIMUM) }
    }

    public func append(_ column: ColumnViewColumn) {
        columns.append(column)
        gtk_column_view_append_column(opaque, column.opaque)
    }

    /// Removes `column`; if the view was sorted by it, it is no longer, without `onSortChanged`.
    public func remove(_ column: ColumnViewColumn) {
        columns.removeAll { $0 === column }
        settingSort = true
        defer { settingSort = false }
        gtk_column_view_remove_column(opaque, column.opaque)
    }

    /// Called with a row's position when it is activated: Return on it, or a click when
    /// `activatesOnSingleClick`, else a double click.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        onInteger("activate") { position in handler(Int(position)) }
    }

    public var activatesOnSingleClick: Bool {
        get { gtk_column_view_get_single_click_activate(opaque) != 0 }
        set { gtk_column_view_set_single_click_activate(opaque, newValue.gboolean) }
    }

    public var selectedPositions: [Int] { SelectionModel(selectionModel).selectedPositions }

    /// Puts the keyboard focus on the row at `position` and selects it alone, as an arrow key
    /// arriving there does: through the list the view holds (`ListView.focusAndSelectRow`).
    public func focusAndSelectRow(at position: Int) {
        var child = gtk_widget_get_first_child(widget)
        while let widget = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_list_view_get_type()) != 0 {
                return foldout_list_view_focus_and_select(OpaquePointer(widget), guint(clamping: max(0, position)))
            }
            child = gtk_widget_get_next_sibling(widget)
        }
    }
    public func unselectAll() { SelectionModel(selectionModel).unselectAll() }

    /// Called when a header click asks for an order: the column (nil: none) and whether descending.
    public func onSortChanged(_ handler: @escaping @MainActor (ColumnViewColumn?, Bool) -> Void) {
        sortHandler = handler
    }

    /// Shows `column`'s arrow (nil: none), as a click on its header would, without `onSortChanged`.
    public func showSort(_ column: ColumnViewColumn?, descending: Bool) {
        guard sort?.column !== column || sort?.descending != descending else { return }
        settingSort = true
        defer { settingSort = false }
        gtk_column_view_sort_by_column(
            opaque, column?.opaque, descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING)
    }

    /// The order the headers show now.
    public var sort: (column: ColumnViewColumn, descending: Bool)? {
        var pointer: OpaquePointer?
        var descending: gboolean = 0
        guard foldout_column_view_primary_sort(opaque, &pointer, &descending) != 0 else { return nil }
        guard let column = columns.first(where: { $0.opaque == pointer }) else { return nil }
        return (column, descending != 0)
    }

    private func sortChanged() {
        guard !settingSort, let sortHandler else { return }
        let sort = self.sort
        sortHandler(sort?.column, sort?.descending ?? false)
    }
}

/// One column of a `ColumnView`: a title, cells made and bound by a factory, a width the user
/// can drag, and a header that sorts.
@MainActor
public final class ColumnViewColumn: Object {
    /// A column whose header sorts, unless `sorts` is false.
    public init<Cell>(title: String, factory: ListItemFactory<Cell>, sorts: Bool = true) {
        g_object_ref(factory.raw)  // the column takes a reference
        super.init(takingFull: UnsafeMutableRawPointer(gtk_column_view_column_new(title, factory.opaque)))
        gtk_column_view_column_set_resizable(opaque, 1)
        guard sorts else { return }
        let sorter = foldout_column_sorter_new(opaque)
        gtk_column_view_column_set_sorter(opaque, sorter)
        g_object_unref(UnsafeMutableRawPointer(sorter))
    }

    /// Whether the column takes a share of the width the view has to spare.
    public var expands: Bool {
        get { gtk_column_view_column_get_expand(opaque) != 0 }
        set { gtk_column_view_column_set_expand(opaque, newValue.gboolean) }
    }

    public var title: String { gtk_column_view_column_get_title(opaque).map { String(cString: $0) } ?? "" }

    /// The width the user dragged the column to, or set; -1 when the column sizes itself.
    public var fixedWidth: Int {
        get { Int(gtk_column_view_column_get_fixed_width(opaque)) }
        set { gtk_column_view_column_set_fixed_width(opaque, Int32(newValue)) }
    }

    /// The menu a right click (or Menu, or Shift+F10) on the header opens.
    public func setHeaderMenu(_ menu: Menu) { gtk_column_view_column_set_header_menu(opaque, menu.model) }

    /// Called when the fixed width changes (the user drags the header's edge).
    @discardableResult
    public func onWidthChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("fixed-width", handler)
    }
}
