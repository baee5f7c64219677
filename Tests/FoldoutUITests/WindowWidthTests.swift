// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Windows of any width: at 360 px every page fits (the page switcher at the bottom, the Movies
/// list and details one at a time), and at 1,400 px the rows keep a readable width.
final class WindowWidthTests: MainWindowTestCase, @unchecked Sendable {
    @MainActor private func window(width: Int32) -> MainWindow {
        let main = makeMainWindow(
            actions: ActionsList(generatedCount: 200), catalog: Catalog.generate(count: 2_000, seed: 4),
            libraryFolder: folder + "/data", width: width, height: 700)
        self.main = main
        XCTAssertTrue(pump { main.actions.boundRows.count > 3 })
        return main
    }

    func testEveryPageFitsA360PixelWindow() {
        onMain {
            let main = window(width: 360)
            XCTAssertTrue(pump { main.isNarrow && main.bottomBar.isVisible }, "a 360 px window is narrow")
            pump(frames: 3, of: main.window)
            XCTAssertTrue(main.bottomBar.isVisible, "the page switcher is at the bottom")
            XCTAssertFalse(main.headerShowsSwitcher, "the header bar shows the title instead")
            for page in Page.allCases {
                main.page = page
                if page == .movies { main.movies?.pane.open() }
                pump(frames: 3, of: main.window)
                XCTAssertEqual(WidgetTree.tooWide(under: main.column, for: 360), [], "\(page): too wide for 360 px")
                XCTAssertEqual(
                    WidgetTree.tooWide(under: main.header, for: 360), [], "\(page): the header bar is too wide")
                XCTAssertLessThanOrEqual(main.column.width, 360, "\(page): the window grew to \(main.window.width) px")
            }
        }
    }

    /// Every width a user can drag the window to, from 360 px up, with what folds out open: the
    /// Movies Edit pane and a facet's flyout. Each page fits, and GTK measures nothing for less width
    /// than it needs (build-aux/test.sh fails the run on any GTK warning about sizes, which the
    /// breakpoint bin once printed a thousand times a run at 360 px with the pane open).
    func testEveryWidthFromNarrowToWideFitsWithThePanesOpen() throws {
        try onMain {
            let main = window(width: 360)
            main.page = .movies
            try XCTUnwrap(main.movies).pane.open()
            main.page = .filters
            let filters = try XCTUnwrap(main.filters)
            XCTAssertTrue(pump { filters.filter != nil && !filters.facetMenus.isEmpty })
            for width: Int32 in [360, 380, 420, 480, 560, 640, 720, 800, 1_000, 1_280] {
                main.window.setDefaultSize(width: width, height: 700)
                for page in Page.allCases {
                    main.page = page
                    pump(frames: 2, of: main.window)
                    // The flyout at three of the widths: GTK 4.8 under Xvfb, with no window
                    // manager, loses the popup's monitor from the fourth showing of one popover on
                    // (a GDK critical, whatever the width); GTK 4.18 does not.
                    let flyout = page == .filters && [360, 720, 1_000].contains(width)
                    if flyout { filters.facetMenus.first?.button.popup() }
                    pump(frames: 3, of: main.window)
                    XCTAssertEqual(
                        WidgetTree.tooWide(under: main.column, for: width), [], "\(page) at \(width) px: too wide")
                    XCTAssertLessThanOrEqual(main.column.width, width, "\(page): the window grew past \(width) px")
                    filters.facetMenus.first?.button.popdown()
                }
            }
        }
    }

