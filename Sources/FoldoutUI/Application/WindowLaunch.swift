// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a launch's command line asks of the window, carried out the same way for the first
/// launch's (its catalog given to the window as it was made) and every later one's.
extension MainWindow {
    /// Problems that only the catalog shown can tell go to `reply`, the launching process.
    func carryOut(_ request: LaunchRequest, first isFirst: Bool, reply: HeldCommandLine?) {
        switch request.catalog {
        case .file(let path, let options, _)? where !isFirst:
            ensureFiltersPage().open(
                path: reply.map { LaunchRequest.catalogPath(path, resolve: $0.path(of:)) } ?? path, options: options)
        case .generated(let count)? where !isFirst:
            ensureFiltersPage().generate(count: count)
        default: break
        }
        if let view = request.view { ensureFiltersPage().resultsView = view }
        if let page = request.firstPage { self.page = page }
        var filters = request.filters
        if page == .filters { filters.unfoldRow = request.unfoldRow }
        if !filters.isEmpty || (request.catalog != nil && !isFirst) {
            ensureFiltersPage().carryOut(filters) { problem in
                if let problem { reply?.fail("foldout: \(problem)\n") }
                withExtendedLifetime(reply) {}
            }
        }
        if request.openEditPane {
            let movies = ensureMoviesPage()
            if isFirst { movies.openPaneAtOnce() } else if !movies.pane.isOpen { movies.pane.toggle() }
        }
        if let row = request.unfoldRow, page != .filters { unfold(row: row) }
        window.present()
        if request.showShortcuts { showShortcuts() }
    }
}
