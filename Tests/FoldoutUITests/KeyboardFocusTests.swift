// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Keyboard-only use of the main window, with real key presses (xdotool under Xvfb): Tab goes
/// through a row's buttons and then out of the list (not through every row of it), and Alt+1, 2, 3
/// show a page with the focus in it.
final class KeyboardFocusTests: MainWindowTestCase, @unchecked Sendable {
    @MainActor private func makeWindow() -> MainWindow {
        let window = makeMainWindow(
            actions: ActionsList(generatedCount: 1_000), catalog: Catalog.generate(count: 5_000, seed: 3),
            libraryFolder: folder + "/data")
        giveTitle(windowTitle, to: window.window)
        main = window
        XCTAssertTrue(pump { window.actions.boundRows.count > 3 && window.actions.listView.height > 0 })
        return window
    }

    private let windowTitle = "Foldout keyboard test \(UUID().uuidString)"

    /// Presses `keys` on the window (xdotool) until `done`.
    @MainActor private func key(_ keys: String..., until done: () -> Bool, line: UInt = #line) {
        xdotool(["key"] + keys, window: windowTitle, until: done, line: line)
    }

    @MainActor private func focusIsIn(_ widget: Widget, of main: MainWindow) -> Bool {
        widget.isAncestor(ofFocus: main.window)
    }

    func testTabGoesThroughTheUnfoldedRowsButtonsThenOutOfTheList() throws {
        try onMain {
            let main = makeWindow()
            let page = main.actions
            let id = page.viewModel.id(at: 2)
            let row = try XCTUnwrap(page.boundRows[id])
            XCTAssertTrue(row.root.grabFocus())
            key("Return") { row.unfolding.revealer.childRevealed }

            // Real Tab presses, through the capture-phase handler GTK 4.8 needs.
            key("Tab") { focusIsIn(row.unfolding.share, of: main) }
            XCTAssertTrue(focusIsIn(row.unfolding.share, of: main), "Tab from the row goes to Share")
            key("Tab") { focusIsIn(row.unfolding.remove, of: main) }
            XCTAssertTrue(focusIsIn(row.unfolding.remove, of: main), "then to Remove")
            key("Tab") { !focusIsIn(page.listView, of: main) }
            XCTAssertFalse(focusIsIn(page.listView, of: main), "then out of the list, not to the next row")
            XCTAssertTrue(main.window.hasFocusWidget, "to another widget of the window (the page switcher)")

            XCTAssertTrue(row.unfolding.remove.grabFocus())
            key("shift+Tab") { focusIsIn(row.unfolding.share, of: main) }
            XCTAssertTrue(focusIsIn(row.unfolding.share, of: main), "Shift+Tab from Remove goes back to Share")
            key("shift+Tab") { row.root.hasFocus }
            XCTAssertTrue(row.root.hasFocus, "then to the row")
            key("shift+Tab") { !focusIsIn(page.listView, of: main) }
            XCTAssertFalse(focusIsIn(page.listView, of: main), "then out of the list, not to the row above")
        }
    }

    func testTabLeavesTheResultsListAtOnce() throws {
        try onMain {
            let main = makeWindow()
            main.page = .filters
            let filters = try XCTUnwrap(main.filters)
            XCTAssertTrue(pump { filters.filter != nil && filters.boundRows.count > 3 })
            pump(frames: 2, of: filters.listView)
            XCTAssertTrue(filters.listView.grabFocus())
            XCTAssertTrue(focusIsIn(filters.listView, of: main))
            key("Tab") { !focusIsIn(filters.listView, of: main) }
            XCTAssertFalse(
                focusIsIn(filters.listView, of: main), "a result row has nothing to Tab to: the focus leaves the list")

            XCTAssertTrue(filters.listView.grabFocus())
            key("shift+Tab") { !focusIsIn(filters.listView, of: main) }
            XCTAssertFalse(focusIsIn(filters.listView, of: main))
            XCTAssertTrue(
                filters.viewSwitcher.isAncestor(ofFocus: main.window),
                "Shift+Tab goes to the rows/table switch just above the results")
        }
    }

