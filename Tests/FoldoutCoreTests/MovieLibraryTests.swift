// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

final class MovieLibraryTests: XCTestCase {
    private func movie(_ id: UInt64, _ title: String = "Film") -> Movie {
        Movie(id: MovieID(id), title: title, genre: .comedy, dateAdded: 1_714_564_800, notes: "")
    }

    private func library(_ ids: [UInt64]) -> (MovieLibrary, MovieChangeRecorder<MovieLibrary.Change>) {
        let library = MovieLibrary(movies: ids.map { movie($0, "Film \($0)") })
        return (library, MovieChangeRecorder(library.changes))
    }

    func testGenreTitlesAndIDs() {
        XCTAssertEqual(
            Genre.allCases.map(\.title),
            [
                "Drama", "Comedy", "Documentary", "Thriller", "Animation", "Science fiction", "Romance", "Horror",
            ])
        XCTAssertEqual(MovieID(42).description, "42")
        XCTAssertLessThan(MovieID(2), MovieID(10))
    }

    func testDateAddedTextIsTheUTCDay() {
        func text(_ seconds: Int64) -> String {
            Movie(id: MovieID(1), title: "x", genre: .drama, dateAdded: seconds, notes: "").dateAddedText
        }
        XCTAssertEqual(text(0), "1970-01-01")
        XCTAssertEqual(text(-1), "1969-12-31")
        XCTAssertEqual(text(1_714_564_800), "2024-05-01")
        XCTAssertEqual(text(1_714_521_600), "2024-05-01")
        XCTAssertEqual(text(1_714_521_600 + 86_399), "2024-05-01")
        XCTAssertEqual(text(1_714_521_600 - 1), "2024-04-30")
        XCTAssertEqual(text(951_782_400), "2000-02-29")
        _ = text(.max)
        _ = text(.min)
    }

    func testValidateTitle() {
        XCTAssertEqual(MovieLibrary.validate(title: ""), .blank)
        XCTAssertEqual(MovieLibrary.validate(title: " \t\n\r\u{3000}\u{A0}\u{2028}"), .blank)
        XCTAssertNil(MovieLibrary.validate(title: " x "))
        XCTAssertNil(MovieLibrary.validate(title: "\u{200B}"), "a zero-width space is not whitespace to Swift")
        XCTAssertNil(MovieLibrary.validate(title: String(repeating: "a", count: 500)))
        XCTAssertEqual(MovieLibrary.validate(title: String(repeating: "a", count: 501)), .tooLong(limit: 500))
        // Characters, not bytes or scalars: 500 family emoji are fine.
        XCTAssertNil(MovieLibrary.validate(title: String(repeating: "👩‍👩‍👧‍👦", count: 500)))
        XCTAssertEqual(MovieLibrary.validate(title: String(repeating: "e\u{301}", count: 501)), .tooLong(limit: 500))
        XCTAssertEqual(TitleProblem.blank.message, "A title cannot be empty.")
        XCTAssertEqual(TitleProblem.tooLong(limit: 500).message, "A title can be at most 500 characters long.")
    }

    func testSetTitleKeepsTheStringExactlyAndRefusesWithoutChange() throws {
        let (library, recorder) = library([1, 2])
        try library.setTitle("  Spaced\u{301}  ", for: MovieID(2))
        XCTAssertTrue(library.movies.dropFirst(1).first?.title.utf8.elementsEqual("  Spaced\u{301}  ".utf8) == true)
        XCTAssertEqual(recorder.take(), [.updated(MovieID(2), at: 1)])

        XCTAssertThrowsError(try library.setTitle("   ", for: MovieID(2))) {
            XCTAssertEqual($0 as? TitleProblem, .blank)
        }
        XCTAssertThrowsError(try library.setTitle(String(repeating: "x", count: 501), for: MovieID(2))) {
            XCTAssertEqual($0 as? TitleProblem, .tooLong(limit: 500))
        }
        XCTAssertTrue(library.movies.dropFirst(1).first?.title.utf8.elementsEqual("  Spaced\u{301}  ".utf8) == true)
        XCTAssertEqual(recorder.take(), [])

        // Canonically equal but different bytes is a change; identical bytes is not.
        try library.setTitle("\u{E9}", for: MovieID(1))
        try library.setTitle("e\u{301}", for: MovieID(1))
        try library.setTitle("e\u{301}", for: MovieID(1))
        XCTAssertEqual(recorder.take(), [.updated(MovieID(1), at: 0), .updated(MovieID(1), at: 0)])
        XCTAssertTrue(library.movies.first?.title.utf8.elementsEqual("e\u{301}".utf8) == true)

        try library.setTitle("Nobody", for: MovieID(99))
        XCTAssertEqual(recorder.take(), [])
    }

