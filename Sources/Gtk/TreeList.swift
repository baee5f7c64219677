// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A tree of rows that fold out (`GtkTreeListModel`), each level an `IdListModel`: when a row is
/// expanded the tree asks `children` for the level below it by the row's id, a model the owner
/// may fill later (the rows appear when it does), or nil for a row that does not fold out.
/// Every row starts folded.
@MainActor
public final class TreeListModel: ListModel {
    public init(root: IdListModel, children: @escaping @MainActor (UInt32) -> IdListModel?) {
        let box = HandlerBox<@MainActor (UInt32) -> IdListModel?>(children)
        let create: GtkTreeListModelCreateModelFunc = { item, data in
            let box = HandlerBox<@MainActor (UInt32) -> IdListModel?>.from(data)
            let id = foldout_id_item_get_id(OpaquePointer(item))
            // The tree takes a reference of its own; the owner keeps its wrapper to fill.
            let model = MainActor.assumeIsolated { box.function(id).map { UInt(bitPattern: g_object_ref($0.raw)) } }
            return model.flatMap { OpaquePointer(bitPattern: $0) }
        }
        g_object_ref(root.raw)  // the tree takes the root's reference
        super.init(
            takingFull: UnsafeMutableRawPointer(
                gtk_tree_list_model_new(
                    OpaquePointer(root.raw), 0, 0, create, box.retainedPointer(), { ClosureBox.release($0) })))
    }

    public var count: Int { Int(g_list_model_get_n_items(opaque)) }

    /// The row shown at `position`, among every row folded out.
    public func row(at position: Int) -> TreeListRow? {
        guard let row = gtk_tree_list_model_get_row(opaque, guint(position)) else { return nil }
        return TreeListRow(owning: row)
    }
}

/// One row of a `TreeListModel`: its item's id, how deep it is, and whether it is folded out.
@MainActor
public final class TreeListRow {
    private let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    init(borrowing pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    #if compiler(>=6.2)
        isolated deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    #else
        deinit { MainActor.assumeIsolated { g_object_unref(UnsafeMutableRawPointer(pointer)) } }
    #endif

    /// The id of the `IdListModel` item it shows.
    public var id: UInt32? {
        guard let item = gtk_tree_list_row_get_item(pointer) else { return nil }
        defer { g_object_unref(item) }
        return foldout_id_item_get_id(OpaquePointer(item))
    }

    /// 0 for the outermost rows.
    public var depth: Int { Int(gtk_tree_list_row_get_depth(pointer)) }

    public var isExpandable: Bool { gtk_tree_list_row_is_expandable(pointer) != 0 }

    public var isExpanded: Bool {
        get { gtk_tree_list_row_get_expanded(pointer) != 0 }
        set { gtk_tree_list_row_set_expanded(pointer, newValue.gboolean) }
    }

    /// Calls `handler` whenever the row is folded out or in, until the connection is cut.
    public func onExpandedChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Object(borrowing: raw).onNotify("expanded", handler)
    }

    /// Where the row is among every row folded out now.
    public var position: Int { Int(gtk_tree_list_row_get_position(pointer)) }

    /// The row it is in; nil for an outermost row.
    public var parent: TreeListRow? { gtk_tree_list_row_get_parent(pointer).map(TreeListRow.init(owning:)) }

    fileprivate var raw: gpointer { UnsafeMutableRawPointer(pointer) }
}

extension ListItem {
    /// The tree's row the item shows, when its list is a `TreeListModel`.
    public var treeRow: TreeListRow? {
        guard let item = gtk_list_item_get_item(pointer) else { return nil }
        return TreeListRow(borrowing: OpaquePointer(item))
    }
}

/// The triangle that folds a tree's row out and in (`GtkTreeExpander`), indented by its depth,
/// holding the row's first cell; a click or Shift+Right/Left, `+` and `-` fold it.
@MainActor
public final class TreeExpander: Widget {
    public init() { super.init(sinkingFloating: UnsafeMutableRawPointer(gtk_tree_expander_new())) }

    public func setChild(_ child: Widget?) { gtk_tree_expander_set_child(opaque, child?.widget) }

    /// The row it folds; nil while its cell is unbound.
    public func setRow(_ row: TreeListRow?) {
        gtk_tree_expander_set_list_row(opaque, row.map { OpaquePointer($0.raw) })
    }
}
