// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The flyout of a range facet (a number, date or date-time column): a histogram of the column's
/// values among the rows the other filters match, drawn here, with the chosen range lit; two
/// sliders for its ends (arrows and Page Up/Down step them, a screen reader hears their values);
/// two entries where the ends are typed exactly, as the region writes them; the count of rows in
/// the range, live while dragging. Dragging on the histogram moves the nearer end, or the whole
/// range when it starts inside it; a click on a bar chooses that bin (a month, a year…). A
/// slider at either end leaves that end open.
@MainActor
final class RangeMenu {
    /// Slider positions: 0 is the smallest value, `steps` the largest.
    static let steps = 1000.0

    let column: Int
    let name: String
    let button = MenuButton()
    let popover = Popover()
    let histogramArea = DrawingArea()
    let lowerScale = Scale(from: 0, to: steps, step: 1)
    let upperScale = Scale(from: 0, to: steps, step: 1)
    let lowerEntry = Entry(placeholder: tr("any"))
    let upperEntry = Entry(placeholder: tr("any"))
    let countLabel = Label()
    let logarithmicCheck = CheckButton(label: tr("Logarithmic scale"))
    let missingCheck = CheckButton(label: "")
    let resetButton: Button
    private weak var filter: (any RangeChoosing)?
    let values: FacetValueShape
    /// The column's smallest and largest value, read when the flyout first opens (a pass over
    /// every row, not for the facet bar's start-up).
    private lazy var extent: ClosedRange<Double> = filter?.extent(ofColumn: column) ?? 0...1
    private(set) var histogram: FacetHistogram?
    private var drag: (start: Double, lower: Double, upper: Double, moved: Bool)?
    /// What `refresh` last showed on the button.
    private var shownLabel: (label: String, described: String, chosen: Bool)?

    init(column: Int, filter: any RangeChoosing) {
        self.column = column
        self.filter = filter
        values = filter.valueShape(ofColumn: column)
        name = filter.columnName(column)
        resetButton = Button(label: tr("Any {facet}", ["facet": name]))
        button.shortensLabel(maxCharacters: FacetMenu.labelCharacters)
        button.label = name
        button.popover = popover
        button.tooltip = tr("Filter by a range of {facet}", ["facet": name])
        popover.addCSSClass("facet-popover")
        popover.addCSSClass("range-popover")
        popover.child = layOut(
            logarithmic: filter.canBeLogarithmic(column), missing: filter.missingCount(ofColumn: column))
        popover.onShow { [weak self] in self?.opened() }
        connect()
    }

    private func layOut(logarithmic: Bool, missing: Int) -> Box {
        let box = Box(.vertical, spacing: 6)
        histogramArea.setContentSize(width: 320, height: 96 + Int32(Self.axisHeight))
        histogramArea.addCSSClass("histogram")
        histogramArea.onDraw { [weak self] canvas, width, height in self?.draw(canvas, width, height) }
        box.append(histogramArea)
        for (scale, label) in [(lowerScale, tr("From")), (upperScale, tr("To"))] {
            scale.hasOrigin = false
            scale.hexpand = true
            scale.setAccessibleLabel(tr("{facet} {end}", ["facet": name, "end": label]))
            box.append(scale)
        }
        let ends = Box(.horizontal, spacing: 6)
        for (entry, label) in [(lowerEntry, tr("From")), (upperEntry, tr("To"))] {
            let caption = Label(label)
            caption.addCSSClass("dim-label")
            entry.widthChars = 11
            entry.setAccessibleLabel(tr("{facet} {end}", ["facet": name, "end": label]))
            ends.append(caption)
            ends.append(entry)
        }
        box.append(ends)
        countLabel.xalign = 0
        countLabel.addCSSClass("range-count")
        box.append(countLabel)
        if logarithmic { box.append(logarithmicCheck) }
        if missing > 0 { box.append(missingCheck) }
        resetButton.addCSSClass("flat")
        resetButton.addCSSClass("facet-reset")
        box.append(Separator(.horizontal))
        box.append(resetButton)
        return box
    }

