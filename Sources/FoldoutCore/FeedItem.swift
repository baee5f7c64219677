// SPDX-License-Identifier: GPL-3.0-or-later
/// The stable identity of an item: survives removals, reordering and row recycling.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: UInt32
    public init(_ raw: UInt32) { self.raw = raw }
    public static func < (a: ItemID, b: ItemID) -> Bool { a.raw < b.raw }
    public var description: String { "#\(raw)" }
}

/// One entry of the Actions page: who wrote it, its title, and the text that unfolds.
public struct FeedItem: Equatable, Sendable {
    public let id: ItemID
    public let author: String
    public let title: String
    /// One to six lines, joined by newlines.
    public let detail: String

    public init(id: ItemID, author: String, title: String, detail: String) {
        self.id = id
        self.author = author
        self.title = title
        self.detail = detail
    }

    /// What Share puts on the clipboard.
    public var shareText: String { "\(title) — \(author)\n\n\(detail)" }
}
