// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The "Deleted …" notification in the real window, driven with real key presses (xdotool): Alt+D
/// deletes the selected movie, Ctrl+Z or Alt+U undoes it, and the notification goes by itself after
/// five seconds, taking its Undo with it.
final class UndoNotificationTests: MainWindowTestCase, @unchecked Sendable {
    private let title = "Foldout undo test \(UUID().uuidString)"

    /// The Movies page of a main window with its Edit pane open and the third movie selected.
    @MainActor private func showMovies() -> MoviesPage {
        let main = makeMainWindow(
            actions: ActionsList(generatedCount: 20), catalog: Catalog.generate(count: 100), libraryFolder: folder)
        self.main = main
        giveTitle(title, to: main.window)
        let movies = main.ensureMoviesPage()
        main.page = .movies
        movies.openPaneAtOnce()
        XCTAssertTrue(pump { movies.paneView.deleteButton.isMapped && movies.boundRows.count == 8 })
        movies.library.select(movies.library.movies[2].id)
        return movies
    }

    @MainActor private func savedTitles() -> [String] {
        guard case .loaded(let movies) = LibraryStore(directory: folder).load(now: 0) else { return [] }
        return movies.map(\.title)
    }

    /// Deletes the selected movie with Alt+D from the movie list, as a user does; returns it.
    @MainActor private func deleteWithAltD(_ movies: MoviesPage) throws -> Movie {
        let movie = try XCTUnwrap(movies.library.selectedMovie)
        XCTAssertTrue(movies.listView.grabFocus())
        xdotool(["key", "alt+d"], window: title, until: { movies.library.movie(movie.id) == nil })
        let notification = try XCTUnwrap(main?.notification)
        XCTAssertTrue(pump { notification.offersUndo && notification.undoButton.isMapped }, "no Undo offered")
        XCTAssertEqual(main?.notification.text, "Deleted “\(movie.title)”")
        XCTAssertTrue(pump { !self.savedTitles().contains(movie.title) && movies.boundRows[movie.id] == nil })
        return movie
    }

    /// The movie is back where it was, selected, shown and saved; the notification is gone.
    @MainActor private func assertRestored(_ movie: Movie, in movies: MoviesPage, line: UInt = #line) {
        XCTAssertEqual(movies.library.movies.firstIndex { $0.id == movie.id }, 2, line: line)
        XCTAssertEqual(movies.library.movie(movie.id), movie, "title, genre, date and notes come back", line: line)
        XCTAssertEqual(movies.library.selection, movie.id, line: line)
        XCTAssertTrue(pump { movies.boundRows[movie.id] != nil && self.savedTitles().count == 8 }, line: line)
        XCTAssertEqual(savedTitles()[2], movie.title, "the undone deletion is saved", line: line)
        XCTAssertFalse(main?.notification.isShown ?? true, "Undo closes the notification", line: line)
    }

    /// The Add button's mnemonic, pressed for real while the title field has the focus.
    func testAltAAddsAMovieFromTheTitleField() throws {
        try onMain {
            let movies = showMovies()
            XCTAssertTrue(movies.paneView.titleEntry.grabFocus())
            let count = movies.library.movies.count
            xdotool(["key", "alt+a"], window: title, until: { movies.library.movies.count == count + 1 })
            XCTAssertEqual(movies.library.movies.count, count + 1, "Alt+A adds a movie")
        }
    }

    func testControlZUndoesAMovieDeletion() throws { try undoAMovieDeletion(pressing: "ctrl+z") }

    func testAltUUndoesAMovieDeletion() throws { try undoAMovieDeletion(pressing: "alt+u") }

    /// Alt+D on the third movie, then `key`: the movie is back where it was.
    private func undoAMovieDeletion(pressing key: String, line: UInt = #line) throws {
        try onMain {
            let movies = showMovies()
            let movie = try deleteWithAltD(movies)
            xdotool(["key", key], window: title, until: { movies.library.movie(movie.id) != nil }, line: line)
            assertRestored(movie, in: movies, line: line)
        }
    }

