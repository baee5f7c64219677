// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

@testable import FoldoutUI

/// What the Filters page's tests read of it that the page itself never needs.
extension FiltersPage {
    /// The titles in the rows bound, top to bottom.
    var visibleNames: [String] {
        boundRows.values.filter { $0.position != nil }.sorted { $0.listPosition < $1.listPosition }.map(\.name.text)
    }
    /// The rows' scrolled window.
    var resultsScrolled: ScrolledWindow { list.scrolled }
    /// The file shown, while it is watched.
    var watchedPath: String? { watchedFile.path }
    /// Whether a change to the view waits to be kept.
    var isViewSavePending: Bool { rememberedView.isSavePending }
}
