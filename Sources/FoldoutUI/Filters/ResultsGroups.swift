// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The fourth way to show the results (issue 62): the matches folded into groups that fold out
/// (`GroupsTable`), by the columns of the Group by line, outermost first, with a measure beside
/// each group. Whichever engine filters the table folds them (`FilteredTable.groups`), off the
/// main thread, for the outermost level and every group folded out at once; a newer change stops
/// the older work, and the groups shown stay, dimmed, until the newest come. Copy puts every
/// innermost group on the clipboard as `--groups` writes them.
@MainActor
final class ResultsGroups {
    static var copyKey: KeyBinding { KeyBinding("<Control>c", tr("Copy the groups"), .filters) }
    static var foldOutKey: KeyBinding { KeyBinding("Right|plus", tr("Fold a group out"), .filters) }
    static var foldInKey: KeyBinding {
        KeyBinding("Left|minus", tr("Fold a group in, or go up"), .filters)
    }

    let root = Box(.vertical)
    private(set) lazy var table = GroupsTable { [weak self] in self?.ask() }
    private(set) lazy var contextMenu = GroupsContextMenu(table: table, host: root) { [weak self] in self?.filtered }
    let copyButton = Button(label: tr("Copy as TSV"))
    private(set) lazy var line = GroupingLine { [weak self] in self?.regroup($0) }
    private let caption = Label()
    private(set) var grouping = Grouping(levels: [])
    private var filtered: (any FilteredTable)?
    /// What the columns listed were made from (`FilteredTable.facetSource`).
    private var columnsSource: AnyObject?
    private var request = 0
    private let newest = WorkGeneration()
    /// Whether the newest groups asked for are still being worked out.
    private(set) var isGrouping = false
    private let notify: @MainActor (String) -> Void

    init(notify: @escaping @MainActor (String) -> Void) {
        self.notify = notify
        root.addCSSClass("results-groups")
        // What the groups are grouped by, then what is shown beside them, each on a line that
        // scrolls sideways in a narrow window (as the facets' line does); Copy beside the first,
        // how many groups of how many rows below.
        let bar = Box(.horizontal, spacing: 6)
        bar.addCSSClass("groups-bar")
        bar.append(Self.scrolling(line.levelsLine))
        copyButton.tooltip = tr("Copy every innermost group as tab-separated text (Ctrl+C)")
        copyButton.onClicked { [weak self] in self?.copy() }
        bar.append(copyButton)
        root.append(bar)
        let measures = Self.scrolling(line.measuresLine)
        measures.addCSSClass("groups-bar")
        root.append(measures)
        caption.makeDimCaption()
        caption.addCSSClass("groups-caption")
        root.append(caption)
        root.append(table.root)
        let keys = ShortcutController()
        keys.add(Self.copyKey) { [weak self] in self?.copy() ?? false }
        table.view.add(keys)
        // Before the list's own arrow keys, which take Left and Right as moves that go nowhere.
        let folding = ShortcutController()
        folding.setPhase(.capture)
        folding.add(Self.foldOutKey) { [weak self] in self?.table.fold(out: true) ?? false }
        folding.add(Self.foldInKey) { [weak self] in self?.table.fold(out: false) ?? false }
        table.view.add(folding)
        _ = contextMenu
    }

    private static func scrolling(_ line: Box) -> ScrolledWindow {
        let scroller = ScrolledWindow()
        scroller.scrollHorizontally()
        scroller.hexpand = true
        scroller.child = line
        scroller.scrollAtNaturalWidth()
        return scroller
    }

    /// Folds the matches of `filtered` into groups off the main thread, unless the groups shown
    /// are theirs already; a table of other columns starts from its first facet of options.
    func update(_ filtered: any FilteredTable) {
        self.filtered = filtered
        if columnsSource !== filtered.facetSource {
            columnsSource = filtered.facetSource
            // A text facet's values that no choice narrows to one: carrier, not the month chosen.
            let options = filtered.facetColumns.filter {
                filtered.kind(ofColumn: $0) == .options && filtered.selection(forColumn: $0).isEmpty
            }
            let first =
                options.first { filtered.measurableColumns[$0].shape.kind == .text } ?? options.first
                ?? filtered.facetColumns.first ?? 0
            regroup(Grouping(levels: filtered.columnNames.isEmpty ? [] : [level(first, in: filtered)]))
        }
        ask()
    }

