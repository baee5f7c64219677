// SPDX-License-Identifier: GPL-3.0-or-later
/// How a range facet's histogram divides its column: the bins' edges and each row's bin.
public struct FacetHistogram: Equatable, Sendable {
    /// What a bin is: a calendar unit for dates and date-times, else a span of numbers.
    public enum Unit: Equatable, Sendable { case number, year, month, day, hour }

    /// `edges[i]..<edges[i+1]` is bin i; the last bin holds its upper edge too.
    public let edges: [Double]
    public let unit: Unit
    public let logarithmic: Bool
    /// Rows in each bin among the rows the other filters match.
    public var counts: [Int]
    /// Rows with no value among them.
    public var missing: Int

    public var binCount: Int { counts.count }

    /// The range a click on bin `index` chooses: the bin, its upper end one step below the next bin.
    public func range(ofBin index: Int, resolution: Double) -> FacetRange {
        let last = index == edges.count - 2
        return FacetRange(lower: edges[index], upper: last ? edges[index + 1] : edges[index + 1] - resolution)
    }
}

/// A column's bins for a histogram, and each row's bin as a code (0 for a missing value, bin i is
/// code i + 1), so that a histogram is counted like a facet's options.
struct RangeBins: Sendable {
    static let numberBins = 40
    let edges: [Double]
    let unit: FacetHistogram.Unit
    let logarithmic: Bool
    let codes: CatalogUnsignedColumn

    init(_ column: CatalogColumn, logarithmic: Bool) {
        let numbers = column.numbers()
        let (unit, edges) = Self.edges(
            Self.extent(numbers), kind: column.kind, wholeNumbers: column.resolution >= 1, logarithmic: logarithmic)
        self.init(numbers, edges: edges, unit: unit, logarithmic: logarithmic && unit == .number)
    }

    /// Each of `numbers` in its bin of `edges`: by binary search, in a byte a row when the bins are few.
    init(_ numbers: [Double], edges: [Double], unit: FacetHistogram.Unit = .number, logarithmic: Bool = false) {
        self.edges = edges
        self.unit = unit
        self.logarithmic = logarithmic
        let bins = edges.count - 1
        func codes<Code: FixedWidthInteger>(_: Code.Type) -> [Code] {
            var codes = [Code](repeating: 0, count: numbers.count)
            edges.withUnsafeBufferPointer { edges in
                for (row, value) in numbers.enumerated() where !value.isNaN {
                    // The last edge not above the value.
                    var low = 0
                    var high = bins
                    while high - low > 1 {
                        let middle = (low + high) / 2
                        if edges[middle] <= value { low = middle } else { high = middle }
                    }
                    codes[row] = Code(low + 1)
                }
            }
            return codes
        }
        self.codes = CatalogUnsignedColumn(storage: bins < 255 ? .u8(codes(UInt8.self)) : .u32(codes(UInt32.self)))
    }

    static func extent(_ numbers: [Double]) -> ClosedRange<Double> {
        let present = numbers.lazy.filter { !$0.isNaN }
        return present.min().flatMap { low in present.max().map { low...$0 } } ?? 0...0
    }

    /// The bins of a column of `kind` whose values span `extent`: calendar units for dates and
    /// date-times, else round widths (`wholeNumbers`: no narrower than one) or a logarithmic scale.
    static func edges(
        _ extent: ClosedRange<Double>, kind: CatalogColumn.Kind, wholeNumbers: Bool, logarithmic: Bool
    ) -> (FacetHistogram.Unit, [Double]) {
        switch kind {
        case .date, .dateTime: calendarEdges(extent, perDay: kind == .date ? 1.0 : 86_400)
        default: (.number, logarithmic ? logarithmicEdges(extent) : linearEdges(extent, wholeNumbers: wholeNumbers))
        }
    }

    /// About `numberBins` bins of a round width (1, 2 or 5 times a power of ten); bins of one
    /// whole number each when the values are whole numbers over a short span.
    static func linearEdges(_ extent: ClosedRange<Double>, wholeNumbers: Bool) -> [Double] {
        let span = extent.upperBound - extent.lowerBound
        guard span > 0 else { return [extent.lowerBound, extent.lowerBound + 1] }
        let rough = span / Double(numberBins)
        let power = SystemLibrary.power(10, SystemLibrary.log10(rough).rounded(.down))
        var width = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        if wholeNumbers { width = max(width.rounded(.up), 1) }
        let start = (extent.lowerBound / width).rounded(.down) * width
        var edges = [start]
        while edges.last! <= extent.upperBound { edges.append(start + Double(edges.count) * width) }
        return edges
    }

