// SPDX-License-Identifier: GPL-3.0-or-later
/// The library file's content, version `LibraryStore.formatVersion`:
///
///     {"format": 1, "movies": [{"id": 1, "title": "…", "genre": "drama", "added": 1714564800, "notes": "…"}]}
///
/// one movie per line. Reading is strict: anything the app could not have written is refused.
enum LibraryFileFormat {
    /// The file's bytes for `movies`.
    static func encode(_ movies: [Movie]) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"format\": \(LibraryStore.formatVersion), \"movies\": [")
        for (offset, movie) in movies.enumerated() {
            writer.raw(offset == 0 ? "\n  " : ",\n  ")
            writer.raw("{\"id\": ")
            writer.integer(movie.id.raw)
            writer.raw(", \"title\": ")
            writer.string(movie.title)
            writer.raw(", \"genre\": ")
            writer.string(movie.genre.rawValue)
            writer.raw(", \"added\": ")
            writer.integer(movie.dateAdded)
            writer.raw(", \"notes\": ")
            writer.string(movie.notes)
            writer.raw("}")
        }
        writer.raw(movies.isEmpty ? "]}\n" : "\n]}\n")
        return writer.bytes
    }

    /// The movies in `bytes`, or why they are not a library file.
    static func decode(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [Movie] {
        let root = try JSONParser.parse(bytes)
        guard case .object = root else { throw invalid(tr("The file does not hold a JSON object.")) }
        guard case .number(let format)? = root["format"] else { throw invalid(tr("The file has no format number.")) }
        guard format == String(LibraryStore.formatVersion) else {
            throw invalid(
                tr(
                    "The file has format {found}; this version of Foldout reads format {expected}.",
                    ["found": String(format.prefix(20)), "expected": String(LibraryStore.formatVersion)]))
        }
        guard case .array(let entries)? = root["movies"] else { throw invalid(tr("The file has no list of movies.")) }
        var movies: [Movie] = []
        var ids: Set<MovieID> = []
        movies.reserveCapacity(entries.count)
        for (offset, entry) in entries.enumerated() {
            let movie = try self.movie(entry, number: offset + 1)
            guard ids.insert(movie.id).inserted else {
                throw invalid(
                    tr("Movie {number} repeats the id {id}.", ["number": String(offset + 1), "id": "\(movie.id)"]))
            }
            movies.append(movie)
        }
        return movies
    }

    /// Ids are 1 through `Int64.max`, so `MovieLibrary.add` can always count up.
    private static func movie(_ entry: JSONValue, number: Int) throws(JSONSyntaxError) -> Movie {
        guard case .object = entry else {
            throw invalid(tr("Movie {number} is not a JSON object.", ["number": String(number)]))
        }
        guard case .number(let idText)? = entry["id"], let id = UInt64(idText), id >= 1, id <= UInt64(Int64.max) else {
            throw invalid(tr("Movie {number} has no valid id.", ["number": String(number)]))
        }
        guard case .string(let title)? = entry["title"] else {
            throw invalid(tr("Movie {number} has no title.", ["number": String(number)]))
        }
        if let problem = MovieLibrary.validate(title: title) {
            throw invalid(tr("Movie {number}: {problem}", ["number": String(number), "problem": problem.message]))
        }
        guard case .string(let genreName)? = entry["genre"] else {
            throw invalid(tr("Movie {number} has no genre.", ["number": String(number)]))
        }
        guard let genre = Genre(rawValue: genreName) else {
            throw invalid(
                tr(
                    "Movie {number} has an unknown genre “{genre}”.",
                    ["number": String(number), "genre": String(genreName.prefix(40))]))
        }
        guard case .number(let addedText)? = entry["added"], let added = Int64(addedText) else {
            throw invalid(tr("Movie {number} has no valid date added.", ["number": String(number)]))
        }
        guard case .string(let notes)? = entry["notes"] else {
            throw invalid(tr("Movie {number} has no notes.", ["number": String(number)]))
        }
        return Movie(id: MovieID(id), title: title, genre: genre, dateAdded: added, notes: notes)
    }

    private static func invalid(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason)
    }
}
