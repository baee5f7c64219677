// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

// GTK's own list filtering: a store of objects, a filter, and GtkFilterListModel over them. Foldout
// filters without them; the benchmarks measure them as the stock way.

/// A `GListStore` of one GObject per item, each holding an id (0..<count).
@MainActor
public final class IdItemStore: ListModel {
    public init(count: Int) {
        let store = g_list_store_new(foldout_id_item_get_type())!
        var items = (0..<UInt32(count)).map { gpointer(foldout_id_item_new($0)) }
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, 0, 0, buffer.baseAddress, guint(buffer.count))
        }
        for item in items { g_object_unref(item) }
        super.init(takingFull: UnsafeMutableRawPointer(store))
    }
}

/// A `GtkStringList`.
@MainActor
public final class StringList: ListModel {
    public init(_ strings: [String]) {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        super.init(takingFull: UnsafeMutableRawPointer(list))
    }
}

/// A filter of a `GtkFilterListModel`.
@MainActor
public class Filter: Object {}

/// A `GtkCustomFilter` over an `IdItemStore`'s items: keeps those whose id `test` accepts.
@MainActor
public final class IdFilter: Filter {
    private final class Predicate: ClosureBox, @unchecked Sendable {
        var test: (UInt32) -> Bool = { _ in true }
    }

    private let predicate = Predicate()

    public init() {
        let thunk: GtkCustomFilterFunc = { item, data in
            let predicate = Predicate.from(data)
            return predicate.test(foldout_id_item_get_id(OpaquePointer(item))) ? 1 : 0
        }
        let filter = gtk_custom_filter_new(thunk, predicate.retainedPointer(), { ClosureBox.release($0) })
        super.init(takingFull: UnsafeMutableRawPointer(filter!))
    }

    /// Filters with `test` from now on; a filter list model over it filters again.
    public func setTest(_ test: @escaping (UInt32) -> Bool) {
        predicate.test = test
        gtk_filter_changed(cast(), GTK_FILTER_CHANGE_DIFFERENT)
    }
}

/// A `GtkStringFilter` over a `StringList`'s strings: substrings, ignoring case (GLib's case
/// folding and normalization, which keeps accents).
@MainActor
public final class SubstringFilter: Filter {
    public init() {
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)!  // takes the expression
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        super.init(takingFull: UnsafeMutableRawPointer(filter))
    }

    /// The text searched for; empty matches every string.
    public func setSearch(_ text: String) { gtk_string_filter_set_search(opaque, text.isEmpty ? nil : text) }
}

/// A `GtkFilterListModel`: the items of `model` that `filter` keeps, filtered all at once when
/// not `incremental` (so a change returns with the model up to date).
@MainActor
public final class FilterListModel: ListModel {
    public init(_ model: ListModel, filter: Filter, incremental: Bool = false) {
        // gtk_filter_list_model_new takes a reference to each.
        g_object_ref(model.raw)
        g_object_ref(filter.raw)
        let filtered = gtk_filter_list_model_new(model.opaque, filter.cast())!
        gtk_filter_list_model_set_incremental(filtered, incremental ? 1 : 0)
        super.init(takingFull: UnsafeMutableRawPointer(filtered))
    }

    public var count: Int { Int(g_list_model_get_n_items(opaque)) }
}
