// SPDX-License-Identifier: GPL-3.0-or-later
/// How the matches are folded into groups that fold out (issue 62): the columns grouped by, from
/// the outermost level in, and the measures shown beside every group. A level groups by its
/// column's values as its option facet lists them; bins of a number and units of a date are for
/// a later step.
public struct Grouping: Sendable, Equatable {
    /// The column of each level, outermost first.
    public var levels: [Int]
    /// What is shown beside each group after its row count, each a column of its own.
    public var measures: [FacetMeasure]

    public init(levels: [Int], measures: [FacetMeasure] = []) {
        self.levels = levels
        self.measures = measures
    }
}

/// One group of a level: the option of the level's column it holds (nil: the rows with no value
/// there), that option's text, how many of the matches under the groups above it have it, and a
/// figure for each of the grouping's measures over those rows.
public struct GroupRow: Sendable, Equatable {
    public let option: Int?
    public let label: String
    public let count: Int
    public let figures: [MeasureFigure]

    public init(option: Int?, label: String, count: Int, figures: [MeasureFigure]) {
        self.option = option
        self.label = label
        self.count = count
        self.figures = figures
    }
}
