// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk
import XCTest

@testable import FoldoutUI

extension GtkTestCase {
    /// A Filters page alone in `window` (900 × 600, presented), showing a generated catalog of
    /// `rows`, each file's view kept in `views` only; the test fails if it shows none.
    @MainActor func showFiltersPageAlone(
        in window: Window, rows: Int, views: CatalogViewStore? = nil, line: UInt = #line
    ) -> FiltersPage {
        let page = FiltersPage(
            source: .loaded(Catalog.generate(count: rows, seed: 3)), host: .alone(in: window, viewStore: views))
        window.setDefaultSize(width: 900, height: 600)
        window.child = page.root
        window.present()
        XCTAssertTrue(pump { page.filter != nil }, "the page shows no catalog", line: line)
        return page
    }
}
