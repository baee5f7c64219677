// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

final class LibraryAutosaveTests: XCTestCase {
    private let now: Int64 = 1_714_564_800

    /// The library's movie at `index`, or a failure of the test (not a crash of the run) when it
    /// holds fewer.
    private func movie(_ index: Int, of library: MovieLibrary, line: UInt = #line) throws -> Movie {
        try XCTUnwrap(
            library.movies.indices.contains(index) ? library.movies[index] : nil,
            "the library holds \(library.movies.count) movies, none at \(index)", line: line)
    }

    func testSavesAfterEveryChangeButSelection() throws {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path + "/foldout")
        let library = MovieLibrary.builtIn(now: now)
        let autosave = LibraryAutosave(library: library, store: store)
        let recorder = MovieChangeRecorder(autosave.changes)
        XCTAssertEqual(store.load(now: now), .missing, "nothing is saved before a change")

        library.select(try movie(2, of: library).id)
        XCTAssertEqual(store.load(now: now), .missing, "a selection is not saved")

        let id = library.add(now: now + 5)
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
        try library.setTitle("Nattvardsgästerna", for: id)
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
        library.setGenre(.drama, for: try movie(0, of: library).id)
        library.setGenre(.comedy, for: try movie(0, of: library).id)
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
        library.setNotes("🎬", for: id)
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
        let removal = try XCTUnwrap(library.remove(movie(1, of: library).id))
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
        library.undo(removal)
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
        library.replaceAll(with: [])
        XCTAssertEqual(store.load(now: now), .loaded([]))

        XCTAssertEqual(autosave.status, .saved)
        XCTAssertEqual(recorder.take(), [], "the status never changed")
    }

    func testAFailureIsReportedOnceAndTheNextChangeAfterRecoverySavesEverything() throws {
        let temp = LibraryTestDirectory()
        // A regular file where a directory is needed: mkdir fails even for root.
        temp.write("in the way", to: "blocker")
        let store = LibraryStore(directory: temp.path + "/blocker/foldout")
        let library = MovieLibrary.builtIn(now: now)
        let autosave = LibraryAutosave(library: library, store: store)
        let recorder = MovieChangeRecorder(autosave.changes)

        let first = library.add(now: now)
        let reason = String(cString: strerror(ENOTDIR))
        XCTAssertEqual(autosave.status, .failing(reason: reason))
        try library.setTitle("Written while failing", for: first)
        library.setNotes("רשימות", for: try movie(0, of: library).id)
        library.remove(try movie(3, of: library).id)
        autosave.saveNow()
        XCTAssertEqual(autosave.status, .failing(reason: reason))
        XCTAssertEqual(recorder.take(), [.status(.failing(reason: reason))], "reported once")

        XCTAssertEqual(unlink(temp.path + "/blocker"), 0)
        library.select(first)
        XCTAssertEqual(autosave.status, .failing(reason: reason), "a selection does not save")
        library.setGenre(.documentary, for: first)
        XCTAssertEqual(autosave.status, .saved)
        XCTAssertEqual(recorder.take(), [.status(.saved)])
        guard case .loaded(let saved) = store.load(now: now) else { return XCTFail() }
        MovieSamples.assertIdentical(saved, library.movies)
        XCTAssertEqual(saved.first { $0.id == first }?.title, "Written while failing")
        XCTAssertEqual(saved.first?.notes, "רשימות")
        XCTAssertEqual(saved.count, MovieLibrary.builtInMovies(now: now).count)
    }

    func testSaveNowWritesWithoutAChange() {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path)
        let library = MovieLibrary.builtIn(now: now)
        let autosave = LibraryAutosave(library: library, store: store)
        autosave.saveNow()
        XCTAssertEqual(autosave.status, .saved)
        XCTAssertEqual(store.load(now: now), .loaded(library.movies))
    }

    func testTheLibraryOutlivingTheAutosaveStopsSaving() {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path)
        let library = MovieLibrary.builtIn(now: now)
        var autosave: LibraryAutosave? = LibraryAutosave(library: library, store: store)
        XCTAssertNotNil(autosave)
        autosave = nil
        XCTAssertEqual(library.changes.count, 0)
        library.add(now: now)
        XCTAssertEqual(store.load(now: now), .missing)
    }
}
