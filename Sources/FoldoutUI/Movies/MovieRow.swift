// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A row of the movie list: title over genre.
@MainActor
final class MovieRow: ListRow {
    let root = Box(.vertical, spacing: 2)
    let title = Label()
    let genre = Label()
    private(set) var movieID: MovieID?

    init() {
        root.addCSSClass("movie-row")
        for label in [title, genre] {
            label.xalign = 0
            label.ellipsizeEnd()
            root.append(label)
        }
        title.addCSSClass("movie-title")
        genre.addCSSClass("dim-label")
    }

    func show(_ movie: Movie) {
        movieID = movie.id
        title.text = movie.title
        genre.text = movie.genre.title
        // TRANSLATORS: a movie row as a screen reader says it: its title and genre.
        root.setParentAccessibleLabel(tr("{title}, {genre}", ["title": movie.title, "genre": movie.genre.title]))
    }

    func unbind() { movieID = nil }
}
