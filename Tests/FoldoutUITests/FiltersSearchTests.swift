// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The Filters page's search on real widgets, typed with real key presses (xdotool, under Xvfb).
final class FiltersSearchTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    @MainActor private var page: FiltersPage!

    /// Accented and plain titles, a second text column, and a facet.
    private static let csv = """
        title,note,shelf,year
        Café de Flore,Paris,Drinks,1990
        Cafe Racer,garage,Bikes,1985
        CAFÉ AU LAIT,morning,Drinks,2001
        Le Cafetier,trade,Drinks,1999
        Crème Brûlée,dessert,Food,2010
        Brûlerie du Port,café roaster,Food,2012
        Σκιά και φως,Athens,Books,1970
        Straße der Träume,Berlin,Books,1988
        """

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
            "xdotool is needed to type (apt-get install xdotool)")
        let catalog = try Catalog.parseCSV(Array(Self.csv.utf8), name: "cafes.csv")
        onMain {
            page = FiltersPage(source: .loaded(catalog), host: .alone(in: nil))
            window = Window()
            window.setDefaultSize(width: 900, height: 700)
            window.title = windowTitle
            window.child = page.root
            window.present()
            XCTAssertTrue(
                pump { self.page.filter != nil && self.page.boundRows.count == catalog.count }, "results never appeared"
            )
        }
    }

    override func tearDown() {
        onMain {
            self.window?.destroy()
            self.window = nil
            self.page = nil
            self.pump(seconds: 0.05)
        }
    }

    /// A title no other window has had, for xdotool to find this test's window by.
    private let windowTitle = "Foldout search test \(UUID().uuidString)"

    /// Presses keys as a user does: xdotool gives the window the keyboard focus (there is no window
    /// manager under Xvfb to do it) and sends the keys to the X server; the main loop delivers them.
    @MainActor private func xdotool(
        _ arguments: String..., until done: () -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        xdotool(arguments, window: windowTitle, until: done, file: file, line: line)
    }

    @MainActor private var shownTitles: [String] { page.visibleNames }

    @MainActor private func focusList() {
        XCTAssertTrue(page.listView.grabFocus())
        XCTAssertTrue(pump { self.window.isActive })
    }

    func testTypingInTheListSearchesTitlesIgnoringAccentsAndHighlightsTheMatch() throws {
        try onMain {
            focusList()
            xdotool(
                "type", "--delay", "30", "cafe", until: { page.search.entry.text == "cafe" && !page.search.isSearching }
            )
            XCTAssertTrue(
                page.search.entry.isAncestor(ofFocus: window), "typing in the list moved the focus to the search field")
            XCTAssertEqual(Set(shownTitles), ["Café de Flore", "Cafe Racer", "CAFÉ AU LAIT", "Le Cafetier"])
            XCTAssertEqual(page.countLabel.text, "4 of 8 rows")
            XCTAssertTrue(page.clearButton.isVisible, "Clear Filters ends the search too")
            let row = try XCTUnwrap(page.boundRows.values.first { $0.name.text == "Le Cafetier" })
            XCTAssertEqual(row.name.highlightedRanges, [3..<7], "“Cafe” of “Le Cafetier” is highlighted")
            let accented = try XCTUnwrap(page.boundRows.values.first { $0.name.text == "CAFÉ AU LAIT" })
            XCTAssertEqual(accented.name.highlightedRanges, [0..<5], "“CAFÉ” (five bytes) is highlighted")

            xdotool("type", "--delay", "30", "t", until: { shownTitles == ["Le Cafetier"] })
            XCTAssertEqual(page.countLabel.text, "1 of 8 rows")
            xdotool("key", "BackSpace", until: { shownTitles.count == 4 })

            xdotool("key", "Escape", until: { page.search.entry.text.isEmpty && shownTitles.count == 8 })
            XCTAssertEqual(page.countLabel.text, "8 of 8 rows")
        }
    }

    /// A file opened while a search is shown comes with its results: the search was made while
    /// the file was read, and nothing is searched again once it is shown.
    func testANewCatalogIsShownSearchedAndNotSearchedAgain() throws {
        let folder = NSTemporaryDirectory() + "foldout-search-reopen-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/teas.csv"
        try "title,shop\nCafé Noir,a\nTea House,b\nLe Café,c\nCafeteria,d\nMatcha Bar,e\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        try onMain {
            focusList()
            xdotool("type", "--delay", "30", "cafe", until: { shownTitles.count == 4 && !page.search.isSearching })
            let gate = SearchGate(holding: "")
            page.search.findRows = gate.findRows
            page.search.findQuickly = gate.findQuickly
            page.open(path: path)
            XCTAssertTrue(
                pump { page.filter?.catalog.name == "teas.csv" && !page.work.isOpening && !page.search.isSearching },
                "the new file was never shown")
            XCTAssertEqual(Set(shownTitles), ["Café Noir", "Le Café", "Cafeteria"])
            XCTAssertEqual(page.countLabel.text, "3 of 5 rows")
            XCTAssertEqual(gate.started, [], "the new catalog was searched again after it was shown")
        }
    }

    func testControlFFocusesTheFieldAndSearchCombinesWithFacetsAndOtherColumns() throws {
        try onMain {
            focusList()
            xdotool("key", "ctrl+f", until: { page.search.entry.isAncestor(ofFocus: window) })
            xdotool(
                "type", "--delay", "30", "brul", until: { !page.search.isSearching && page.search.entry.text == "brul" }
            )
            XCTAssertEqual(Set(shownTitles), ["Crème Brûlée", "Brûlerie du Port"])

            let shelf = try XCTUnwrap(page.filter?.catalog.column(named: "shelf"))
            XCTAssertTrue(page.choose("Food", inFacetNamed: "shelf"))
            XCTAssertEqual(Set(shownTitles), ["Crème Brûlée", "Brûlerie du Port"])
            xdotool(
                "key", "ctrl+a", "type", "--delay", "30", "cafe",
                until: { !page.search.isSearching && page.search.entry.text == "cafe" })
            XCTAssertTrue(page.emptyResults.root.isVisible, "no Food title contains “cafe”")
            XCTAssertEqual(page.emptyResults.detail.text, "No item contains “cafe” and has all of shelf: Food.")
            XCTAssertEqual(
                page.filter?.counts(forColumn: shelf), [1, 0, 3, 0],
                "the shelf's counts follow the search (Bikes, Books, Drinks, Food)")

            page.search.everyColumn.isActive = true
            XCTAssertTrue(pump { shownTitles == ["Brûlerie du Port"] }, "its note, “café roaster”, matches")

            page.clearFilters()
            XCTAssertTrue(pump { shownTitles.count == 8 }, "Clear Filters clears the search too")
            XCTAssertEqual(page.search.entry.text, "")
        }
    }

    /// Each keystroke starts a search away from the main thread and cancels the one before; only
    /// the newest keystroke's results are shown, whatever order the searches finish in. Here the
    /// search for “c” is held back until “cafe”, typed a key at a time with the main loop running
    /// between keys, is shown: “c” must then find itself cancelled, and its results, delivered
    /// anyway (as if it had passed its last check just before the next key), must not be shown.
    func testOnlyTheNewestKeystrokesResultsAreShown() throws {
        let gate = SearchGate(holding: "c")
        defer { gate.release() }
        onMain {
            page.search.findRows = gate.findRows
            page.search.findQuickly = gate.findQuickly
            focusList()
            xdotool("type", "c", until: { gate.started == ["c"] })
            for typed in ["ca", "caf", "cafe"] {
                xdotool("type", String(typed.last!), until: { gate.started.last == typed })
            }
            XCTAssertTrue(pump { !self.page.search.isSearching && self.shownTitles.count == 4 }, "\(shownTitles)")
            XCTAssertEqual(gate.started, ["c", "ca", "caf", "cafe"], "one search a keystroke")
            XCTAssertNil(gate.heldWasCancelled, "“c” is still held back: the searches overlap")
            XCTAssertEqual(Set(shownTitles), ["Café de Flore", "Cafe Racer", "CAFÉ AU LAIT", "Le Cafetier"])

            gate.release()
            XCTAssertTrue(pump { gate.heldWasCancelled != nil }, "the held search never finished")
            XCTAssertEqual(gate.heldWasCancelled, true, "“c” ran to its end though “cafe” was typed after it")
            // Its late results reach the main loop just after; they must not replace “cafe”'s.
            pump(seconds: 1) { self.page.filter?.searchText != "cafe" }
            XCTAssertEqual(page.filter?.searchText, "cafe")
            XCTAssertEqual(Set(shownTitles), ["Café de Flore", "Cafe Racer", "CAFÉ AU LAIT", "Le Cafetier"])
            XCTAssertEqual(page.countLabel.text, "4 of 8 rows")
        }
    }

    /// A letter whose rows need no reading is answered on the main thread: the search held back
    /// on its thread is never asked, and the results are there as soon as the key is handled.
    func testALetterFoundWithoutReadingIsShownWithoutAThread() throws {
        let gate = SearchGate(holding: "c")
        defer { gate.release() }
        onMain {
            page.search.findRows = gate.findRows
            focusList()
            xdotool("type", "c", until: { page.search.entry.text == "c" && !page.search.isSearching })
            XCTAssertEqual(gate.started, [], "one letter went to a thread")
            XCTAssertEqual(
                Set(shownTitles), ["Café de Flore", "Cafe Racer", "CAFÉ AU LAIT", "Le Cafetier", "Crème Brûlée"])
            XCTAssertEqual(page.countLabel.text, "5 of 8 rows")
        }
    }

    /// A search that takes a while says so (“Searching…”, after 150 ms) until its results are shown.
    func testASlowSearchSaysSearchingUntilItsResultsAreShown() throws {
        let gate = SearchGate(holding: "p")
        defer { gate.release() }
        onMain {
            page.search.findRows = gate.findRows
            page.search.findQuickly = gate.findQuickly
            XCTAssertFalse(page.work.root.isVisible)
            focusList()
            xdotool("type", "p", until: { gate.started == ["p"] })
            XCTAssertTrue(
                pump { self.page.work.root.isVisible && self.page.work.label.text == "Searching…" },
                "a search held back says nothing")
            XCTAssertEqual(shownTitles.count, 8, "the results before the search stay")
            gate.release()
            XCTAssertTrue(pump { !self.page.work.root.isVisible }, "“Searching…” stays after the search")
            XCTAssertEqual(shownTitles, ["Brûlerie du Port"])
        }
    }

    /// Enter in the search field goes to the results: the first one has the keyboard focus, and
    /// Down moves it to the next at once (GTK 4.12 and later would focus the list itself first).
    func testEnterInTheSearchFieldGoesToTheResults() throws {
        onMain {
            focusList()
            xdotool("key", "ctrl+f", until: { page.search.entry.isAncestor(ofFocus: window) })
            xdotool("type", "--delay", "30", "cafe", until: { !page.search.isSearching && shownTitles.count == 4 })
            XCTAssertTrue(page.search.entry.isAncestor(ofFocus: window))
            xdotool("key", "Return", until: { focusedTitle == shownTitles.first })
            XCTAssertFalse(page.search.entry.isAncestor(ofFocus: window))
            XCTAssertEqual(focusedTitle, "Café de Flore", "Enter focuses the first result")
            XCTAssertEqual(page.search.entry.text, "cafe", "Enter keeps the search")
            xdotool("key", "Down", until: { focusedTitle == "Cafe Racer" })
            XCTAssertEqual(
                focusedTitle, "Cafe Racer",
                "the first Down goes to the second result; the focus is on \(window.focusPath)")
        }
    }

    /// The title of the result row holding the keyboard focus.
    @MainActor private var focusedTitle: String? {
        page.boundRows.values.first { $0.position != nil && $0.root.isAncestor(ofFocus: window) }?.name.text
    }
}

