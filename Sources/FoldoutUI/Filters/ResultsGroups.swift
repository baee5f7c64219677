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
    let addLevelButton = Button(iconName: "list-add-symbolic", tooltip: tr("Group the groups by one more column"))
    let removeLevelButton = Button(iconName: "list-remove-symbolic", tooltip: tr("Group by one column fewer"))
    private let levelsBox = Box(.horizontal, spacing: 6)
    private(set) var levelDropDowns: [DropDown] = []
    private let measureHolder = Box(.horizontal)
    private(set) var measureChooser: MeasureChooser?
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
        // What the groups are, on a line that scrolls sideways in a narrow window (as the facets'
        // line does), then Copy; below, how many groups of how many rows.
        let controls = Box(.horizontal, spacing: 6)
        let groupBy = Label(tr("Group by"))
        groupBy.addCSSClass("dim-label")
        controls.append(groupBy)
        controls.append(levelsBox)
        for button in [addLevelButton, removeLevelButton] {
            button.addCSSClass("flat")
            controls.append(button)
        }
        addLevelButton.setAccessibleLabel(tr("Add a level"))
        removeLevelButton.setAccessibleLabel(tr("Remove the last level"))
        addLevelButton.onClicked { [weak self] in self?.addLevel() }
        removeLevelButton.onClicked { [weak self] in self?.removeLevel() }
        controls.append(measureHolder)
        let scroller = ScrolledWindow()
        scroller.scrollHorizontally()
        scroller.hexpand = true
        scroller.child = controls
        scroller.scrollAtNaturalWidth()
        let bar = Box(.horizontal, spacing: 6)
        bar.addCSSClass("groups-bar")
        bar.append(scroller)
        copyButton.tooltip = tr("Copy every innermost group as tab-separated text (Ctrl+C)")
        copyButton.onClicked { [weak self] in self?.copy() }
        bar.append(copyButton)
        root.append(bar)
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

    /// Groups the matches of `filtered` by `grouping` (a launch's `--group-by`), folding out the
    /// groups whose texts are `foldOut`, from the outermost in, as they come (`--fold-out`).
    func group(by grouping: Grouping, in filtered: any FilteredTable, foldingOut foldOut: [String] = []) {
        self.filtered = filtered
        columnsSource = filtered.facetSource
        regroup(grouping)
        self.foldOut = foldOut
    }

    /// The texts of the groups still to be folded out for a launch, outermost first.
    private var foldOut: [String] = []

    /// The paths of the groups `foldOut` names that are shown now, outermost first; once every
    /// one is, the launch's groups are folded out and the person folds the rest.
    private func pathsToFoldOut() -> [[GroupKey]] {
        var paths: [[GroupKey]] = []
        var path: [GroupKey] = []
        let wanted = foldOut.prefix(grouping.levels.count)
        for label in wanted {
            guard let group = table.tree.groups(under: path)?.first(where: { $0.label == label }) else { break }
            path.append(group.key)
            paths.append(path)
        }
        if paths.count == wanted.count { foldOut = [] }
        return paths
    }

    /// Groups by `grouping` from now on: the levels' and measure's choosers show it.
    func regroup(_ grouping: Grouping) {
        guard let filtered else { return }
        foldOut = []
        self.grouping = grouping
        table.reset(grouping, columns: filtered.measurableColumns)
        for dropDown in levelDropDowns { levelsBox.remove(dropDown) }
        levelDropDowns = grouping.levels.enumerated().map { index, level in
            let dropDown = DropDown(strings: filtered.columnNames)
            dropDown.selected = level.column
            dropDown.setAccessibleLabel(tr("Group by, level {level}", ["level": String(index + 1)]))
            dropDown.onSelected { [weak self] in self?.levelChosen(index) }
            levelsBox.append(dropDown)
            return dropDown
        }
        removeLevelButton.isSensitive = grouping.levels.count > 1
        addLevelButton.isSensitive = grouping.levels.count < filtered.columnNames.count
        showMeasureChooser(filtered)
        ask()
    }

    private func level(_ column: Int, in filtered: any FilteredTable) -> GroupLevel {
        GroupLevel(column, by: GroupLevel.defaultKeying(filtered.measurableColumns[column].shape.kind))
    }

    private func levelChosen(_ index: Int) {
        guard let filtered, levelDropDowns.indices.contains(index) else { return }
        let column = levelDropDowns[index].selected
        guard filtered.columnNames.indices.contains(column), grouping.levels[index].column != column else { return }
        var changed = grouping
        changed.levels[index] = level(column, in: filtered)
        regroup(changed)
    }

    private func addLevel() {
        guard let filtered else { return }
        let used = Set(grouping.levels.map(\.column))
        let candidates = filtered.facetColumns + Array(filtered.columnNames.indices)
        guard let column = candidates.first(where: { !used.contains($0) }) else { return }
        var changed = grouping
        changed.levels.append(level(column, in: filtered))
        regroup(changed)
        levelDropDowns.last.map { _ = $0.grabFocus() }
    }

    private func removeLevel() {
        guard grouping.levels.count > 1 else { return }
        var changed = grouping
        changed.levels.removeLast()
        regroup(changed)
    }

    /// "Show Count", or "Show Mean of arr_delay": the measure beside each group.
    private func showMeasureChooser(_ filtered: any FilteredTable) {
        if let measureChooser { measureHolder.remove(measureChooser.root) }
        let columns = filtered.measurableColumns
        guard MeasureChooser.canMeasure(columns) else {
            measureChooser = nil
            return
        }
        let varies: (Int) -> Bool = { [weak filtered] in
            filtered?.extent(ofColumn: $0).map { $0.lowerBound < $0.upperBound } ?? true
        }
        let choice = grouping.measures.first.map { FacetMeasureChoice($0, sortsByValue: false) }
        let chooser = MeasureChooser(columns: columns, choice: choice, varies: varies) { [weak self] choice in
            guard let self else { return }
            var changed = self.grouping
            changed.measures = choice.map { [$0.measure] } ?? []
            self.regroup(changed)
        }
        chooser.aggregateDropDown.setAccessibleLabel(tr("Show beside each group"))
        measureChooser = chooser
        measureHolder.append(chooser.root)
    }

    /// Asks for the outermost groups and those of every group folded out, where they are not
    /// known for the matches now; then the rows of each innermost group folded out.
    private func ask() {
        guard let filtered, !grouping.levels.isEmpty else { return }
        let source = filtered.summarySource
        let open = table.openPaths
        let paths = table.tree.unanswered(open: open, for: source)
        guard !paths.isEmpty else { return askMembers(filtered, open: open, source: source) }
        request += 1
        let request = request
        let newest = newest
        newest.set(request)
        isGrouping = true
        table.isStale = true
        let grouping = grouping
        let deliver: @Sendable @MainActor (Result<[[GroupKey]: [GroupRow]], CatalogImportError>) -> Void = {
            [weak self] result in
            guard let self, self.request == request, self.grouping == grouping else { return }
            self.isGrouping = false
            self.table.isStale = false
            switch result {
            case .success(let groups):
                self.table.show(groups, for: source, open: open + self.table.openPaths)
                let launched = self.pathsToFoldOut()
                if !launched.isEmpty { self.table.show([:], for: source, open: launched) }
                let outer = self.table.tree.groups(under: []) ?? []
                self.caption.text = Self.caption(groups: outer.count, rows: outer.map(\.count).reduce(0, +))
                // A group folded out while these were worked out is asked for now.
                self.ask()
            case .failure(let error):
                self.caption.text = tr("The database server could not answer") + ": " + error.description
            }
        }
        filtered.groups(
            grouping, at: paths, isCancelled: { !newest.isNewest(request) },
            answer: { result in MainLoop.post { deliver(result) } })
    }

    /// Asks for the rows of the first innermost group folded out whose rows wanted are not
    /// listed for the matches now; the next once they come.
    private func askMembers(_ filtered: any FilteredTable, open: [[GroupKey]], source: AnyHashable) {
        guard let (path, offset, limit) = table.tree.unansweredMembers(open: open, for: source).first else { return }
        request += 1
        let request = request
        let newest = newest
        newest.set(request)
        isGrouping = true
        let grouping = grouping
        let deliver: @Sendable @MainActor (Result<[ShownRecord], CatalogImportError>) -> Void = { [weak self] result in
            guard let self, self.request == request, self.grouping == grouping else { return }
            self.isGrouping = false
            switch result {
            case .success(let records):
                self.table.showMembers(records, of: path, offset: offset, limit: limit, for: source)
                self.ask()
            case .failure(let error):
                self.caption.text = tr("The database server could not answer") + ": " + error.description
            }
        }
        filtered.groupMembers(
            grouping, at: path, offset: offset, limit: limit, isCancelled: { !newest.isNewest(request) },
            answer: { result in MainLoop.post { deliver(result) } })
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
