// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What the Groups view groups by, on two lines: "Group by" and a drop-down of columns per level,
/// outermost first, each number or date level followed by what its groups are (bins or values;
/// a calendar period), a level added or the last one removed; below, "Show" and a measure per
/// column of the tree (the aggregate, then the column), one added or the last one removed; "Count"
/// in a measure's drop-down takes that measure away. It shows the grouping it is given and
/// reports each change as a whole grouping; the keyboard focus stays where it was on the line
/// while the line is made again for the new grouping.
@MainActor
final class GroupingLine {
    /// The Group by line, and the Show line.
    let levelsLine = Box(.horizontal, spacing: 6)
    let measuresLine = Box(.horizontal, spacing: 6)
    let addLevelButton = Button(iconName: "list-add-symbolic", tooltip: tr("Group the groups by one more column"))
    let removeLevelButton = Button(iconName: "list-remove-symbolic", tooltip: tr("Group by one column fewer"))
    let addMeasureButton = Button(iconName: "list-add-symbolic", tooltip: tr("Show one more measure beside each group"))
    let removeMeasureButton = Button(iconName: "list-remove-symbolic", tooltip: tr("Show one measure fewer"))
    private let levelsBox = Box(.horizontal, spacing: 6)
    private let measuresBox = Box(.horizontal, spacing: 6)
    /// Each level's column drop-down, and its keying drop-down where the column has a choice.
    private(set) var columnDropDowns: [DropDown] = []
    private(set) var keyingDropDowns: [DropDown?] = []
    private(set) var measureChoosers: [MeasureChooser] = []
    private(set) var grouping = Grouping(levels: [])
    private var columns: [MeasurableColumn] = []
    private var columnNames: [String] = []
    /// The columns a level is added from first: the facets'.
    private var preferred: [Int] = []
    private var varies: (Int) -> Bool = { _ in true }
    private let onChange: @MainActor (Grouping) -> Void

    /// What a level of a column of `kind` can be grouped by, as its drop-down lists it; none
    /// for text, which has values only.
    static func keyings(_ kind: CatalogColumn.Kind) -> [GroupLevel.Keying] {
        switch kind {
        case .text: []
        case .number: [.bins, .values]
        case .date: [.dates(.year), .dates(.month), .dates(.week), .dates(.day)]
        case .dateTime: GroupLevel.DateUnit.allCases.map { .dates($0) }
        }
    }

    static func keyingItem(_ keying: GroupLevel.Keying) -> String {
        switch keying {
        case .values: tr("by value")
        case .bins: tr("in bins")
        case .dates(.year): tr("by year")
        case .dates(.month): tr("by month")
        case .dates(.week): tr("by week")
        case .dates(.day): tr("by day")
        case .dates(.hour): tr("by hour")
        }
    }

    init(onChange: @escaping @MainActor (Grouping) -> Void) {
        self.onChange = onChange
        let groupBy = Label(tr("Group by"))
        groupBy.addCSSClass("dim-label")
        levelsLine.append(groupBy)
        levelsLine.append(levelsBox)
        addLevelButton.setAccessibleLabel(tr("Add a level"))
        removeLevelButton.setAccessibleLabel(tr("Remove the last level"))
        addMeasureButton.setAccessibleLabel(tr("Add a measure"))
        removeMeasureButton.setAccessibleLabel(tr("Remove the last measure"))
        addLevelButton.onClicked { [weak self] in self?.addLevel() }
        removeLevelButton.onClicked { [weak self] in self?.removeLevel() }
        addMeasureButton.onClicked { [weak self] in self?.addMeasure() }
        removeMeasureButton.onClicked { [weak self] in self?.removeMeasure() }
        for button in [addLevelButton, removeLevelButton] {
            button.addCSSClass("flat")
            levelsLine.append(button)
        }
        measuresLine.append(measuresBox)
        for button in [addMeasureButton, removeMeasureButton] {
            button.addCSSClass("flat")
            measuresLine.append(button)
        }
    }

    /// Shows `grouping` over `filtered`'s columns; `varies` says whether a column's values are
    /// not all the same (a measure is added over one that varies).
    func show(_ grouping: Grouping, in filtered: any FilteredTable, varies: @escaping (Int) -> Bool) {
        let focused = focusables.firstIndex { $0.containsFocus }
        self.grouping = grouping
        columns = filtered.measurableColumns
        columnNames = filtered.columnNames
        preferred = filtered.facetColumns
        self.varies = varies
        showLevels()
        showMeasures()
        removeLevelButton.isSensitive = grouping.levels.count > 1
        addLevelButton.isSensitive = grouping.levels.count < columnNames.count
        let canMeasure = MeasureChooser.canMeasure(columns)
        addMeasureButton.isVisible = canMeasure
        removeMeasureButton.isVisible = canMeasure
        removeMeasureButton.isSensitive = !grouping.measures.isEmpty
        if let focused {
            let widgets = focusables
            if !widgets.isEmpty { _ = widgets[min(focused, widgets.count - 1)].grabFocus() }
        }
    }

    /// The line's controls in the order Tab goes through them.
    private var focusables: [Widget] {
        var widgets: [Widget] = []
        for (index, dropDown) in columnDropDowns.enumerated() {
            widgets.append(dropDown)
            if let keying = keyingDropDowns[safe: index] ?? nil { widgets.append(keying) }
        }
        widgets += [addLevelButton, removeLevelButton]
        for chooser in measureChoosers {
            widgets.append(chooser.aggregateDropDown)
            if let column = chooser.columnDropDown { widgets.append(column) }
        }
        return widgets + [addMeasureButton, removeMeasureButton]
    }

