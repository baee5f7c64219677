// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

final class ActionsPageTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    @MainActor private var page: ActionsPage!
    @MainActor private var notification: InAppNotification!
    private let windowTitle = "Foldout actions test \(UUID().uuidString)"

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMain { self.showPage() }
    }

    @MainActor private func showPage() {
        Settings.default.enableAnimations = true
        notification = InAppNotification()
        page = ActionsPage(viewModel: ActionsList(generatedCount: 10_000), notification: notification)
        let overlay = Overlay()
        overlay.child = page.root
        overlay.addOverlay(notification.root)
        window = Window()
        window.title = windowTitle
        window.setDefaultSize(width: 480, height: 600)
        window.child = overlay
        window.present()
        XCTAssertTrue(pump { self.page.boundRows.count > 5 && self.page.listView.height > 0 }, "rows never appeared")
        pump(frames: 2, of: page.listView)
    }

    override func tearDown() {
        onMain { self.closePage() }
    }

    @MainActor private func closePage() {
        window?.destroy()
        window = nil
        page = nil
        notification = nil
        Settings.default.enableAnimations = true
        pump(seconds: 0.05)
    }

    @MainActor private var list: ActionsList { page.viewModel }

    @MainActor private func row(_ id: ItemID, file: StaticString = #filePath, line: UInt = #line) -> ActionRow? {
        let row = page.boundRows[id]
        XCTAssertNotNil(row, "no row shows \(id)", file: file, line: line)
        return row
    }

    /// Clicks a button as Enter would; GtkButton emits "clicked" after showing itself pressed.
    @MainActor private func press(_ button: Button, until done: () -> Bool) {
        XCTAssertTrue(button.activate())
        XCTAssertTrue(pump(until: done), "pressing \(button.label) had no effect")
    }

    /// Focuses `row` and presses Space, as a keyboard user unfolds or folds it.
    @MainActor private func toggleWithSpace(_ row: ActionRow, line: UInt = #line) {
        XCTAssertTrue(row.root.grabFocus(), "the row cannot take the focus", line: line)
        let before = list.expanded
        key("space", until: { self.list.expanded != before }, line: line)
    }

    /// Presses `keys` (xdotool names: "space", "KP_Enter") on this test's window until `done`.
    @MainActor private func key(_ keys: String..., until done: () -> Bool, line: UInt = #line) {
        xdotool(["key"] + keys, window: windowTitle, until: done, line: line)
    }

    /// Clicks `widget`'s centre with the pointer until `done`.
    @MainActor private func click(_ widget: Widget, until done: () -> Bool, line: UInt = #line) {
        guard let point = widget.pointInWindow() else { return XCTFail("not on screen", line: line) }
        xdotool(
            ["mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1"], window: windowTitle,
            until: done, line: line)
    }

    /// Rows whose revealer is open or opening.
    @MainActor private var unfoldedRows: [ActionRow] { page.boundRows.values.filter(\.isUnfolded) }

    @MainActor private func waitUntilSettled() {
        XCTAssertTrue(
            pump(seconds: 5) {
                self.page.boundRows.values.allSatisfy(\.isSettled)
                    && !self.page.isFollowingUnfold
            })
        pump(frames: 2, of: page.listView)
    }

    func testClickingRowsUnfoldsOneAtATime() throws {
        try onMain {
            let first = list.id(at: 1)
            let second = list.id(at: 3)
            let firstRow = try XCTUnwrap(row(first))
            // A real click, found under the pointer by the list's own gesture.
            var sawItMoving = false
            click(firstRow.heading) {
                let revealer = firstRow.unfolding.revealer
                if revealer.revealChild && !revealer.childRevealed { sawItMoving = true }
                return revealer.revealChild
            }
            XCTAssertTrue(sawItMoving, "unfolding is animated")
            XCTAssertTrue(firstRow.root.accessibleExpandedIs(true))
            waitUntilSettled()
            XCTAssertTrue(firstRow.unfolding.revealer.childRevealed)

            // The keypad's Enter on another row: the first folds as it unfolds.
            let secondRow = try XCTUnwrap(row(second))
            XCTAssertTrue(secondRow.root.grabFocus())
            key("KP_Enter") { secondRow.unfolding.revealer.revealChild }
            XCTAssertFalse(firstRow.unfolding.revealer.revealChild)
            XCTAssertTrue(firstRow.root.accessibleExpandedIs(false))
            waitUntilSettled()
            XCTAssertEqual(unfoldedRows.map(\.itemID), [second])

            // Space folds it again.
            key("space") { !secondRow.unfolding.revealer.revealChild }
            waitUntilSettled()
            XCTAssertTrue(unfoldedRows.isEmpty)
            XCTAssertFalse(secondRow.unfolding.revealer.childRevealed)
        }
    }

    func testEscapeFoldsAndKeepsFocusOnTheRow() throws {
        try onMain {
            let id = list.id(at: 2)
            let row = try XCTUnwrap(row(id))
            XCTAssertTrue(row.root.grabFocus())
            key("Return") { row.unfolding.revealer.revealChild }
            waitUntilSettled()
            XCTAssertTrue(row.unfolding.share.grabFocus(), "Tab can reach the Share button once unfolded")
            key("Escape") { self.list.expanded == nil }
            XCTAssertTrue(row.root.hasFocus, "focus moves from the hiding button to its row")
        }
    }

    func testUnfoldedRowSurvivesRecyclingAndComesBackWithoutAnimation() throws {
        try onMain {
            let id = list.id(at: 3)
            list.toggle(id)  // not through the focused row: GTK never recycles the row holding the focus
            waitUntilSettled()

            page.listView.scrollTo(position: 520)
            XCTAssertTrue(pump { self.page.boundRows[self.list.id(at: 520)] != nil })
            pump(frames: 3, of: page.listView)
            XCTAssertNil(page.boundRows[id], "the row scrolled out of view should have been recycled")
            XCTAssertTrue(unfoldedRows.isEmpty, "a recycled row must not carry the unfolded state along")

            page.listView.scrollTo(position: 0)
            XCTAssertTrue(pump { self.page.boundRows[id] != nil })
            let back = try XCTUnwrap(row(id))
            XCTAssertTrue(back.unfolding.revealer.revealChild)
            XCTAssertTrue(
                back.unfolding.revealer.childRevealed, "a rebound row is drawn unfolded at once, not animated")
            XCTAssertTrue(back.root.accessibleExpandedIs(true))
            XCTAssertEqual(unfoldedRows.count, 1)
        }
    }

    func testUnfoldingTheLastRowScrollsItsButtonsIntoView() throws {
        try onMain {
            let last = list.id(at: list.count - 1)
            page.listView.scrollTo(position: list.count - 1)
            XCTAssertTrue(pump { self.page.boundRows[last] != nil })
            pump(frames: 3, of: page.listView)
            let row = try XCTUnwrap(row(last))
            toggleWithSpace(row)
            waitUntilSettled()
            try assertFullyVisible(row)
            let buttons = try XCTUnwrap(row.unfolding.remove.bounds(in: page.listView))
            XCTAssertLessThanOrEqual(buttons.y + buttons.height, Double(page.listView.height) + 0.5)
        }
    }

    func testUnfoldingARowAtTheBottomEdgeScrollsTheLeastAmount() throws {
        try onMain {
            let viewHeight = Double(page.listView.height)
            let edgeRow = try XCTUnwrap(
                page.boundRows.values.first { row in
                    guard let b = row.root.bounds(in: page.listView) else { return false }
                    return b.y < viewHeight && b.y + b.height > viewHeight - 30
                })
            let top = try XCTUnwrap(edgeRow.root.bounds(in: page.listView)).y
            let before = page.root.verticalAdjustment.value
            toggleWithSpace(edgeRow)
            waitUntilSettled()
            let bounds = try assertFullyVisible(edgeRow)
            XCTAssertEqual(
                bounds.y + bounds.height, viewHeight, accuracy: 1, "least scrolling puts the bottom at the edge")
            XCTAssertEqual(page.root.verticalAdjustment.value - before, top - bounds.y, accuracy: 1)
        }
    }

    func testRemoveAndUndo() throws {
        try onMain {
            let id = list.id(at: 5)
            let row = try XCTUnwrap(row(id))
            toggleWithSpace(row)
            waitUntilSettled()
            press(row.unfolding.remove) { !self.list.contains(id) }
            XCTAssertFalse(list.contains(id))
            XCTAssertNil(list.expanded, "removing the unfolded item leaves none unfolded")
            XCTAssertEqual(list.count, 9_999)
            XCTAssertTrue(pump { self.page.boundRows[id] == nil })
            XCTAssertTrue(notification.offersUndo)
            XCTAssertTrue(notification.text.contains(list.item(id).title))
            pump(frames: 2, of: page.listView)
            XCTAssertTrue(unfoldedRows.isEmpty)

            press(notification.undoButton) { self.list.contains(id) }
            XCTAssertEqual(list.index(of: id), 5)
            XCTAssertFalse(notification.isShown)
            XCTAssertTrue(pump { self.page.boundRows[id] != nil })
            XCTAssertTrue(try XCTUnwrap(self.row(id)).isUnfolded, "the row comes back unfolded, as it was")
            XCTAssertEqual(list.expanded, id)
        }
    }

    /// Undo puts the row back in view, unfolded as it was and with the keyboard focus, also when
    /// it was the last row in view (it used to come back below the view).
    func testUndoBringsTheRowBackIntoViewFocusedAndAsItWas() throws {
        try onMain {
            let visible = page.visibleRowIDs
            let id = try XCTUnwrap(visible.last)
            let row = try XCTUnwrap(row(id))
            toggleWithSpace(row)
            waitUntilSettled()
            press(row.unfolding.remove) { !self.list.contains(id) }
            waitUntilSettled()
            press(notification.undoButton) { self.list.contains(id) }
            XCTAssertTrue(
                pump { self.page.boundRows[id]?.root.hasFocus == true }, "the restored row has the keyboard focus")
            waitUntilSettled()
            let restored = try XCTUnwrap(self.row(id))
            XCTAssertTrue(restored.isFullyUnfolded)
            let bounds = try XCTUnwrap(restored.root.bounds(in: page.listView))
            XCTAssertGreaterThanOrEqual(bounds.y, -0.5, "the restored row's top is in view")
            XCTAssertLessThanOrEqual(bounds.y + bounds.height, Double(page.listView.height) + 0.5, "and its bottom")

            // A folded row comes back folded, in view and focused too.
            let other = try XCTUnwrap(page.visibleRowIDs.first)
            try XCTUnwrap(self.row(other)).root.grabFocus()
            list.fold()
            waitUntilSettled()
            let removal = try XCTUnwrap(list.remove(other))
            page.restore(removal)
            XCTAssertTrue(pump { self.page.boundRows[other]?.root.hasFocus == true })
            XCTAssertFalse(try XCTUnwrap(self.row(other)).isUnfolded)
        }
    }

    func testShareCopiesTheItemAndSaysSo() throws {
        try onMain {
            let id = list.id(at: 0)
            let row = try XCTUnwrap(row(id))
            toggleWithSpace(row)
            waitUntilSettled()
            press(row.unfolding.share) { self.notification.isShown }
            XCTAssertEqual(Display.localClipboardText, list.item(id).shareText)
            XCTAssertTrue(notification.isShown)
            XCTAssertFalse(notification.offersUndo)
            XCTAssertTrue(notification.text.contains("clipboard"))
        }
    }

    func testWithAnimationsOffEverythingStillHolds() throws {
        try onMain {
            Settings.default.enableAnimations = false
            let last = list.id(at: list.count - 1)
            page.listView.scrollTo(position: list.count - 1)
            XCTAssertTrue(pump { self.page.boundRows[last] != nil })
            let row = try XCTUnwrap(row(last))
            toggleWithSpace(row)
            XCTAssertTrue(row.unfolding.revealer.childRevealed, "no animation: unfolded at once")
            waitUntilSettled()
            try assertFullyVisible(row)
            toggleWithSpace(row)
            XCTAssertFalse(row.unfolding.revealer.childRevealed)
        }
    }

    func testTheFirstFrameBindsAScreenfulAndThenTheListHoldsEveryItem() throws {
        try onMain {
            let second = ActionsPage(viewModel: ActionsList(generatedCount: 10_000), notification: InAppNotification())
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 480, height: 600)
            window.child = second.root
            var rowsAtFirstFrame: Int?
            var filled = false
            window.afterNextFrame {
                rowsAtFirstFrame = second.boundRows.count
                let bottoms = second.boundRows.values.compactMap { $0.root.bounds(in: second.listView) }
                filled = bottoms.contains { $0.y + $0.height >= Double(second.listView.height) }
            }
            window.present()
            XCTAssertTrue(pump { rowsAtFirstFrame != nil && second.hasEveryItem })
            let firstFrame = try XCTUnwrap(rowsAtFirstFrame)
            XCTAssertGreaterThan(firstFrame, 5, "the first frame shows rows")
            XCTAssertTrue(filled, "the first frame's rows fill the window")
            XCTAssertLessThanOrEqual(firstFrame, ActionsPage.firstScreenful(height: 600), "what fits the window")
            XCTAssertEqual(second.listedIDs, second.viewModel.ids)

            let last = second.viewModel.id(at: second.viewModel.count - 1)
            second.listView.scrollTo(position: second.viewModel.count - 1)
            XCTAssertTrue(pump { second.boundRows[last] != nil }, "the last item can be scrolled to")
        }
    }

    func testRemovingAndUndoingBeforeTheRestArriveLosesNoItem() throws {
        try onMain {
            let list = ActionsList(generatedCount: 1_000)
            let unshown = ActionsPage(viewModel: list, notification: InAppNotification())
            XCTAssertFalse(unshown.hasEveryItem, "nothing painted yet: a screenful is listed")
            let early = try XCTUnwrap(list.remove(list.id(at: 3)))
            let late = try XCTUnwrap(list.remove(list.id(at: 500)))
            XCTAssertEqual(unshown.listedIDs, Array(list.ids.prefix(unshown.listedIDs.count)))
            XCTAssertTrue(list.undo(late))
            XCTAssertTrue(list.undo(early))
            unshown.addRemainingItems()
            XCTAssertEqual(unshown.listedIDs, list.ids)
            XCTAssertEqual(list.count, 1_000)
        }
    }

    func testUnfoldingAnItemBeyondTheFirstScreenfulBeforeTheFirstFrameScrollsToIt() {
        onMain {
            let list = ActionsList(generatedCount: 1_000)
            let unshown = ActionsPage(viewModel: list, notification: InAppNotification())
            let id = list.id(at: 700)
            list.toggle(id)
            XCTAssertTrue(unshown.hasEveryItem, "a position past the screenful needs every item listed")
            XCTAssertEqual(unshown.listedIDs, list.ids)
            // Shown now: the list opens scrolled to row 700, unfolded and wholly in view.
            let other = Window()
            defer { other.destroy() }
            other.setDefaultSize(width: 480, height: 600)
            other.child = unshown.root
            other.present()
            let inView = {
                guard let row = unshown.boundRows[id], let bounds = row.root.bounds(in: unshown.listView) else {
                    return false
                }
                return row.isFullyUnfolded && row.isSettled && bounds.height > 10 && bounds.y >= -0.5
                    && bounds.y + bounds.height <= Double(unshown.listView.height) + 0.5
            }
            XCTAssertTrue(pump(seconds: 5, until: inView), "row 700 is not shown unfolded, wholly in view")
            XCTAssertGreaterThan(unshown.root.verticalAdjustment.value, 0)
        }
    }

    @MainActor @discardableResult
    private func assertFullyVisible(_ row: ActionRow, file: StaticString = #filePath, line: UInt = #line) throws
        -> (x: Double, y: Double, width: Double, height: Double)
    {
        let bounds = try XCTUnwrap(row.root.bounds(in: page.listView), file: file, line: line)
        XCTAssertGreaterThanOrEqual(bounds.y, -0.5, "row top hidden", file: file, line: line)
        XCTAssertLessThanOrEqual(
            bounds.y + bounds.height, Double(page.listView.height) + 0.5, "row bottom hidden", file: file, line: line)
        return bounds
    }
}