    private func connect() {
        lowerScale.onValueChanged { [weak self] in self?.slid(lower: true) }
        upperScale.onValueChanged { [weak self] in self?.slid(lower: false) }
        lowerEntry.onActivate { [weak self] in self?.typed() }
        upperEntry.onActivate { [weak self] in self?.typed() }
        // Each control's handler compares with the filter, so refresh() setting it does nothing.
        logarithmicCheck.onToggled { [weak self] in
            guard let self, self.logarithmicCheck.isActive != self.isLogarithmic else { return }
            self.filter?.setLogarithmic(self.logarithmicCheck.isActive, forColumn: self.column)
            self.refresh()
        }
        missingCheck.onToggled { [weak self] in
            guard let self, self.missingCheck.isActive != self.includesMissing else { return }
            var range = self.currentRange
            range.includesMissing = self.missingCheck.isActive
            self.apply(range)
        }
        resetButton.onClicked { [weak self] in
            guard let self else { return }
            self.popover.popdown()
            self.filter?.reset(column: self.column)
        }
        let gesture = GestureDrag()
        gesture.onBegin { [weak self] x, _ in self?.dragBegan(at: x) }
        gesture.onUpdate { [weak self] dx, _ in self?.dragged(by: dx) }
        gesture.onEnd { [weak self] dx, _ in self?.dragEnded(at: dx) }
        histogramArea.add(gesture)
    }

    /// The filter's range, or one with both ends open; rows with no value are left out once a
    /// range is set ("dep_delay ≥ 60" is not a flight that never left) until the user says.
    private var currentRange: FacetRange { filter?.range(forColumn: column) ?? FacetRange() }

    /// Whether rows with no value pass: all do until a range is set.
    private var includesMissing: Bool { filter?.range(forColumn: column)?.includesMissing ?? true }

    private func opened() {
        histogram = filter?.histogram(forColumn: column)
        setSliderSteps()
        refresh()
    }

    /// An arrow key moves an end at least one whole value (a day, a cent): a smaller step would
    /// round back to where it was and seem to do nothing.
    private func setSliderSteps() {
        let span = extent.upperBound - extent.lowerBound
        let unit = values.kind == .dateTime ? 3600 : values.resolution
        let step = span > 0 ? max(1, (unit / span * Self.steps).rounded(.up)) : 1
        for scale in [lowerScale, upperScale] { scale.setIncrements(step: step, page: max(step * 10, 50)) }
    }

    /// After the counts changed where they are worked out apart (a table's server answered): the
    /// histogram is read and drawn again.
    func countsChanged() {
        histogram = nil
        refresh()
    }

    /// Shows the filter's range everywhere: button, sliders, entries, count, histogram.
    func refresh() {
        guard let filter else { return }
        let range = filter.range(forColumn: column)
        let label = filter.label(forColumn: column)
        let described = tr(
            "{facet}: {option}", ["facet": name, "option": filter.filterText(forColumn: column, listingAll: false)])
        // The page refreshes the button after every change to the results, each keystroke of a
        // search too: the same label again changes nothing.
        if shownLabel?.label != label || shownLabel?.described != described || shownLabel?.chosen != (range != nil) {
            shownLabel = (label, described, range != nil)
            button.label = label
            button.setAccessibleLabel(range == nil ? name : described)
            button.tooltip = range == nil ? tr("Filter by a range of {facet}", ["facet": name]) : described
            if range == nil { button.removeCSSClass("chosen") } else { button.addCSSClass("chosen") }
        }
        guard popover.isVisible else { return }
        if histogram == nil || histogram?.logarithmic != filter.isLogarithmic(column) {
            histogram = filter.histogram(forColumn: column)
        }
        let current = currentRange
        lowerScale.value = slider(current, lower: true)
        upperScale.value = slider(current, lower: false)
        lowerEntry.text = current.lower.map { FacetValueText.text($0, values) } ?? ""
        upperEntry.text = current.upper.map { FacetValueText.text($0, values) } ?? ""
        lowerScale.setAccessibleValueText(lowerEntry.text.isEmpty ? tr("any") : lowerEntry.text)
        upperScale.setAccessibleValueText(upperEntry.text.isEmpty ? tr("any") : upperEntry.text)
        logarithmicCheck.isActive = filter.isLogarithmic(column)
        missingCheck.isActive = includesMissing
        missingCheck.setLabel(
            tr("Include rows with no value ({count})", ["count": NumberText.grouped(histogram?.missing ?? 0)]))
        countLabel.text = trn(
            "{count} row in range", "{count} rows in range", filter.matchCount,
            ["count": NumberText.grouped(filter.matchCount)])
        resetButton.isSensitive = range != nil
        histogramArea.setAccessibleLabel(
            tr(
                "Histogram of {facet}, from {lowest} to {highest}",
                [
                    "facet": name, "lowest": FacetValueText.text(extent.lowerBound, values),
                    "highest": FacetValueText.text(extent.upperBound, values),
                ]))
        histogramArea.queueDraw()
    }