    /// Groups the matches of `filtered` by `grouping` (a launch's `--group-by`, a view kept),
    /// folding out the groups whose texts are each of `foldOut`, from the outermost in, as they
    /// come (`--fold-out`, the groups folded out when the view was kept).
    func group(by grouping: Grouping, in filtered: any FilteredTable, foldingOut foldOut: [[String]] = []) {
        self.filtered = filtered
        columnsSource = filtered.facetSource
        regroup(grouping)
        self.foldOut = foldOut
    }

    /// The texts of the groups still to be folded out, each from the outermost in.
    private var foldOut: [[String]] = []

    /// The paths of the groups `foldOut` names that are shown now, outermost first; a group
    /// whose level is answered without it is given up, and once every one is folded out the
    /// person folds the rest.
    private func pathsToFoldOut() -> [[GroupKey]] {
        var paths: [[GroupKey]] = []
        foldOut = foldOut.filter { labels in
            var path: [GroupKey] = []
            for label in labels.prefix(grouping.levels.count) {
                guard let groups = table.tree.groups(under: path) else { return true }
                guard let group = groups.first(where: { $0.label == label }) else { return false }
                path.append(group.key)
                paths.append(path)
            }
            return false
        }
        return paths
    }

    /// What `filtered`'s matches are grouped by, and the groups folded out; nil when the
    /// groups are another table's (its view was never grouped).
    func kept(for filtered: any FilteredTable) -> (grouping: Grouping, open: [[String]])? {
        guard columnsSource === filtered.facetSource, !grouping.levels.isEmpty else { return nil }
        return (grouping, openGroupTexts)
    }

    /// The groups folded out now, each by its texts from the outermost in (as `group(by:…)`
    /// takes them back).
    private var openGroupTexts: [[String]] {
        table.openPaths.compactMap { path in
            let labels = path.indices.compactMap { table.tree.group(at: Array(path[...$0]))?.label }
            return labels.count == path.count ? labels : nil
        }
    }

    /// Heard after the grouping changes and a group is folded out or in: the view is kept.
    var changed: (@MainActor () -> Void)?

    /// Forgets what the groups were grouped by: the next table shown starts from its own.
    func startOver() { columnsSource = nil }

    /// Groups by `grouping` from now on: the Group by line shows it.
    func regroup(_ grouping: Grouping) {
        guard let filtered else { return }
        foldOut = []
        self.grouping = grouping
        table.reset(grouping, columns: filtered.measurableColumns)
        let varies: (Int) -> Bool = { [weak filtered] in
            filtered?.extent(ofColumn: $0).map { $0.lowerBound < $0.upperBound } ?? true
        }
        line.show(grouping, in: filtered, varies: varies)
        ask()
    }

    private func level(_ column: Int, in filtered: any FilteredTable) -> GroupLevel {
        GroupLevel(column, by: GroupLevel.defaultKeying(filtered.measurableColumns[column].shape.kind))
    }

    /// Asks for the outermost groups and those of every group folded out, where they are not
    /// known for the matches now; then the rows of each innermost group folded out.
    private func ask() {
        guard let filtered, !grouping.levels.isEmpty else { return }
        changed?()
        let source = filtered.summarySource
        let open = table.openPaths
        let paths = table.tree.unanswered(open: open, for: source)
        guard !paths.isEmpty else {
            if table.tree.needsTotal(for: source) { return askTotal(filtered, source: source) }
            return askMembers(filtered, open: open, source: source)
        }
        table.isStale = true
        let grouping = grouping
        let work = { isCancelled, answer in
            filtered.groups(grouping, at: paths, isCancelled: isCancelled, answer: answer)
        }
        run(work) { [weak self] groups in
            guard let self else { return }
            self.table.show(groups, for: source, open: open + self.table.openPaths)
            let launched = self.pathsToFoldOut()
            if !launched.isEmpty { self.table.show([:], for: source, open: launched) }
            let outer = self.table.tree.groups(under: []) ?? []
            self.caption.text = Self.caption(groups: outer.count, rows: outer.map(\.count).reduce(0, +))
        }
    }