    func testAltNumberShowsThePageWithTheFocusInIt() throws {
        try onMain {
            let main = makeWindow()
            let shortcuts = Dictionary(
                WidgetTree.shortcuts(under: main.window, controllerName: ShortcutController.name)
                    .map { ($0.trigger, $0.action) }, uniquingKeysWith: { first, _ in first })
            for (page, key) in [
                (Page.filters, "<Alt>2"), (.movies, "<Alt>3"), (.actions, "<Alt>1"), (.filters, "<Alt>2"),
            ] {
                let action = try XCTUnwrap(shortcuts[key] ?? nil, "\(key) is a shortcut of the window")
                XCTAssertTrue(main.window.activateAction(action))
                XCTAssertEqual(main.page, page, key)
                let focusTarget: Widget? =
                    switch page {
                    case .actions: main.actions.listView
                    case .filters: main.filters?.facetMenus.first?.button
                    case .movies: main.movies?.listView
                    }
                // The first Filters page is built here: under valgrind that alone can take seconds.
                XCTAssertTrue(
                    pump(seconds: 30) { focusTarget.map { self.focusIsIn($0, of: main) } ?? false },
                    "\(key): the focus is in the \(page) page")
            }
        }
    }

    /// Ctrl+E is the Movies page's: while the page is shown it opens and closes the Edit pane
    /// wherever the focus is (the header's Edit button too); on another page it does nothing.
    func testControlEActsOnlyWhileTheMoviesPageIsShown() throws {
        onMain {
            let main = makeWindow()
            main.show(.movies)
            let movies = main.ensureMoviesPage()
            XCTAssertTrue(pump { movies.listView.isMapped && main.window.isActive })
            key("ctrl+e") { movies.pane.isOpen }
            XCTAssertTrue(movies.pane.isOpen, "Ctrl+E opens the Edit pane")
            XCTAssertTrue(movies.editToggle.grabFocus())
            key("ctrl+e") { !movies.pane.isOpen }
            XCTAssertFalse(movies.pane.isOpen, "and closes it, the focus on the header's Edit button")

            main.show(.actions)
            XCTAssertTrue(pump { main.page == .actions && !movies.root.isMapped })
            // Alt+3 after Ctrl+E: once the Movies page is back, Ctrl+E has been handled.
            key("ctrl+e", "alt+3") { main.page == .movies }
            XCTAssertEqual(main.page, .movies)
            XCTAssertFalse(movies.pane.isOpen, "Ctrl+E on the Actions page left the Edit pane closed")
        }
    }

    /// The main menu's Export Rows… and Reset View are the Filters page's actions: the window
    /// offers them while the page is shown, not on another page (their items are greyed out
    /// there), and what cannot be done, reloading a catalog read from no file, is disabled.
    func testTheFiltersPageOffersItsActionsOnlyWhileShown() throws {
        try onMain {
            let main = makeWindow()
            XCTAssertEqual(main.page, .actions)
            XCTAssertFalse(main.window.activateAction("filters.reset-view"), "no Filters action on the Actions page")
            main.show(.filters)
            let filters = try XCTUnwrap(main.filters)
            XCTAssertTrue(pump { filters.filter != nil })
            XCTAssertEqual(filters.actions.action(named: "export-rows")?.isEnabled, true)
            XCTAssertEqual(
                filters.actions.action(named: "reload")?.isEnabled, false, "the generated catalog has no file")
            XCTAssertTrue(main.window.activateAction("filters.reset-view"), "offered on the Filters page")
            main.show(.movies)
            XCTAssertFalse(main.window.activateAction("filters.export-rows"), "and gone again on the Movies page")
        }
    }
}