    // MARK: Positions and values

    private var isLogarithmic: Bool { filter?.isLogarithmic(column) ?? false }

    /// The slider position of `value`.
    func position(_ value: Double) -> Double {
        let (low, high, scaled) = scaledExtent(value)
        guard high > low else { return 0 }
        return min(max((scaled - low) / (high - low), 0), 1) * Self.steps
    }

    /// The value at slider position `position`, on a whole step of the column (a day, an hour
    /// for date-times, a cent).
    private func value(at position: Double) -> Double {
        let (low, high, _) = scaledExtent(0)
        let scaled = low + (high - low) * position / Self.steps
        let raw = isLogarithmic ? FacetScale.linear(scaled) : scaled
        let step = values.kind == .dateTime ? 3600 : values.resolution
        let snapped = step > 0 ? (raw / step).rounded() * step : raw
        return min(max(snapped, extent.lowerBound), extent.upperBound)
    }

    private func scaledExtent(_ value: Double) -> (Double, Double, Double) {
        guard isLogarithmic else { return (extent.lowerBound, extent.upperBound, value) }
        return (
            FacetScale.logarithmic(extent.lowerBound), FacetScale.logarithmic(extent.upperBound),
            FacetScale.logarithmic(value)
        )
    }

    // MARK: Changing the range

    private func apply(_ range: FacetRange) {
        filter?.setRange(range, forColumn: column)
        refresh()
    }

    /// The slider position of `range`'s lower or upper end (an open end at the edge).
    private func slider(_ range: FacetRange, lower: Bool) -> Double {
        (lower ? range.lower : range.upper).map(position) ?? (lower ? 0 : Self.steps)
    }

    /// `range` with its lower or upper end at slider position `at` (open at the edge); an end moved
    /// past the other takes it along.
    private func moving(_ range: FacetRange, lower: Bool, to at: Double) -> FacetRange {
        var range = range
        if lower {
            range.lower = at <= 0 ? nil : value(at: at)
            if let end = range.lower, let upper = range.upper, upper < end { range.upper = end }
        } else {
            range.upper = at >= Self.steps ? nil : value(at: at)
            if let end = range.upper, let lower = range.lower, lower > end { range.lower = end }
        }
        // Both ends back at the edges: no range at all, rows with no value again among them.
        if range.lower == nil && range.upper == nil { range.includesMissing = true }
        return range
    }

    /// A slider moved: its end of the filter's range moves there. refresh() setting a slider to
    /// the filter's own end changes nothing.
    private func slid(lower: Bool) {
        let at = (lower ? lowerScale : upperScale).value
        let current = currentRange
        guard at != slider(current, lower: lower) else { return }
        apply(moving(current, lower: lower, to: at))
    }

    /// Enter in either entry: both ends as typed; an entry that cannot be read is marked and kept.
    private func typed() {
        var range = currentRange
        var readable = true
        for (entry, upper) in [(lowerEntry, false), (upperEntry, true)] {
            let text = entry.text
            let parsed = FacetValueText.parse(text, kind: values.kind, upper: upper)
            if parsed == nil && !text.allSatisfy(\.isWhitespace) {
                entry.addCSSClass("error")
                entry.tooltip = tr("Not a {kind} this column holds", ["kind": values.kind.label])
                readable = false
                continue
            }
            entry.removeCSSClass("error")
            entry.tooltip = nil
            if upper { range.upper = parsed } else { range.lower = parsed }
        }
        guard readable else { return }
        apply(range)
    }

