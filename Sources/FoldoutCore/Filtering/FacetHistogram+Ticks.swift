// SPDX-License-Identifier: GPL-3.0-or-later
extension FacetHistogram {
    /// A mark on the histogram's axis: where it stands, and what it says.
    public struct Tick: Equatable, Sendable {
        public enum Label: Equatable, Sendable {
            case number(Double)
            case year(Int)
            /// A month (1–12) of `year`.
            case month(year: Int, month: Int)
            /// A day of the month; `month` is also said on the first of a month.
            case day(month: Int, day: Int)
            /// An hour of the day, 0–23.
            case hour(Int)
        }

        /// On the column's scale (a day count for a date, seconds for a date-time).
        public let value: Double
        public let label: Label
    }

    /// At most `count` (and at least two, where the values span anything) ticks at round places
    /// of the histogram's extent, as a person would mark an axis: 0, 500, 1,000…; powers of ten
    /// on a logarithmic scale; every year, fifth year…; January, April, July…; the 1st, 11th,
    /// 21st of a month; midnight, 06:00… `kind` is the column's (a date counts days, a date-time
    /// seconds).
    public func ticks(atMost count: Int, kind: CatalogColumn.Kind) -> [Tick] {
        // An infinite extent has no round places (and no end to look for them).
        guard let low = edges.first, let high = edges.last, high > low, (high - low).isFinite else { return [] }
        let count = max(count, 2)
        let perDay = kind == .dateTime ? 86_400.0 : 1
        switch unit {
        case .number where logarithmic: return Self.powersOfTen(low...high, atMost: count)
        case .number: return Self.roundNumbers(low...high, atMost: count)
        case .year, .month, .day:
            return Self.calendarTicks(
                firstDay: Int((low / perDay).rounded(.up)), lastDay: Int((high / perDay).rounded(.down)), unit: unit,
                atMost: count
            ).map { Tick(value: Double($0.day) * perDay, label: $0.label) }
        case .hour:
            let first = Int((low / 3600).rounded(.up))
            let last = Int((high / 3600).rounded(.down))
            let every = Self.smallest([1, 2, 3, 6, 12, 24], fitting: count) { step in
                stride(from: first, through: last, by: 1).lazy.filter { Self.hourOfDay($0) % step == 0 }.count
            }
            return stride(from: first, through: last, by: 1).filter { Self.hourOfDay($0) % every == 0 }.map {
                Tick(value: Double($0) * 3600, label: .hour(Self.hourOfDay($0)))
            }
        }
    }

    private static func hourOfDay(_ hours: Int) -> Int { ((hours % 24) + 24) % 24 }

    /// The first of `steps` for which `count(step)` ticks fit, else the last.
    private static func smallest(_ steps: [Int], fitting limit: Int, count: (Int) -> Int) -> Int {
        steps.first { count($0) <= limit } ?? steps.last!
    }

    /// Multiples of the smallest round step (1, 2 or 5 times a power of ten) of which at most
    /// `count` fall in the extent.
    private static func roundNumbers(_ extent: ClosedRange<Double>, atMost count: Int) -> [Tick] {
        var power = SystemLibrary.power(10, SystemLibrary.log10(extent.upperBound - extent.lowerBound).rounded(.down))
        power /= SystemLibrary.power(10, SystemLibrary.log10(Double(count)).rounded(.up))
        while true {
            for step in [1.0, 2, 5].map({ $0 * power }) {
                let first = (extent.lowerBound / step).rounded(.up)
                let last = (extent.upperBound / step).rounded(.down)
                guard last - first + 1 <= Double(count) else { continue }
                // + 0 turns -0 (the first multiple above a negative bound) into 0.
                return stride(from: first, through: last, by: 1).map { multiple in
                    Tick(value: multiple * step + 0, label: .number(multiple * step + 0))
                }
            }
            power *= 10
        }
    }

    /// 0 and the powers of ten, either sign, that the extent holds; every second, third… when
    /// there are more than `count`.
    private static func powersOfTen(_ extent: ClosedRange<Double>, atMost count: Int) -> [Tick] {
        var values: [Double] = extent.contains(0) ? [0] : []
        var power = 1.0
        while power <= max(extent.upperBound, -extent.lowerBound) {
            if extent.contains(power) { values.append(power) }
            if extent.contains(-power) { values.insert(-power, at: 0) }
            power *= 10
        }
        let every = (values.count + count - 1) / count
        let kept = values.enumerated().filter { $0.offset % max(every, 1) == 0 }.map(\.element)
        return kept.map { Tick(value: $0, label: .number($0)) }
    }

    /// The first day of every year, month or day (or every second, fifth… of them) from
    /// `firstDay` to `lastDay`.
    private static func calendarTicks(firstDay: Int, lastDay: Int, unit: Unit, atMost count: Int)
        -> [(day: Int, label: Tick.Label)]
    {
        guard firstDay <= lastDay else { return [] }
        let start = CatalogDate.civil(fromDays: firstDay)
        let end = CatalogDate.civil(fromDays: lastDay)
        switch unit {
        case .year:
            let firstYear = start.month == 1 && start.day == 1 ? start.year : start.year + 1
            let years = firstYear...end.year
            let every = smallest([1, 2, 5, 10, 20, 25, 50, 100], fitting: count) { step in
                years.lazy.filter { $0 % step == 0 }.count
            }
            return years.filter { $0 % every == 0 }.map { (CatalogDate.days(year: $0, month: 1, day: 1), .year($0)) }
        case .month:
            var months: [(year: Int, month: Int)] = []
            var (year, month) = start.day == 1 ? (start.year, start.month) : next(start.year, start.month)
            while CatalogDate.days(year: year, month: month, day: 1) <= lastDay {
                months.append((year, month))
                (year, month) = next(year, month)
            }
            let every = smallest([1, 2, 3, 4, 6, 12], fitting: count) { step in
                months.lazy.filter { ($0.month - 1) % step == 0 }.count
            }
            return months.filter { ($0.month - 1) % every == 0 }.map {
                (CatalogDate.days(year: $0.year, month: $0.month, day: 1), .month(year: $0.year, month: $0.month))
            }
        default:
            let days = firstDay...lastDay
            // Days of the month that start a stride: the 1st, 11th, 21st for every tenth day. The
            // 31st starts none: it would stand a day before the next month's 1st.
            func starts(_ day: Int, every step: Int) -> Bool {
                let date = CatalogDate.civil(fromDays: day).day
                return (date - 1) % step == 0 && date < 31
            }
            let every = smallest([1, 2, 5, 10, 15], fitting: count) { step in
                days.lazy.filter { starts($0, every: step) }.count
            }
            return days.filter { starts($0, every: every) }.map { day in
                let date = CatalogDate.civil(fromDays: day)
                return (day, .day(month: date.month, day: date.day))
            }
        }
    }

    private static func next(_ year: Int, _ month: Int) -> (Int, Int) {
        month == 12 ? (year + 1, 1) : (year, month + 1)
    }
}
