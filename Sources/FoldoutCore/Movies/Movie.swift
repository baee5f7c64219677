// SPDX-License-Identifier: GPL-3.0-or-later
/// The identity of a movie in a `MovieLibrary`: stable across edits, saves and loads.
public struct MovieID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: UInt64

    public init(_ raw: UInt64) { self.raw = raw }

    public static func < (lhs: MovieID, rhs: MovieID) -> Bool { lhs.raw < rhs.raw }

    public var description: String { String(raw) }
}

/// One entry of the movie library.
///
/// `==` compares strings the Swift way (canonically equivalent strings are equal); use
/// `isIdentical(to:)` where the exact bytes matter.
public struct Movie: Equatable, Sendable {
    public let id: MovieID
    public var title: String
    public var genre: Genre
    /// Seconds since 1970-01-01 00:00 UTC.
    public var dateAdded: Int64
    public var notes: String

    public init(id: MovieID, title: String, genre: Genre, dateAdded: Int64, notes: String) {
        self.id = id
        self.title = title
        self.genre = genre
        self.dateAdded = dateAdded
        self.notes = notes
    }

    /// The UTC day `dateAdded` falls on, "YYYY-MM-DD".
    public var dateAddedText: String {
        let secondsPerDay: Int64 = 86_400
        var days = dateAdded / secondsPerDay
        if dateAdded % secondsPerDay < 0 { days -= 1 }
        let (year, month, day) = CatalogDate.civil(fromDays: Int(days))
        return Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    /// True when every field is equal and the strings have the same UTF-8 bytes (no Unicode
    /// normalization), which is what a save and load must preserve.
    public func isIdentical(to other: Movie) -> Bool {
        id == other.id && genre == other.genre && dateAdded == other.dateAdded
            && title.utf8.elementsEqual(other.title.utf8) && notes.utf8.elementsEqual(other.notes.utf8)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