    /// Asks for the total row of the matches `source`, once the groups shown are theirs.
    private func askTotal(_ filtered: any FilteredTable, source: AnyHashable) {
        let grouping = grouping
        let work = { isCancelled, answer in filtered.groupsTotal(grouping, isCancelled: isCancelled, answer: answer) }
        run(work) { [weak self] total in self?.table.showTotal(total, for: source) }
    }

    /// Asks for the rows of the first innermost group folded out whose rows wanted are not
    /// listed for the matches now; the next once they come.
    private func askMembers(_ filtered: any FilteredTable, open: [[GroupKey]], source: AnyHashable) {
        guard let (path, offset, limit) = table.tree.unansweredMembers(open: open, for: source).first else { return }
        let grouping = grouping
        let work = { isCancelled, answer in
            filtered.groupMembers(
                grouping, at: path, offset: offset, limit: limit, isCancelled: isCancelled, answer: answer)
        }
        run(work) { [weak self] records in
            self?.table.showMembers(records, of: path, offset: offset, limit: limit, for: source)
        }
    }

    /// Starts `work` as the newest request (the older ones stop): its answer, unless a newer
    /// request or another grouping came first, is taken by `take` on the main thread, and what
    /// is still to be asked (a group folded out meanwhile) is asked then; a failure is said.
    private func run<Answer: Sendable>(
        _ work: (
            _ isCancelled: @escaping @Sendable () -> Bool,
            _ answer: @escaping @Sendable (Result<Answer, CatalogImportError>) -> Void
        ) -> Void,
        take: @escaping @Sendable @MainActor (Answer) -> Void
    ) {
        request += 1
        let request = request
        let newest = newest
        newest.set(request)
        isGrouping = true
        let grouping = grouping
        let deliver: @Sendable @MainActor (Result<Answer, CatalogImportError>) -> Void = { [weak self] result in
            guard let self, self.request == request, self.grouping == grouping else { return }
            self.isGrouping = false
            self.table.isStale = false
            switch result {
            case .success(let answer):
                take(answer)
                self.ask()
            case .failure(let error):
                self.caption.text = tr("The database server could not answer") + ": " + error.description
            }
        }
        work({ !newest.isNewest(request) }, { result in MainLoop.post { deliver(result) } })
    }

    /// "5 groups of 3,052 rows".
    private static func caption(groups: Int, rows: Int) -> String {
        let counted = ["groups": NumberText.grouped(groups), "rows": NumberText.grouped(rows)]
        return trn("{groups} group of {rows} rows", "{groups} groups of {rows} rows", groups, counted)
    }

    /// Puts every innermost group on the clipboard as `--groups` writes them, once worked out.
    @discardableResult
    func copy() -> Bool {
        guard let filtered, !grouping.levels.isEmpty else { return false }
        let grouping = grouping
        let columns = filtered.measurableColumns
        let deliver: @Sendable @MainActor (Result<[FoldedGroup], CatalogImportError>) -> Void = { [weak self] result in
            guard let self, case .success(let groups) = result else { return }
            let export = GroupsExport(
                groups, keyNames: grouping.levels.map { columns[$0.column].name }, measures: grouping.measures,
                columns: columns, format: .tsv)
            Display.copyToClipboard(export.text)
            self.notify(
                trn(
                    "Copied {count} group", "Copied {count} groups", groups.count,
                    ["count": NumberText.grouped(groups.count)]))
        }
        filtered.innermostGroups(
            grouping, isCancelled: { false }, answer: { result in MainLoop.post { deliver(result) } })
        return true
    }
}
