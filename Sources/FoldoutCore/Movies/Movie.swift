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
    public var dateAddedText: String { CatalogDate(daysSince1970: dateAddedDays).description }

    /// The UTC day `dateAdded` falls on, as the user's region writes dates.
    public var dateAddedInRegion: String { RegionFormat.current.date(dateAddedText) }

    private var dateAddedDays: Int32 {
        let secondsPerDay: Int64 = 86_400
        var days = dateAdded / secondsPerDay
        if dateAdded % secondsPerDay < 0 { days -= 1 }
        return Int32(clamping: days)
    }

    /// True when every field is equal and the strings have the same UTF-8 bytes (no Unicode
    /// normalization), which is what a save and load must preserve.
    public func isIdentical(to other: Movie) -> Bool {
        id == other.id && genre == other.genre && dateAdded == other.dateAdded
            && title.utf8.elementsEqual(other.title.utf8) && notes.utf8.elementsEqual(other.notes.utf8)
    }
}