    /// Every facet button shows whole at every width, however many facets and choices: the bar is
    /// one line that scrolls sideways to the button focused, and a label too long ends in "…",
    /// the whole choice in its tooltip.
    func testFacetButtonsAreNeverCutOff() throws {
        try onMain {
            let main = window(width: 1_280)
            main.page = .filters
            let filters = try XCTUnwrap(main.filters)
            XCTAssertTrue(pump { filters.filter != nil && !filters.facetMenus.isEmpty })
            let filter = try XCTUnwrap(filters.filter)
            for column in filter.catalog.columns.indices { filter.setFacet(column, true) }
            for menu in filters.facetMenus {
                for option in 0..<min(3, filter.options(forColumn: menu.column).count) {
                    filter.toggle(option: option, inColumn: menu.column)
                }
            }
            let buttons = filters.facetMenus.map(\.button) + filters.facetBar.rangeMenus.map(\.button)
            XCTAssertGreaterThan(buttons.count, 5)
            for width: Int32 in [360, 480, 720, 1_000, 1_280] {
                main.window.setDefaultSize(width: width, height: 700)
                pump(frames: 3, of: main.window)
                let bar = try XCTUnwrap(filters.facetBar.root.bounds(in: main.window))
                let facets = try XCTUnwrap(filters.facetBar.facetsButton.bounds(in: main.window))
                XCTAssertLessThanOrEqual(
                    bar.x + bar.width, Double(width), "\(width) px: the bar is wider than the window")
                XCTAssertLessThanOrEqual(facets.x + facets.width, bar.x + bar.width, "\(width) px: Facets is cut off")
                // One line, which scrolls sideways: a button that takes the focus is scrolled into
                // view whole, left of Facets, its label at its natural width.
                for button in buttons {
                    XCTAssertTrue(button.grabFocus(), "\(width) px: \(button.label) takes no focus")
                    XCTAssertTrue(
                        pump {
                            guard let shown = button.bounds(in: main.window),
                                let view = filters.facetBar.scroller.bounds(in: main.window)
                            else { return false }
                            return shown.x >= view.x - 0.5 && shown.x + shown.width <= view.x + view.width + 0.5
                        }, "\(width) px: \(button.label), focused, is not scrolled into view whole")
                    let shown = try XCTUnwrap(button.bounds(in: main.window))
                    XCTAssertLessThanOrEqual(
                        shown.y + shown.height, bar.y + bar.height, "\(width) px: \(button.label) is on a second line")
                    XCTAssertGreaterThanOrEqual(
                        Int32(shown.width.rounded()), button.naturalWidth - 1,
                        "\(width) px: \(button.label) is squeezed")
                }
            }
            let menu = try XCTUnwrap(
                filters.facetMenus.first { filter.selection(forColumn: $0.column).options.count == 3 })
            let names = filter.options(forColumn: menu.column).prefix(3).joined(separator: ", ")
            XCTAssertEqual(menu.button.tooltip, "\(menu.name): \(names)", "the tooltip names every choice")
        }
    }

    func testTheMoviesListAndDetailsTakeTurnsWhenNarrow() throws {
        try onMain {
            let main = window(width: 360)
            XCTAssertTrue(pump { main.isNarrow && main.bottomBar.isVisible })
            main.page = .movies
            let movies = try XCTUnwrap(main.movies)
            pump(frames: 3, of: main.window)
            XCTAssertTrue(movies.listView.activatesOnSingleClick, "a tap opens a movie")
            XCTAssertFalse(movies.backButton.isVisible)
            XCTAssertGreaterThan(movies.listView.width, 300, "the list has the whole width")

            movies.listView.activate(position: 2)
            XCTAssertTrue(movies.showsDetailAlone, "activating a movie shows its details alone")
            pump(frames: 3, of: main.window)
            XCTAssertFalse(movies.listView.isMapped, "the list is hidden")
            XCTAssertTrue(movies.backButton.isVisible && movies.backButton.hasFocus, "Back is shown and focused")
            XCTAssertEqual(movies.library.selection, movies.library.movies[2].id)

            _ = movies.root.activateAction("movies.back")
            XCTAssertFalse(movies.showsDetailAlone, "Alt+Left (movies.back) goes back to the list")
            pump(frames: 3, of: main.window)
            XCTAssertGreaterThan(movies.listView.width, 300)

            main.window.setDefaultSize(width: 1_000, height: 700)
            XCTAssertTrue(pump { !main.isNarrow && !main.bottomBar.isVisible }, "widened, the window is wide again")
            pump(frames: 3, of: main.window)
            XCTAssertTrue(main.headerShowsSwitcher && !main.bottomBar.isVisible)
            XCTAssertFalse(movies.listView.activatesOnSingleClick)
            XCTAssertGreaterThan(movies.listView.width, 0)
            XCTAssertFalse(movies.backButton.isVisible, "side by side, there is no Back")
        }
    }

    func testRowsKeepAReadableWidthInAWideWindow() {
        onMain {
            let main = window(width: 1_400)
            pump(frames: 3, of: main.window)
            XCTAssertFalse(main.isNarrow)
            XCTAssertEqual(
                main.actions.root.width, MainWindow.readableWidth, "the Actions list stops at the readable width")
            let bounds = main.actions.root.bounds(in: main.window)
            XCTAssertEqual(
                bounds.map { $0.x + $0.width / 2 } ?? 0, Double(main.window.width) / 2, accuracy: 2, "and is centred")
            main.page = .filters
            XCTAssertTrue(pump { main.filters?.filter != nil })
            pump(frames: 3, of: main.window)
            XCTAssertEqual(main.filters?.root.width, MainWindow.readableWidth)
            // A table or a summary takes the whole window; rows again, the readable width.
            for view in [ResultsView.table, .summary, .rows] {
                main.filters?.resultsView = view
                pump(frames: 3, of: main.window)
                let width = main.filters?.root.width ?? 0
                if view == .rows {
                    XCTAssertEqual(width, MainWindow.readableWidth, "\(view)")
                } else {
                    XCTAssertGreaterThan(width, MainWindow.readableWidth + 300, "\(view) uses the whole window")
                }
            }
        }
    }
}
