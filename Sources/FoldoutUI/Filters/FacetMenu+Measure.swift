// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A measure beside each option instead of its count (issue 35): "−2.3 · 1,204 values", the value
/// written as the column's values are (a date as a date; a mean or median of numbers with two
/// decimals more than the column's step), and the count of values it is of (missing values are
/// left out). A level bar under each option, in the theme's colours, is proportional to its
/// value: for numbers to its size, |value| against the largest |value| of the facet's options,
/// a negative value's bar coloured apart (`negative`); for dates and date-times, which have no
/// zero to measure from, from the earliest option's value to the latest's.
extension FacetMenu {
    func measureChanged(from old: FacetMeasureChoice?) {
        guard measureChoice != old else { return }
        measureChooser?.show(measureChoice)
        // The figures are asked for when the flyout opens; until then there is nothing to show.
        guard !optionButtons.isEmpty, popover.isOpen else { return }
        figures = measureChoice.map { currentMeasures($0.measure) } ?? []
        if largestFirst || (old.map(\.sortsByValue) ?? ordersByCount) {
            layOutSoon()
        } else {
            refreshOptions()
        }
    }

    /// Lays the options out again in their new order once the drop-down that asked has finished
    /// its signal, keeping the keyboard focus where it was.
    func layOutSoon() {
        pendingLayOut?.cancel()
        pendingLayOut = MainLoop.idle { [weak self] in
            guard let self else { return false }
            self.pendingLayOut = nil
            let focused = self.measureChooser?.focusedWidget
            let orderFocused = self.refocusOrder || self.orderDropDown?.containsFocus == true
            self.refocusOrder = false
            self.layOut(availableHeight: self.laidOutForHeight)
            _ = orderFocused ? self.orderDropDown?.grabFocus() : focused?.grabFocus()
            // GTK 4.18 can still move the focus on as the drop-down's list closes: back to Order.
            if orderFocused {
                self.popover.afterNextFrame { [weak self] in
                    guard let self, self.popover.isVisible, self.orderDropDown?.containsFocus == false else { return }
                    _ = self.orderDropDown?.grabFocus()
                }
            }
            return false
        }
    }

    /// The figures of now in the open flyout: figures that came after it opened (a table in its
    /// server measures off the main thread).
    func refreshFigures() {
        guard let measure = measureChoice, !optionButtons.isEmpty, popover.isVisible else { return }
        let now = currentMeasures(measure.measure)
        guard now != figures else { return }
        figures = now
        if measure.sortsByValue { layOutSoon() } else { refreshOptions() }
    }

    private func figure(_ index: Int) -> MeasureFigure {
        index < figures.count ? figures[index] : MeasureFigure(value: nil, used: 0)
    }

    /// "−2.3 · 1,204 values" for the option `index`; nil while the counts are shown; "Counting…"
    /// until the first figures come.
    func figureText(_ index: Int) -> String? {
        guard let measure = measureChoice?.measure else { return nil }
        if figures.isEmpty { return tr("Counting…") }
        let figure = figure(index)
        let value = figure.value.map { Self.valueText($0, of: measure, in: measurableColumns) } ?? "—"
        return tr("{measure} · {values}", ["measure": value, "values": Self.valuesText(figure.used)])
    }

    /// "mean of arr_delay 3.5, 5,000 values", for a screen reader; nil while the counts are shown.
    func figureDescription(_ index: Int) -> String? {
        guard let measure = measureChoice?.measure else { return nil }
        if figures.isEmpty { return tr("Counting…") }
        let figure = figure(index)
        let name = Self.measureName(measure, in: measurableColumns)
        guard let value = figure.value else { return tr("{measure}: no values", ["measure": name]) }
        return tr(
            "{measure} {value}, {values}",
            [
                "measure": name, "value": Self.valueText(value, of: measure, in: measurableColumns),
                "values": Self.valuesText(figure.used),
            ])
    }

    static func valuesText(_ count: Int) -> String {
        trn("{count} value", "{count} values", count, ["count": NumberText.grouped(count)])
    }

    /// "mean of arr_delay".
    static func measureName(_ measure: FacetMeasure, in columns: [MeasurableColumn]) -> String {
        let column = ["column": columns[measure.column].name]
        return switch measure.aggregate {
        case .sum: tr("sum of {column}", column)
        case .mean: tr("mean of {column}", column)
        case .median: tr("median of {column}", column)
        case .minimum: tr("minimum of {column}", column)
        case .maximum: tr("maximum of {column}", column)
        }
    }

    /// The measure's value as the column's values are written; a mean or a median has decimals
    /// the values have not (`FacetValueText.figure`).
    static func valueText(_ value: Double, of measure: FacetMeasure, in columns: [MeasurableColumn]) -> String {
        let shape = columns[measure.column].shape
        let computed = measure.aggregate == .mean || measure.aggregate == .median
        return computed ? FacetValueText.figure(value, shape) : FacetValueText.text(value, shape)
    }

    /// Each listed option's bar, shown only while a measure is.
    func showBars() {
        guard let measure = measureChoice?.measure else {
            for bar in bars { bar.isVisible = false }
            return
        }
        let fromLowest = measurableColumns[measure.column].shape.kind != .number
        let scale = Self.barScale(figures.compactMap(\.value), fromLowest: fromLowest)
        for (row, index) in listed.enumerated() where row < bars.count {
            let value = figure(index).value
            bars[row].isVisible = true
            bars[row].fraction = value.map { scale($0) } ?? 0
            if (value ?? 0) < 0 && !fromLowest {
                bars[row].addCSSClass("negative")
            } else {
                bars[row].removeCSSClass("negative")
            }
        }
    }

    /// A value's bar length, from 0 to 1, among `values`: |value| against the largest |value|, or
    /// from the lowest value to the highest.
    static func barScale(_ values: [Double], fromLowest: Bool) -> (Double) -> Double {
        guard let lowest = values.min(), let highest = values.max() else { return { _ in 0 } }
        if fromLowest {
            let width = highest - lowest
            return { width > 0 ? ($0 - lowest) / width : 1 }
        }
        let largest = max(lowest.magnitude, highest.magnitude)
        return { largest > 0 ? $0.magnitude / largest : 0 }
    }

    /// `order` by the options' measures, the largest first, the options without a value last.
    func orderedByMeasure(_ order: [Int]) -> [Int] {
        order.sorted { first, second in
            switch (figure(first).value, figure(second).value) {
            case (let a?, let b?): a != b ? a > b : first < second
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): first < second
            }
        }
    }
}
