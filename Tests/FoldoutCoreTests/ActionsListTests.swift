// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

final class ActionsListTests: XCTestCase {
    private func makeList(_ count: Int = 20) -> (ActionsList, Recorder) {
        let list = ActionsList(generatedCount: count)
        return (list, Recorder(list))
    }

    func testToggleUnfoldsThenFolds() {
        let (list, recorder) = makeList()
        let id = list.id(at: 3)
        list.toggle(id)
        XCTAssertEqual(list.expanded, id)
        XCTAssertTrue(list.isExpanded(id))
        list.toggle(id)
        XCTAssertNil(list.expanded)
        XCTAssertEqual(
            recorder.changes,
            [
                .expansion(folded: nil, unfolded: id),
                .expansion(folded: id, unfolded: nil),
            ])
    }

    func testUnfoldingAnotherFoldsTheCurrentOneInOneChange() {
        let (list, recorder) = makeList()
        let first = list.id(at: 1)
        let second = list.id(at: 7)
        list.toggle(first)
        list.toggle(second)
        XCTAssertEqual(list.expanded, second)
        XCTAssertFalse(list.isExpanded(first))
        XCTAssertEqual(recorder.changes.last, .expansion(folded: first, unfolded: second))
    }

    func testFoldFoldsWhateverIsUnfoldedAndIsQuietOtherwise() {
        let (list, recorder) = makeList()
        list.fold()
        XCTAssertTrue(recorder.changes.isEmpty)
        list.toggle(list.id(at: 2))
        list.fold()
        XCTAssertNil(list.expanded)
        XCTAssertEqual(recorder.changes.count, 2)
    }

    func testRemovingTheUnfoldedItemLeavesNoneUnfolded() {
        let (list, recorder) = makeList()
        let id = list.id(at: 4)
        list.toggle(id)
        let removal = list.remove(id)
        XCTAssertEqual(removal, ActionsList.Removal(id: id, index: 4, wasExpanded: true))
        XCTAssertNil(list.expanded)
        XCTAssertFalse(list.contains(id))
        XCTAssertEqual(list.count, 19)
        XCTAssertEqual(recorder.changes.suffix(2), [.expansion(folded: id, unfolded: nil), .removed(id, at: 4)])
    }

    func testUndoUnfoldsTheItemAgainIfItWasUnfolded() throws {
        let (list, recorder) = makeList()
        let id = list.id(at: 4)
        list.toggle(id)
        let removal = try XCTUnwrap(list.remove(id))
        list.undo(removal)
        XCTAssertEqual(list.expanded, id)
        XCTAssertEqual(recorder.changes.suffix(2), [.inserted(id, at: 4), .expansion(folded: nil, unfolded: id)])
        let folded = try XCTUnwrap(list.remove(list.id(at: 7)))
        list.undo(folded)
        XCTAssertEqual(list.expanded, id, "undoing a folded item's removal leaves the unfolded one as it is")
    }

    func testUndoPutsTheItemBackWhereItWasOnce() throws {
        let (list, _) = makeList()
        let before = list.ids
        let removal = try XCTUnwrap(list.remove(list.id(at: 5)))
        XCTAssertTrue(list.undo(removal))
        XCTAssertEqual(list.ids, before)
        XCTAssertFalse(list.undo(removal), "a second undo must not duplicate the item")
        XCTAssertEqual(list.ids, before)
    }

    func testUndoAfterTheListShrankAppendsAtTheEnd() throws {
        let (list, _) = makeList(5)
        let last = try XCTUnwrap(list.remove(list.id(at: 4)))
        list.remove(list.id(at: 0))
        list.undo(last)
        XCTAssertEqual(list.ids.last, last.id)
        XCTAssertEqual(list.count, 4)
    }

    func testIdentityAndContentSurviveRemovals() {
        let (list, _) = makeList()
        let kept = list.id(at: 10)
        let content = list.item(kept)
        list.remove(list.id(at: 0))
        list.remove(list.id(at: 0))
        XCTAssertEqual(list.index(of: kept), 8)
        XCTAssertEqual(list.item(kept), content)
        list.toggle(kept)
        list.remove(list.id(at: 0))
        XCTAssertEqual(list.expanded, kept, "removing another item must not move the unfolded state")
    }

    func testTogglingAnItemThatIsNotThereChangesNothing() {
        let (list, recorder) = makeList()
        let id = list.id(at: 0)
        list.remove(id)
        list.toggle(id)
        XCTAssertNil(list.expanded)
        XCTAssertEqual(recorder.changes, [.removed(id, at: 0)])
    }

