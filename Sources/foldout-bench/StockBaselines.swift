// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// GTK's stock way to filter a list, the baseline Foldout's filter is measured against: a
/// `GListStore` holding one GObject per item, under a `GtkFilterListModel` with a
/// `GtkCustomFilter`, filtering all at once (not incrementally).
@MainActor
final class StockFilterBaseline {
    private let filter = IdFilter()
    private let model: FilterListModel

    /// A store of `count` items whose ids are 0..<count.
    init(count: Int) {
        model = FilterListModel(IdItemStore(count: count), filter: filter)
    }

    /// Filters with `test` (called with each item's id); returns when the model is up to date.
    func filter(_ test: @escaping (UInt32) -> Bool) { filter.setTest(test) }

    var matchCount: Int { model.count }
}

/// GTK's stock search as you type, the baseline for Foldout's search: a `GtkStringList` under a
/// `GtkFilterListModel` (not incremental) with a `GtkStringFilter` matching substrings, ignoring
/// case (GLib's case folding and normalization, which keeps accents).
@MainActor
final class StockStringSearch {
    private let filter = SubstringFilter()
    private let model: FilterListModel

    init(_ strings: [String]) {
        model = FilterListModel(StringList(strings), filter: filter)
    }

    /// Filters by `text`; returns when the model is up to date.
    func search(_ text: String) { filter.setSearch(text) }

    var matchCount: Int { model.count }
}
