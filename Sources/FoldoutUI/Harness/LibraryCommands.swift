// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The harness's access to the movie library: the hidden options that tests and the Flatpak check
/// use to read it from a second process (`--list-movies`) or to make sure its file exists
/// (`--touch-library`).
extension HarnessOptions {
    /// Runs the library command these options ask for; its exit status, or nil for none.
    func runLibraryCommand() -> Int32? {
        if touchLibrary { return Self.touchLibrary() }
        guard listMovies else { return nil }
        Self.listMovies()
        return 0
    }

    /// Loads the library as the Movies page would and saves it again: the file then exists.
    private static func touchLibrary() -> Int32 {
        let store = Session.libraryStore
        let now = System.now
        var movies = MovieLibrary.builtInMovies(now: now)
        switch store.load(now: now) {
        case .loaded(let loaded): movies = loaded
        case .missing, .corrupt: break
        case .unreadable(let reason):
            return fail(tr("cannot read “{file}”: {reason}", ["file": store.path, "reason": reason]))
        }
        do {
            try store.save(movies)
            return 0
        } catch {
            return fail(tr("cannot save “{file}”: {reason}", ["file": store.path, "reason": error.reason]))
        }
    }

    /// Prints the library as the Movies page would load it: one "title<TAB>genre" line per movie.
    private static func listMovies() {
        let store = Session.libraryStore
        switch store.load(now: System.now) {
        case .loaded(let movies):
            for movie in movies { print("\(movie.title)\t\(movie.genre.title)") }
        case .missing:
            for movie in MovieLibrary.builtInMovies(now: System.now) {
                print("\(movie.title)\t\(movie.genre.title)")
            }
        case .corrupt(let movedTo, let reason):
            System.printError(
                "foldout: "
                    + tr(
                        "the library file was damaged ({reason}) and was moved to {file}",
                        ["reason": reason, "file": movedTo]) + "\n")
        case .unreadable(let reason):
            System.printError(
                "foldout: " + tr("cannot read “{file}”: {reason}", ["file": store.path, "reason": reason]) + "\n")
        }
    }

    private static func fail(_ message: String) -> Int32 {
        System.printError("foldout: \(message)\n")
        return 2
    }
}
