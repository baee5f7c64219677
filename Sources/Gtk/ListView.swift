// SPDX-License-Identifier: GPL-3.0-or-later

import CFoldoutModel
import CGtk

/// A `GListModel` a `ListView` can show.
@MainActor
open class ListModel: Object {}

/// A list model of 32-bit ids whose row items are created only for the rows GTK shows.
@MainActor
public final class IdListModel: ListModel {
    public init() { super.init(takingFull: UnsafeMutableRawPointer(foldout_id_list_new())) }

    public var count: Int { Int(foldout_id_list_get_n_items(opaque)) }
    public func id(at position: Int) -> UInt32 { foldout_id_list_get_id(opaque, guint(position)) }

    /// Replaces `removing` ids at `position` with `inserting`; one items-changed signal.
    public func splice(at position: Int, removing: Int, inserting ids: [UInt32] = []) {
        ids.withUnsafeBufferPointer { buffer in
            foldout_id_list_splice(opaque, guint(position), guint(removing), buffer.baseAddress, guint(buffer.count))
        }
    }

}

/// A list model of the positions 0..<count, for rows whose content the owner looks up by
/// position and binds again when it changes (`ListItem.itemID` is the position). Setting `count`
/// removes or adds rows at the end only, so the widgets of the rows that stay are kept.
@MainActor
public final class PositionListModel: ListModel {
    public init() { super.init(takingFull: UnsafeMutableRawPointer(foldout_position_list_new())) }

    public var count: Int {
        get { Int(g_list_model_get_n_items(opaque)) }
        set { foldout_position_list_set_n_items(opaque, guint(newValue)) }
    }
}

/// The handle GTK gives the factory for one row: its position, item id and child.
@MainActor
public struct ListItem {
    let pointer: OpaquePointer

    public var position: Int { Int(gtk_list_item_get_position(pointer)) }
    /// The id of the bound `IdListModel` item.
    public var itemID: UInt32? {
        guard let item = gtk_list_item_get_item(pointer) else { return nil }
        return foldout_id_item_get_id(OpaquePointer(item))
    }
    public var key: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
    public func setChild(_ widget: Widget?) { gtk_list_item_set_child(pointer, widget?.widget) }
    public func setActivatable(_ activatable: Bool) { gtk_list_item_set_activatable(pointer, activatable.gboolean) }
    public func setSelectable(_ selectable: Bool) { gtk_list_item_set_selectable(pointer, selectable.gboolean) }
    /// Whether the item's own widget takes the keyboard focus (GTK 4.12 and later); false for a
    /// child that takes it itself, so that the arrow keys land on the child.
    public func setFocusable(_ focusable: Bool) { foldout_list_item_set_focusable(pointer, focusable.gboolean) }
}

/// A `GtkSignalListItemFactory` that keeps one Swift row object per GTK list item, from setup
/// to teardown.
@MainActor
public final class ListItemFactory<Row: AnyObject>: Object {
    private final class Rows {
        var byItem: [UnsafeMutableRawPointer: Row] = [:]
    }
    private let store = Rows()

    public init(
        setup: @escaping @MainActor (ListItem) -> Row,
        bind: @escaping @MainActor (Row, ListItem) -> Void,
        unbind: @escaping @MainActor (Row, ListItem) -> Void = { _, _ in },
        teardown: @escaping @MainActor (Row) -> Void = { _ in }
    ) {
        super.init(takingFull: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        let store = self.store
        on("setup") { (pointer: gpointer?) in
            let item = ListItem(pointer: OpaquePointer(pointer!))
            store.byItem[item.key] = setup(item)
        }
        on("bind") { (pointer: gpointer?) in
            let item = ListItem(pointer: OpaquePointer(pointer!))
            if let row = store.byItem[item.key] { bind(row, item) }
        }
        on("unbind") { (pointer: gpointer?) in
            let item = ListItem(pointer: OpaquePointer(pointer!))
            if let row = store.byItem[item.key] { unbind(row, item) }
        }
        on("teardown") { (pointer: gpointer?) in
            let item = ListItem(pointer: OpaquePointer(pointer!))
            if let row = store.byItem.removeValue(forKey: item.key) {
                item.setChild(nil)
                teardown(row)
            }
        }
    }
}

@MainActor
public final class ListView: Widget {
    /// `.single` needs an `IdListModel`: its selection is an id the owner sets (`selectedID`), and
    /// the user's clicks and keys only ask for one (`onSelectRequested`).
    public enum SelectionMode { case none, single, multiple }

    private let idSelection: OpaquePointer?
    /// The list's selection model (it holds the list's model).
    private let selectionModel: OpaquePointer

