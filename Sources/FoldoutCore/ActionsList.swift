// SPDX-License-Identifier: GPL-3.0-or-later
/// The Actions page's state: an ordered list of items, at most one of them unfolded, removals
/// that can be undone. Rows come and go with scrolling; this is where the truth stays.
public final class ActionsList {
    public enum Change: Equatable, Sendable {
        /// `folded` closed and/or `unfolded` opened, as one user action.
        case expansion(folded: ItemID?, unfolded: ItemID?)
        case removed(ItemID, at: Int)
        case inserted(ItemID, at: Int)
    }

    /// What `undo` needs to put a removed item back where it was.
    public struct Removal: Equatable, Sendable {
        public let id: ItemID
        public let index: Int
        /// Whether the item was unfolded when it was removed (undoing unfolds it again).
        public let wasExpanded: Bool

        public init(id: ItemID, index: Int, wasExpanded: Bool = false) {
            self.id = id
            self.index = index
            self.wasExpanded = wasExpanded
        }
    }

    public private(set) var ids: [ItemID]
    public private(set) var expanded: ItemID?
    public let changes = Observers<Change>()
    private let content: (ItemID) -> FeedItem

    public init(ids: [ItemID], content: @escaping (ItemID) -> FeedItem) {
        self.ids = ids
        self.content = content
    }

    /// `count` generated items with ids 0..<count.
    public convenience init(generatedCount count: Int, generator: FeedGenerator = FeedGenerator()) {
        precondition(count >= 0 && count <= Int(UInt32.max))
        self.init(ids: (0..<UInt32(count)).map(ItemID.init), content: generator.item)
    }

    public var count: Int { ids.count }
    public func id(at index: Int) -> ItemID { ids[index] }
    public func item(_ id: ItemID) -> FeedItem { content(id) }
    public func index(of id: ItemID) -> Int? { ids.firstIndex(of: id) }
    public func contains(_ id: ItemID) -> Bool { index(of: id) != nil }
    public func isExpanded(_ id: ItemID) -> Bool { expanded == id }

    /// Unfolds `id`, folding whichever was unfolded; or folds `id` if it was the unfolded one.
    public func toggle(_ id: ItemID) {
        guard contains(id) else { return }
        let previous = expanded
        expanded = previous == id ? nil : id
        changes.send(.expansion(folded: previous, unfolded: expanded))
    }

    /// Folds the unfolded item, if any.
    public func fold() {
        guard let previous = expanded else { return }
        expanded = nil
        changes.send(.expansion(folded: previous, unfolded: nil))
    }

    /// Removes `id`; an unfolded item is folded first. Returns what `undo` needs.
    @discardableResult
    public func remove(_ id: ItemID) -> Removal? {
        guard let index = index(of: id) else { return nil }
        let wasExpanded = expanded == id
        if wasExpanded { fold() }
        ids.remove(at: index)
        changes.send(.removed(id, at: index))
        return Removal(id: id, index: index, wasExpanded: wasExpanded)
    }

    /// Puts a removed item back at its old place (or the end, if the list got shorter), unfolded
    /// if it was. Does nothing if the item is already there.
    @discardableResult
    public func undo(_ removal: Removal) -> Bool {
        guard !contains(removal.id) else { return false }
        let index = min(removal.index, ids.count)
        ids.insert(removal.id, at: index)
        changes.send(.inserted(removal.id, at: index))
        if removal.wasExpanded { toggle(removal.id) }
        return true
    }
}