    func testSetGenreAndNotesSendUpdatedOnlyWhenChanged() {
        let (library, recorder) = library([1, 2, 3])
        library.setGenre(.horror, for: MovieID(3))
        library.setGenre(.horror, for: MovieID(3))
        library.setNotes("Line one\nline two", for: MovieID(1))
        library.setNotes("Line one\nline two", for: MovieID(1))
        library.setNotes("x", for: MovieID(7))
        XCTAssertEqual(recorder.take(), [.updated(MovieID(3), at: 2), .updated(MovieID(1), at: 0)])
        XCTAssertEqual(library.movie(MovieID(3))?.genre, .horror)
        XCTAssertEqual(library.movie(MovieID(1))?.notes, "Line one\nline two")
    }

    func testAddAppendsUntitledAndSelectsIt() {
        let (library, recorder) = library([4, 9, 2])
        let id = library.add(now: 1_000)
        XCTAssertEqual(id, MovieID(10))
        XCTAssertEqual(
            library.movies.last, Movie(id: id, title: "Untitled movie", genre: .drama, dateAdded: 1_000, notes: ""))
        XCTAssertEqual(library.selection, id)
        XCTAssertEqual(library.selectedMovie?.id, id)
        XCTAssertEqual(recorder.take(), [.inserted(id, at: 3), .selected(id)])
        XCTAssertEqual(MovieLibrary(movies: []).add(now: 0), MovieID(1))
    }

    func testAddNeverReusesTheIDOfARemovedMovie() throws {
        let (library, _) = library([1, 2])
        let removal = try XCTUnwrap(library.remove(MovieID(2)))
        let id = library.add(now: 0)
        XCTAssertEqual(id, MovieID(3))
        XCTAssertTrue(library.undo(removal))
        XCTAssertEqual(library.movies.map(\.id.raw), [1, 2, 3])
    }

    func testSelectIgnoresUnknownIDsAndRepeats() {
        let (library, recorder) = library([1, 2])
        library.select(MovieID(2))
        library.select(MovieID(2))
        library.select(MovieID(5))
        XCTAssertEqual(library.selection, MovieID(2))
        library.select(nil)
        library.select(nil)
        XCTAssertNil(library.selection)
        XCTAssertNil(library.selectedMovie)
        XCTAssertEqual(recorder.take(), [.selected(MovieID(2)), .selected(nil)])
    }

    func testRemovingTheSelectedMovieSelectsTheNextThenThePrevious() {
        let (library, recorder) = library([1, 2, 3])
        library.select(MovieID(2))
        _ = recorder.take()
        XCTAssertEqual(library.remove(MovieID(2)), MovieLibrary.Removal(movie: movie(2, "Film 2"), index: 1))
        XCTAssertEqual(library.selection, MovieID(3))
        XCTAssertEqual(recorder.take(), [.removed(MovieID(2), at: 1), .selected(MovieID(3))])
        library.remove(MovieID(3))
        XCTAssertEqual(library.selection, MovieID(1))
        library.remove(MovieID(1))
        XCTAssertNil(library.selection)
        XCTAssertEqual(
            recorder.take(),
            [
                .removed(MovieID(3), at: 1), .selected(MovieID(1)), .removed(MovieID(1), at: 0), .selected(nil),
            ])
        XCTAssertNil(library.remove(MovieID(1)))
        XCTAssertEqual(recorder.take(), [])
    }

