// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The "Show" line of an option flyout: each option's row count ("Count"), or a measure of a number
/// or date column over each option's rows ("Mean of" arr_delay; the flyout's Order lists the
/// options by it). Two drop-downs, which the keyboard opens and chooses in like any list. It shows
/// the choice it is given and reports what the user picks; the column list is the columns the
/// aggregate can measure (no sum of dates), made again when the aggregate changes.
@MainActor
final class MeasureChooser {
    let root = Box(.horizontal, spacing: 6)
    let aggregateDropDown: DropDown
    /// Shown while a measure is chosen.
    private(set) var columnDropDown: DropDown?
    private let columnHolder = Box(.horizontal)
    private let columns: [MeasurableColumn]
    /// The catalog columns listed in the column drop-down, in its order.
    private(set) var listedColumns: [Int] = []
    private var choice: FacetMeasureChoice?
    private let varies: (Int) -> Bool
    /// The user picked a measure, or the row counts (nil).
    private let onChoose: (FacetMeasureChoice?) -> Void

    /// What the aggregate drop-down lists: row counts, then each aggregate.
    static let aggregates: [FacetMeasure.Aggregate?] = [nil] + FacetMeasure.Aggregate.allCases

    /// `varies` says whether a column's values are not all the same, where that is known;
    /// `captioned`: the line begins with "Show" (the first of several does).
    init(
        columns: [MeasurableColumn], choice: FacetMeasureChoice?, captioned: Bool = true,
        varies: @escaping (Int) -> Bool, onChoose: @escaping (FacetMeasureChoice?) -> Void
    ) {
        self.columns = columns
        self.varies = varies
        self.onChoose = onChoose
        self.choice = choice
        aggregateDropDown = DropDown(strings: Self.aggregates.map(Self.aggregateItem))
        aggregateDropDown.selected = Self.aggregates.firstIndex(of: choice?.measure.aggregate) ?? 0
        aggregateDropDown.setAccessibleLabel(tr("Show beside each option"))
        aggregateDropDown.tooltip = tr("Show each option’s row count, or a measure of a number column")
        aggregateDropDown.onSelected { [weak self] in self?.aggregateSelected() }
        root.addCSSClass("facet-measure-chooser")
        if captioned {
            let caption = Label(tr("Show"))
            caption.addCSSClass("dim-label")
            root.append(caption)
        }
        root.append(aggregateDropDown)
        root.append(columnHolder)
        listColumns()
    }

    /// Whether `columns` has one a flyout can measure.
    static func canMeasure(_ columns: [MeasurableColumn]) -> Bool {
        columns.contains { $0.canBeMeasured(by: .mean) }
    }

    /// "Rows", "Mean of"…
    static func aggregateItem(_ aggregate: FacetMeasure.Aggregate?) -> String {
        switch aggregate {
        case nil: tr("Count")
        case .sum: tr("Sum of")
        case .mean: tr("Mean of")
        case .median: tr("Median of")
        case .minimum: tr("Minimum of")
        case .maximum: tr("Maximum of")
        }
    }

    /// Where the keyboard focus is in the line, to give it back after the flyout is laid out again.
    var focusedWidget: Widget? {
        [aggregateDropDown, columnDropDown].compactMap { $0 }.first { $0.containsFocus }
    }

    /// Shows `choice`, chosen elsewhere (a view kept, a command line); reports nothing.
    func show(_ choice: FacetMeasureChoice?) {
        guard choice != self.choice else { return }
        self.choice = choice
        aggregateDropDown.selected = Self.aggregates.firstIndex(of: choice?.measure.aggregate) ?? 0
        listColumns()
    }

    private func choose(_ newChoice: FacetMeasureChoice?) {
        guard newChoice != choice else { return }
        choice = newChoice
        onChoose(newChoice)
    }

    private func aggregateSelected() {
        let index = aggregateDropDown.selected
        guard Self.aggregates.indices.contains(index) else { return }
        guard let aggregate = Self.aggregates[index] else {
            choose(nil)
            listColumns()
            return
        }
        guard aggregate != choice?.measure.aggregate else { return }
        let columns = measurable(by: aggregate)
        // Not a column whose every value is the same (flights' year): its mean says nothing.
        guard let first = columns.first(where: varies) ?? columns.first else { return }
        let column = choice.map(\.measure.column).flatMap { columns.contains($0) ? $0 : nil } ?? first
        choose(FacetMeasureChoice(FacetMeasure(aggregate, of: column), sortsByValue: choice?.sortsByValue ?? false))
        listColumns()
    }

    private func columnSelected() {
        guard let index = columnDropDown?.selected, var choice, listedColumns.indices.contains(index),
            listedColumns[index] != choice.measure.column
        else { return }
        choice.measure.column = listedColumns[index]
        choose(choice)
    }

    private func measurable(by aggregate: FacetMeasure.Aggregate) -> [Int] {
        columns.indices.filter { columns[$0].canBeMeasured(by: aggregate) }
    }

    /// A new column drop-down for the aggregate chosen, the chosen column selected before it
    /// reports anything; with row counts, none.
    private func listColumns() {
        if let columnDropDown { columnHolder.remove(columnDropDown) }
        columnDropDown = nil
        guard let measure = choice?.measure else {
            listedColumns = []
            return
        }
        listedColumns = measurable(by: measure.aggregate)
        let dropDown = DropDown(strings: listedColumns.map { columns[$0].name })
        dropDown.selected = listedColumns.firstIndex(of: measure.column) ?? 0
        dropDown.setAccessibleLabel(tr("Measured column"))
        dropDown.tooltip = tr("The number or date column measured")
        dropDown.onSelected { [weak self] in self?.columnSelected() }
        columnDropDown = dropDown
        columnHolder.append(dropDown)
    }
}
