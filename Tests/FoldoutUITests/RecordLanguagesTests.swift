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
        let page = FiltersPage(source: .loaded(catalog))
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

    func testTheRecordReadsGerman() throws {
        try onMain {
            TranslationCatalogs.use("de", from: try TranslationCatalogs.make("de", in: folder))
            let (_, row) = try unfoldedPage()
            let fields = row.record.fields
            XCTAssertEqual(fields[2].value.text, "kein Wert")
            XCTAssertTrue(fields[2].value.accessibleLabelIs("note: kein Wert"))
            XCTAssertTrue(fields[1].copy.accessibleLabelIs("price kopieren"))
            XCTAssertEqual(row.record.copyRow.label, "_Zeile kopieren")
        }
    }

    func testTheRecordAndTheTableMirrorRightToLeft() throws {
        try onMain {
            Widget.setDefaultRightToLeft(true)
            let (page, row) = try unfoldedPage()
            let field = row.record.fields[1]
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
