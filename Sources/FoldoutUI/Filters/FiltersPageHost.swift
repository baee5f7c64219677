// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What the Filters page needs from the window that shows it.
struct FiltersPageHost {
    /// The window, the parent of the page's dialogs.
    let window: @MainActor () -> Window?
    /// Tells the user something done in passing ("Copied …"), in the window's notification.
    let notify: @MainActor (String) -> Void
    /// After a catalog file was read and shown: its path, as Open Recent keeps it.
    let fileOpened: @MainActor (String) -> Void
    /// After the results were switched between rows, table and summary.
    let resultsViewChanged: @MainActor (ResultsView) -> Void
    /// Where each file's view is kept; nil: nowhere.
    let viewStore: CatalogViewStore?
    /// After the page came to show another table: its name (a file's, a server table's), nil
    /// for the generated catalog.
    var shownNameChanged: @MainActor (String?) -> Void = { _ in }
}
