// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// Made-up book and film titles, all distinct, of realistic lengths (mostly 12–45 characters) and
/// alphabets: English most of all, a tenth with accented French, German, Spanish, Nordic or Polish
/// words, a few in Greek, Cyrillic or Japanese. The same for the same seed on every machine.
enum SearchTitles {
    static let adjectives = [
        "Silent", "Golden", "Broken", "Hidden", "Last", "Lost", "Crimson", "Quiet", "Northern", "Wild", "Bitter",
        "Endless",
        "Hollow", "Distant", "Burning", "Frozen", "Secret", "Little", "Dark", "Bright", "Restless", "Forgotten",
        "Painted",
        "Glass", "Iron", "Velvet", "Paper", "Midnight", "Summer", "Winter", "Gentle", "Savage", "Sacred", "Wandering",
    ]
    static let nouns = [
        "River", "Garden", "House", "Letter", "Shadow", "Kingdom", "Harbor", "Station", "Mirror", "Orchard",
        "Lighthouse",
        "Island", "Promise", "Journey", "Memory", "Storm", "Crown", "Valley", "Bridge", "Forest", "Song", "Winter",
        "Road",
        "Empire", "Dream", "Window", "Tide", "Season", "Fortune", "Horizon", "Archive", "Compass", "Lantern", "Sparrow",
    ]
    static let places = [
        "Paris", "Lisbon", "Vienna", "the North", "Avalon", "Cairo", "the Sea", "Brooklyn", "Kyoto", "Dublin",
        "the Moors",
        "Marseille", "Prague", "Havana", "the Valley", "Oslo", "Bombay", "Seville", "the Coast", "Berlin", "Montréal",
    ]
    static let accented = [
        "Café", "Étoile", "Château", "Forêt", "Rivière", "Été", "Hôtel", "Crème", "Noël", "Garçon", "Naïve", "Façade",
        "Frère", "Fenêtre", "Théâtre", "Cœur", "Straße", "Mädchen", "Brücke", "Größe", "Träume", "Über", "König",
        "Niño", "Mañana", "Corazón", "Canción", "Jardín", "Pequeño", "León", "Águila", "Smørrebrød", "Malmö",
        "Göteborg",
        "Åland", "Ærø", "Łódź", "Kraków", "Gdańsk", "Dvořák", "Señor", "Müller",
    ]
    static let otherScripts = [
        "Αθήνα", "Ωκεανός", "Ήλιος", "Θάλασσα", "Москва", "Ёлка", "Зима", "Река", "Звезда", "東京", "夜の桜", "物語", "風の谷",
    ]

    /// `count` distinct titles.
    static func make(count: Int, seed: UInt64 = 23) -> [String] {
        var random = SeededGenerator(seed: seed)
        var seen = Set<String>(minimumCapacity: count)
        var titles: [String] = []
        titles.reserveCapacity(count)
        while titles.count < count {
            var title = base(&random)
            if seen.contains(title) {
                // Sequels and editions, as real catalogs have.
                let suffixes = [" II", " III", " (Revised Edition)", ": A Novel", " (Director's Cut)", " Vol. "]
                title += suffixes.randomElement(using: &random)!
                if title.hasSuffix("Vol. ") || seen.contains(title) {
                    title += String(Int.random(in: 1...9999, using: &random))
                }
            }
            guard seen.insert(title).inserted else { continue }
            titles.append(title)
        }
        return titles
    }

    private static func base(_ random: inout SeededGenerator) -> String {
        func pick(_ words: [String]) -> String { words.randomElement(using: &random)! }
        let roll = Int.random(in: 0..<100, using: &random)
        let noun = roll < 3 ? pick(otherScripts) : roll < 13 ? pick(accented) : pick(nouns)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return "The \(pick(adjectives)) \(noun)"
        case 1: return "\(noun) of \(pick(places))"
        case 2: return "The \(pick(adjectives)) \(noun) of \(pick(places))"
        case 3: return "\(pick(adjectives)) \(noun) in \(pick(places))"
        case 4: return "A \(pick(nouns)) for the \(pick(adjectives)) \(noun)"
        default: return "\(noun), \(pick(adjectives)) and \(pick(adjectives))"
        }
    }

    /// The titles as a catalog file (a title column and a made-up year), so that the page reads
    /// them as it reads any file.
    static func csv(_ titles: [String]) -> [UInt8] {
        var bytes = Array("title,year\n".utf8)
        bytes.reserveCapacity(titles.count * 40)
        var random = SeededGenerator(seed: 5)
        for title in titles {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: title.utf8)
            bytes.append(contentsOf: "\",\(1950 + Int.random(in: 0..<75, using: &random))\n".utf8)
        }
        return bytes
    }
}
