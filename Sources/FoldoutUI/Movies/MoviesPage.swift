// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Movies page (seed 004): a list of movies beside the selected one's details, and an Edit
/// pane that slides down between the header bar and the list, which shrinks to make room.
/// Every change is saved at once; a damaged file or a folder that cannot be written is explained
/// in a banner, and nothing is lost.
@MainActor
final class MoviesPage {
    let root = Box(.vertical)
    let editToggle = ToggleButton(label: tr("_Edit"))
    let library: MovieLibrary
    let pane = EditPane()
    let paneView = EditPaneView()
    /// The movie list beside the selected movie's details; its divider is remembered.
    let paned = Paned(.horizontal)
    let banner = Banner()
    private let scrolled = ScrolledWindow()
    private let model = IdListModel()
    private let rows: ListBinder<MoviesPage, MovieID, MovieRow>
    var listView: ListView { rows.listView }
    var boundRows: [MovieID: MovieRow] { rows.boundRows }
    private let detailTitle = Label(wrap: true)
    private let detailGenre = Label()
    let detailDate = Label()
    private let detailNotes = Label(wrap: true)
    private let detail = Box(.vertical, spacing: 6)
    /// In a narrow window, the way from a movie's details back to the list.
    let backButton = Button(iconName: "go-previous-symbolic", tooltip: tr("Back to the Movie List"))
    /// Whether the window is narrow: the list and the details are then shown one at a time.
    private(set) var isNarrow = false
    /// In a narrow window, whether the details are shown instead of the list.
    private(set) var showsDetailAlone = false
    private let notification: InAppNotification
    private var autosave: LibraryAutosave?
    private let savePath: String?
    private var observations: [ObservationToken] = []
    /// The movie the list last scrolled to, so that only a newly selected one is scrolled to.
    private var scrolledToSelection: MovieID?

    /// What the page does, as actions: its keys' and, while the page is shown, the window's
    /// (`movies.toggle-edit` is Ctrl+E's, an application accelerator).
    let actions = ActionGroup()
    static let prefix = "movies"

    static var editKey: KeyBinding {
        KeyBinding("<Control>e", tr("Show or hide Edit"), .movies, mnemonicOf: tr("_Edit"))
    }
    static var closePaneKey: KeyBinding { KeyBinding("Escape", tr("Close the Edit pane"), .movies) }
    static var backKey: KeyBinding {
        KeyBinding("<Alt>Left", tr("Back to the list"), .movies)
    }
    /// Every key the page answers, as the shortcuts window lists them.
    static var keyBindings: [KeyBinding] {
        [
            editKey, closePaneKey, backKey, KeyBinding(mnemonicOf: tr("_Add"), tr("Add a movie"), .movies),
            KeyBinding(mnemonicOf: tr("_Delete"), tr("Delete the movie"), .movies),
        ]
    }

    /// Loads the library from `store` (the built-in one on a first start or a damaged file).
    convenience init(store: LibraryStore, notification: InAppNotification) {
        let now = System.now
        switch store.load(now: now) {
        case .loaded(let movies):
            self.init(library: MovieLibrary(movies: movies), store: store, notification: notification)
        case .missing:
            self.init(library: .builtIn(now: now), store: store, notification: notification)
        case .corrupt(let movedTo, let reason):
            self.init(library: .builtIn(now: now), store: store, notification: notification)
            banner.show(
                tr("The library file was damaged, so the built-in library is shown."),
                detail: tr("It was moved to {path} ({reason}).", ["path": movedTo, "reason": reason]))
        case .unreadable(let reason):
            self.init(library: .builtIn(now: now), store: nil, notification: notification)
            banner.show(
                tr("The library file cannot be read, so the built-in library is shown and edits are not saved."),
                detail: tr("{path}: {reason}. Saving would replace it.", ["path": store.path, "reason": reason]))
        }
    }

    init(library: MovieLibrary, store: LibraryStore?, notification: InAppNotification) {
        self.library = library
        self.notification = notification
        savePath = store?.path
        rows = ListBinder(model: model, selection: .single, activatable: true, makeRow: MovieRow.init) {
            page, row, item in
            page.bind(row, item)
        }
        rows.owner = self
        model.splice(at: 0, removing: 0, inserting: library.movies.map(\.id.listID))
        if library.selection == nil { library.select(library.movies.first?.id) }
        if let store { autosave = LibraryAutosave(library: library, store: store) }
        buildLayout()
        connect()
        showSelection()
        showPane(animated: false)
    }

