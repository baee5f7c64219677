// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// Command-line access to the movie library: where it lives, and the hidden options that tests and
/// the Flatpak check use to read it from a second process or to make sure the file exists.
extension FoldoutApplication {
    /// Loads the library as the Movies page would and saves it again: the file then exists.
    func touchLibrary() -> Int32 {
        let store = Self.libraryStore
        let now = Int64(time(nil))
        var movies = MovieLibrary.builtInMovies(now: now)
        switch store.load(now: now) {
        case .loaded(let loaded): movies = loaded
        case .missing, .corrupt: break
        case .unreadable(let reason): return fail("cannot read \(store.path): \(reason)")
        }
        do {
            try store.save(movies)
            return 0
        } catch {
            return fail("cannot save \(store.path): \(error.reason)")
        }
    }

    /// Where each catalog file's view is kept: $XDG_STATE_HOME/foldout/views.
    static var viewDirectory: String { CatalogViewStore.defaultDirectory(environment: environment) }

    private static var environment: [String: String] {
        var environment: [String: String] = [:]
        for key in ["XDG_DATA_HOME", "XDG_STATE_HOME", "HOME"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return environment
    }

    /// The library under $XDG_DATA_HOME/foldout (~/.var/app/dev.foldout.Foldout/data/foldout in the Flatpak).
    static var libraryStore: LibraryStore {
        LibraryStore(directory: LibraryStore.defaultDirectory(environment: environment))
    }

    /// Prints the library as the Movies page would load it: one "title<TAB>genre" line per movie.
    func listMovies() {
        let store = Self.libraryStore
        switch store.load(now: Int64(time(nil))) {
        case .loaded(let movies):
            for movie in movies { print("\(movie.title)\t\(movie.genre.title)") }
        case .missing:
            for movie in MovieLibrary.builtInMovies(now: Int64(time(nil))) {
                print("\(movie.title)\t\(movie.genre.title)")
            }
        case .corrupt(let movedTo, let reason):
            FileHandleStandardError.write(
                "foldout: the library file was damaged (\(reason)) and was moved to \(movedTo)\n")
        case .unreadable(let reason):
            FileHandleStandardError.write("foldout: cannot read \(store.path): \(reason)\n")
        }
    }
}
