// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The unfolded record and the table in German and in a right-to-left language (issue 23): the
/// record's buttons and its "no value" read German, and in right to left the names sit at the
/// right of their values and numbers at the start of their cells.
final class RecordLanguagesTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window?
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "foldout-record-languages-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        onMain {
            window?.destroy()
            window = nil
            Widget.setDefaultRightToLeft(false)
            TranslationCatalogs.reset()
            pump(seconds: 0.05)
        }
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// A page over a small shop list, its first result unfolded.
    @MainActor private func unfoldedPage() throws -> (FiltersPage, ResultRow) {
        let catalog = try Catalog.parseCSV(
            Array("name,price,note\nHat,12.50,\nCoat,99.90,warm\n".utf8), name: "shop.csv")
        let page = FiltersPage(source: .loaded(catalog), host: .alone(in: nil))
        let window = Window()
        window.setDefaultSize(width: 700, height: 500)
        window.child = page.root
        window.present()
        self.window = window
        XCTAssertTrue(pump { page.boundRows.count == 2 })
        page.unfoldResult(at: 0)
        let row = try XCTUnwrap(page.boundRows.values.first { $0.listPosition == 0 })
        XCTAssertTrue(pump { row.isFullyUnfolded })
        return (page, row)
    }

    /// With a German region (LC_NUMERIC and LC_MONETARY; install-deps.sh generates de_DE.UTF-8) and
    /// English words, a price reads 12,50 in the row and in its record, as RegionFormats reads the
    /// C library's conventions at start.
    func testPricesFollowAGermanRegion() throws {
        try onMain {
            let saved = RegionFormat.current
            let numeric = String(cString: setlocale(LC_NUMERIC, nil))
            let monetary = String(cString: setlocale(LC_MONETARY, nil))
            defer {
                setlocale(LC_NUMERIC, numeric)
                setlocale(LC_MONETARY, monetary)
                RegionFormat.current = saved
            }
            XCTAssertNotNil(setlocale(LC_NUMERIC, "de_DE.UTF-8"), "de_DE.UTF-8 is not generated")
            XCTAssertNotNil(setlocale(LC_MONETARY, "de_DE.UTF-8"))
            RegionFormat.current = RegionFormats.read()
            let (page, row) = try unfoldedPage()
            // Isolated (U+2068 … U+2069), as numbers are in text that may run right to left.
            let price = try XCTUnwrap(row.record.fields.dropFirst(1).first, "the record has no price field")
            XCTAssertEqual(price.value.text, "\u{2068}12,50\u{2069}", "the record's price")
            let texts = WidgetTree.texts(under: try XCTUnwrap(window))
            XCTAssertTrue(texts.contains { $0.contains("99,90") }, "the other row's price: \(texts)")
            XCTAssertFalse(texts.contains { $0.contains("12.50") || $0.contains("99.90") }, "\(texts)")
            XCTAssertEqual(page.countLabel.text, "2 of 2 rows", "English words")
        }
    }

    func testTheRecordReadsGerman() throws {
        try onMain {
            TranslationCatalogs.use("de", from: try TranslationCatalogs.make("de", in: folder))
            let (_, row) = try unfoldedPage()
            let fields = row.record.fields
            let note = try XCTUnwrap(fields.dropFirst(2).first, "the record has no note field")
            XCTAssertEqual(note.value.text, "kein Wert")
            XCTAssertTrue(note.value.accessibleLabelIs("note: kein Wert"))
            XCTAssertTrue(
                try XCTUnwrap(fields.dropFirst(1).first, "no price field").copy.accessibleLabelIs("price kopieren"))
            XCTAssertEqual(row.record.copyRow.label, "_Zeile kopieren")
        }
    }

    func testTheRecordAndTheTableMirrorRightToLeft() throws {
        try onMain {
            Widget.setDefaultRightToLeft(true)
            let (page, row) = try unfoldedPage()
            let field = try XCTUnwrap(row.record.fields.dropFirst(1).first, "the record has no price field")
            let name = try XCTUnwrap(field.name.bounds(in: row.root))
            let value = try XCTUnwrap(field.value.bounds(in: row.root))
            XCTAssertGreaterThan(name.x, value.x + value.width - 1, "the name sits at the right of its value")
            let copy = try XCTUnwrap(field.copy.bounds(in: row.root))
            XCTAssertLessThan(copy.x, value.x, "the copy button at the left end")

            page.isTableShown = true
            XCTAssertTrue(pump { page.table.cells.values.contains { $0.column == 1 && $0.listPosition != nil } })
            let price = try XCTUnwrap(page.table.cells.values.first { $0.column == 1 && $0.listPosition != nil })
            XCTAssertEqual(price.text.xalign, 0, "a number sits at the end of its cell: the left")
            let name0 = try XCTUnwrap(page.table.cells.values.first { $0.column == 0 && $0.listPosition != nil })
            XCTAssertEqual(name0.text.xalign, 1, "text starts at the right")
        }
    }
}
