// SPDX-License-Identifier: GPL-3.0-or-later
/// A range facet's choice: the values from `lower` to `upper`, both included, either end open
/// (nil), in the column's numbers (days for dates, seconds for date-times); rows with no value
/// only when `includesMissing`.
public struct FacetRange: Hashable, Sendable {
    public var lower: Double?
    public var upper: Double?
    public var includesMissing: Bool

    public init(lower: Double? = nil, upper: Double? = nil, includesMissing: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.includesMissing = includesMissing
    }

    /// Whether the range lets every row through.
    public var isEverything: Bool { lower == nil && upper == nil && includesMissing }

    public func contains(_ value: Double?) -> Bool {
        guard let value else { return includesMissing }
        return value >= (lower ?? -.infinity) && value <= (upper ?? .infinity)
    }
}

/// An option facet's choice: the ticked options (indices in option order) and whether rows with
/// no value are ticked too; with `excluded`, the rows matching are those with none of them.
public struct FacetSelection: Hashable, Sendable {
    public var options: Set<Int>
    public var noValue: Bool
    public var excluded: Bool

    public init(options: Set<Int> = [], noValue: Bool = false, excluded: Bool = false) {
        self.options = options
        self.noValue = noValue
        self.excluded = excluded
    }

    /// Nothing ticked: the facet does not filter.
    public var isEmpty: Bool { options.isEmpty && !noValue }

    /// Whether a row whose option is `option` (nil: no value) matches.
    public func matches(_ option: Int?) -> Bool {
        let ticked = option.map { options.contains($0) } ?? noValue
        return ticked != excluded
    }
}