    /// `numberBins` bins of equal width on a symmetric logarithmic scale (see `FacetScale`).
    static func logarithmicEdges(_ extent: ClosedRange<Double>) -> [Double] {
        let low = FacetScale.logarithmic(extent.lowerBound)
        let high = FacetScale.logarithmic(extent.upperBound)
        guard high > low else { return [extent.lowerBound, extent.lowerBound + 1] }
        var edges = (0...numberBins).map { FacetScale.linear(low + (high - low) * Double($0) / Double(numberBins)) }
        edges[0] = extent.lowerBound
        edges[numberBins] = extent.upperBound
        return edges
    }

    /// Bins of a calendar unit: years over more than twenty years, months over more than two, days
    /// over more than three, else hours (date-times only).
    static func calendarEdges(_ extent: ClosedRange<Double>, perDay: Double) -> (FacetHistogram.Unit, [Double]) {
        let firstDay = Int((extent.lowerBound / perDay).rounded(.down))
        let lastDay = Int((extent.upperBound / perDay).rounded(.down))
        let span = lastDay - firstDay
        if span > 20 * 366 {
            guard CatalogDate.civil(fromDays: lastDay).year - CatalogDate.civil(fromDays: firstDay).year < 250 else {
                return (.number, linearEdges(extent, wholeNumbers: true))
            }
            return (.year, periodEdges(extent, perDay: perDay, unit: .year))
        }
        if span > 62 { return (.month, periodEdges(extent, perDay: perDay, unit: .month)) }
        if span > 3 || perDay == 1 { return (.day, periodEdges(extent, perDay: perDay, unit: .day)) }
        return (.hour, periodEdges(extent, perDay: perDay, unit: .hour))
    }

    /// The starts of every period of `unit` from the one holding the extent's start to the one
    /// after its end, in the column's numbers (`perDay` of them a day): weeks start on Monday, as
    /// ISO 8601's do; an hour is a date-time's only.
    static func periodEdges(_ extent: ClosedRange<Double>, perDay: Double, unit: GroupLevel.DateUnit) -> [Double] {
        let firstDay = Int((extent.lowerBound / perDay).rounded(.down))
        let lastDay = Int((extent.upperBound / perDay).rounded(.down))
        switch unit {
        case .year:
            let first = CatalogDate.civil(fromDays: firstDay).year
            let last = CatalogDate.civil(fromDays: lastDay).year
            return (first...last + 1).map { Double(CatalogDate.days(year: $0, month: 1, day: 1)) * perDay }
        case .month:
            var (year, month, _) = CatalogDate.civil(fromDays: firstDay)
            var edges: [Double] = []
            while true {
                let day = CatalogDate.days(year: year, month: month, day: 1)
                edges.append(Double(day) * perDay)
                if day > lastDay { break }
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
            return edges
        case .week:
            // 1 January 1970 was a Thursday: day -3 a Monday.
            let monday = firstDay - ((firstDay + 3) % 7 + 7) % 7
            return stride(from: monday, through: lastDay + 7, by: 7).map { Double($0) * perDay }
        case .day:
            return (firstDay...lastDay + 1).map { Double($0) * perDay }
        case .hour:
            let firstHour = Int((extent.lowerBound / 3600).rounded(.down))
            let lastHour = Int((extent.upperBound / 3600).rounded(.down))
            return (firstHour...lastHour + 1).map { Double($0) * 3600 }
        }
    }
}

/// The symmetric logarithm that shows skewed values (delays, prices, votes) on a readable scale:
/// sign(x)·log10(1 + |x|), defined for negative values and zero too.
public enum FacetScale {
    public static func logarithmic(_ value: Double) -> Double {
        value < 0 ? -SystemLibrary.log10(1 - value) : SystemLibrary.log10(1 + value)
    }

    public static func linear(_ scaled: Double) -> Double {
        scaled < 0 ? 1 - SystemLibrary.power(10, -scaled) : SystemLibrary.power(10, scaled) - 1
    }
}

extension FacetHistogram {
    /// An empty histogram of a column of `kind` whose values go from `lowest` to `highest`, with
    /// the bins a catalog's column of those values gets (for a table counted elsewhere, such as
    /// a database server): `wholeNumbers` when every value is whole.
    public init(
        lowest: Double, highest: Double, kind: CatalogColumn.Kind, wholeNumbers: Bool, logarithmic: Bool = false
    ) {
        let (unit, edges) = RangeBins.edges(
            lowest...max(lowest, highest), kind: kind, wholeNumbers: wholeNumbers, logarithmic: logarithmic)
        self.init(
            edges: edges, unit: unit, logarithmic: logarithmic && unit == .number,
            counts: [Int](repeating: 0, count: edges.count - 1), missing: 0)
    }
}
