// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The axis under a range flyout's histogram: round values marked where a person reads them
/// (0, 1,000, 2,000…; 2013, Mar, May…), each label where it has room.
extension RangeMenu {
    /// The height under the bars where the axis's ticks and their labels are drawn.
    static let axisHeight = 20.0

    /// What a tick under the histogram says: "1,000", "2013", "Apr", "11", "06:00".
    static func tickText(_ label: FacetHistogram.Tick.Label) -> String {
        let region = RegionFormat.current
        switch label {
        case .number(let value): return NumberText.decimal(FacetValueText.plainNumber(value))
        case .year(let year): return String(year)
        case .month(let year, let month): return month == 1 ? String(year) : region.shortMonth(month)
        case .day(let month, let day): return day == 1 ? region.shortMonth(month) : String(day)
        case .hour(let hour): return (hour < 10 ? "0" : "") + String(hour) + ":00"
        }
    }

    /// A tick of the axis as drawn `width` pixels wide: where it stands, and its label where it
    /// has room (nil when it would run into the label before it).
    struct PlacedTick {
        let x: Double
        let label: (text: String, left: Double, width: Double)?
    }

    /// The ticks of the histogram shown, left to right on screen: about one per 56 pixels; a
    /// label kept inside the area, and left out where it would touch the one before it.
    func axisTicks(width: Double) -> [PlacedTick] {
        guard let histogram else { return [] }
        let ticks = histogram.ticks(atMost: max(2, Int(width / 56)), kind: values.kind)
        let placed = ticks.map { tick in
            let along = position(tick.value) / Self.steps * width
            return (tick: tick, x: (mirrored ? width - along : along).rounded() + 0.5)
        }
        var labelsEnd = -Double.infinity
        return placed.sorted { $0.x < $1.x }.map { tick, x in
            let text = Self.tickText(tick.label)
            let size = histogramArea.textSize(text)
            let left = min(max(x - size.width / 2, 0), width - size.width)
            guard left >= labelsEnd + 6 else { return PlacedTick(x: x, label: nil) }
            labelsEnd = left + size.width
            return PlacedTick(x: x, label: (text, left, size.width))
        }
    }

    /// A baseline under the bars, and the axis's ticks on it with their labels.
    func drawAxis(_ canvas: Canvas, _ width: Double, top: Double) {
        let (red, green, blue, _) = histogramArea.foregroundColor
        canvas.setColor(red, green, blue, 0.3)
        canvas.line(from: (0, top + 0.5), to: (width, top + 0.5), width: 1)
        for tick in axisTicks(width: width) {
            canvas.setColor(red, green, blue, 0.5)
            canvas.line(from: (tick.x, top), to: (tick.x, top + 4), width: 1)
            guard let label = tick.label else { continue }
            canvas.setColor(red, green, blue, 0.7)
            canvas.text(label.text, of: histogramArea, x: label.left, y: top + 4)
        }
    }
}
