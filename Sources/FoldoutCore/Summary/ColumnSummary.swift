// SPDX-License-Identifier: GPL-3.0-or-later
/// One column's figures over some rows (the rows the filters and search match).
public struct ColumnSummary: Sendable, Equatable {
    public struct CommonValue: Sendable, Equatable {
        public let value: String
        public let count: Int

        public init(value: String, count: Int) {
            self.value = value
            self.count = count
        }
    }

    public let column: Int
    public let name: String
    public let kind: CatalogColumn.Kind
    /// Rows with a value.
    public let present: Int
    /// Rows without.
    public let missing: Int
    /// Distinct present values.
    public let distinct: Int
    // Numbers, dates and date-times as `CatalogColumn.number(at:)` gives them (days or seconds
    // since 1970 for dates and date-times); nil for text or when no row has a value.
    public let minimum: Double?
    /// Exact: the middle value, or the mean of the two middle values for an even count (as pandas
    /// and Python's `statistics.median`).
    public let median: Double?
    public let mean: Double?
    public let maximum: Double?
    /// Rows in each of `histogramBins` equal-width bins from the minimum to the maximum: value v
    /// is in bin min(bins − 1, ⌊(v − minimum) / (maximum − minimum) × bins⌋), bin 0 when the
    /// minimum is the maximum. Empty for text or when no row has a value.
    public let histogram: [Int]
    /// For texts and columns that suggest a facet (see `CatalogColumn.suggestsFacet`): the
    /// `commonValues` most common values, count descending, then in the column's order (numbers
    /// and dates by value, texts as a facet lists them); each value as the catalog writes it
    /// (`CatalogColumn.text(at:)`). Empty for other columns.
    public let common: [CommonValue]

    public init(
        column: Int, name: String, kind: CatalogColumn.Kind, present: Int, missing: Int, distinct: Int,
        minimum: Double?, median: Double?, mean: Double?, maximum: Double?, histogram: [Int], common: [CommonValue]
    ) {
        self.column = column
        self.name = name
        self.kind = kind
        self.present = present
        self.missing = missing
        self.distinct = distinct
        self.minimum = minimum
        self.median = median
        self.mean = mean
        self.maximum = maximum
        self.histogram = histogram
        self.common = common
    }

    public static let histogramBins = 20
    public static let commonValues = 5

    /// The bin of `value` among `histogramBins` from `minimum` to `maximum`.
    public static func bin(_ value: Double, minimum: Double, maximum: Double) -> Int {
        guard maximum > minimum else { return 0 }
        let bins = Double(histogramBins)
        return min(histogramBins - 1, max(0, Int(((value - minimum) / (maximum - minimum) * bins).rounded(.down))))
    }
}

public enum CatalogSummary {
    /// Every column of `catalog` over `rows` (catalog positions, any order; nil = every row), in
    /// column order. Returns nil as soon as `isCancelled()` is true (asked per column and every
    /// 65,536 rows or so).
    public static func summarize(_ catalog: Catalog, rows: [UInt32]?, isCancelled: () -> Bool = { false })
        -> [ColumnSummary]?
    {
        let set = rows.map { RowSet(positions: $0, capacity: catalog.count) }
        var summaries: [ColumnSummary] = []
        summaries.reserveCapacity(catalog.columns.count)
        for column in catalog.columns.indices {
            if isCancelled() { return nil }
            let summarizer = ColumnSummarizer(
                catalog: catalog, column: column, rows: set, total: set?.count ?? catalog.count)
            guard let summary = summarizer.summary(isCancelled: isCancelled) else { return nil }
            summaries.append(summary)
        }
        return summaries
    }
}

extension RowSet {
    /// The set of `positions` (any order) among `capacity` rows.
    init(positions: [UInt32], capacity: Int) {
        var words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
        words.withUnsafeMutableBufferPointer { words in
            for position in positions { words[Int(position >> 6)] |= 1 << UInt64(position & 63) }
        }
        self.init(capacity: capacity, words: words)
    }
}
