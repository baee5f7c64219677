// SPDX-License-Identifier: GPL-3.0-or-later
/// The movie list of the Movies page (seed 004): the movies in display order, the selected one,
/// and the edits the Edit pane makes. Platform-neutral; the UI observes `changes`.
///
/// Every operation is applied completely before its changes are sent, so a handler always sees the
/// final state (during `.removed` the selection has already moved). Handlers should not mutate the
/// library while a change is being sent.
public final class MovieLibrary {
    public static let maxTitleLength = 500

    public enum Change: Equatable, Sendable {
        case inserted(MovieID, at: Int)
        case removed(MovieID, at: Int)
        /// Title, genre or notes changed.
        case updated(MovieID, at: Int)
        case selected(MovieID?)
        /// The whole content was replaced (a load); the selection is nil afterwards.
        case replaced
    }

    /// A removed movie and where it was: what `undo` needs to put it back.
    public struct Removal: Equatable, Sendable {
        public let movie: Movie
        public let index: Int

        public init(movie: Movie, index: Int) {
            self.movie = movie
            self.index = index
        }
    }

    /// Display order.
    public private(set) var movies: [Movie]
    public private(set) var selection: MovieID?
    public let changes = Observers<Change>()

    /// The highest id this library has held, so that `add` never reuses the id of a removed movie
    /// whose removal may still be undone.
    private var highestID: UInt64

    /// `movies` must have unique ids.
    public init(movies: [Movie]) {
        Self.requireUniqueIDs(movies)
        self.movies = movies
        highestID = movies.map(\.id.raw).max() ?? 0
    }

    public func movie(_ id: MovieID) -> Movie? {
        index(of: id).map { movies[$0] }
    }

    public func index(of id: MovieID) -> Int? {
        movies.firstIndex { $0.id == id }
    }

    public var selectedMovie: Movie? {
        selection.flatMap(movie)
    }

    /// Selects `id` (nil clears the selection). An id not in the library is ignored. Sends
    /// `.selected` only if the selection changed.
    public func select(_ id: MovieID?) {
        if let id, index(of: id) == nil { return }
        guard id != selection else { return }
        selection = id
        changes.send(.selected(id))
    }

    /// Appends an "Untitled movie" (drama, no notes) with a new id — one more than the highest id
    /// the library has held — and selects it. Sends `.inserted`, then `.selected`.
    @discardableResult
    public func add(now: Int64) -> MovieID {
        precondition(highestID < UInt64.max, "movie ids are exhausted")
        highestID += 1
        let id = MovieID(highestID)
        movies.append(Movie(id: id, title: tr("Untitled movie"), genre: .drama, dateAdded: now, notes: ""))
        selection = id
        changes.send(.inserted(id, at: movies.count - 1))
        changes.send(.selected(id))
        return id
    }

    /// Removes the movie, or returns nil if there is none with that id. If it was selected, the
    /// selection moves to the movie now at its index, else to the one before, else to nothing.
    /// Sends `.removed`, then `.selected` if the selection changed.
    @discardableResult
    public func remove(_ id: MovieID) -> Removal? {
        guard let index = index(of: id) else { return nil }
        let removal = Removal(movie: movies.remove(at: index), index: index)
        let wasSelected = selection == id
        if wasSelected {
            selection = movies.isEmpty ? nil : movies[min(index, movies.count - 1)].id
        }
        changes.send(.removed(id, at: index))
        if wasSelected { changes.send(.selected(selection)) }
        return removal
    }

    /// Puts a removed movie back at its index (or at the end if the list is now shorter) and
    /// selects it. Returns false and changes nothing if a movie with its id is in the library.
    @discardableResult
    public func undo(_ removal: Removal) -> Bool {
        let id = removal.movie.id
        guard index(of: id) == nil else { return false }
        let index = min(max(removal.index, 0), movies.count)
        movies.insert(removal.movie, at: index)
        highestID = max(highestID, id.raw)
        let selectionChanged = selection != id
        selection = id
        changes.send(.inserted(id, at: index))
        if selectionChanged { changes.send(.selected(id)) }
        return true
    }

    /// Why `title` would be refused, or nil if it is acceptable.
    public static func validate(title: String) -> TitleProblem? {
        TitleProblem.check(title, limit: maxTitleLength)
    }

    /// Sets the title exactly as given (no trimming). A refused title throws and changes nothing;
    /// an unknown id or an identical title changes nothing either.
    public func setTitle(_ title: String, for id: MovieID) throws(TitleProblem) {
        if let problem = Self.validate(title: title) { throw problem }
        update(id) { movie in
            guard !movie.title.utf8.elementsEqual(title.utf8) else { return false }
            movie.title = title
            return true
        }
    }

    public func setGenre(_ genre: Genre, for id: MovieID) {
        update(id) { movie in
            guard movie.genre != genre else { return false }
            movie.genre = genre
            return true
        }
    }

    /// Sets the notes exactly as given; any text, any length.
    public func setNotes(_ notes: String, for id: MovieID) {
        update(id) { movie in
            guard !movie.notes.utf8.elementsEqual(notes.utf8) else { return false }
            movie.notes = notes
            return true
        }
    }

    /// Replaces everything (after a load): `movies` must have unique ids. The selection is cleared
    /// without a `.selected`; only `.replaced` is sent.
    public func replaceAll(with movies: [Movie]) {
        Self.requireUniqueIDs(movies)
        self.movies = movies
        selection = nil
        highestID = max(highestID, movies.map(\.id.raw).max() ?? 0)
        changes.send(.replaced)
    }

    /// Applies `edit` to the movie with `id`; sends `.updated` if it reports a change.
    private func update(_ id: MovieID, _ edit: (inout Movie) -> Bool) {
        guard let index = index(of: id), edit(&movies[index]) else { return }
        changes.send(.updated(id, at: index))
    }

    private static func requireUniqueIDs(_ movies: [Movie]) {
        precondition(Set(movies.map(\.id)).count == movies.count, "movie ids must be unique")
    }
}