    func testGeneratedItemsAreDeterministicAndVaried() {
        let generator = FeedGenerator()
        let items = (0..<500).map { generator.item(ItemID($0)) }
        XCTAssertEqual(items, (0..<500).map { FeedGenerator().item(ItemID($0)) })
        let lineCounts = Set(items.map { $0.detail.split(separator: "\n").count })
        XCTAssertEqual(lineCounts, Set(1...6))
        XCTAssertGreaterThan(Set(items.map(\.title)).count, 450)
        XCTAssertNotEqual(FeedGenerator(seed: 1).item(ItemID(0)), FeedGenerator(seed: 2).item(ItemID(0)))
    }

    func testShareTextCarriesTitleAuthorAndDetail() {
        let item = FeedItem(id: ItemID(1), author: "Ada", title: "Cranes", detail: "Fold twice.")
        XCTAssertEqual(item.shareText, "Cranes — Ada\n\nFold twice.")
    }

    /// 10,000 random operations per seed, checked after each against a plain model, and the
    /// change stream replayed onto a mirror (what the UI does) must give the same list.
    func testRandomOperationSequencesKeepTheInvariants() throws {
        for seed in [1, 2, 3] as [UInt64] {
            var random = SeededGenerator(seed: seed)
            let list = ActionsList(generatedCount: 300)
            var modelIDs = list.ids
            var modelExpanded: ItemID?
            var undoable: [ActionsList.Removal] = []
            var mirror = list.ids
            var mirrorExpanded: ItemID?
            let token = list.changes.add { change in
                switch change {
                case .expansion(let folded, let unfolded):
                    XCTAssertEqual(folded, mirrorExpanded)
                    mirrorExpanded = unfolded
                case .removed(let id, let index):
                    guard mirror.indices.contains(index) else {
                        return XCTFail("\(id) removed at \(index), but the list held \(mirror.count)")
                    }
                    XCTAssertEqual(mirror.remove(at: index), id)
                case .inserted(let id, let index):
                    guard (0...mirror.count).contains(index) else {
                        return XCTFail("\(id) inserted at \(index), but the list held \(mirror.count)")
                    }
                    mirror.insert(id, at: index)
                }
            }
            for step in 0..<10_000 {
                let pick =
                    modelIDs.isEmpty
                    ? ItemID(UInt32.random(in: 0..<300, using: &random))
                    : modelIDs.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    list.toggle(pick)
                    if modelIDs.contains(pick) { modelExpanded = modelExpanded == pick ? nil : pick }
                case 5:
                    list.fold()
                    modelExpanded = nil
                case 6..<8:
                    let removal = list.remove(pick)
                    if let index = modelIDs.firstIndex(of: pick) {
                        XCTAssertEqual(removal, .init(id: pick, index: index, wasExpanded: modelExpanded == pick))
                        modelIDs.remove(at: index)
                        if modelExpanded == pick { modelExpanded = nil }
                        undoable.append(try XCTUnwrap(removal, "seed \(seed) step \(step): \(pick) was not removed"))
                    } else {
                        XCTAssertNil(removal)
                    }
                default:
                    guard !undoable.isEmpty else { continue }
                    let removal = undoable.remove(at: Int.random(in: 0..<undoable.count, using: &random))
                    XCTAssertTrue(list.undo(removal))
                    modelIDs.insert(removal.id, at: min(removal.index, modelIDs.count))
                    if removal.wasExpanded { modelExpanded = removal.id }
                }
                XCTAssertEqual(list.ids, modelIDs, "seed \(seed) step \(step)")
                XCTAssertEqual(list.expanded, modelExpanded, "seed \(seed) step \(step)")
                XCTAssertEqual(Set(list.ids).count, list.count, "ids stay unique")
                if let expanded = list.expanded { XCTAssertTrue(list.contains(expanded)) }
                XCTAssertEqual(mirror, list.ids)
                XCTAssertEqual(mirrorExpanded, list.expanded)
                if list.ids != modelIDs { return }
            }
            token.cancel()
        }
    }

    func testCancelledObservationHearsNothing() {
        let list = ActionsList(generatedCount: 3)
        var heard = 0
        let token = list.changes.add { _ in heard += 1 }
        list.toggle(list.id(at: 0))
        token.cancel()
        list.toggle(list.id(at: 0))
        XCTAssertEqual(heard, 1)
        XCTAssertEqual(list.changes.count, 0)
    }
}

/// Records every change a list announces.
final class Recorder {
    private(set) var changes: [ActionsList.Change] = []
    private var token: ObservationToken?

    init(_ list: ActionsList) {
        token = list.changes.add { [unowned self] in self.changes.append($0) }
    }
}
