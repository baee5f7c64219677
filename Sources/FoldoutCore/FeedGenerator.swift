// SPDX-License-Identifier: GPL-3.0-or-later
/// Makes feed items from their ids alone: the same id always gives the same item, so a list of
/// any length costs nothing until an item is shown.
public struct FeedGenerator: Sendable {
    public let seed: UInt64

    public init(seed: UInt64 = 2026) { self.seed = seed }

    public func item(_ id: ItemID) -> FeedItem {
        var random = SeededGenerator(seed: seed ^ (UInt64(id.raw) &* 0x2545_F491_4F6C_DD1D))
        let author =
            "\(Words.firstNames.randomElement(using: &random)!) \(Words.lastNames.randomElement(using: &random)!)"
        let title = Self.capitalized(phrase(words: Int.random(in: 2...5, using: &random), using: &random))
        let lines = (0..<Int.random(in: 1...6, using: &random)).map { _ in
            Self.capitalized(phrase(words: Int.random(in: 5...11, using: &random), using: &random)) + "."
        }
        return FeedItem(id: id, author: author, title: title, detail: lines.joined(separator: "\n"))
    }

    private func phrase(words: Int, using random: inout SeededGenerator) -> String {
        (0..<words).map { _ in Words.common.randomElement(using: &random)! }.joined(separator: " ")
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

private enum Words {
    static let firstNames = [
        "Ada", "Bilal", "Chen", "Dalia", "Emeka", "Freya", "Gustavo", "Hana", "Ines", "Jonas", "Kiri", "Lena",
        "Mateo", "Nadia", "Oskar", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Umar", "Vera", "Wren", "Yusuf", "Zoe",
    ]
    static let lastNames = [
        "Okafor", "Lindqvist", "Moreau", "Takahashi", "Novak", "Haddad", "Fischer", "Costa", "Ivanova", "Mensah",
        "Brennan", "Kowalski", "Silva", "Andersen", "Rahman", "Dubois", "Yilmaz", "Park", "Oduya", "Ferreira",
    ]
    static let common = [
        "paper", "fold", "river", "quiet", "morning", "garden", "window", "letter", "bright", "harbor", "stone",
        "thread", "lantern", "orchard", "north", "salt", "linen", "copper", "meadow", "small", "old", "patient",
        "open", "map", "signal", "bridge", "autumn", "cedar", "field", "notes", "under", "across", "between",
        "slowly", "again", "every", "kept", "found", "made", "turned", "the", "a", "of", "with", "and", "for",
        "near", "after", "crane", "drawer", "ribbon", "sketch", "station", "tide", "valley", "whistle", "yarn",
    ]
}
