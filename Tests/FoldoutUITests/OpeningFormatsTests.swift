// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Files that are not plain UTF-8 CSV, opened on the Filters page as a user opens them: a
/// database whose table is chosen with a click, a Windows-1252 file read again in another
/// character set from the button that says how it was read, a zip archive, and workbooks.
final class OpeningFormatsTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    private let windowTitle = "Foldout formats test \(UUID().uuidString)"
    @MainActor private var page: FiltersPage!
    private var folder: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "foldout-formats-ui-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try python(
            """
            import sqlite3, zipfile, sys, os
            d = sys.argv[1]
            db = sqlite3.connect(os.path.join(d, 'shops.sqlite'))
            db.execute('create table shops (name text, city text, price real)')
            db.executemany('insert into shops values (?, ?, ?)',
                [('Café Noir', 'Zürich', 12.5), ('Bäckerei', 'München', 3.0), ('Crêperie', 'Paris', 4.25)])
            db.execute('create table cities (city text, country text)')
            db.executemany('insert into cities values (?, ?)', [('Zürich', 'CH'), ('München', 'DE')])
            db.commit(); db.close()
            text = 'name,city\\nCafé Noir,Zürich\\nBäckerei,München\\n'
            open(os.path.join(d, 'shops-1252.csv'), 'w', encoding='cp1252').write(text)
            with zipfile.ZipFile(os.path.join(d, 'shops.csv.zip'), 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('shops.csv', text)
            import gzip
            packed = gzip.compress(text.encode() * 5000)
            open(os.path.join(d, 'cut.csv.gz'), 'wb').write(packed[:len(packed) // 2])
            main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
            kinds = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            def cell(v):
                if v is None: return '<c/>'
                if isinstance(v, str): return f'<c t="inlineStr"><is><t>{v}</t></is></c>'
                if isinstance(v, tuple): return f'<c t="{v[0]}"><v>{v[1]}</v></c>'
                return f'<c><v>{v}</v></c>'
            def xlsx(name, sheets):
                with zipfile.ZipFile(os.path.join(d, name), 'w') as z:
                    z.writestr('[Content_Types].xml', '<Types/>')
                    z.writestr('xl/workbook.xml', f'<workbook xmlns="{main}" xmlns:r="{kinds}"><sheets>' + ''.join(
                        f'<sheet name="{n}" sheetId="{i + 1}" r:id="s{i}"/>' for i, (n, _) in enumerate(sheets))
                        + '</sheets></workbook>')
                    z.writestr('xl/_rels/workbook.xml.rels', '<Relationships>' + ''.join(
                        f'<Relationship Id="s{i}" Type="{kinds}worksheet" Target="worksheets/{i}.xml"/>'
                        for i in range(len(sheets))) + '</Relationships>')
                    for i, (_, rows) in enumerate(sheets):
                        z.writestr(f'xl/worksheets/{i}.xml', f'<worksheet xmlns="{main}"><sheetData>' + ''.join(
                            '<row>' + ''.join(cell(v) for v in row) + '</row>' for row in rows)
                            + '</sheetData></worksheet>')
            xlsx('menu.xlsx', [('Prices', [['Price list, spring'], [], ['name', 'price'], ['Tea', 3.5], ['Cake', 4]]),
                               ('Notes', [['when', 'what'], ['today', 'opened']])])
            xlsx('broken.xlsx', [('Data', [['a', 'b'], [1, ('s', 0)]])])
            """)
        onMain {
            window = Window()
            window.title = windowTitle
            page = showFiltersPageAlone(in: window, rows: 2_000)
        }
    }

    override func tearDown() {
        onMain {
            page?.work.partChooser?.window.destroy()
            page?.encodingButton.root.popdown()
            for dialog in ErrorDialog.shown { dialog.dismiss() }
            window?.destroy()
            window = nil
            page = nil
            pump(seconds: 0.05)
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func python(_ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, folder]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// The catalog shown: without one the test fails, and the run goes on.
    @MainActor private var catalog: Catalog {
        get throws { try XCTUnwrap(page.filter, "the page shows no catalog").catalog }
    }

    /// Whether the page shows a catalog other than `shown`: false while it shows none.
    @MainActor private func showsAnother(than shown: Catalog) -> Bool {
        page.filter.map { $0.catalog !== shown } == true
    }

    /// Clicks `widget`'s centre in the window titled `title`, once GTK knows that window has the
    /// keyboard: a popover opened before that (just after another test's window closed) did not
    /// open.
    @MainActor private func click(_ widget: Widget, in title: String, until done: () -> Bool, line: UInt = #line) {
        if title == windowTitle { xdotool([], window: title, until: { self.window.isActive }, line: line) }
        guard let point = widget.pointInWindow() else { return XCTFail("not on screen", line: line) }
        xdotool(
            ["mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1"], window: title, until: done,
            line: line)
    }

    /// Shows a page that keeps each table's view in the test's folder, in place of the one shown.
    @MainActor @discardableResult private func keepViews() throws -> CatalogViewStore {
        let views = CatalogViewStore(directory: folder + "views")
        page = showFiltersPageAlone(in: window, rows: 2_000, views: views)
        return views
    }

    @MainActor private func askedWhichTable() -> PartChooser? {
        page.open(path: folder + "shops.sqlite")
        XCTAssertTrue(pump(seconds: 10) { self.page.work.partChooser?.window.isMapped == true }, "no question")
        guard let asked = page.work.partChooser else { return nil }  // the failure is recorded above
        pump(frames: 2, of: asked.window)
        return page.work.partChooser
    }

    func testADatabaseOfTwoTablesAsksWhichAndOpensTheOneClicked() throws {
        try onMain {
            let shown = try catalog
            guard let chooser = askedWhichTable() else { return }
            XCTAssertEqual(chooser.shownLines, ["cities 2 rows", "shops 3 rows"])
            XCTAssertTrue(try catalog === shown, "nothing changes until a table is chosen")
            let shops = try XCTUnwrap(chooser.row(listedAt: 1), "no row for the second table")
            click(shops.root, in: "Open a Table", until: { self.showsAnother(than: shown) })
            XCTAssertEqual(try catalog.count, 3)
            XCTAssertEqual(try catalog.columns.map(\.name), ["name", "city", "price"])
            XCTAssertEqual(page.sourceLabel.text, "in shops.sqlite — shops")
            XCTAssertEqual(page.countLabel.text, "3 of 3 rows")
        }
    }

    /// Escape's action on the question (Escape itself is bound to it in the chooser). Pressed with
    /// xdotool on the question's window, which then closes, it left later tests' rows unable to
    /// fold under Xvfb with no window manager, so this test runs the action the key runs.
    func testEscapeOnTheTableQuestionKeepsTheCatalogShown() throws {
        try onMain {
            let shown = try catalog
            guard let chooser = askedWhichTable() else { return }
            XCTAssertTrue(chooser.window.child?.activateAction("chooser.cancel") == true)
            XCTAssertTrue(pump { self.page.work.partChooser == nil })
            pump(seconds: 0.2)
            XCTAssertTrue(try catalog === shown, "Escape keeps the catalog shown")
            XCTAssertNil(ErrorDialog.shown.last, "a question answered with Escape is no error")
        }
    }

    func testAWindowsFileSaysHowItWasReadAndIsReadAgainAsChosen() throws {
        try onMain {
            page.open(path: folder + "shops-1252.csv")
            XCTAssertTrue(pump(seconds: 10) { self.page.sourceLabel.text == "in shops-1252.csv" })
            XCTAssertEqual(try catalog.text(1, at: 0), "Zürich")
            XCTAssertTrue(page.encodingButton.root.isVisible)
            XCTAssertEqual(page.encodingButton.root.label, "Read as Windows-1252")
            pump(frames: 2, of: page.root)
            click(page.encodingButton.root, in: windowTitle, until: { self.page.encodingButton.popover.isMapped })
            let windows1251 = try XCTUnwrap(
                TextEncoding.choices.firstIndex { $0.name == "WINDOWS-1251" }, "Windows-1251 is not offered")
            let cyrillic = try XCTUnwrap(
                page.encodingButton.buttons.dropFirst(windows1251).first, "no button for Windows-1251")
            pump(frames: 2, of: page.encodingButton.popover)
            let before = try catalog
            click(cyrillic, in: windowTitle, until: { self.showsAnother(than: before) })
            XCTAssertEqual(try catalog.text(1, at: 0), "Zьrich", "0xFC is ь in Windows-1251")
            XCTAssertEqual(page.encodingButton.root.label, "Read as Windows-1251")
        }
    }

    func testARaggedCSVIsRefusedAndOpenedAnywayWithItsLinesSaid() throws {
        try "name,city\nCafé Noir,Zürich\nBäckerei\nCrêperie,Paris,FR\nTea Room,Bath\n".write(
            toFile: folder + "ragged.csv", atomically: true, encoding: .utf8)
        try onMain {
            var notices: [String] = []
            let raggedWindow = Window()
            defer { raggedWindow.destroy() }
            let ragged = FiltersPage(
                source: .loaded(Catalog.generate(count: 20, seed: 3)),
                host: .alone(in: raggedWindow, notify: { notices.append($0) }))
            raggedWindow.child = ragged.root
            raggedWindow.present()
            ragged.open(path: folder + "ragged.csv")
            XCTAssertTrue(pump(seconds: 10) { ErrorDialog.shown.last != nil })
            let dialog = try XCTUnwrap(ErrorDialog.shown.last)
            XCTAssertTrue(dialog.detailText.contains("line 3, column 2: expected 2 fields, found 1"), dialog.detailText)
            XCTAssertTrue(dialog.activateAction(), "the refusal offers Open Anyway")
            XCTAssertTrue(pump(seconds: 10) { ragged.filter?.catalog.name == "ragged.csv" })
            XCTAssertEqual(ragged.filter?.catalog.count, 3)
            XCTAssertTrue(
                pump { Set(ragged.visibleNames) == ["Café Noir", "Bäckerei", "Tea Room"] }, "\(ragged.visibleNames)")
            XCTAssertEqual(
                notices,
                ["2 rows of ragged.csv were not read as written: lines 3, 4 had too many or too few fields"])
            XCTAssertTrue(ErrorDialog.shown.isEmpty)
        }
    }

    /// The error dialog's text after opening `name`, which must leave the catalog shown as it was.
    @MainActor private func refusal(opening name: String, line: UInt = #line) throws -> String {
        let shown = try catalog
        page.open(path: folder + name)
        XCTAssertTrue(pump(seconds: 10) { ErrorDialog.shown.last != nil }, line: line)
        let detail = try XCTUnwrap(ErrorDialog.shown.last, "no error dialog", line: line).detailText
        XCTAssertTrue(detail.hasSuffix("The catalog shown has not changed."), detail, line: line)
        XCTAssertTrue(try catalog === shown, line: line)
        return detail
    }

    func testATruncatedArchiveIsRefusedAndTheCatalogStays() throws {
        try onMain {
            let detail = try refusal(opening: "cut.csv.gz")
            XCTAssertTrue(detail.hasPrefix("the gzip data is damaged: "), detail)
        }
    }

    func testAZipOpensItsCSVAndAUTF8FileSaysNothing() throws {
        try onMain {
            page.open(path: folder + "shops.csv.zip")
            XCTAssertTrue(pump(seconds: 10) { self.page.sourceLabel.text == "in shops.csv.zip — shops.csv" })
            XCTAssertEqual(try catalog.count, 2)
            XCTAssertEqual(try catalog.text(1, at: 1), "München")
            XCTAssertFalse(page.encodingButton.root.isVisible, "UTF-8 needs no word")
        }
    }

    func testAWorkbookOfTwoSheetsAsksWhichAndSaysWhereItsTableBegins() throws {
        try onMain {
            let shown = try catalog
            page.open(path: folder + "menu.xlsx")
            XCTAssertTrue(pump(seconds: 10) { self.page.work.partChooser?.window.isMapped == true }, "no question")
            guard let chooser = page.work.partChooser else { return }
            pump(frames: 2, of: chooser.window)
            XCTAssertEqual(chooser.shownLines, ["Prices 2 rows", "Notes 1 row"])
            let prices = try XCTUnwrap(chooser.row(listedAt: 0), "no row for the first sheet")
            click(prices.root, in: "Open a Table", until: { self.showsAnother(than: shown) })
            XCTAssertEqual(try catalog.columns.map(\.name), ["name", "price"])
            XCTAssertEqual(try catalog.count, 2)
            XCTAssertEqual(
                page.headerRows.button.label, "in menu.xlsx — Prices, header in row 3")
        }
    }

    /// The line that says which row the header was read from chooses another, by keyboard, and
    /// the row chosen is kept: the workbook opens on it again.
    func testTheHeaderRowIsChosenWhereItIsSaidAndKept() throws {
        try onMain {
            try keepViews()
            @MainActor func open(_ file: String, sheet: String? = nil) throws {
                let shown = try catalog
                page.open(path: folder + file, options: CatalogReadOptions(table: sheet))
                XCTAssertTrue(pump(seconds: 10) { self.showsAnother(than: shown) }, file)
            }
            try open("menu.xlsx", sheet: "Prices")
            let chooser = page.headerRows
            XCTAssertTrue(chooser.root.isVisible && !page.sourceLabel.isVisible, "the source line is no button")
            XCTAssertEqual(chooser.button.label, "in menu.xlsx — Prices, header in row 3")
            waitUntilStill(chooser.button)  // shown with the sheet: laid out in the next frame
            click(chooser.button, in: windowTitle, until: { chooser.popover.isOpen && chooser.row.containsFocus })
            XCTAssertEqual(chooser.row.value, 3, "the row read from is where the choice starts")
            XCTAssertEqual(chooser.reason.text, "The rows above row 3 look like a title.")
            let shown = try catalog
            xdotool(["key", "ctrl+a", "type", "4\r"], window: windowTitle) { self.showsAnother(than: shown) }
            XCTAssertEqual(try catalog.columns.first?.name, "Tea")
            XCTAssertEqual(try catalog.count, 1, "Cake, below the header chosen")
            XCTAssertEqual(chooser.button.label, "in menu.xlsx — Prices, header in row 4")
            XCTAssertFalse(chooser.popover.isOpen)
            XCTAssertFalse(chooser.reason.isVisible, "a row asked for needs no reason")

            try open("shops.csv.zip")
            XCTAssertFalse(chooser.root.isVisible, "a CSV has no header row to choose")
            XCTAssertTrue(page.sourceLabel.isVisible)
            try open("menu.xlsx", sheet: "Prices")
            XCTAssertEqual(try catalog.columns.first?.name, "Tea", "the row chosen is kept")
            try open("menu.xlsx", sheet: "Notes")
            XCTAssertEqual(try catalog.columns.map(\.name), ["when", "what"], "each sheet keeps its own")
        }
    }

    func testABrokenWorkbookIsRefusedWithItsCellAndTheCatalogStays() throws {
        try onMain {
            let detail = try refusal(opening: "broken.xlsx")
            XCTAssertTrue(
                detail.hasPrefix(
                    "sheet “Data”, row 2, column B: the shared string 0 is not in the workbook, which has 0"), detail)
        }
    }

    /// Each sheet of a workbook keeps its view of its own, as a database's tables do.
    func testEachSheetKeepsItsOwnView() throws {
        try onMain {
            let views = try keepViews()
            @MainActor func open(_ sheet: String) throws {
                let shown = try catalog
                page.open(path: folder + "menu.xlsx", options: CatalogReadOptions(table: sheet))
                XCTAssertTrue(pump(seconds: 10) { self.showsAnother(than: shown) }, sheet)
            }
            try open("Prices")
            page.isTableShown = true
            let kept = Resources.canonical(folder + "menu.xlsx") + "#Prices"
            XCTAssertTrue(pump { views.load(path: kept)?.showsTable == true }, "the sheet's view is kept")
            try open("Notes")
            page.isTableShown = false
            let notes = Resources.canonical(folder + "menu.xlsx") + "#Notes"
            XCTAssertTrue(pump { views.load(path: notes)?.showsTable == false }, "the other sheet's view is kept")
            XCTAssertEqual(views.load(path: kept)?.showsTable, true, "apart from the first sheet's")
            try open("Prices")
            XCTAssertTrue(page.isTableShown, "the first sheet's view came back")
        }
    }
}

extension PartChooser {
    /// What each row on screen reads, in the listed order: its name, folder and size.
    @MainActor var shownLines: [String] {
        (0..<listedPaths.count).compactMap { row(listedAt: $0) }.map { row in
            [row.name.text, row.folder.text, row.size.text].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }
}