    // MARK: The histogram

    // Positions are worked out left to right and mirrored where they meet the screen, so that in a
    // right-to-left language the histogram runs the way its sliders do (GtkScale mirrors itself).

    var mirrored: Bool { histogramArea.isRightToLeft }

    private func binSpan(_ index: Int, _ histogram: FacetHistogram, _ width: Double) -> (Double, Double) {
        let start = position(histogram.edges[index]) / Self.steps * width
        let end = position(histogram.edges[index + 1]) / Self.steps * width
        return (start, max(end, start + 1))
    }

    private func draw(_ canvas: Canvas, _ width: Double, _ fullHeight: Double) {
        guard let histogram, histogram.binCount > 0 else { return }
        let (red, green, blue, _) = histogramArea.foregroundColor
        let height = fullHeight - Self.axisHeight
        drawAxis(canvas, width, top: height)
        let tallest = Double(histogram.counts.max() ?? 0)
        let range = currentRange
        let from = range.lower.map(position).map { $0 / Self.steps * width } ?? 0
        let to = range.upper.map(position).map { $0 / Self.steps * width } ?? width
        for (index, count) in histogram.counts.enumerated() where count > 0 {
            let (start, end) = binSpan(index, histogram, width)
            let barHeight = max(2, Double(count) / max(tallest, 1) * (height - 4))
            let lit = end > from && start < to
            canvas.setColor(red, green, blue, lit ? 0.75 : 0.2)
            canvas.fillRectangle(
                x: (mirrored ? width - end : start) + 0.5, y: height - barHeight, width: max(end - start - 1, 1),
                height: barHeight)
        }
        canvas.setColor(red, green, blue, 0.9)
        for end in [from, to] {
            let x = mirrored ? width - end : end
            canvas.line(from: (x, 0), to: (x, height), width: 2)
        }
    }

    private func dragBegan(at x: Double) {
        let width = Double(histogramArea.width)
        guard width > 0 else { return }
        let at = (mirrored ? width - x : x) / width * Self.steps
        drag = (at, lowerScale.value, upperScale.value, false)
    }

    /// Moves the end nearer the press, or the whole range when the press was inside it, away
    /// from both ends.
    private func dragged(by dx: Double) {
        guard var drag, histogramArea.width > 0 else { return }
        let delta = (mirrored ? -dx : dx) / Double(histogramArea.width) * Self.steps
        if abs(dx) < 3 && !drag.moved { return }
        drag.moved = true
        self.drag = drag
        let nearLower = abs(drag.start - drag.lower) <= abs(drag.start - drag.upper)
        let inside = drag.start > drag.lower + 20 && drag.start < drag.upper - 20
        let current = currentRange
        if inside {
            let shift = min(max(delta, -drag.lower), Self.steps - drag.upper)
            apply(moving(moving(current, lower: true, to: drag.lower + shift), lower: false, to: drag.upper + shift))
        } else if nearLower {
            apply(moving(current, lower: true, to: min(max(drag.lower + delta, 0), upperScale.value)))
        } else {
            apply(moving(current, lower: false, to: max(min(drag.upper + delta, Self.steps), lowerScale.value)))
        }
    }

    /// A press that did not move chooses the bin under it.
    private func dragEnded(at dx: Double) {
        defer { drag = nil }
        guard let drag, !drag.moved, let histogram, histogramArea.width > 0 else { return }
        let width = Double(histogramArea.width)
        let x = drag.start / Self.steps * width
        guard let bin = histogram.counts.indices.first(where: { binSpan($0, histogram, width).1 > x }) else { return }
        var range = histogram.range(ofBin: bin, resolution: values.resolution)
        range.includesMissing = false
        apply(range)
    }
}
