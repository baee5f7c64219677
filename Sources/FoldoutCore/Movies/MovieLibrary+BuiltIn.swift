// SPDX-License-Identifier: GPL-3.0-or-later
extension MovieLibrary {
    /// The library a first start shows: well-known films, one of each genre, nothing selected.
    public static func builtIn(now: Int64) -> MovieLibrary {
        MovieLibrary(movies: builtInMovies(now: now))
    }

    /// The built-in films with ids 1…8, added a day apart, the last one at `now`. The same `now`
    /// gives the same movies.
    public static func builtInMovies(now: Int64) -> [Movie] {
        let films: [(String, Genre, String)] = [
            ("Casablanca", .drama, "Rick runs a nightclub in wartime Morocco and finds his old flame at the door."),
            ("Some Like It Hot", .comedy, "Two musicians hide from the mob in an all-women band."),
            ("Man with a Movie Camera", .documentary, "A day in the life of Soviet cities, told by the camera alone."),
            ("Vertigo", .thriller, "A detective afraid of heights follows a woman who seems possessed."),
            ("Spirited Away", .animation, "A girl must work in a bathhouse for spirits to free her parents."),
            ("2001: A Space Odyssey", .scienceFiction, "From the dawn of man to a voyage to Jupiter with HAL 9000."),
            ("Roman Holiday", .romance, "A runaway princess spends one day in Rome with a reporter."),
            ("Nosferatu", .horror, "The silent original: Count Orlok brings the plague to Wisborg."),
        ]
        let day: Int64 = 86_400
        return films.enumerated().map { offset, film in
            Movie(
                id: MovieID(UInt64(offset + 1)), title: film.0, genre: film.1,
                dateAdded: now - Int64(films.count - 1 - offset) * day, notes: film.2)
        }
    }
}
