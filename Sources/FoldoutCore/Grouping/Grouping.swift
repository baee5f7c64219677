// SPDX-License-Identifier: GPL-3.0-or-later
/// How the matches are folded into groups that fold out (issue 62): the levels grouped by, from
/// the outermost in, and the measures shown beside every group.
public struct Grouping: Sendable, Equatable {
    public var levels: [GroupLevel]
    /// What is shown beside each group after its row count, each a column of its own.
    public var measures: [FacetMeasure]

    public init(levels: [GroupLevel], measures: [FacetMeasure] = []) {
        self.levels = levels
        self.measures = measures
    }
}

/// A level of groups: a column, and what its groups are.
public struct GroupLevel: Sendable, Equatable {
    public enum Keying: Sendable, Hashable {
        /// A group for each value, as the column's option facet lists them (text, yes or no).
        case values
        /// A group for each bin of the column's range flyout, over every row (so that a group
        /// means the same whatever the filters): numbers by round spans, dates by calendar units.
        case bins
        /// A date's or date-time's groups by a calendar period of the person's choosing.
        case dates(DateUnit)
    }

    public enum DateUnit: String, Sendable, CaseIterable {
        case year, month, week, day, hour
    }

    public var column: Int
    public var keying: Keying

    public init(_ column: Int, by keying: Keying = .values) {
        self.column = column
        self.keying = keying
    }
}

/// Which rows of a level a group holds, in words every engine understands: a value as the table
/// writes it (a catalog's option, a server's text), a bin of the level's bins, or no value.
public enum GroupKey: Sendable, Hashable {
    case value(String)
    case bin(Int)
    case noValue
}

/// One group of a level: its key, its text ("UA", "Yes", "10–19", "March 2013", "No value"), how
/// many of the matches under the groups above it it holds, and a figure for each of the
/// grouping's measures over those rows.
public struct GroupRow: Sendable, Equatable {
    public let key: GroupKey
    public let label: String
    public let count: Int
    public let figures: [MeasureFigure]

    public init(key: GroupKey, label: String, count: Int, figures: [MeasureFigure]) {
        self.key = key
        self.label = label
        self.count = count
        self.figures = figures
    }
}
