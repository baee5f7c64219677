// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// Asks which table of a database, or which file of an archive, to open: a small modal window
/// listing each by its name, its folder dimmed beneath, its size or row count at the end. Over
/// more than a screenful a search comes first, with the keyboard, and typing anywhere goes into
/// it: Enter opens the first table found, Down goes to the list (GTK's arrow-key focus). A click
/// or Enter on a row opens it; Cancel or Escape opens nothing.
@MainActor
final class PartChooser {
    let window = Window()
    let search = SearchEntry()
    private let choices: TableChoices
    private let shown = IdListModel()
    private var rows: ListBinder<PartChooser, Int, PartRow>!
    let nothingFound = Label(wrap: true)
    private let scrolled = ScrolledWindow()
    /// The name chosen, or nil when cancelled. Called once.
    private let onChosen: @MainActor (String?) -> Void
    private var answered = false
    /// One per word searched for: each word's matches are marked in the names.
    private var highlighters: [SearchHighlighter] = []
    /// More than this many tables get a search.
    static let searchedFrom = 8

    init(parent: Window?, file: String, parts: [CatalogPart], onChosen: @escaping @MainActor (String?) -> Void) {
        self.onChosen = onChosen
        choices = TableChoices(parts.map { ($0.name, $0.size) })
        let searched = parts.count > Self.searchedFrom
        window.title = tr("Open a Table of “{file}”", ["file": file])
        window.isModal = true
        window.setTransient(for: parent)
        window.setDefaultSize(width: 480, height: searched ? 560 : -1)
        let header = HeaderBar()
        let cancel = Button(label: tr("_Cancel"), mnemonic: true)
        cancel.onClicked { [weak self] in self?.answer(nil) }
        header.packStart(cancel)
        window.setTitlebar(header)

        let content = Box(.vertical, spacing: 12)
        content.addCSSClass("part-chooser")
        let heading = Label(
            trn(
                "“{file}” holds {count} table. Which one do you want to open?",
                "“{file}” holds {count} tables. Which one do you want to open?", parts.count,
                ["file": file, "count": String(parts.count)]), wrap: true)
        heading.xalign = 0
        content.append(heading)
        if searched { content.append(searchField(count: parts.count)) }

        rows = ListBinder(model: shown, activatable: true, makeRow: PartRow.init) { chooser, row, item in
            chooser.bind(row, to: item)
        }
        rows.owner = self
        rows.listView.activatesOnSingleClick = true
        rows.listView.onActivate { [weak self] position in self?.open(listedAt: position) }
        rows.listView.setAccessibleLabel(tr("Tables"))
        scrolled.hasFrame = true
        scrolled.child = rows.listView
        scrolled.vexpand = true
        if !searched { scrolled.limitHeight(to: 420) }
        content.append(scrolled)
        nothingFound.addCSSClass("dim-label")
        nothingFound.isVisible = false
        nothingFound.vexpand = true
        nothingFound.setAlign(vertical: .center)
        content.append(nothingFound)
        content.installActions("chooser", [KeyedAction("cancel", keys: "Escape") { [weak self] in self?.answer(nil) }])
        window.child = content
        window.onCloseRequest { [weak self] in
            self?.answer(nil)
            return false
        }
        show(choices.matching(""))
    }

    private func searchField(count: Int) -> SearchEntry {
        search.placeholder = trn("Search {count} table", "Search {count} tables", count, ["count": String(count)])
        search.setAccessibleLabel(tr("Search tables"))
        search.captureKeys(from: window)
        search.onSearchChanged { [weak self] in self?.searchChanged() }
        // Enter may come before the search's pause has passed: what was typed is found first.
        search.onActivate { [weak self] in
            self?.searchChanged()
            self?.open(listedAt: 0)
        }
        // Escape in a search with text clears it; in an empty one, it cancels, as everywhere else.
        search.onStopSearch { [weak self] in
            guard let self else { return }
            if search.text.isEmpty { answer(nil) } else { search.text = "" }
        }
        return search
    }

    /// Shows the question. GTK gives the keyboard to the first thing that takes it: the search, or
    /// the first table of a short list.
    func present() { window.present() }

    var listView: ListView { rows.listView }
    /// The row of the table listed at `position`, if it is on screen.
    func row(listedAt position: Int) -> PartRow? {
        position < shown.count ? rows.boundRows[Int(shown.id(at: position))] : nil
    }

    /// The paths listed, in order.
    var listedPaths: [String] { (0..<shown.count).map { choices.choices[Int(shown.id(at: $0))].path } }

    private func searchChanged() {
        highlighters = search.text.split(whereSeparator: \.isWhitespace).map { SearchHighlighter(query: String($0)) }
        show(choices.matching(search.text))
    }

    private func show(_ positions: [Int]) {
        shown.splice(at: 0, removing: shown.count, inserting: positions.map(UInt32.init))
        nothingFound.text = tr("No table matches “{search}”.", ["search": search.text])
        nothingFound.isVisible = positions.isEmpty
        scrolled.isVisible = !positions.isEmpty
    }

    private func bind(_ row: PartRow, to item: ListItem) -> Int? {
        guard let id = item.itemID else { return nil }
        let position = Int(id)
        row.show(choices.choices[position], marking: &highlighters)
        return position
    }

    private func open(listedAt position: Int) {
        guard position < shown.count else { return }
        answer(choices.choices[Int(shown.id(at: position))].path)
    }

    private func answer(_ part: String?) {
        guard !answered else { return }
        answered = true
        window.setTransient(for: nil)
        window.destroy()
        onChosen(part)
    }
}

/// One table in the chooser: its name, with what the search found in it marked, above its folder
/// (dimmed); its size or row count at the end.
@MainActor
final class PartRow: ListRow {
    let root = Box(.horizontal, spacing: 12)
    let name = Inscription()
    let folder = Inscription()
    let size = Label()

    init() {
        root.addCSSClass("part-row")
        let lines = Box(.vertical, spacing: 2)
        lines.hexpand = true
        lines.append(name)
        lines.append(folder)
        folder.addCSSClass("dim-label")
        folder.addCSSClass("caption")
        size.addCSSClass("dim-label")
        size.addCSSClass("numeric")
        size.setAlign(vertical: .center)
        root.append(lines)
        root.append(size)
    }

    func show(_ choice: TableChoices.Choice, marking words: inout [SearchHighlighter]) {
        let found = words.indices.flatMap { words[$0].ranges(in: choice.name) }.sorted { $0.lowerBound < $1.lowerBound }
        var marked: [Range<Int>] = []
        for range in found {
            if let last = marked.last, range.lowerBound <= last.upperBound {
                marked[marked.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                marked.append(range)
            }
        }
        name.setText(choice.name, highlighting: marked)
        name.tooltip = choice.path
        folder.text = choice.folder
        folder.isVisible = !choice.folder.isEmpty
        size.text = choice.size
        let place = choice.folder.isEmpty ? "" : tr(", in {folder}", ["folder": choice.folder])
        root.setAccessibleLabel(choice.name + place + (choice.size.isEmpty ? "" : ", " + choice.size))
    }

    func unbind() {}
}
