// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The Filters page on real widgets, over the generated catalog and over files a user would open.
final class FiltersPageTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    private let windowTitle = "Foldout filters test \(UUID().uuidString)"
    @MainActor private var page: FiltersPage!
    private var files: [String] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMain { self.showPage(.loaded(Catalog.generate(count: 20_000, seed: 5)), height: 700) }
    }

    @MainActor private func showPage(_ source: CatalogSource, height: Int32) {
        // The app's style sheet, as the app loads it, whichever test ran before (a main window's
        // loads it for the rest of the run): the page's sizes depend on it.
        Style.load()
        Settings.default.enableAnimations = true
        window = Window()
        page = FiltersPage(source: source, host: .alone(in: window))
        window.title = windowTitle
        window.setDefaultSize(width: 900, height: height)
        window.child = page.root
        window.present()
        XCTAssertTrue(pump { self.page.filter != nil && self.page.boundRows.count > 2 }, "results never appeared")
    }

    override func tearDown() {
        onMain {
            // A flyout left open would keep the keyboard grabbed after its window is gone.
            for menu in self.page?.facetMenus ?? [] { menu.button.popdown() }
            self.page?.facetBar.facetsButton.popdown()
            self.pump(seconds: 0.05)
            for dialog in ErrorDialog.shown { dialog.dismiss() }
            self.window?.destroy()
            self.window = nil
            self.page = nil
            self.pump(seconds: 0.05)
        }
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    /// The page's filter: without one (no catalog shown) the test fails, and the run goes on.
    @MainActor private var filter: FacetFilter {
        get throws { try XCTUnwrap(page.filter, "the page shows no catalog") }
    }
    @MainActor private var catalog: Catalog {
        get throws { try filter.catalog }
    }

    @MainActor private func menu(_ name: String, line: UInt = #line) throws -> FacetMenu {
        try XCTUnwrap(page.facetMenus.first { $0.name == name }, "no facet \(name)", line: line)
    }

    /// `items[index]`, or a failure of the test (not a crash of the run) when there are fewer.
    private func element<T>(_ index: Int, of items: [T], line: UInt = #line) throws -> T {
        try XCTUnwrap(
            items.indices.contains(index) ? items[index] : nil, "no item \(index) of \(items.count)", line: line)
    }

    @MainActor private func press(
        _ button: Button, until done: () -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(button.activate(), file: file, line: line)
        XCTAssertTrue(pump(until: done), "pressing \(button.label) had no effect", file: file, line: line)
    }

    @MainActor private func open(_ menu: FacetMenu) {
        menu.button.popup()
        XCTAssertTrue(pump { menu.popover.isMapped })
        pump(frames: 2, of: menu.button)
    }

    /// Writes `text` to a temporary file and opens it through the Open button's path.
    @MainActor private func openFile(
        _ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let path = NSTemporaryDirectory() + "foldout-\(getpid())-" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), file: file, line: line)
        files.append(path)
        let before = page.filter?.catalog
        page.open(path: path)
        XCTAssertTrue(
            pump { self.page.filter?.catalog !== before || ErrorDialog.shown.last != nil }, file: file, line: line)
    }

    /// A facet's counts straight from the cells' text, honouring the other facets' choices.
    @MainActor private func bruteForceCounts(_ column: Int) throws -> [Int] {
        let filter = try self.filter
        let catalog = filter.catalog
        let options = filter.options(forColumn: column)
        return options.indices.map { option in
            (0..<catalog.count).filter { row in
                catalog.text(column, at: row) == options[option]
                    && filter.facetColumns.allSatisfy { other in
                        other == column
                            || filter.choice(forColumn: other).map { choice in
                                let others = filter.options(forColumn: other)
                                return others.indices.contains(choice) && catalog.text(other, at: row) == others[choice]
                            } ?? true
                    }
            }.count
        }
    }

    @MainActor private func shownCounts(_ menu: FacetMenu, line: UInt = #line) throws -> [Int] {
        try menu.optionButtons.indices.map { index in
            let text = try XCTUnwrap(
                WidgetTree.texts(under: menu.optionButtons[index]).last, "option \(index) shows no count", line: line)
            return try XCTUnwrap(
                Int(text.replacingOccurrences(of: ",", with: "")), "option \(index) shows “\(text)”", line: line)
        }
    }

    private static let books = """
        title,author,genre,year,price
        Nineteen Eighty-Four,George Orwell,Dystopia,1949,9.99
        Brave New World,Aldous Huxley,Dystopia,1932,8.50
        The Hobbit,J. R. R. Tolkien,Fantasy,1937,12.00
        A Wizard of Earthsea,Ursula K. Le Guin,Fantasy,1968,10.25
        Dune,Frank Herbert,Science fiction,1965,11.40
        Foundation,Isaac Asimov,Science fiction,1951,7.99
        The Left Hand of Darkness,Ursula K. Le Guin,Science fiction,1969,NA
        Fahrenheit 451,Ray Bradbury,Dystopia,1953,6.75

        """

    private static let sales = """
        order_id;region;product;quantity;unit_price;order_date\r
        1001;North;Widget;3;2.50;2024-01-05\r
        1002;North;Gadget;1;10.00;2024-01-06\r
        1003;South;Widget;2;2.50;2024-01-06\r
        1004;South;Widget;5;2.40;2024-02-01\r
        1005;East;Gizmo;1;99.90;2024-02-03\r
        1006;North;Widget;7;2.50;2024-02-10\r
        1007;South;Gadget;2;9.50;2024-03-01\r
        1008;East;Gizmo;1;99.90;2024-03-02\r

        """

    func testChoosingAnOptionShowsLiveCountsAndMarksIt() throws {
        try onMain {
            XCTAssertEqual(page.countLabel.text, "20,000 of 20,000 rows")
            XCTAssertEqual(page.facetMenus.map(\.name), ["Category", "Material", "Color", "Season", "Size"])
            let color = try menu("Color")
            XCTAssertEqual(color.button.label, "Color")
            open(color)
            XCTAssertEqual(try shownCounts(color), try bruteForceCounts(color.column))
            press(try element(2, of: color.optionButtons)) { self.page.filter?.choice(forColumn: color.column) == 2 }
            let expected = try element(2, of: bruteForceCounts(color.column))
            XCTAssertEqual(page.countLabel.text, "\(NumberText.grouped(expected)) of 20,000 rows")
            XCTAssertEqual(color.button.label, "Color: Grey")
            XCTAssertTrue(color.button.hasCSSClass("chosen"), "a facet with a choice looks different")
            XCTAssertFalse(try menu("Season").button.hasCSSClass("chosen"))
            XCTAssertTrue(pump { !color.popover.isMapped }, "choosing closes the popover")
            // Rows out of view are bound again once the main loop is idle.
            XCTAssertTrue(
                pump {
                    self.page.boundRows.values.allSatisfy { row in
                        row.position.map { self.page.filter?.catalog.text(color.column, at: $0) == "Grey" } ?? true
                    }
                })
            let season = try menu("Season")
            open(season)
            XCTAssertEqual(
                try shownCounts(season), try bruteForceCounts(season.column), "other facets count within the choice")
            season.popover.popdown()
            open(color)
            XCTAssertEqual(
                try shownCounts(color), try bruteForceCounts(color.column), "a facet's own counts ignore its choice")
        }
    }

    /// Rows of different heights (one unfolded), then rows all alike: every row in view shows a
    /// new title column before the next frame, not once the main loop is idle.
    func testEveryRowInViewShowsANewTitleAtOnce() throws {
        try onMain {
            let first = try XCTUnwrap(
                page.boundRows.values.first { $0.listPosition == 0 && $0.position != nil }, "no first row")
            page.setUnfolded(first.position)
            XCTAssertTrue(pump { first.isFullyUnfolded && first.root.height > 200 }, "the first record never unfolded")
            let material = try XCTUnwrap(catalog.column(named: "Material"), "no Material column")
            page.section.choose(material, in: .title)
            try assertRowsInViewTitled(by: material)

            page.setUnfolded(nil)
            XCTAssertTrue(pump { !first.isUnfolded && first.isSettled }, "the first record never folded")
            pump(seconds: 0.2)
            let color = try XCTUnwrap(catalog.column(named: "Color"), "no Color column")
            page.section.choose(color, in: .title)
            try assertRowsInViewTitled(by: color)
        }
    }

    /// The rows in view are those GTK has mapped where the list shows: a row bound but never laid
    /// out, or pushed below the view by an unfolded row, keeps the place GTK last gave it (for
    /// one never laid out, 12 pixels at the top) but is not mapped, and stays so.
    @MainActor private func assertRowsInViewTitled(by column: Int, line: UInt = #line) throws {
        let height = Double(page.listView.height)
        let inView = page.boundRows.values.filter { row in
            guard row.position != nil, row.root.isMapped, let bounds = row.root.bounds(in: page.listView) else {
                return false
            }
            return bounds.y < height && bounds.y + bounds.height > 0
        }
        XCTAssertGreaterThanOrEqual(inView.count, 4, line: line)
        for row in inView {
            let position = try XCTUnwrap(row.position, "row \(row.listPosition)")
            XCTAssertEqual(
                row.name.text, try catalog.text(column, at: position), "row \(row.listPosition)", line: line)
        }
    }

    /// A catalog shown before the first frame (a file read fast) reaches rows GTK has made but
    /// not laid out yet: nothing says they are out of view.
    func testANewCatalogReachesRowsNotLaidOutYet() throws {
        try onMain {
            let fresh = FiltersPage(source: .loaded(Catalog.generate(count: 500, seed: 1)), host: .alone(in: nil))
            let other = Window()
            defer { other.destroy() }
            other.setDefaultSize(width: 600, height: 500)
            other.child = fresh.root
            other.present()
            let books = try Catalog.parseCSV(Array(Self.books.utf8), name: "books.csv")
            fresh.show(books)
            let shown = fresh.boundRows.values.filter { $0.position != nil }
            XCTAssertFalse(shown.isEmpty, "GTK made rows for the first catalog")
            for row in shown {
                let position = try XCTUnwrap(row.position, "row \(row.listPosition)")
                guard position < books.count else { return XCTFail("row \(row.listPosition) shows the old catalog") }
                XCTAssertEqual(row.name.text, books.text(books.titleColumn, at: position), "row \(row.listPosition)")
            }
        }
    }

    func testTheResetItemSaysWhatItDoes() throws {
        try onMain {
            let season = try menu("Season")
            open(season)
            XCTAssertEqual(season.resetButton.label, "Any Season")
            XCTAssertFalse(season.resetButton.isSensitive, "nothing to reset yet")
            press(try element(1, of: season.optionButtons)) { self.page.filter?.choice(forColumn: season.column) == 1 }
            open(season)
            press(season.resetButton) { self.page.filter.map { $0.choice(forColumn: season.column) == nil } == true }
            XCTAssertEqual(page.countLabel.text, "20,000 of 20,000 rows")
            XCTAssertEqual(season.button.label, "Season")
        }
    }

    func testFifteenOptionsOpenInColumnsThatFollowTheWindow() throws {
        try onMain {
            let category = try menu("Category")
            open(category)
            XCTAssertGreaterThanOrEqual(category.grid.columnCount, 2)
            XCTAssertLessThanOrEqual(category.popover.height, window.height)
            let columnsTall = category.grid.columnCount
            // As short as the page lets it be: 366 pixels on GTK 4.18 with the app's style sheet.
            window.setDefaultSize(width: 900, height: 360)
            XCTAssertTrue(
                pump { self.window.height <= 380 && category.grid.columnCount > columnsTall },
                "columns \(category.grid.columnCount) at height \(window.height)")
            pump(frames: 3, of: category.button)
            XCTAssertTrue(category.popover.isMapped, "the popover stays open")
            XCTAssertLessThanOrEqual(category.popover.height, window.height)
        }
    }

    func testABookListOpensWithFacetsCountsAndReadableRows() throws {
        try onMain {
            openFile(Self.books, named: "books.csv")
            XCTAssertEqual(page.countLabel.text, "8 of 8 rows")
            XCTAssertTrue(page.sourceLabel.text.contains("books.csv"))
            XCTAssertEqual(page.facetMenus.map(\.name), ["genre"])
            XCTAssertTrue(pump { self.page.visibleNames.count == 8 })
            XCTAssertEqual(
                page.visibleNames.first, "Nineteen Eighty-Four", "the file's order, titled by the title column")
            let firstRow = try XCTUnwrap(page.boundRows.values.first { $0.listPosition == 0 }, "no first row")
            let details = firstRow.details.text
            // Each value is isolated (FSI…PDI): its own direction cannot reorder the details around it.
            XCTAssertEqual(
                details,
                "author \u{2068}George Orwell\u{2069} · genre \u{2068}Dystopia\u{2069} · "
                    + "year \u{2068}1949\u{2069} · price \u{2068}9.99\u{2069}")
            let genre = try menu("genre")
            open(genre)
            XCTAssertEqual(genre.options, ["Dystopia", "Fantasy", "Science fiction"])
            XCTAssertEqual(try shownCounts(genre), [3, 2, 3])
            press(try element(1, of: genre.optionButtons)) { self.page.filter?.choice(forColumn: genre.column) == 1 }
            XCTAssertEqual(page.countLabel.text, "2 of 8 rows")
            XCTAssertTrue(
                pump { self.page.visibleNames == ["The Hobbit", "A Wizard of Earthsea"] }, "\(page.visibleNames)")
        }
    }

    func testASalesExportWithSemicolonsCRLFAndNoNameColumn() throws {
        try onMain {
            openFile(Self.sales, named: "sales.csv")
            XCTAssertEqual(page.facetMenus.map(\.name), ["region", "product"])
            XCTAssertTrue(pump { self.page.visibleNames.count == 8 })
            XCTAssertEqual(
                page.visibleNames.first, "North", "a file without a name column is titled by its first text facet")
            let region = try menu("region")
            open(region)
            XCTAssertEqual(region.options, ["East", "North", "South"])
            press(try element(0, of: region.optionButtons)) { self.page.filter?.choice(forColumn: region.column) == 0 }
            let product = try menu("product")
            open(product)
            XCTAssertEqual(product.options, ["Gadget", "Gizmo", "Widget"])
            XCTAssertEqual(try shownCounts(product), [0, 2, 0])
            XCTAssertFalse(
                try element(0, of: product.optionButtons).isSensitive, "an option with no match cannot be chosen")
            XCTAssertTrue(try element(1, of: product.optionButtons).isSensitive)
        }
    }

    func testNothingMatchingOffersToClearEveryFacet() throws {
        try onMain {
            openFile(Self.sales, named: "sales.csv")
            try filter.select(option: 0, inColumn: menu("region").column)
            try filter.select(option: 2, inColumn: menu("product").column)
            XCTAssertEqual(page.countLabel.text, "0 of 8 rows")
            XCTAssertTrue(page.emptyResults.root.isVisible)
            XCTAssertEqual(page.emptyResults.detail.text, "No item has all of region: East, product: Widget.")
            press(page.emptyResults.clearButton) { self.page.filter?.activeFacets.isEmpty == true }
            XCTAssertFalse(page.emptyResults.root.isVisible)
            XCTAssertEqual(page.countLabel.text, "8 of 8 rows")
            try filter.select(option: 0, inColumn: menu("region").column)
            try filter.select(option: 2, inColumn: menu("product").column)
            XCTAssertTrue(page.emptyResults.clearButton.grabFocus())
            xdotool(["key", "ctrl+BackSpace"], window: windowTitle) {
                self.page.filter?.activeFacets.isEmpty == true
            }
            XCTAssertTrue(try filter.activeFacets.isEmpty, "Ctrl+Backspace clears them too")
        }
    }

    func testSortAndTitleCombosComeFromTheColumns() throws {
        try onMain {
            openFile(Self.books, named: "books.csv")
            showViewOptions(of: page)
            let sort = try XCTUnwrap(page.comboRows.first { $0.combo == .sort }, "no Sort by row")
            XCTAssertEqual(sort.valueText, "File order")
            XCTAssertEqual(sort.options.count, 11)
            press(sort.header) { sort.revealer.childRevealed }
            XCTAssertTrue(sort.header.accessibleExpandedIs(true))
            let byPrice = try XCTUnwrap(sort.options.firstIndex(of: "price, descending"), "\(sort.options)")
            press(try element(byPrice, of: sort.optionButtons)) {
                self.page.filter?.sort == CatalogSortKey(column: 4, descending: true)
            }
            XCTAssertEqual(page.work.label.text, "Sorting…", "a new order is computed away from the main thread")
            XCTAssertFalse(page.work.root.isVisible, "and the spinner goes when it is ready")
            XCTAssertTrue(pump { !sort.revealer.revealChild }, "Sort by closes on choosing")
            XCTAssertTrue(
                pump {
                    self.page.visibleNames.first == "The Hobbit"
                        && self.page.visibleNames.last == "The Left Hand of Darkness"
                },
                "dearest first, the one without a price last: \(page.visibleNames)")
            let title = try XCTUnwrap(page.comboRows.first { $0.combo == .title }, "no Title row")
            press(title.header) { title.revealer.childRevealed }
            press(try element(1, of: title.optionButtons)) { self.page.section.titleColumn == 1 }
            XCTAssertTrue(pump { self.page.visibleNames.first == "J. R. R. Tolkien" }, "\(page.visibleNames)")
        }
    }

    func testDetailsComboStaysOpenAndChangesTheRows() throws {
        try onMain {
            showViewOptions(of: page)
            let details = try XCTUnwrap(page.comboRows.first { $0.combo == .details }, "no Details row")
            press(details.header) { details.revealer.childRevealed }
            for column in page.section.detailColumns {
                press(try element(column, of: details.optionButtons)) {
                    !self.page.section.detailColumns.contains(column)
                }
            }
            pump(frames: 2, of: details.header)
            XCTAssertTrue(details.revealer.revealChild, "Details stays open until clicked again")
            XCTAssertEqual(details.valueText, "None")
            XCTAssertTrue(
                pump { self.page.boundRows.values.allSatisfy { !$0.details.isVisible } }, "details still shown")
            press(try element(1, of: details.optionButtons)) { self.page.section.detailColumns == [1] }
            XCTAssertTrue(pump { self.page.boundRows.values.allSatisfy { $0.details.text.hasPrefix("Price ") } })
            press(details.header) { !details.revealer.revealChild }
        }
    }

    /// 1,000 flights to 100 airports (AAX, ABX, …), ten each.
    private static let hundredAirports: String = {
        let airports = (0..<100).map {
            String(UnicodeScalar(65 + $0 / 26)!) + String(UnicodeScalar(65 + $0 % 26)!) + "X"
        }
        var text = "flight,dest\n"
        for row in 0..<1000 { text += "F\(row),\(airports[row % 100])\n" }
        return text
    }()

    func testAHundredOptionsGetATypeToFilterEntry() throws {
        try onMain {
            openFile(Self.hundredAirports, named: "flights.csv")
            let dest = try menu("dest")
            open(dest)
            let entry = try XCTUnwrap(dest.searchEntry)
            XCTAssertEqual(dest.visibleOptions.count, 100)
            entry.text = "bc"
            XCTAssertTrue(pump { dest.visibleOptions == ["BCX"] })
            window.setDefaultSize(width: 900, height: 500)
            XCTAssertTrue(pump { dest.searchEntry !== entry }, "laid out again for the smaller window")
            XCTAssertEqual(dest.searchEntry?.text, "bc", "what was typed stays")
            XCTAssertTrue(pump { dest.visibleOptions == ["BCX"] })
            dest.popover.popdown()
            XCTAssertFalse(page.facetMenus.contains { $0.name == "flight" }, "flight numbers are all different")
        }
    }

    /// Typed with real keys into a long flyout's field, "bc" leaves one option; Enter chooses it
    /// and closes the flyout.
    func testEnterInALongFlyoutChoosesTheOneOptionLeft() throws {
        try onMain {
            openFile(Self.hundredAirports, named: "flights.csv")
            let dest = try menu("dest")
            let column = try XCTUnwrap(catalog.column(named: "dest"), "no dest column")
            open(dest)
            xdotool(["type", "--delay", "30", "bc"], window: windowTitle, until: { dest.visibleOptions == ["BCX"] })
            XCTAssertNil(try filter.choice(forColumn: column), "typing alone chooses nothing")
            xdotool(["key", "Return"], window: windowTitle, until: { !dest.popover.isMapped })
            let options = try filter.options(forColumn: column)
            XCTAssertEqual(
                try filter.choice(forColumn: column).flatMap { options.indices.contains($0) ? options[$0] : nil },
                "BCX")
            XCTAssertTrue(pump { self.page.countLabel.text == "10 of 1,000 rows" }, page.countLabel.text)
        }
    }

    /// A combo row opened with Return closes with Escape pressed among its options, and the focus
    /// goes back to its row; Escape again closes View Options, which holds the row.
    func testEscapeClosesAComboRowAndFocusesItsRow() throws {
        try onMain {
            showViewOptions(of: page)
            let sort = try XCTUnwrap(page.comboRows.first { $0.combo == .sort }, "no Sort by row")
            XCTAssertTrue(sort.header.grabFocus())
            XCTAssertTrue(pump { self.window.isActive })
            xdotool(["key", "Return"], window: windowTitle, until: { sort.revealer.childRevealed })
            xdotool(["key", "Tab"], window: windowTitle, until: { !sort.header.hasFocus })
            XCTAssertTrue(sort.optionButtons.contains { $0.hasFocus }, "Tab goes into the options")
            xdotool(["key", "Escape"], window: windowTitle, until: { !sort.revealer.revealChild })
            XCTAssertTrue(sort.header.hasFocus, "the focus is back on the combo's row")
            XCTAssertTrue(pump { !sort.revealer.childRevealed })
            let options = page.viewOptions.popover
            xdotool(["key", "Escape"], window: windowTitle, until: { !options.isVisible })
            XCTAssertFalse(options.isVisible, "Escape on a closed combo row leaves View Options open")
        }
    }

    func testTheFacetsMenuTurnsAColumnIntoAFacetAndBack() throws {
        try onMain {
            openFile(Self.books, named: "books.csv")
            page.facetBar.facetsButton.popup()
            XCTAssertTrue(pump { self.page.facetBar.facetChecks?.checks.isEmpty == false })
            let checks = page.facetBar.facetChecks?.checks ?? []
            XCTAssertEqual(checks.map(\.isActive), [false, false, true, false, true], "genre, and price as a range")
            try element(1, of: checks).isActive = true
            XCTAssertTrue(pump { self.page.facetMenus.map(\.name) == ["author", "genre"] })
            try element(2, of: checks).isActive = false
            XCTAssertTrue(pump { self.page.facetMenus.map(\.name) == ["author"] })
        }
    }

    /// A file rewritten under a shown window: a bar says so, Reload reads it again, and the
    /// choices that still apply are kept.
    func testAFileChangedOnDiskOffersReloadThatKeepsTheFilters() throws {
        try onMain {
            openFile("kind,name\nfern,a\nmoss,b\nfern,c\nmoss,d\n", named: "plants.csv")
            let path = try XCTUnwrap(page.watchedPath)
            XCTAssertTrue(page.choose("fern", inFacetNamed: "kind"))
            XCTAssertEqual(try filter.matchCount, 2)
            XCTAssertFalse(page.fileBar.isShown)
            let rewritten = "kind,name\nfern,a\nmoss,b\nfern,c\nmoss,d\nfern,e\nlichen,f\n"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(rewritten.utf8)))
            XCTAssertTrue(pump(seconds: 10) { self.page.fileBar.isShown }, "no bar for a file changed on disk")
            let name = Catalog.fileName(of: path)
            XCTAssertEqual(page.fileBar.message.text, "“\(name)” changed on disk.")
            XCTAssertEqual(try filter.catalog.count, 4, "nothing is read again until the user asks")
            press(page.fileBar.reloadButton) { self.page.filter?.catalog.count == 6 }
            XCTAssertEqual(try filter.label(forColumn: 0), "kind: fern", "the choice is kept")
            XCTAssertEqual(try filter.matchCount, 3)
            XCTAssertFalse(page.fileBar.isShown)
            try FileManager.default.removeItem(atPath: path)
            XCTAssertTrue(pump(seconds: 10) { self.page.fileBar.isShown && !self.page.fileBar.reloadButton.isVisible })
            XCTAssertEqual(page.fileBar.message.text, "“\(name)” was deleted or moved; what is shown stays.")
            XCTAssertEqual(try filter.catalog.count, 6)
        }
    }

    func testABadFileIsRefusedWithItsLineAndColumnAndTheCatalogStays() throws {
        try onMain {
            let shown = try catalog
            openFile("a,b,c\n1,2,3\n4,5\n", named: "ragged.csv")
            XCTAssertTrue(pump { ErrorDialog.shown.last != nil })
            let dialog = try XCTUnwrap(ErrorDialog.shown.last, "no error dialog")
            XCTAssertTrue(dialog.detailText.contains("line 3, column 3: expected 3 fields, found 2"), dialog.detailText)
            XCTAssertTrue(try catalog === shown)
            XCTAssertEqual(page.countLabel.text, "20,000 of 20,000 rows")
        }
    }

    func testOpeningAnotherCatalogClearsTheFacetsItLacks() throws {
        try onMain {
            try filter.select(option: 1, inColumn: menu("Color").column)
            openFile(Self.books, named: "books.csv")
            XCTAssertTrue(try filter.activeFacets.isEmpty)
            XCTAssertEqual(page.countLabel.text, "8 of 8 rows")
            XCTAssertFalse(page.emptyResults.root.isVisible)
        }
    }

    func testABigFileShowsProgressAndCanBeCancelled() throws {
        try onMain {
            let path = NSTemporaryDirectory() + "foldout-\(getpid())-big.csv"
            files.append(path)
            XCTAssertTrue(
                FileManager.default.createFile(
                    atPath: path, contents: Data(Catalog.generate(count: 300_000, seed: 1).exportCSV())))
            let shown = try catalog
            page.open(path: path)
            XCTAssertTrue(page.work.root.isVisible)
            XCTAssertTrue(page.work.progressBar.isVisible && page.work.cancelButton.isVisible)
            XCTAssertTrue(page.work.cancelButton.activate())
            XCTAssertTrue(pump { !self.page.work.root.isVisible })
            pump(seconds: 0.3)
            XCTAssertTrue(try catalog === shown, "cancelling keeps the catalog shown")
            XCTAssertNil(ErrorDialog.shown.last, "a cancel is no error")
            page.open(path: path)
            XCTAssertTrue(pump(seconds: 20) { self.page.filter.map { $0.catalog !== shown } == true })
            XCTAssertEqual(page.countLabel.text, "300,000 of 300,000 rows")
            _ = try XCTUnwrap(page.facetMenus.first)
        }
    }
}
