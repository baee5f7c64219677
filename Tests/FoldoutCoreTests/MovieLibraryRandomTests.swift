// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// Seeded random edit sequences checked against a plain array model, and the change stream replayed
/// onto a mirror checked against the library.
final class MovieLibraryRandomTests: XCTestCase {
    /// The specification of `MovieLibrary`, written as simply as possible.
    private struct Model {
        var movies: [Movie]
        var selection: MovieID?
        var highest: UInt64

        func index(_ id: MovieID) -> Int? { movies.firstIndex { $0.id == id } }
    }

    /// What a UI would hold: rebuilt from nothing but the change stream.
    private final class Mirror {
        var movies: [Movie]
        var selection: MovieID?
        let library: MovieLibrary

        init(_ library: MovieLibrary) {
            self.library = library
            movies = library.movies
            selection = library.selection
        }

        func apply(_ change: MovieLibrary.Change) {
            switch change {
            case .inserted(let id, let index):
                guard let movie = library.movie(id), (0...movies.count).contains(index) else {
                    return XCTFail("\(id) inserted at \(index) of \(movies.count), or not in the library")
                }
                movies.insert(movie, at: index)
            case .removed(let id, let index):
                guard movies.indices.contains(index) else {
                    return XCTFail("\(id) removed at \(index), but the mirror holds \(movies.count)")
                }
                XCTAssertEqual(movies[index].id, id)
                movies.remove(at: index)
            case .updated(let id, let index):
                guard movies.indices.contains(index) else {
                    return XCTFail("\(id) updated at \(index), but the mirror holds \(movies.count)")
                }
                XCTAssertEqual(movies[index].id, id)
                guard let movie = library.movie(id) else { return XCTFail("\(id) updated, but not in the library") }
                movies[index] = movie
            case .selected(let id):
                XCTAssertNotEqual(id, selection, ".selected is only sent for a change")
                selection = id
            case .replaced:
                movies = library.movies
                selection = nil
            }
        }
    }

    func testRandomEditSequencesMatchTheModel() throws {
        for seed: UInt64 in [1, 2, 3, 0xF01D_0057] {
            try run(seed: seed, operations: 2_500)
        }
    }

    private func run(seed: UInt64, operations: Int) throws {
        var random = SeededGenerator(seed: seed)
        let initial = MovieLibrary.builtInMovies(now: 1_700_000_000)
        let library = MovieLibrary(movies: initial)
        let highest = try XCTUnwrap(initial.map(\.id.raw).max(), "no built-in movies")
        var model = Model(movies: initial, selection: nil, highest: highest)
        let mirror = Mirror(library)
        let token = library.changes.add { mirror.apply($0) }
        defer { token.cancel() }
        var removals: [MovieLibrary.Removal] = []
        var counts: [String: Int] = [:]

        func anyID() -> MovieID {
            // Mostly present ids, sometimes removed or never-used ones.
            if !model.movies.isEmpty, Int.random(in: 0..<10, using: &random) < 8 {
                return model.movies.randomElement(using: &random)!.id
            }
            return MovieID(UInt64.random(in: 0...(model.highest + 2), using: &random))
        }

        for step in 0..<operations {
            let now = Int64(1_700_000_000 + step)
            let kind = Int.random(in: 0..<100, using: &random)
            switch kind {
            case 0..<12:
                counts["add", default: 0] += 1
                let id = library.add(now: now)
                model.highest += 1
                XCTAssertEqual(id.raw, model.highest)
                model.movies.append(Movie(id: id, title: "Untitled movie", genre: .drama, dateAdded: now, notes: ""))
                model.selection = id
            case 12..<24:
                counts["remove", default: 0] += 1
                let id = anyID()
                let removal = library.remove(id)
                if let index = model.index(id) {
                    let movie = model.movies.remove(at: index)
                    XCTAssertEqual(removal.map { $0.movie.isIdentical(to: movie) }, true)
                    XCTAssertEqual(removal?.index, index)
                    if model.selection == id {
                        model.selection =
                            model.movies.isEmpty ? nil : model.movies[min(index, model.movies.count - 1)].id
                    }
                    removals.append(try XCTUnwrap(removal, "step \(step): \(id) was not removed"))
                } else {
                    XCTAssertNil(removal)
                }
            case 24..<32:
                counts["undo", default: 0] += 1
                guard !removals.isEmpty else { continue }
                let removal = removals.remove(at: Int.random(in: 0..<removals.count, using: &random))
                let undone = library.undo(removal)
                XCTAssertEqual(undone, model.index(removal.movie.id) == nil)
                if undone {
                    model.movies.insert(removal.movie, at: min(removal.index, model.movies.count))
                    model.selection = removal.movie.id
                }
            case 32..<46:
                counts["select", default: 0] += 1
                let id: MovieID? = Int.random(in: 0..<8, using: &random) == 0 ? nil : anyID()
                library.select(id)
                if id == nil || model.index(id!) != nil { model.selection = id }
            case 46..<70:
                let id = anyID()
                let title = randomTitle(&random)
                let problem = MovieLibrary.validate(title: title)
                counts[problem == nil ? "setTitle valid" : "setTitle invalid", default: 0] += 1
                do {
                    try library.setTitle(title, for: id)
                    XCTAssertNil(problem)
                    if let index = model.index(id) { model.movies[index].title = title }
                } catch {
                    XCTAssertEqual(error, problem)
                }
            case 70..<82:
                counts["setGenre", default: 0] += 1
                let id = anyID()
                let genre = Genre.allCases.randomElement(using: &random)!
                library.setGenre(genre, for: id)
                if let index = model.index(id) { model.movies[index].genre = genre }
            case 82..<97:
                counts["setNotes", default: 0] += 1
                let id = anyID()
                let notes = randomText(&random, maxPieces: 30)
                library.setNotes(notes, for: id)
                if let index = model.index(id) { model.movies[index].notes = notes }
            default:
                counts["replaceAll", default: 0] += 1
                let movies = Array(
                    model.movies.shuffled(using: &random).prefix(Int.random(in: 0...model.movies.count, using: &random))
                )
                library.replaceAll(with: movies)
                model.movies = movies
                model.selection = nil
            }
            MovieSamples.assertIdentical(library.movies, model.movies)
            XCTAssertEqual(library.selection, model.selection, "step \(step)")
            MovieSamples.assertIdentical(mirror.movies, library.movies)
            XCTAssertEqual(mirror.selection, library.selection, "step \(step)")
            if library.movies.count != model.movies.count || library.selection != model.selection { return }
        }
        for (name, count) in counts where !name.contains("replace") {
            XCTAssertGreaterThan(count, 20, "\(name) was hardly exercised")
        }
    }

    private func randomTitle(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return ["", " ", "\n\t", "\u{3000}"].randomElement(using: &random)!
        case 1: return String(repeating: "🇸🇪", count: Int.random(in: 499...501, using: &random))
        default: return randomText(&random, maxPieces: 4)
        }
    }

    private func randomText(_ random: inout SeededGenerator, maxPieces: Int) -> String {
        (0..<Int.random(in: 0...maxPieces, using: &random))
            .map { _ in MovieSamples.hostileStrings.randomElement(using: &random)! }
            .joined(separator: Bool.random(using: &random) ? " " : "")
    }
}