    func testRemovingAnotherMovieKeepsTheSelection() {
        let (library, recorder) = library([1, 2, 3])
        library.select(MovieID(3))
        _ = recorder.take()
        library.remove(MovieID(1))
        XCTAssertEqual(library.selection, MovieID(3))
        XCTAssertEqual(recorder.take(), [.removed(MovieID(1), at: 0)])
    }

    func testChangesAreSentAfterTheOperationIsComplete() {
        let (library, _) = library([1, 2])
        library.select(MovieID(1))
        var seen: [(MovieLibrary.Change, [UInt64], MovieID?)] = []
        let token = library.changes.add { seen.append(($0, library.movies.map(\.id.raw), library.selection)) }
        library.remove(MovieID(1))
        XCTAssertEqual(seen.first?.1, [2])
        XCTAssertEqual(seen.first?.2, MovieID(2), "the selection has moved before .removed is sent")
        token.cancel()
    }

    func testUndoReinsertsAtItsIndexOrTheEndAndSelects() throws {
        let (library, recorder) = library([1, 2, 3, 4])
        let removal = try XCTUnwrap(library.remove(MovieID(3)))
        XCTAssertTrue(library.undo(removal))
        XCTAssertEqual(library.movies.map(\.id.raw), [1, 2, 3, 4])
        XCTAssertEqual(library.selection, MovieID(3))
        XCTAssertFalse(library.undo(removal), "already present")
        XCTAssertEqual(
            recorder.take(), [.removed(MovieID(3), at: 2), .inserted(MovieID(3), at: 2), .selected(MovieID(3))])

        let late = try XCTUnwrap(library.remove(MovieID(4)))
        library.remove(MovieID(1))
        library.remove(MovieID(2))
        XCTAssertTrue(library.undo(late))
        XCTAssertEqual(library.movies.map(\.id.raw), [3, 4])
    }

    func testReplaceAllClearsTheSelection() {
        let (library, recorder) = library([1, 2])
        library.select(MovieID(1))
        _ = recorder.take()
        library.replaceAll(with: [movie(7), movie(5)])
        XCTAssertEqual(library.movies.map(\.id.raw), [7, 5])
        XCTAssertNil(library.selection)
        XCTAssertEqual(recorder.take(), [.replaced])
        XCTAssertEqual(library.add(now: 0), MovieID(8))
    }

    func testBuiltInIsDeterministicAndValid() {
        let now: Int64 = 1_714_564_800
        let movies = MovieLibrary.builtInMovies(now: now)
        XCTAssertEqual(movies, MovieLibrary.builtInMovies(now: now))
        XCTAssertEqual(MovieLibrary.builtIn(now: now).movies, movies)
        XCTAssertNil(MovieLibrary.builtIn(now: now).selection)
        XCTAssertTrue((6...8).contains(movies.count))
        XCTAssertEqual(Set(movies.map(\.id)).count, movies.count)
        XCTAssertEqual(Set(movies.map(\.genre)).count, Genre.allCases.count)
        for movie in movies {
            XCTAssertNil(MovieLibrary.validate(title: movie.title))
            XCTAssertFalse(movie.notes.isEmpty)
            XCTAssertFalse(movie.notes.contains("\n"))
            XCTAssertLessThanOrEqual(movie.dateAdded, now)
        }
        XCTAssertEqual(movies.last?.dateAdded, now)
    }

    func testEditPaneOpensAndCloses() {
        let pane = EditPane()
        let recorder = MovieChangeRecorder(pane.changes)
        XCTAssertFalse(pane.isOpen)
        pane.toggle()
        XCTAssertTrue(pane.isOpen)
        pane.open()
        pane.toggle()
        XCTAssertFalse(pane.isOpen)
        pane.close()
        pane.open()
        XCTAssertEqual(recorder.take(), [.opened, .closed, .opened])
    }
}
