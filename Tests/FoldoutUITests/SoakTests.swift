// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Long runs on the real widgets: after a warm-up, resident memory must stay flat (under 5% growth)
/// through 10,000 unfold/fold cycles, 1,000 filter changes and 1,000 saved library edits; and
/// through 10,000 unfolds and folds typed as a user types them, which also leave no closure
/// handed to GLib behind.
final class SoakTests: GtkTestCase, @unchecked Sendable {
    private static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Space on the focused row, twice (unfold, fold), then Down to the next row, 5,000 times over,
    /// sent by xdotool to the X server: each goes through the list's own key handling as a user's
    /// key does. Memory and the live closure count are taken after a warm-up of 300 rounds.
    func testTenThousandTypedTogglesLeaveNothingBehind() {
        onMain {
            Settings.default.enableAnimations = true
            let title = "Foldout typed soak \(UUID().uuidString)"
            let actions = ActionsPage(viewModel: ActionsList(generatedCount: 10_000), notification: InAppNotification())
            let window = Window()
            window.title = title
            window.setDefaultSize(width: 600, height: 700)
            window.child = actions.root
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(pump { actions.boundRows.count > 5 && actions.listView.height > 0 })
            var toggles = 0
            let counting = actions.viewModel.changes.add { change in
                if case .expansion = change { toggles += 1 }
            }
            defer { counting.cancel() }
            actions.focusFirst()
            @MainActor func type(rounds: Int) {
                let expected = toggles + rounds * 2
                xdotool(
                    ["key", "--delay", "1", "--repeat", String(rounds), "space", "space", "Down"], window: title,
                    seconds: Double(rounds) / 100 + 30, until: { toggles >= expected })
                XCTAssertEqual(toggles, expected, "a typed Space did not toggle its row")
                pump(seconds: 0.5)
            }
            type(rounds: 300)
            let before = (memory: Self.residentBytes(), closures: ClosureBox.live)
            type(rounds: 5_000)
            let after = (memory: Self.residentBytes(), closures: ClosureBox.live)
            print(
                "typed soak: \(toggles) toggles; resident memory \(before.memory / 1_048_576) → "
                    + "\(after.memory / 1_048_576) MiB; live closures \(before.closures) → \(after.closures)")
            XCTAssertLessThan(Double(after.memory - before.memory) / Double(before.memory), 0.05)
            XCTAssertLessThanOrEqual(after.closures, before.closures + 10, "closures handed to GLib pile up")
            XCTAssertNil(actions.viewModel.expanded, "every row typed open was typed shut")
            XCTAssertLessThan(IdListModel.liveItems, 400, "row items are created for visible rows only")
        }
    }

    func testMemoryStaysFlatThroughLongUse() throws {
        try onMain {
            Settings.default.enableAnimations = true
            let dataHome = NSTemporaryDirectory() + "foldout-soak-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: dataHome) }
            let notification = InAppNotification()
            let actions = ActionsPage(viewModel: ActionsList(generatedCount: 10_000), notification: notification)
            let filters = FiltersPage(
                source: .loaded(Catalog.generate(count: 200_000, seed: 9)), host: .alone(in: nil))
            let movies = MoviesPage(store: LibraryStore(directory: dataHome), notification: notification)
            let box = Box(.horizontal)
            for page in [actions.root, filters.root, movies.root] as [Widget] {
                page.hexpand = true
                box.append(page)
            }
            let window = Window()
            window.setDefaultSize(width: 1500, height: 700)
            window.child = box
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(pump { actions.boundRows.count > 5 && filters.filter != nil })

            var random = SeededGenerator(seed: 11)
            @MainActor func workload(unfolds: Int, filterChanges: Int, edits: Int) throws {
                for step in 0..<unfolds {
                    if step % 2 == 0, let id = actions.visibleRowIDs.randomElement(using: &random) {
                        actions.viewModel.toggle(id)
                    } else {
                        actions.viewModel.fold()
                    }
                    if step % 50 == 0 { pump(seconds: 0.01) }
                }
                for step in 0..<filterChanges {
                    guard let filter = filters.filter,
                        let column = filter.facetColumns.filter({ filter.kind(ofColumn: $0) == .options })
                            .randomElement(using: &random)
                    else { continue }
                    if step % 3 == 0 {
                        filter.reset(column: column)
                    } else {
                        _ = try XCTUnwrap(filter.options(forColumn: column).first, "facet \(column) has no options")
                        filter.select(
                            option: Int.random(in: 0..<filter.options(forColumn: column).count, using: &random),
                            inColumn: column)
                    }
                    if step % 20 == 0 { pump(seconds: 0.01) }
                }
                for step in 0..<edits {
                    let picked = movies.library.movies.randomElement(using: &random)
                    let movie = try XCTUnwrap(picked, "the library is empty")
                    try? movies.library.setTitle("Edit \(step) of \(movie.id)", for: movie.id)
                    movies.library.setGenre(Genre.allCases.randomElement(using: &random)!, for: movie.id)
                }
                actions.viewModel.fold()
                pump(seconds: 0.5)
            }

            try workload(unfolds: 2_000, filterChanges: 200, edits: 200)  // warm-up: caches, pools, rows
            let before = Self.residentBytes()
            try workload(unfolds: 10_000, filterChanges: 1_000, edits: 1_000)
            let after = Self.residentBytes()
            let growth = Double(after - before) / Double(before)
            let percent = String(format: "%+.2f", growth * 100)
            let mebibytes = (before: before / 1_048_576, after: after / 1_048_576)
            print(
                "soak: resident memory \(mebibytes.before) MiB after warm-up,",
                "\(mebibytes.after) MiB after the soak (\(percent)%)")
            XCTAssertLessThan(growth, 0.05, "resident memory grew from \(before) to \(after) bytes")
            XCTAssertFalse(movies.banner.isShown, "every edit was saved")
            guard case .loaded(let saved) = LibraryStore(directory: dataHome).load(now: 0) else {
                return XCTFail("nothing saved")
            }
            XCTAssertEqual(saved, movies.library.movies)
        }
    }
}