    /// Alt+D with the focus in the Edit pane's title field, which then shows the next movie: Ctrl+Z
    /// there undoes the deletion, the field having nothing typed of its own to undo. Once a letter
    /// is typed, Ctrl+Z is the field's own undo and the deletion stays.
    func testControlZInTheTitleFieldUndoesTheDeletionUntilSomethingIsTyped() throws {
        try onMain {
            let movies = showMovies()
            let field = movies.paneView.titleEntry
            var movie = try XCTUnwrap(movies.library.selectedMovie)
            XCTAssertTrue(field.grabFocus())
            xdotool(["key", "alt+d"], window: title, until: { movies.library.movie(movie.id) == nil })
            XCTAssertTrue(pump { self.main?.notification.offersUndo == true })
            XCTAssertTrue(field.isAncestor(ofFocus: try XCTUnwrap(main).window), "the title field lost the focus")
            xdotool(["key", "ctrl+z"], window: title, until: { movies.library.movie(movie.id) != nil })
            assertRestored(movie, in: movies)

            movie = try XCTUnwrap(movies.library.selectedMovie)
            XCTAssertTrue(field.grabFocus())
            xdotool(["key", "alt+d"], window: title, until: { movies.library.movie(movie.id) == nil })
            let shown = field.text
            xdotool(["key", "End", "x"], window: title, until: { field.text == shown + "x" })
            xdotool(["key", "ctrl+z"], window: title, until: { field.text == shown })
            XCTAssertNil(movies.library.movie(movie.id), "Ctrl+Z after typing undid the deletion, not the typing")
        }
    }

    /// Five seconds after it is shown, the notification goes; Ctrl+Z then undoes nothing.
    func testTheNotificationClosesAfterFiveSecondsAndUndoWithIt() throws {
        try onMain {
            let movies = showMovies()
            // Before the key press, so before the notification's timer starts.
            let pressed = MainLoop.monotonicTime
            let movie = try deleteWithAltD(movies)
            XCTAssertTrue(pump(seconds: 15) { self.main?.notification.isShown == false }, "the notification stays")
            let seconds = Double(MainLoop.monotonicTime - pressed) / 1_000_000
            // A GLib timeout never fires early, so this cannot fail by the machine being slow.
            XCTAssertGreaterThanOrEqual(seconds, 5, "it went after \(seconds) s")
            XCTAssertFalse(main?.notification.offersUndo ?? true)
            XCTAssertNotNil(movies.library.selectedMovie)
            // Alt+D after Ctrl+Z shows when Ctrl+Z has been handled: the keys arrive in order.
            xdotool(["key", "ctrl+z", "key", "alt+d"], window: title, until: { movies.library.movies.count != 7 })
            XCTAssertNil(movies.library.movie(movie.id), "Ctrl+Z undid a deletion whose notification was gone")
            XCTAssertEqual(movies.library.movies.count, 6)
        }
    }

    /// A notification shown before its window is on screen keeps its five seconds for when it is:
    /// nobody loses an Undo they never saw.
    func testTheSecondsCountFromTheFirstFrameThatShowsIt() throws {
        try onMain {
            let notification = InAppNotification()
            let window = Window()
            defer { window.destroy() }
            window.child = notification.root
            var undone = false
            notification.show("Deleted “Alien”") { undone = true }
            var turns = 0  // what is pending runs; a window not on screen paints no frame
            while turns < 1000, MainLoop.iterate(blocking: false) { turns += 1 }
            XCTAssertFalse(notification.isCountingDown, "counting before the window was on screen")
            window.present()
            XCTAssertTrue(pump { notification.isCountingDown }, "not counting once on screen")
            XCTAssertTrue(notification.offersUndo)
            notification.performUndo()
            XCTAssertTrue(undone)
            XCTAssertFalse(notification.isCountingDown, "Undo stops the count")
        }
    }
}
