// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// GTK's stock way to filter a list, kept as the baseline Foldout's filter is measured against:
/// a `GListStore` holding one GObject per item, under a `GtkFilterListModel` with a
/// `GtkCustomFilter`, filtering all at once (not incrementally).
@MainActor
public final class StockFilterBaseline {
    private final class Predicate: ClosureBox, @unchecked Sendable {
        var test: (UInt32) -> Bool = { _ in true }
    }

    private let predicate = Predicate()
    private let store: Object
    private let filter: Object
    private let model: Object

    /// A store of `count` items whose ids are 0..<count.
    public init(count: Int) {
        let store = g_list_store_new(foldout_id_item_get_type())!
        var items = (0..<UInt32(count)).map { gpointer(foldout_id_item_new($0)) }
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, 0, 0, buffer.baseAddress, guint(buffer.count))
        }
        items.forEach { g_object_unref($0) }
        self.store = Object(takingFull: UnsafeMutableRawPointer(store))

        let thunk: GtkCustomFilterFunc = { item, data in
            let predicate = Predicate.from(data)
            return predicate.test(foldout_id_item_get_id(OpaquePointer(item))) ? 1 : 0
        }
        filter = Object(takingFull: UnsafeMutableRawPointer(gtk_custom_filter_new(thunk, predicate.retainedPointer(), { ClosureBox.release($0) })))
        g_object_ref(self.store.raw) // gtk_filter_list_model_new takes the model and the filter
        g_object_ref(filter.raw)
        let model = gtk_filter_list_model_new(OpaquePointer(self.store.raw), filter.cast())!
        gtk_filter_list_model_set_incremental(model, 0)
        self.model = Object(takingFull: UnsafeMutableRawPointer(model))
    }

    /// Filters with `test` (called with each item's id); returns when the model is up to date.
    public func filter(_ test: @escaping (UInt32) -> Bool) {
        predicate.test = test
        gtk_filter_changed(filter.cast(), GTK_FILTER_CHANGE_DIFFERENT)
    }

    public var matchCount: Int { Int(g_list_model_get_n_items(model.opaque)) }
}

/// GTK's stock search as you type, the baseline for Foldout's search: a `GtkStringList` under a
/// `GtkFilterListModel` (not incremental) with a `GtkStringFilter` matching substrings, ignoring
/// case (GLib's case folding and normalization, which keeps accents).
@MainActor
public final class StockStringSearch {
    private let filter: Object
    private let model: Object

    public init(_ strings: [String]) {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)! // takes the expression
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        self.filter = Object(takingFull: UnsafeMutableRawPointer(filter))
        g_object_ref(UnsafeMutableRawPointer(filter)) // gtk_filter_list_model_new takes the model and the filter
        let model = gtk_filter_list_model_new(list, self.filter.cast())!
        gtk_filter_list_model_set_incremental(model, 0)
        self.model = Object(takingFull: UnsafeMutableRawPointer(model))
    }

    /// Filters by `text`; returns when the model is up to date.
    public func search(_ text: String) { gtk_string_filter_set_search(filter.opaque, text.isEmpty ? nil : text) }

    public var matchCount: Int { Int(g_list_model_get_n_items(model.opaque)) }
}