    /// Without selection, rows act on activation; with single selection, the row of the id the
    /// owner sets is selected; with multiple selection, the user selects rows.
    public init<Row>(model: ListModel, factory: ListItemFactory<Row>, selection mode: SelectionMode = .none) {
        g_object_ref(model.raw)  // the selection model takes a reference
        let selection: OpaquePointer
        switch mode {
        case .none:
            selection = gtk_no_selection_new(model.opaque)
            idSelection = nil
        case .single:
            precondition(model is IdListModel, "a single selection follows the ids of an IdListModel")
            selection = foldout_id_selection_new(model.opaque)
            idSelection = selection
        case .multiple:
            selection = SelectionModel.multiple(over: model)
            idSelection = nil
        }
        selectionModel = selection
        g_object_ref(factory.raw)  // gtk_list_view_new takes a reference
        super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_list_view_new(selection, factory.opaque)))
        foldout_list_view_tab_through_row(opaque)
    }

    /// The id shown as selected (single selection only), nil for none; setting it asks nobody.
    public var selectedID: UInt32? {
        get {
            var id: guint32 = 0
            guard let idSelection, foldout_id_selection_get_selected(idSelection, &id) != 0 else { return nil }
            return id
        }
        set {
            guard let idSelection else { return }
            foldout_id_selection_set_selected(idSelection, (newValue != nil).gboolean, newValue ?? 0)
        }
    }

    /// Where the selected id is listed (single selection only), nil for none.
    public var selectedPosition: Int? {
        guard let idSelection else { return nil }
        let position = foldout_id_selection_get_position(idSelection)
        return position == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(position)
    }

    /// Asks for the row at `position` to be selected, as a click on it does.
    public func select(position: Int) {
        _ = gtk_selection_model_select_item(selectionModel, guint(position), 1)
    }

    /// The selected positions, in order.
    public var selectedPositions: [Int] { SelectionModel(selectionModel).selectedPositions }

    /// Selects no row.
    public func unselectAll() { SelectionModel(selectionModel).unselectAll() }

    /// Called with the row's position when a row is activated: Enter, a double click, or a single
    /// click with `activatesOnSingleClick`.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        onInteger("activate") { position in handler(Int(position)) }
    }

    /// Activates the row at `position`, as Enter on it does.
    public func activate(position: Int) {
        _ = activateAction("list.activate-item", parameter: g_variant_new_uint32(guint32(position)))
    }

    /// Whether one click (a tap) activates a row, as lists that lead to another view do on phones.
    public var activatesOnSingleClick: Bool {
        get { gtk_list_view_get_single_click_activate(opaque) != 0 }
        set { gtk_list_view_set_single_click_activate(opaque, newValue.gboolean) }
    }

    /// Called with the id the user asked to select by a click or a key (single selection only),
    /// nil for none; the list shows it selected once the owner sets `selectedID`.
    public func onSelectRequested(_ handler: @escaping @MainActor (UInt32?) -> Void) {
        guard let idSelection else { return }
        let box = HandlerBox<@MainActor (UInt32?) -> Void>(handler)
        let thunk: FoldoutSelectRequested = { hasID, id, data in
            let box = HandlerBox<@MainActor (UInt32?) -> Void>.from(data)
            MainActor.assumeIsolated { box.function(hasID != 0 ? id : nil) }
        }
        foldout_id_selection_on_request(idSelection, thunk, box.retainedPointer()) { ClosureBox.release($0) }
    }

    /// Puts the keyboard focus on the row that shows `child`; false if none does or it cannot take it.
    @discardableResult
    public func focusRow(showing child: Widget) -> Bool {
        foldout_list_view_focus_row_holding(opaque, child.widget) != 0
    }

    /// Puts the keyboard focus on the row it was on last, or, where it has been on none, on the
    /// row at `position` (scrolled into view); false if no row can take it. (`grabFocus()` on a
    /// GTK 4.12 or later list that has had no focused row focuses the list itself.)
    @discardableResult
    public func focusRow(otherwise position: Int = 0) -> Bool {
        foldout_list_view_focus_row(opaque, guint(clamping: max(0, position))) != 0
    }

    /// Puts the keyboard focus on the row at `position` and selects it alone, as an arrow key
    /// arriving there does (see `foldout_list_view_focus_and_select` for GTK 4.8).
    public func focusAndSelectRow(at position: Int) {
        foldout_list_view_focus_and_select(opaque, guint(clamping: max(0, position)))
    }

    /// Scrolls the least amount that brings the item at `position` into view.
    public func scrollTo(position: Int) {
        foldout_list_view_scroll_to(opaque, guint(position))
    }
}

/// A list's `GtkSelectionModel`, for the calls list and column views share.
@MainActor
struct SelectionModel {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// A `GtkMultiSelection` over `model`, which it references.
    static func multiple(over model: ListModel) -> OpaquePointer { gtk_multi_selection_new(model.opaque) }

    var selectedPositions: [Int] {
        guard let set = gtk_selection_model_get_selection(pointer) else { return [] }
        defer { gtk_bitset_unref(set) }
        var positions: [Int] = []
        positions.reserveCapacity(Int(min(gtk_bitset_get_size(set), 1 << 24)))
        var iterator = GtkBitsetIter()
        var value: guint = 0
        guard gtk_bitset_iter_init_first(&iterator, set, &value) != 0 else { return [] }
        repeat { positions.append(Int(value)) } while gtk_bitset_iter_next(&iterator, &value) != 0
        return positions
    }

    func unselectAll() { _ = gtk_selection_model_unselect_all(pointer) }
}
