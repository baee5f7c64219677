import CGtk
import FoldoutCore
@testable import FoldoutUI
import Foundation
import Gtk
import XCTest

final class FiltersPageTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    @MainActor private var page: FiltersPage!
    @MainActor private var catalog: Catalog!

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMain { self.showPage(height: 700) }
    }

    @MainActor private func showPage(height: Int32) {
        Settings.default.enableAnimations = true
        catalog = Catalog.generate(count: 20_000, seed: 5)
        page = FiltersPage(source: .loaded(catalog))
        window = Window()
        window.setDefaultSize(width: 900, height: height)
        window.child = page.root
        page.window = { [weak window] in window }
        window.present()
        XCTAssertTrue(pump { self.page.filter != nil && self.page.boundRows.count > 5 }, "results never appeared")
    }

    override func tearDown() {
        onMain {
            self.page?.lastErrorDialog?.dismiss()
            self.window?.destroy()
            self.window = nil
            self.page = nil
            self.pump(seconds: 0.05)
        }
    }

    @MainActor private var filter: FacetFilter { page.filter! }

    @MainActor private func menu(_ facet: Facet) -> FacetMenu { page.facetMenus.first { $0.facet == facet }! }

    @MainActor private func press(_ button: Button, until done: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(button.activate(), file: file, line: line)
        XCTAssertTrue(pump(until: done), "pressing \(button.label) had no effect", file: file, line: line)
    }

    @MainActor private func open(_ menu: FacetMenu) {
        menu.button.popup()
        XCTAssertTrue(pump { menu.popover.isMapped })
        pump(frames: 2, of: menu.button)
    }

    /// Counted straight from the catalog, not through the filter.
    @MainActor private func bruteForceCount(_ facet: Facet, _ option: Int) -> Int {
        (0..<catalog.count).reduce(0) { $0 + (catalog.option(facet, at: $1) == option ? 1 : 0) }
    }

    func testChoosingAnOptionUpdatesCountAndButtonLabel() {
        onMain {
            XCTAssertEqual(page.countLabel.text, "20,000 of 20,000 items")
            let color = menu(.color)
            XCTAssertEqual(color.button.label, "Color")
            open(color)
            press(color.optionButtons[2]) { self.filter.choice(for: .color) == 2 }
            let expected = bruteForceCount(.color, 2)
            XCTAssertEqual(filter.matchCount, expected)
            XCTAssertEqual(page.countLabel.text, "\(NumberText.grouped(expected)) of 20,000 items")
            XCTAssertEqual(color.button.label, Facet.color.options[2])
            XCTAssertTrue(pump { !color.popover.isMapped }, "choosing closes the popover")
            XCTAssertTrue(page.boundRows.values.allSatisfy { row in
                row.position.map { self.catalog.option(.color, at: $0) == 2 } ?? true
            }, "every visible row matches the choice")
        }
    }

    func testTheLastItemResetsTheFacet() {
        onMain {
            let season = menu(.season)
            open(season)
            press(season.optionButtons[1]) { self.filter.choice(for: .season) == 1 }
            XCTAssertNotEqual(page.countLabel.text, "20,000 of 20,000 items")
            open(season)
            XCTAssertEqual(season.resetButton.label, "Season")
            press(season.resetButton) { self.filter.choice(for: .season) == nil }
            XCTAssertEqual(page.countLabel.text, "20,000 of 20,000 items")
            XCTAssertEqual(season.button.label, "Season")
        }
    }

    func testFifteenOptionsOpenInColumnsInsideTheWindow() {
        onMain {
            let category = menu(.category)
            XCTAssertEqual(Facet.category.options.count, 15)
            open(category)
            XCTAssertGreaterThanOrEqual(category.grid.columnCount, 2)
            XCTAssertLessThanOrEqual(category.popover.height, window.height)
        }
    }

    func testAnOpenPopoverIsReLaidOutWhenTheWindowShrinks() {
        onMain {
            let category = menu(.category)
            open(category)
            let columnsTall = category.grid.columnCount
            window.setDefaultSize(width: 900, height: 360)
            XCTAssertTrue(pump { self.window.height <= 360 && category.grid.columnCount > columnsTall },
                          "columns \(category.grid.columnCount) at height \(window.height)")
            pump(frames: 3, of: category.button)
            XCTAssertTrue(category.popover.isMapped, "the popover stays open")
            XCTAssertLessThanOrEqual(category.popover.height, window.height)
        }
    }

    func testSortComboReSortsTheVisibleRowsAndCloses() {
        onMain {
            let sort = page.comboRows.first { $0.combo == .sort }!
            let names = page.visibleNames
            XCTAssertEqual(names, names.sorted(), "sorted by name at first")
            XCTAssertEqual(sort.valueText, "Name")
            press(sort.header) { sort.revealer.childRevealed }
            XCTAssertTrue(sort.header.accessibleExpandedIs(true))
            press(sort.optionButtons[SortOrder.price.rawValue]) { self.filter.sortOrder == .price }
            XCTAssertTrue(pump { !sort.revealer.revealChild }, "Sort by closes on choosing")
            XCTAssertEqual(sort.valueText, "Price")
            XCTAssertTrue(pump { self.page.visibleNames != names })
            let prices = page.boundRows.values.sorted { $0.listPosition < $1.listPosition }.compactMap(\.position).map(catalog.priceCents)
            XCTAssertGreaterThan(prices.count, 5)
            XCTAssertEqual(prices, prices.sorted())
        }
    }

    func testLayoutComboStaysOpenAndChangesTheRows() {
        onMain {
            let layout = page.comboRows.first { $0.combo == .layout }!
            press(layout.header) { layout.revealer.childRevealed }
            press(layout.optionButtons[ResultLayout.compact.rawValue]) { self.page.section.layout == .compact }
            pump(frames: 2, of: layout.header)
            XCTAssertTrue(layout.revealer.revealChild, "Show stays open until clicked again")
            XCTAssertEqual(layout.valueText, "Names only")
            XCTAssertTrue(page.boundRows.values.allSatisfy { !$0.details.isVisible })
            press(layout.header) { !layout.revealer.revealChild }
        }
    }

    func testABadCSVIsRefusedAndTheCatalogStays() throws {
        try onMain {
            let path = NSTemporaryDirectory() + "foldout-bad-\(getpid()).csv"
            try "name,price,date,category,material,color,season,size\nShirt,12.50,2024-01-02,Shirts,Cotton,Mauve,Summer,M\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let shown = filter.catalog
            page.open(path: path)
            XCTAssertTrue(pump { self.page.lastErrorDialog != nil })
            let dialog = try XCTUnwrap(page.lastErrorDialog)
            XCTAssertTrue(dialog.detailText.contains("line 2"), dialog.detailText)
            XCTAssertTrue(filter.catalog === shown)
            XCTAssertEqual(page.countLabel.text, "20,000 of 20,000 items")
        }
    }

    func testAGoodCSVReplacesTheCatalogAndKeepsTheChoices() throws {
        try onMain {
            let path = NSTemporaryDirectory() + "foldout-good-\(getpid()).csv"
            try """
            name,price,date,category,material,color,season,size
            "Linen shirt, blue",49.90,2024-05-01,Shirts,Linen,Blue,Summer,M
            Wool coat,199,2023-11-20,Coats,Wool,Grey,Winter,L
            Silk scarf,35.5,2024-02-14,Scarves,Silk,Red,Spring,S

            """.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            page.open(path: path)
            XCTAssertTrue(pump { self.filter.catalog.count == 3 })
            XCTAssertEqual(page.countLabel.text, "3 of 3 items")
            XCTAssertTrue(pump { self.page.visibleNames == ["Linen shirt, blue", "Silk scarf", "Wool coat"] }, "\(page.visibleNames)")
        }
    }
}