    private func buildLayout() {
        root.addCSSClass("movies-page")
        root.append(banner.root)
        root.append(paneView.revealer)

        scrolled.child = listView
        scrolled.setSizeRequest(width: 240)
        listView.addCSSClass("movies-list")
        detail.addCSSClass("movie-detail")
        backButton.setAlign(horizontal: .start)
        backButton.isVisible = false
        detail.append(backButton)
        for label in [detailTitle, detailGenre, detailDate, detailNotes] {
            label.xalign = 0
            detail.append(label)
        }
        detailTitle.addCSSClass("title-2")
        detailGenre.addCSSClass("dim-label")
        detailDate.addCSSClass("dim-label")
        paned.startChild = scrolled
        paned.endChild = detail
        paned.setShrink(start: false, end: false)
        paned.vexpand = true
        root.append(paned)
    }

    private func connect() {
        observations.append(library.changes.add { [weak self] change in self?.apply(change) })
        observations.append(pane.changes.add { [weak self] _ in self?.showPane(animated: true) })
        if let autosave {
            observations.append(autosave.changes.add { [weak self] _ in self?.showSaveStatus() })
        }
        // The list asks; the library decides, and its `.selected` shows the answer.
        listView.onSelectRequested { [weak self] listID in
            guard let self else { return }
            self.library.select(listID.flatMap { id in self.library.movies.first { $0.id.listID == id }?.id })
        }
        listView.onActivate { [weak self] position in
            guard let self, self.isNarrow, position < self.library.movies.count else { return }
            self.library.select(self.library.movies[position].id)
            self.showDetailAlone(true)
        }
        backButton.onClicked { [weak self] in self?.showDetailAlone(false) }
        editToggle.onToggled { [weak self] in
            guard let self, self.editToggle.isActive != self.pane.isOpen else { return }
            self.pane.toggle()
        }
        paneView.titleEntry.onChanged { [weak self] in self?.titleEdited() }
        paneView.genre.onSelected { [weak self] in self?.genreChosen() }
        paneView.notes.onChanged { [weak self] in self?.notesEdited() }
        paneView.addButton.onClicked { [weak self] in self?.addMovie() }
        paneView.deleteButton.onClicked { [weak self] in self?.deleteSelected() }

        actions.add("toggle-edit") { [weak self] in self?.pane.toggle() }
        actions.add("close-pane") { [weak self] in
            guard let self else { return }
            if !self.pane.isOpen && self.showsDetailAlone {
                self.showDetailAlone(false)
            } else {
                self.pane.close()
            }
        }
        actions.add("back") { [weak self] in
            if self?.showsDetailAlone == true { self?.showDetailAlone(false) }
        }
        root.installKeys(Self.prefix, actions, [(Self.closePaneKey, "close-pane"), (Self.backKey, "back")])
    }

    // MARK: Narrow windows

    /// In a narrow window the list and the details take turns: a tap or Enter on a movie shows
    /// its details, Back (Escape, Alt+Left) the list again.
    func setNarrow(_ narrow: Bool) {
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        listView.activatesOnSingleClick = narrow
        showDetailAlone(false)
    }

    func showDetailAlone(_ alone: Bool) {
        let hadFocus = detail.isAncestor(ofFocus: root)
        let wasAlone = showsDetailAlone
        showsDetailAlone = isNarrow && alone
        scrolled.isVisible = !showsDetailAlone
        detail.isVisible = !isNarrow || showsDetailAlone
        backButton.isVisible = showsDetailAlone
        if showsDetailAlone { _ = backButton.grabFocus() } else if hadFocus || wasAlone { focusFirst() }
    }

    // MARK: The pane

    private func showPane(animated: Bool) {
        if !pane.isOpen && paneView.revealer.isAncestor(ofFocus: root) { focusFirst() }
        if !pane.isOpen { dropRefusedTitle() }
        if animated {
            paneView.revealer.revealChild = pane.isOpen
        } else {
            paneView.revealer.setRevealedImmediately(pane.isOpen)
        }
        if pane.isOpen && animated && paneView.titleEntry.isSensitive { paneView.titleEntry.grabFocus() }
        if editToggle.isActive != pane.isOpen { editToggle.isActive = pane.isOpen }
    }

    /// A title the library refused (a blank one) is dropped when the pane closes: the field shows
    /// the title the list shows again, so the two agree when the pane reopens.
    private func dropRefusedTitle() {
        guard let movie = library.selectedMovie, paneView.titleEntry.text != movie.title else { return }
        paneView.titleEntry.text = movie.title
        paneView.showTitleProblem(nil)
    }

