// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

final class MoviesPageTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    @MainActor private var page: MoviesPage!
    @MainActor private var notification: InAppNotification!
    private var dataHome: String!
    private let windowTitle = "Foldout movies test \(UUID().uuidString)"

    private var storeDirectory: String { dataHome + "/foldout" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        dataHome = NSTemporaryDirectory() + "foldout-movies-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
    }

    @MainActor private func showPage(directory: String? = nil) {
        Settings.default.enableAnimations = true
        notification = InAppNotification()
        page = MoviesPage(store: LibraryStore(directory: directory ?? storeDirectory), notification: notification)
        let header = HeaderBar()
        header.packEnd(page.editToggle)
        window = Window()
        window.title = windowTitle
        window.setTitlebar(header)
        window.setDefaultSize(width: 800, height: 600)
        let overlay = Overlay()
        overlay.child = page.root
        overlay.addOverlay(notification.root)
        window.child = overlay
        window.present()
        XCTAssertTrue(pump { self.page.boundRows.count == self.page.library.movies.count && self.page.listHeight > 0 })
    }

    override func tearDown() {
        onMain {
            self.window?.destroy()
            self.window = nil
            self.page = nil
            self.pump(seconds: 0.05)
            try? FileManager.default.removeItem(atPath: self.dataHome)
        }
    }

    @MainActor private var library: MovieLibrary { page.library }

    /// The library's movie at `index`, or a failure of the test (not a crash of the run) when it
    /// holds fewer.
    @MainActor private func movie(at index: Int, line: UInt = #line) throws -> Movie {
        let movies = library.movies
        return try XCTUnwrap(
            movies.indices.contains(index) ? movies[index] : nil,
            "the library holds \(movies.count) movies, none at \(index)", line: line)
    }

    @MainActor private func press(
        _ button: Button, until done: () -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(button.activate(), file: file, line: line)
        XCTAssertTrue(pump(until: done), "pressing \(button.label) had no effect", file: file, line: line)
    }

    @MainActor private func openPane() {
        page.editToggle.isActive = true
        XCTAssertTrue(pump { self.page.paneView.revealer.childRevealed })
        pump(frames: 3, of: page.root)
    }

    @MainActor private func savedTitles(in directory: String? = nil) -> [String]? {
        guard case .loaded(let movies) = LibraryStore(directory: directory ?? storeDirectory).load(now: 0) else {
            return nil
        }
        return movies.map(\.title)
    }

    func testEditSlidesThePaneInAndTheListShrinksByItsHeight() {
        onMain {
            showPage()
            let closedHeight = page.listHeight
            XCTAssertFalse(page.paneView.revealer.revealChild)
            openPane()
            XCTAssertTrue(page.pane.isOpen)
            let paneHeight = page.paneView.revealer.height
            XCTAssertGreaterThan(paneHeight, 50)
            XCTAssertGreaterThanOrEqual(
                closedHeight - page.listHeight, paneHeight - 1, "the list is not covered: it shrinks")
            page.editToggle.isActive = false
            XCTAssertTrue(pump { !self.page.paneView.revealer.childRevealed })
            pump(frames: 3, of: page.root)
            XCTAssertEqual(page.listHeight, closedHeight, "the list grows back")
        }
    }

    /// "Added …" is written as the region writes dates (LC_TIME), whatever the language.
    func testTheAddedDateFollowsTheRegion() throws {
        try onMain {
            let savedFormat = RegionFormat.current
            let savedTime = String(cString: setlocale(LC_TIME, nil))
            defer {
                setlocale(LC_TIME, savedTime)
                RegionFormat.current = savedFormat
            }
            guard setlocale(LC_TIME, "de_DE.UTF-8") != nil else {
                return XCTFail("no de_DE.UTF-8 locale: build-aux/install-deps.sh generates it")
            }
            RegionFormat.current = RegionFormats.read()
            showPage()
            let movie = try self.movie(at: 0)
            library.select(movie.id)
            let iso = movie.dateAddedText.split(separator: "-")
            guard iso.count >= 3 else { return XCTFail("“\(movie.dateAddedText)” is no year, month and day") }
            XCTAssertEqual(page.detailDate.text, "Added \(iso[2]).\(iso[1]).\(iso[0])")
            setlocale(LC_TIME, "en_US.UTF-8")
            RegionFormat.current = RegionFormats.read()
            library.select(try self.movie(at: 1).id)
            library.select(movie.id)
            XCTAssertEqual(page.detailDate.text, "Added \(iso[1])/\(iso[2])/\(iso[0])")
        }
    }

    func testEscapeClosesThePaneAndFocusesTheSelectedMovie() throws {
        try onMain {
            showPage()
            let third = try self.movie(at: 2).id
            library.select(third)
            openPane()
            page.paneView.titleEntry.grabFocus()
            page.paneView.titleEntry.activateAction("movies.close-pane")
            XCTAssertFalse(page.pane.isOpen)
            XCTAssertFalse(page.editToggle.isActive, "the toggle follows the pane")
            let row = try XCTUnwrap(page.boundRows[third])
            // GTK's row widget for the item, which holds ours, is what takes the focus.
            XCTAssertTrue(
                row.root.parentHasFocus,
                "the keyboard focus goes back to the selected movie, not to the first row")
        }
    }

    func testAddGivesASelectedNewRowWithTheTitleFocused() throws {
        try onMain {
            showPage()
            openPane()
            let count = library.movies.count
            press(page.paneView.addButton) { self.library.movies.count == count + 1 }
            let id = try XCTUnwrap(library.selection)
            XCTAssertEqual(library.index(of: id), count)
            XCTAssertEqual(page.listView.selectedPosition, count)
            XCTAssertTrue(pump { self.page.boundRows[id] != nil })
            XCTAssertTrue(
                page.paneView.titleEntry.isAncestor(ofFocus: page.paneView.titleEntry),
                "the title entry has the keyboard focus")
            XCTAssertEqual(page.paneView.titleEntry.text, library.movie(id)?.title)
        }
    }

    func testTypingATitleChangesTheRowAndIsSavedExactly() throws {
        try onMain {
            showPage()
            openPane()
            let id = try self.movie(at: 1).id
            page.listView.select(position: 1)
            XCTAssertEqual(library.selection, id, "selecting a row selects its movie")
            // "e" and a combining accent: Swift's == takes it for "é", so the bytes are compared.
            let title = "  שלום 👩‍👩‍👧 Cafe\u{301} – \"Noir\"  "
            let bytes = Array(title.utf8)
            page.paneView.titleEntry.text = title
            XCTAssertEqual(page.boundRows[id].map { Array($0.title.text.utf8) }, bytes)
            XCTAssertEqual(library.movie(id).map { Array($0.title.utf8) }, bytes)
            XCTAssertEqual(
                savedTitles().flatMap { $0.dropFirst(1).first }.map { Array($0.utf8) }, bytes,
                "saved at once, exactly as typed")
            let file = (try? Data(contentsOf: URL(fileURLWithPath: storeDirectory + "/library.json"))) ?? Data()
            XCTAssertNotNil(
                file.range(of: Data("Cafe\u{301} – \\\"Noir\\\"".utf8)), "the file holds the accent as typed")
        }
    }

    func testABlankTitleIsRefusedWhereItIsTyped() throws {
        try onMain {
            showPage()
            openPane()
            let movie = try self.movie(at: 0)
            page.listView.select(position: 0)
            // A good title first, saved at once: the file then has something a blank one could replace.
            page.paneView.titleEntry.text = "Before"
            XCTAssertTrue(pump { self.savedTitles()?.first == "Before" })
            page.paneView.titleEntry.text = "   "
            XCTAssertTrue(page.paneView.titleEntry.hasCSSClass("error"))
            XCTAssertTrue(page.paneView.titleProblem.isVisible)
            XCTAssertEqual(page.paneView.titleProblem.text, TitleProblem.blank.message)
            XCTAssertEqual(library.movie(movie.id)?.title, "Before", "nothing bad is kept")
            XCTAssertEqual(page.boundRows[movie.id]?.title.text, "Before")
            pump(seconds: 0.2)
            XCTAssertEqual(savedTitles()?.first, "Before", "the blank title is never saved")
            page.paneView.titleEntry.text = "Fine"
            XCTAssertFalse(page.paneView.titleEntry.hasCSSClass("error"))
            XCTAssertTrue(pump { self.savedTitles()?.first == "Fine" })
        }
    }

    /// The notes are edited in the pane, shown in the details and saved like the rest.
    func testNotesAreEditedInThePaneAndSaved() throws {
        try onMain {
            showPage()
            openPane()
            page.listView.select(position: 2)
            let movie = try self.movie(at: 2)
            XCTAssertEqual(page.paneView.notes.text, movie.notes, "the pane shows the selected movie's notes")
            let notes = "Seen twice.\nThe second time in a café, with subtitles — «magnifique»."
            page.paneView.notes.text = notes
            XCTAssertEqual(try self.movie(at: 2).notes, notes)
            XCTAssertTrue(pump { self.savedNotes()?.dropFirst(2).first == notes }, "saved exactly")
            page.listView.select(position: 0)
            XCTAssertEqual(page.paneView.notes.text, try self.movie(at: 0).notes)
            XCTAssertEqual(try self.movie(at: 2).notes, notes, "selecting another movie changes no notes")
        }
    }

    @MainActor private func savedNotes() -> [String]? {
        guard case .loaded(let movies) = LibraryStore(directory: storeDirectory).load(now: 0) else { return nil }
        return movies.map(\.notes)
    }

    /// Closing the pane on a refused (blank) title drops it: reopened, the pane and the list agree.
    func testClosingThePaneOnABlankTitleKeepsThePaneAndTheListAgreeing() throws {
        try onMain {
            showPage()
            openPane()
            page.listView.select(position: 0)
            let movie = try self.movie(at: 0)
            page.paneView.titleEntry.text = "   "
            XCTAssertEqual(try self.movie(at: 0).title, movie.title, "a blank title is refused")
            page.pane.close()
            XCTAssertTrue(pump { !self.page.paneView.revealer.childRevealed })
            openPane()
            XCTAssertEqual(page.paneView.titleEntry.text, movie.title)
            XCTAssertEqual(page.boundRows[movie.id]?.title.text, movie.title)
            XCTAssertFalse(page.paneView.titleEntry.hasCSSClass("error"), "no red field for a title nobody is typing")
        }
    }

    func testWithNoSelectionThePaneFieldsAreDisabled() throws {
        try onMain {
            showPage()
            openPane()
            library.select(nil)
            XCTAssertFalse(page.paneView.titleEntry.isSensitive)
            XCTAssertFalse(page.paneView.genre.isSensitive)
            XCTAssertFalse(page.paneView.deleteButton.isSensitive)
            library.select(try self.movie(at: 0).id)
            XCTAssertTrue(page.paneView.titleEntry.isSensitive)
        }
    }

    func testGenreChoiceShowsInTheListAndTheDetail() throws {
        try onMain {
            showPage()
            openPane()
            let id = try self.movie(at: 2).id
            library.select(id)
            page.paneView.genre.selected = Genre.allCases.firstIndex(of: .horror)!
            XCTAssertEqual(library.movie(id)?.genre, .horror)
            XCTAssertEqual(page.boundRows[id]?.genre.text, "Horror")
        }
    }

    func testDeleteAndUndo() throws {
        try onMain {
            showPage()
            openPane()
            let movie = try self.movie(at: 0)
            library.select(movie.id)
            press(page.paneView.deleteButton) { self.library.movie(movie.id) == nil }
            XCTAssertFalse(savedTitles()?.contains(movie.title) ?? true)
            XCTAssertTrue(pump { self.page.boundRows[movie.id] == nil })
            XCTAssertTrue(pump { self.notification.offersUndo && self.notification.undoButton.isMapped })
            press(notification.undoButton) { self.library.movie(movie.id) != nil }
            XCTAssertEqual(library.movies.first, movie, "back in its place, as it was")
            XCTAssertEqual(library.selection, movie.id)
            XCTAssertEqual(savedTitles()?.first, movie.title, "the undone deletion is saved")
            XCTAssertTrue(pump { self.page.boundRows[movie.id] != nil }, "its row is shown again")
            XCTAssertFalse(notification.isShown)
        }
    }

    /// The list shows the library's selection whoever changes it: a click, a deletion and its
    /// undo (which splice the list under the selection), a key.
    func testTheListShowsTheLibrarysSelectionThroughClicksUndoAndKeys() throws {
        try onMain {
            showPage()
            openPane()
            let movie = try self.movie(at: 1)
            guard let point = page.boundRows[movie.id]?.root.pointInWindow() else { return XCTFail("no row") }
            xdotool(["mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1"], window: windowTitle) {
                self.library.selection == movie.id
            }
            XCTAssertEqual(page.listView.selectedPosition, 1)
            press(page.paneView.deleteButton) { self.library.movie(movie.id) == nil }
            XCTAssertEqual(page.listView.selectedPosition, 1, "the next movie, in the deleted one's place")
            XCTAssertEqual(page.listView.selectedID, library.selection?.listID)
            XCTAssertTrue(pump { self.notification.offersUndo && self.notification.undoButton.isMapped })
            press(notification.undoButton) { self.library.movie(movie.id) != nil }
            XCTAssertEqual(library.selection, movie.id, "the movie brought back is selected")
            XCTAssertEqual(page.listView.selectedPosition, 1, "and the list shows it selected")
            page.focusFirst()
            let next = try self.movie(at: 2)
            xdotool(["key", "Down"], window: windowTitle) { self.library.selection == next.id }
            XCTAssertEqual(page.listView.selectedPosition, 2)
            XCTAssertEqual(page.paneView.titleEntry.text, next.title)
        }
    }

    /// After Delete the next movie is selected, in the list and the pane; at the end, the one before.
    func testDeleteSelectsTheNextMovieOrThePreviousAtTheEnd() throws {
        try onMain {
            showPage()
            openPane()
            let next = try self.movie(at: 2)
            let deleted = try self.movie(at: 1)
            library.select(deleted.id)
            press(page.paneView.deleteButton) { self.library.movie(deleted.id) == nil }
            XCTAssertEqual(library.selection, next.id)
            XCTAssertEqual(page.listView.selectedPosition, 1, "the list shows the next movie selected")
            XCTAssertEqual(page.paneView.titleEntry.text, next.title)
            let last = try self.movie(at: library.movies.count - 1)
            let previous = try self.movie(at: library.movies.count - 2)
            library.select(last.id)
            press(page.paneView.deleteButton) { self.library.movie(last.id) == nil }
            XCTAssertEqual(library.selection, previous.id)
            XCTAssertEqual(page.listView.selectedPosition, library.movies.count - 1)
        }
    }

    /// The Deleted… Undo notification, in the real window, covers none of the Edit pane's fields.
    func testTheNotificationCoversNoField() throws {
        try onMain {
            let main = makeMainWindow(
                actions: ActionsList(generatedCount: 100), catalog: Catalog.generate(count: 100),
                libraryFolder: storeDirectory)
            defer { main.window.destroy() }
            let movies = main.ensureMoviesPage()
            main.page = .movies
            movies.openPaneAtOnce()
            XCTAssertTrue(pump { movies.paneView.titleEntry.isMapped && movies.paneView.titleEntry.width > 0 })
            press(movies.paneView.deleteButton) { main.notification.isShown }
            XCTAssertTrue(pump { main.notification.root.height > 0 && main.notification.root.isMapped })
            pump(frames: 3, of: main.window)
            let note = try XCTUnwrap(main.notification.root.bounds(in: main.window))
            for field in [movies.paneView.titleEntry, movies.paneView.deleteButton, movies.paneView.addButton]
                as [Widget]
            {
                let box = try XCTUnwrap(field.bounds(in: main.window))
                let overlaps =
                    note.x < box.x + box.width && box.x < note.x + note.width && note.y < box.y + box.height
                    && box.y < note.y + note.height
                XCTAssertFalse(overlaps, "the notification \(note) covers a field at \(box)")
            }
        }
    }

    func testASecondInstanceOnTheSameFolderShowsTheEdits() throws {
        try onMain {
            showPage()
            openPane()
            let id = try self.movie(at: 0).id
            library.select(id)
            page.paneView.titleEntry.text = "Edited in the first instance"
            let process = Process()
            process.executableURL = try XCTUnwrap(Bundle.main.executableURL, "the test bundle has no executable")
                .deletingLastPathComponent().appendingPathComponent("foldout")
            process.arguments = ["--list-movies"]
            process.environment = ["XDG_DATA_HOME": dataHome, "HOME": dataHome, "PATH": "/usr/bin:/bin"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertEqual(
                text.split(separator: "\n").first?.split(separator: "\t").first, "Edited in the first instance")
        }
    }

    func testADamagedFileIsMovedAsideAndExplained() throws {
        try onMain {
            try FileManager.default.createDirectory(atPath: storeDirectory, withIntermediateDirectories: true)
            try "{\"format\": 1, \"movies\": [".write(
                toFile: storeDirectory + "/library.json", atomically: false, encoding: .utf8)
            let started = Int64(Date().timeIntervalSince1970)
            showPage()
            XCTAssertTrue(page.banner.isShown)
            XCTAssertTrue(page.banner.text.contains("corrupt-"), page.banner.text)
            let aside = try FileManager.default.contentsOfDirectory(atPath: storeDirectory).filter {
                $0.hasPrefix("library.json.corrupt-")
            }
            XCTAssertEqual(aside.count, 1)
            let movedAside = try XCTUnwrap(aside.first, "the damaged file was not moved aside")
            XCTAssertEqual(
                try String(contentsOfFile: storeDirectory + "/" + movedAside, encoding: .utf8),
                "{\"format\": 1, \"movies\": [")
            // The built-in films, written out here rather than read from the code that makes them.
            let builtIn: [(UInt64, String, String, String)] = [
                (
                    1, "Casablanca", "drama",
                    "Rick runs a nightclub in wartime Morocco and finds his old flame at the door."
                ),
                (2, "Some Like It Hot", "comedy", "Two musicians hide from the mob in an all-women band."),
                (
                    3, "Man with a Movie Camera", "documentary",
                    "A day in the life of Soviet cities, told by the camera alone."
                ),
                (4, "Vertigo", "thriller", "A detective afraid of heights follows a woman who seems possessed."),
                (5, "Spirited Away", "animation", "A girl must work in a bathhouse for spirits to free her parents."),
                (
                    6, "2001: A Space Odyssey", "scienceFiction",
                    "From the dawn of man to a voyage to Jupiter with HAL 9000."
                ),
                (7, "Roman Holiday", "romance", "A runaway princess spends one day in Rome with a reporter."),
                (8, "Nosferatu", "horror", "The silent original: Count Orlok brings the plague to Wisborg."),
            ]
            XCTAssertEqual(library.movies.count, builtIn.count)
            for (movie, expected) in zip(library.movies, builtIn) {
                XCTAssertEqual(movie.id, MovieID(expected.0))
                XCTAssertEqual(movie.title, expected.1)
                XCTAssertEqual(movie.genre.rawValue, expected.2, movie.title)
                XCTAssertEqual(movie.notes, expected.3, movie.title)
            }
            let ended = Int64(Date().timeIntervalSince1970)
            let last = try XCTUnwrap(library.movies.last?.dateAdded)
            XCTAssertTrue((started...ended).contains(last), "the last film was added when the page opened")
            XCTAssertEqual(
                library.movies.map(\.dateAdded), (0..<8).map { last - Int64(7 - $0) * 86_400 }, "a day apart")
        }
    }

    func testAFolderThatCannotBeWrittenKeepsEditsAndRetries() throws {
        try onMain {
            showPage()
            // A regular file where the data folder should be: no one can write there, root included.
            XCTAssertTrue(
                FileManager.default.createFile(atPath: storeDirectory, contents: Data("not a folder".utf8)),
                "the fixture file is written")
            let first = try self.movie(at: 0).id
            let second = try self.movie(at: 1).id
            try library.setTitle("First edit", for: first)
            XCTAssertTrue(page.banner.isShown, "a folder that cannot be written is explained")
            XCTAssertTrue(page.banner.text.contains("kept"), page.banner.text)
            XCTAssertEqual(library.movie(first)?.title, "First edit", "the edit is kept in memory")
            try FileManager.default.removeItem(atPath: storeDirectory)
            try library.setTitle("Second edit", for: second)
            XCTAssertFalse(page.banner.isShown, page.banner.text)
            XCTAssertEqual(savedTitles()?.prefix(2), ["First edit", "Second edit"], "the retry saves every edit")
        }
    }
}