/// Holds back the search for one text, on its searching thread, until released; records the texts
/// searched for and whether the held search found itself cancelled once let go.
private final class SearchGate: @unchecked Sendable {
    private let held: String
    private let lock = NSLock()
    private let released = DispatchSemaphore(value: 0)
    private var startedTexts: [String] = []
    private var cancelled: Bool?

    init(holding held: String) { self.held = held }

    /// The texts searched for, in the order their searches started.
    var started: [String] { lock.withLock { startedTexts } }
    /// Whether the held search, once released, was cancelled; nil until then.
    var heldWasCancelled: Bool? { lock.withLock { cancelled } }

    func release() { released.signal() }

    /// Sends every search to its thread, where `findRows` sees it.
    func findQuickly(_ search: CatalogSearch, _ text: String) -> RowSet? { nil }

    func findRows(_ search: CatalogSearch, _ text: String, _ isCancelled: () -> Bool) -> RowSet? {
        lock.withLock { startedTexts.append(text) }
        guard text == held else { return search.rows(matching: text, isCancelled: isCancelled) }
        released.wait()
        let wasCancelled = search.rows(matching: text, isCancelled: isCancelled) == nil
        let rows = search.rows(matching: text)
        lock.withLock { cancelled = wasCancelled }
        return rows
    }
}
