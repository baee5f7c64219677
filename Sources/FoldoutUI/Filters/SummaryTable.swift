// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The results summarized (issue 35): a row per column of the catalog with its kind, how many rows
/// have a value, how many miss one, how many distinct values; for numbers, dates and date-times the
/// minimum, median, mean and maximum and a small histogram in the theme's colours; for texts the
/// most common values with their counts. A click on a row (or Return) asks for that column's flyout.
/// Each figure is heard with its column and its name ("dep_delay, Median, -2").
@MainActor
final class SummaryTable {
    let root = Box(.vertical)
    let view: ColumnView
    private let model = PositionListModel()
    private let scrolled = ScrolledWindow()
    private(set) var summaries: [ColumnSummary] = []
    /// How each column's values are written (its kind, its step, whether it is money).
    private var shapes: [FacetValueShape] = []
    /// The cells showing a figure now.
    private(set) var cells: [ObjectIdentifier: Cell] = [:]
    /// Called with a catalog column whose row was activated.
    private let onActivate: @MainActor (_ column: Int) -> Void

    /// What one column of the summary shows.
    enum Figure: CaseIterable {
        case column, kind, values, missing, distinct, minimum, median, mean, maximum, distribution

        var title: String {
            switch self {
            case .column: tr("Column")
            case .kind: tr("Kind")
            case .values: tr("Values")
            case .missing: tr("Missing")
            case .distinct: tr("Distinct")
            case .minimum: tr("Minimum")
            case .median: tr("Median")
            case .mean: tr("Mean")
            case .maximum: tr("Maximum")
            case .distribution: tr("Distribution")
            }
        }
        var alignsAtEnd: Bool { ![.column, .kind, .distribution].contains(self) }
    }

    /// One cell: a line of text, or for the distribution a histogram beside the text.
    @MainActor final class Cell {
        let box = Box(.horizontal, spacing: 6)
        let text = Label()
        let histogram = DrawingArea()
        let figure: Figure
        var position: Int?
        var bins: [Int] = []

        init(_ figure: Figure) {
            self.figure = figure
            text.xalign = figure.alignsAtEnd ? 1 : 0
            text.hexpand = true
            // Figures show whole (the table scrolls sideways); only the common values may be cut.
            if figure == .distribution { text.ellipsizeEnd() }
            if figure == .distribution {
                histogram.setContentSize(width: 120, height: 22)
                histogram.addCSSClass("summary-histogram")
                histogram.onDraw { [weak self] canvas, width, height in self?.draw(canvas, width, height) }
                box.append(histogram)
            }
            if figure == .column { text.addCSSClass("heading") }
            box.append(text)
        }

        private func draw(_ canvas: Canvas, _ width: Double, _ height: Double) {
            guard let tallest = bins.max(), tallest > 0 else { return }
            let (red, green, blue, _) = histogram.foregroundColor
            canvas.setColor(red, green, blue, 0.7)
            let step = width / Double(bins.count)
            for (index, count) in bins.enumerated() where count > 0 {
                let barHeight = max(1, height * Double(count) / Double(tallest))
                let x = histogram.isRightToLeft ? width - Double(index + 1) * step : Double(index) * step
                canvas.fillRectangle(x: x + 0.5, y: height - barHeight, width: max(1, step - 1), height: barHeight)
            }
        }
    }

    init(onActivate: @escaping @MainActor (_ column: Int) -> Void) {
        self.onActivate = onActivate
        view = ColumnView(model: model)
        view.addCSSClass("summary-table")
        view.activatesOnSingleClick = true
        view.onActivate { [weak self] position in
            guard let self, position < self.summaries.count else { return }
            self.onActivate(self.summaries[position].column)
        }
        for figure in Figure.allCases {
            let factory = ListItemFactory<Cell>(
                setup: { item in
                    let cell = Cell(figure)
                    item.setChild(cell.box)
                    return cell
                },
                bind: { [weak self] cell, item in
                    cell.position = item.position
                    self?.cells[ObjectIdentifier(cell)] = cell
                    self?.show(cell)
                },
                unbind: { [weak self] cell, _ in
                    cell.position = nil
                    self?.cells[ObjectIdentifier(cell)] = nil
                })
            let column = ColumnViewColumn(title: figure.title, factory: factory, sorts: false)
            column.expands = figure == .distribution
            view.append(column)
        }
        scrolled.child = view
        scrolled.vexpand = true
        scrolled.scrollBothWays()
        root.append(scrolled)
    }

    /// Shows `summaries` of columns whose values are written as `shapes` says (one a column).
    func show(_ summaries: [ColumnSummary], shapes: [FacetValueShape]) {
        self.summaries = summaries
        self.shapes = shapes
        isStale = false
        if model.count != summaries.count { model.count = summaries.count }
        for cell in cells.values { show(cell) }
    }

    /// Dimmed while the figures are being worked out again for other rows.
    var isStale = false {
        didSet { if isStale { view.addCSSClass("stale") } else { view.removeCSSClass("stale") } }
    }

    private func show(_ cell: Cell) {
        guard let position = cell.position, position < summaries.count, !shapes.isEmpty else {
            cell.text.text = ""
            cell.bins = []
            return
        }
        let summary = summaries[position]
        let text = Self.text(cell.figure, of: summary, shape: shapes[summary.column])
        cell.text.text = text
        cell.bins = cell.figure == .distribution ? summary.histogram : []
        cell.histogram.isVisible = !cell.bins.isEmpty
        cell.histogram.queueDraw()
        let heard = { (value: String) in
            tr("{column}, {figure}, {value}", ["column": summary.name, "figure": cell.figure.title, "value": value])
        }
        cell.text.setAccessibleLabel(heard(text))
        if !cell.bins.isEmpty {
            cell.histogram.setAccessibleLabel(heard(Self.rangeText(summary, shapes[summary.column])))
        }
    }

    /// The figure as the table shows it: numbers and dates as the region writes them.
    static func text(_ figure: Figure, of summary: ColumnSummary, shape column: FacetValueShape) -> String {
        let value: (Double?) -> String = { $0.map { FacetValueText.text($0, column) } ?? "" }
        switch figure {
        case .column: return summary.name
        case .kind: return summary.kind.label
        case .values: return NumberText.grouped(summary.present)
        case .missing: return NumberText.grouped(summary.missing)
        case .distinct: return NumberText.grouped(summary.distinct)
        case .minimum: return value(summary.minimum)
        case .median: return value(summary.median)
        case .mean: return summary.mean.map { FacetValueText.figure($0, column) } ?? ""
        case .maximum: return value(summary.maximum)
        case .distribution:
            return summary.common.map { common in
                tr("{value} ({count})", ["value": common.value, "count": NumberText.grouped(common.count)])
            }.joined(separator: ", ")
        }
    }

    /// "from -43 to 1301" for a histogram, which a screen reader cannot see.
    private static func rangeText(_ summary: ColumnSummary, _ shape: FacetValueShape) -> String {
        let low = text(.minimum, of: summary, shape: shape)
        let high = text(.maximum, of: summary, shape: shape)
        return tr("histogram from {low} to {high}", ["low": low, "high": high])
    }

    /// The summary as tab-separated text with a header line, as `--summary` writes it.
    func tabSeparatedText() -> String? {
        guard !summaries.isEmpty else { return nil }
        return SummaryExport(summaries, format: .tsv).text
    }
}