    /// Opens the pane without animating, for a window that is not shown yet.
    func openPaneAtOnce() {
        pane.open()
        paneView.revealer.setRevealedImmediately(true)
    }

    private func titleEdited() {
        guard let id = library.selection else { return }
        do {
            try library.setTitle(paneView.titleEntry.text, for: id)
            paneView.showTitleProblem(nil)
        } catch {
            paneView.showTitleProblem(error)
        }
    }

    private func genreChosen() {
        guard let id = library.selection else { return }
        library.setGenre(Genre.allCases[paneView.genre.selected], for: id)
    }

    private func notesEdited() {
        guard let id = library.selection else { return }
        library.setNotes(paneView.notes.text, for: id)
    }

    /// Puts the keyboard focus on the selected movie's row, or else on a row of the list.
    func focusFirst() {
        if let id = library.selection, let row = boundRows[id], listView.focusRow(showing: row.root) { return }
        listView.focusRow()
    }

    func addMovie() {
        pane.open()
        library.add(now: System.now)
        paneView.titleEntry.grabFocus()
        paneView.titleEntry.selectAll()
    }

    func deleteSelected() {
        guard let movie = library.selectedMovie, let removal = library.remove(movie.id) else { return }
        notification.show(tr("Deleted “{title}”", ["title": movie.title])) { [weak self] in self?.library.undo(removal)
        }
    }

    // MARK: Following the library

    private func apply(_ change: MovieLibrary.Change) {
        switch change {
        case .inserted(let id, let index):
            model.splice(at: index, removing: 0, inserting: [id.listID])
        case .removed(_, let index):
            model.splice(at: index, removing: 1)
        case .updated(let id, _):
            if let movie = library.movie(id) { boundRows[id]?.show(movie) }
            if id == library.selection { showDetail() }
        case .selected:
            showSelection()
        case .replaced:
            model.splice(at: 0, removing: model.count, inserting: library.movies.map(\.id.listID))
            showSelection()
        }
    }

    /// Puts the selected movie into the list selection, the details and the pane. What the pane's
    /// fields then report as edited is what the library holds already, which it ignores.
    private func showSelection() {
        listView.selectedID = library.selection?.listID
        // A movie newly selected (added, or next after a deletion) is brought into view: the list
        // may have shrunk under the Edit pane, and GTK 4.12 and later make no row for it there.
        if library.selection != scrolledToSelection, let position = listView.selectedPosition {
            listView.scrollTo(position: position)
        }
        scrolledToSelection = library.selection
        if let movie = library.selectedMovie {
            if paneView.titleEntry.text != movie.title { paneView.titleEntry.text = movie.title }
            paneView.genre.selected = Genre.allCases.firstIndex(of: movie.genre) ?? 0
            if paneView.notes.text != movie.notes { paneView.notes.text = movie.notes }
        } else {
            paneView.titleEntry.text = ""
            paneView.notes.text = ""
        }
        paneView.showTitleProblem(nil)
        paneView.setEditable(library.selection != nil)
        showDetail()
    }

    private func showDetail() {
        guard let movie = library.selectedMovie else {
            detailTitle.text = tr("No movie selected")
            for label in [detailGenre, detailDate, detailNotes] { label.text = "" }
            return
        }
        detailTitle.text = movie.title
        detailGenre.text = movie.genre.title
        detailDate.text = tr("Added {date}", ["date": movie.dateAddedInRegion])
        detailNotes.text = movie.notes
    }

    private func showSaveStatus() {
        guard let autosave else { return }
        switch autosave.status {
        case .saved: banner.hide()
        case .failing(let reason):
            banner.show(
                tr("Changes cannot be saved. They are kept, and saving is tried again after the next change."),
                detail: (savePath ?? tr("The library file")) + ": " + reason)
        }
    }

    private func bind(_ row: MovieRow, _ item: ListItem) -> MovieID? {
        guard let raw = item.itemID, let movie = library.movies.first(where: { $0.id.listID == raw }) else {
            return nil
        }
        row.show(movie)
        return movie.id
    }

    /// The list's allocated height: the pane takes its room from it.
    var listHeight: Int32 { scrolled.height }
}

extension MovieID {
    /// Movie ids are small counters; the list model holds 32-bit ids.
    var listID: UInt32 { UInt32(truncatingIfNeeded: raw) }
}
