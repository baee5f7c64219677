// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// What the window keeps for the next start (GSettings, the memory backend here: it lasts as long
/// as the test process, as a key file lasts between runs): the Movies page's divider, dragged with
/// the pointer.
final class RememberedStateTests: MainWindowTestCase, @unchecked Sendable {
    private let title = "Foldout remembered test \(UUID().uuidString)"

    /// A main window given what `state` remembers, as the app gives each window it opens, on the
    /// Movies page.
    @MainActor private func moviesWindow(_ state: RememberedState) -> (MainWindow, MoviesPage) {
        let main = makeMainWindow(
            actions: ActionsList(generatedCount: 20), catalog: Catalog.generate(count: 100), libraryFolder: folder,
            width: 1000, height: 600)
        giveTitle(title, to: main.window)
        state.restore(main)
        main.window.setDefaultSize(width: 1000, height: 600)
        let movies = main.ensureMoviesPage()
        main.page = .movies
        XCTAssertTrue(pump { movies.paned.isMapped && movies.boundRows.count == 8 })
        pump(frames: 3, of: main.window)
        self.main = main
        return (main, movies)
    }

    func testTheMoviesDividerDraggedIsWhereTheNextWindowStarts() throws {
        try onMain {
            // The schema compiled beside the tests (build-aux/compile-schemas.sh, as test.sh runs it).
            let state = RememberedState.load()
            let (first, movies) = moviesWindow(state)
            let start = movies.paned.position
            let paned = try XCTUnwrap(movies.paned.bounds(in: first.window))
            let x = Int(paned.x) + Int(start) + 2
            let y = Int(paned.y + paned.height / 2)
            xdotool(
                [
                    "mousemove", "--window", "%1", "\(x)", "\(y)", "mousedown", "1", "mousemove", "--window", "%1",
                    "\(x + 60)", "\(y)", "mousemove", "--window", "%1", "\(x + 120)", "\(y)", "mouseup", "1",
                ], window: title, until: { movies.paned.position >= start + 100 })
            let dragged = movies.paned.position
            state.save(first)
            first.window.destroy()
            pump(seconds: 0.05)

            let (_, again) = moviesWindow(state)
            XCTAssertEqual(again.paned.position, dragged, "the divider is where it was dragged to")
        }
    }
}