    private func showLevels() {
        for dropDown in columnDropDowns + keyingDropDowns.compactMap({ $0 }) { levelsBox.remove(dropDown) }
        columnDropDowns = []
        keyingDropDowns = []
        for (index, level) in grouping.levels.enumerated() {
            let column = DropDown(strings: columnNames)
            column.selected = level.column
            column.setAccessibleLabel(tr("Group by, level {level}", ["level": String(index + 1)]))
            column.onSelected { [weak self] in self?.columnChosen(index) }
            levelsBox.append(column)
            columnDropDowns.append(column)
            let keyings = Self.keyings(columns[level.column].shape.kind)
            guard let chosen = keyings.firstIndex(of: level.keying) ?? keyings.indices.first else {
                keyingDropDowns.append(nil)
                continue
            }
            let keying = DropDown(strings: keyings.map(Self.keyingItem))
            keying.selected = chosen
            keying.setAccessibleLabel(tr("Groups of level {level}", ["level": String(index + 1)]))
            keying.onSelected { [weak self] in self?.keyingChosen(index) }
            levelsBox.append(keying)
            keyingDropDowns.append(keying)
        }
    }

    private func showMeasures() {
        for chooser in measureChoosers { measuresBox.remove(chooser.root) }
        guard MeasureChooser.canMeasure(columns) else {
            measureChoosers = []
            return
        }
        // With no measure, one chooser on Count: choosing an aggregate adds the first.
        let shown: [FacetMeasure?] = grouping.measures.isEmpty ? [nil] : grouping.measures
        measureChoosers = shown.enumerated().map { index, measure in
            let chooser = MeasureChooser(
                columns: columns, choice: measure.map { FacetMeasureChoice($0, sortsByValue: false) },
                captioned: index == 0, varies: varies
            ) { [weak self] choice in self?.measureChosen(index, choice?.measure) }
            chooser.aggregateDropDown.setAccessibleLabel(
                index == 0
                    ? tr("Show beside each group")
                    : tr("Measure {number} beside each group", ["number": String(index + 1)]))
            measuresBox.append(chooser.root)
            return chooser
        }
    }

    private func level(_ column: Int) -> GroupLevel {
        GroupLevel(column, by: GroupLevel.defaultKeying(columns[column].shape.kind))
    }

    private func change(_ body: (inout Grouping) -> Void) {
        var changed = grouping
        body(&changed)
        guard changed != grouping else { return }
        onChange(changed)
    }

    private func columnChosen(_ index: Int) {
        guard columnDropDowns.indices.contains(index) else { return }
        let column = columnDropDowns[index].selected
        guard columnNames.indices.contains(column), grouping.levels[index].column != column else { return }
        change { $0.levels[index] = level(column) }
    }

    private func keyingChosen(_ index: Int) {
        guard let dropDown = keyingDropDowns[safe: index] ?? nil else { return }
        let keyings = Self.keyings(columns[grouping.levels[index].column].shape.kind)
        guard keyings.indices.contains(dropDown.selected) else { return }
        change { $0.levels[index].keying = keyings[dropDown.selected] }
    }

    private func addLevel() {
        let used = Set(grouping.levels.map(\.column))
        guard let column = (preferred + Array(columnNames.indices)).first(where: { !used.contains($0) }) else { return }
        change { $0.levels.append(level(column)) }
        _ = columnDropDowns.last?.grabFocus()
    }

    private func removeLevel() {
        guard grouping.levels.count > 1 else { return }
        change { $0.levels.removeLast() }
    }

    /// Count chosen in a measure's drop-down takes that measure away.
    private func measureChosen(_ index: Int, _ measure: FacetMeasure?) {
        change { grouping in
            if let measure {
                if grouping.measures.indices.contains(index) {
                    grouping.measures[index] = measure
                } else {
                    grouping.measures.append(measure)
                }
            } else if grouping.measures.indices.contains(index) {
                grouping.measures.remove(at: index)
            }
        }
    }

    /// One more measure: the next aggregate of the last measure's column (the mean of a column
    /// that varies first), and the focus on it.
    private func addMeasure() {
        let aggregates = FacetMeasure.Aggregate.allCases
        let measure: FacetMeasure? =
            if let last = grouping.measures.last {
                aggregates.lazy.filter { aggregate in
                    !self.grouping.measures.contains(FacetMeasure(aggregate, of: last.column))
                        && self.columns[last.column].canBeMeasured(by: aggregate)
                }.first.map { FacetMeasure($0, of: last.column) }
            } else {
                (columns.indices.first { columns[$0].canBeMeasured(by: .mean) && varies($0) }
                    ?? columns.indices.first { columns[$0].canBeMeasured(by: .mean) }).map {
                        FacetMeasure(.mean, of: $0)
                    }
            }
        guard let measure else { return }
        change { $0.measures.append(measure) }
        _ = measureChoosers.last?.aggregateDropDown.grabFocus()
    }

    private func removeMeasure() {
        guard !grouping.measures.isEmpty else { return }
        change { $0.measures.removeLast() }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
