// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Filters page's search field: what is typed narrows the results to the rows whose title (or,
/// ticked, any text column) contains it, ignoring case and accents. Each search runs away from the
/// main thread and is cancelled by the next keystroke; only the newest one's results are shown.
/// A search that reads no text (one letter, or a letter prepared for) is made at once instead.
/// After each, the search prepares for the next letter on threads that give way to the page's.
/// A table that searches itself (a server, in SQL) is handed the text instead.
@MainActor
final class FiltersSearch {
    /// GTK's search entry's: Escape clears it, Return activates it (the page then moves the
    /// focus to the results).
    static var keyBindings: [KeyBinding] {
        [
            KeyBinding("Escape", tr("Clear the search"), .filters),
            KeyBinding("Return", tr("Go to the results"), .filters),
        ]
    }

    let root = Box(.horizontal, spacing: 8)
    let entry = SearchEntry()
    /// Shown in the page's View Options.
    let everyColumn = CheckButton(label: tr("Search every text column"))
    /// What is searched: the table shown, in the column the results are titled by (`section`'s).
    private let shown: ShownTable
    private let section: ComboSection
    /// Called with true when a search has taken long enough to say so, and with false when done.
    private let onBusy: @MainActor (Bool) -> Void
    private let newest = WorkGeneration()
    private var request = 0
    private var busyWatch: SourceToken?
    private var pendingRun: SourceToken?
    /// The search running away from the main thread, if any.
    private var running: Int?
    /// Finds the rows for a text away from the main thread (nil once cancelled); tests hold it back.
    var findRows: @Sendable (CatalogSearch, String, () -> Bool) -> RowSet? = { search, text, isCancelled in
        search.rows(matching: text, isCancelled: isCancelled)
    }
    /// Finds the rows for a text on the main thread when that reads no text, else nil: they are
    /// then shown in the frame that shows the letter typed. Tests send every search to its thread.
    var findQuickly: @MainActor (CatalogSearch, String) -> RowSet? = { search, text in
        search.quickRows(matching: text)
    }

    init(shown: ShownTable, section: ComboSection, onBusy: @escaping @MainActor (Bool) -> Void) {
        self.shown = shown
        self.section = section
        self.onBusy = onBusy
        root.addCSSClass("filters-search")
        entry.hexpand = true
        entry.tooltip = tr("Search the results (Ctrl+F); Escape clears")
        root.append(entry)
        everyColumn.tooltip = tr("Search every text column, not only the title")
        describeColumns()
        entry.onChanged { [weak self] in self?.runSoon() }
        entry.onStopSearch { [weak self] in self?.entry.text = "" }
        everyColumn.onToggled { [weak self] in
            self?.describeColumns()
            self?.run()
        }
    }

    /// The field says what it searches: "Search tailnum", the title column, or every text column.
    func describeColumns() {
        let names = shown.table?.columnNames ?? []
        let title = names.indices.contains(section.titleColumn) ? names[section.titleColumn] : nil
        let text =
            everyColumn.isActive
            ? tr("Search every text column")
            : title.map { tr("Search {column}", ["column": $0]) } ?? tr("Search titles")
        guard entry.placeholder != text else { return }
        entry.placeholder = text
        entry.setAccessibleLabel(text)
    }

    /// The columns searched now.
    private func columns(of catalog: Catalog) -> [Int] {
        everyColumn.isActive ? CatalogSearch.textColumns(of: catalog) : [section.titleColumn]
    }

    /// Indexes a newly shown catalog in the background, so that the first keystroke is quick.
    func prepare() {
        guard let filter = shown.filter else { return }
        let catalog = filter.catalog
        let columns = columns(of: catalog)
        let indexes = filter.searchIndexes
        Task.detached { _ = indexes.index(catalog, columns) }
    }

    /// The search to make in a catalog while it is read: the field's text, in its title column or
    /// every text column as ticked; nil when the field is blank.
    var kept: (text: String, everyColumn: Bool)? {
        CatalogSearch.isBlank(entry.text) ? nil : (entry.text, everyColumn.isActive)
    }

    /// After a new catalog is shown: searches again unless its search, made while it was read, is
    /// of the field's text in the columns chosen now; else only gets the index ready.
    func catalogReplaced() {
        guard let filter = shown.filter else {
            if !CatalogSearch.isBlank(entry.text) { run() }
            return
        }
        let current = filter.searchText == entry.text && filter.searchColumns == columns(of: filter.catalog)
        if current || CatalogSearch.isBlank(entry.text) { prepare() } else { run() }
    }

    /// Searches once the changes of this main loop iteration are done: setting the text is two
    /// changes (cleared, then typed), and searching for the cleared text would be wasted.
    private func runSoon() {
        guard pendingRun == nil else { return }
        pendingRun = MainLoop.idle(priority: .default) { [weak self] in
            self?.pendingRun = nil
            self?.run()
            return false
        }
    }

    /// Searches for the field's text in the columns chosen now.
    func run() {
        pendingRun?.cancel()
        pendingRun = nil
        guard let table = shown.table else { return }
        let text = entry.text
        request += 1
        let request = request
        let newest = newest
        newest.set(request)
        busyWatch?.cancel()
        busyWatch = nil
        running = nil
        let searched = everyColumn.isActive ? table.searchableColumns : [section.titleColumn]
        guard !table.search(for: CatalogSearch.isBlank(text) ? "" : text, inColumns: searched),
            let filter = shown.filter
        else { return onBusy(false) }
        let catalog = filter.catalog
        let columns = columns(of: catalog)
        let indexes = filter.searchIndexes
        let findRows = findRows
        guard !CatalogSearch.isBlank(text) else {
            onBusy(false)
            filter.applySearch(text, rows: nil, in: columns)
            return
        }
        if let search = indexes.indexed(catalog, columns), let rows = findQuickly(search, text) {
            running = request
            finish(request, text, rows, search)
            return
        }
        busyWatch = MainLoop.timeout(milliseconds: 150) { [weak self] in
            self?.onBusy(true)
            self?.busyWatch = nil
            return false
        }
        running = request
        let deliver: @Sendable @MainActor (RowSet, CatalogSearch) -> Void = { [weak self] rows, search in
            self?.finish(request, text, rows, search)
        }
        Task.detached {
            let search = indexes.index(catalog, columns)
            guard let rows = findRows(search, text, { !newest.isNewest(request) }) else { return }
            MainLoop.post { deliver(rows, search) }
        }
    }

    private func finish(_ finished: Int, _ text: String, _ rows: RowSet, _ search: CatalogSearch) {
        guard finished == request else { return }
        running = nil
        guard let filter = shown.filter, filter.catalog === search.catalog else { return }
        busyWatch?.cancel()
        busyWatch = nil
        onBusy(false)
        filter.applySearch(text, rows: rows, in: search.columns)
        // While the user pauses, get ready for the next letter; the next keystroke stops this.
        let newest = newest
        search.prepareNextBehind(after: text, isCancelled: { !newest.isNewest(finished) })
    }

    /// Forgets the results of earlier searches (for measuring searches from scratch).
    func forgetResults() { shown.filter?.searchIndexes.forgetResults() }

    /// The search of the catalog shown, once it is indexed.
    var index: CatalogSearch? {
        guard let filter = shown.filter else { return nil }
        return filter.searchIndexes.indexed(filter.catalog, columns(of: filter.catalog))
    }

    /// True from a keystroke until its results are shown.
    var isSearching: Bool { pendingRun != nil || running != nil }
}
