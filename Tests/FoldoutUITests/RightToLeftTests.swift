// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// In a right-to-left language, rows mirror as GTK's own widgets do: their text starts at the right.
final class RightToLeftTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window?

    override func tearDown() {
        onMain {
            window?.destroy()
            window = nil
            Widget.setDefaultRightToLeft(false)
            pump(seconds: 0.05)
        }
    }

    @MainActor private func show(_ root: Widget) {
        let window = Window()
        window.setDefaultSize(width: 700, height: 500)
        window.child = root
        window.present()
        self.window = window
    }

    func testFiltersResultRowsStartAtTheRight() throws {
        try onMain {
            Widget.setDefaultRightToLeft(true)
            let page = FiltersPage(source: .loaded(Catalog.generate(count: 500, seed: 4)), host: .alone(in: nil))
            show(page.root)
            XCTAssertTrue(pump { page.boundRows.count > 3 })
            let row = try XCTUnwrap(page.boundRows.values.first)
            XCTAssertTrue(row.root.isRightToLeft)
            XCTAssertEqual(row.name.xalign, 1, "the title starts at the right")
            XCTAssertEqual(row.details.xalign, 1, "and the details")
        }
    }

    func testActionRowsStartAtTheRightAndLeftToRightAtTheLeft() throws {
        try onMain {
            Widget.setDefaultRightToLeft(true)
            let page = ActionsPage(viewModel: ActionsList(generatedCount: 50), notification: InAppNotification())
            show(page.root)
            XCTAssertTrue(pump { page.boundRows.count > 3 })
            XCTAssertEqual(try XCTUnwrap(page.boundRows.values.first).heading.xalign, 1)
            window?.destroy()
            Widget.setDefaultRightToLeft(false)
            let ltr = ActionsPage(viewModel: ActionsList(generatedCount: 50), notification: InAppNotification())
            show(ltr.root)
            XCTAssertTrue(pump { ltr.boundRows.count > 3 })
            XCTAssertEqual(try XCTUnwrap(ltr.boundRows.values.first).heading.xalign, 0)
        }
    }
}
