// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk
import XCTest

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

extension StackSwitcher {
    /// Where the button of `view` is, for `xdotool mousemove --window`: the switcher's buttons share
    /// its width equally, one per results view, in their order.
    @MainActor func pointInWindow(ofButton view: ResultsView) -> (x: Int, y: Int)? {
        let views = ResultsView.allCases
        guard let index = views.firstIndex(of: view) else { return nil }
        let share = (Double(index) + 0.5) / Double(views.count) - 0.5
        return pointInWindow(dx: Double(width) * share)
    }
}

extension GtkTestCase {
    /// Opens `page`'s View Options, where the combo rows are; closed again when the test ends, so
    /// that its grab of the keyboard outlives no test.
    @MainActor func showViewOptions(of page: FiltersPage) {
        let options = page.viewOptions
        addTeardownBlock { @MainActor in options.popover.popdown() }
        options.button.popup()
        XCTAssertTrue(pump { options.popover.isVisible && options.popover.isMapped }, "View Options did not open")
        pump(frames: 2, of: options.popover)
    }
}

extension FacetBar {
    /// The labels of the facet buttons that filter, in the bar's order.
    var chosenLabels: [String] {
        (menus.map { ($0.column, $0.button) } + rangeMenus.map { ($0.column, $0.button) })
            .sorted { $0.0 < $1.0 }.map(\.1).filter { $0.hasCSSClass("chosen") }.map(\.label)
    }
}
