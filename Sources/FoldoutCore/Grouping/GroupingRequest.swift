// SPDX-License-Identifier: GPL-3.0-or-later
/// `--group-by carrier,origin --aggregate mean:arr_delay`: a grouping in words, as a command line
/// gives it, checked against a table's columns where the table is (`grouping(in:…)`).
public struct GroupingRequest: Equatable, Sendable {
    /// Each level as `COLUMN`, or `COLUMN:HOW` to say what its groups are (`keyingNames`).
    public var levels: [String] = []
    /// Each measure as `AGGREGATE:COLUMN`.
    public var aggregates: [String] = []
    /// The texts of a group to fold out and of those in it to fold out, from the outermost in
    /// ("UA", "EWR"): the Groups view opens on them.
    public var foldOut: [String] = []

    public init() {}

    /// `grouping` in words, over columns named `columnNames`: each level with its keying said.
    public init(_ grouping: Grouping, columnNames: [String]) {
        levels = grouping.levels.map { level in
            let keying = Self.keyingNames.first { $0.keying == level.keying }?.name ?? "values"
            return columnNames[level.column] + ":" + keying
        }
        aggregates = grouping.measures.map { $0.spelling(columnName: columnNames[$0.column]) }
    }

    public var isEmpty: Bool { levels.isEmpty && aggregates.isEmpty }

    /// What a level's `:HOW` may say: a value, the range flyout's bins, or a calendar period.
    public static let keyingNames: [(name: String, keying: GroupLevel.Keying)] =
        [("values", .values), ("bins", .bins)] + GroupLevel.DateUnit.allCases.map { ($0.rawValue, .dates($0)) }

    /// The columns the request names, as given.
    public var columnNames: [String] {
        levels.map { Self.parts($0).column } + aggregates.map(CatalogQuery.measuredColumn)
    }

    /// The grouping the request means among `columns` (a column found by `matching`, else said
    /// by `unknown`), or the first problem: a level's keying it cannot have, a measure it cannot
    /// take. A level without `:HOW` groups text by its values, numbers by bins, dates by month and
    /// date-times by day.
    public func grouping(
        in columns: [MeasurableColumn], matching: (String) -> Int?, unknown: (String) -> String
    ) -> Result<Grouping, LaunchProblem> {
        guard !levels.isEmpty else {
            return .failure(LaunchProblem(tr("--groups needs --group-by COLUMN (or several, A,B)")))
        }
        var grouping = Grouping(levels: [])
        for spelling in levels {
            let (name, keying) = Self.parts(spelling)
            guard let column = matching(name) else { return .failure(LaunchProblem(unknown(name))) }
            let kind = columns[column].shape.kind
            let level = GroupLevel(column, by: keying ?? GroupLevel.defaultKeying(kind))
            if case .dates = level.keying, kind != .date && kind != .dateTime {
                return .failure(
                    LaunchProblem(
                        tr(
                            "--group-by cannot group {column} by a period: it is a {kind} column",
                            ["column": name, "kind": kind.label])))
            }
            grouping.levels.append(level)
        }
        for spelling in aggregates {
            switch CatalogQuery.measure(
                spelling, option: "--aggregate", in: columns, matching: matching, unknown: unknown)
            {
            case .success(let measure): grouping.measures.append(measure)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(grouping)
    }

    /// Whether a level's spelling is well formed: a column's name, and a keying if it has one.
    public static func isWellFormed(level spelling: String) -> Bool { !parts(spelling).column.isEmpty }

    /// "time_hour:month" as ("time_hour", a month's periods); a colon followed by no keying's
    /// name is the column's own.
    private static func parts(_ spelling: String) -> (column: String, keying: GroupLevel.Keying?) {
        guard let colon = spelling.lastIndex(of: ":"),
            let keying = keyingNames.first(where: { $0.name == spelling[spelling.index(after: colon)...].lowercased() })
        else { return (spelling, nil) }
        return (String(spelling[..<colon]), keying.keying)
    }
}

extension GroupLevel {
    /// What a column of `kind` is grouped by unless a person says: text by its values, numbers by
    /// the range flyout's bins, dates by month and date-times by day.
    public static func defaultKeying(_ kind: CatalogColumn.Kind) -> Keying {
        switch kind {
        case .text: .values
        case .number: .bins
        case .date: .dates(.month)
        case .dateTime: .dates(.day)
        }
    }
}
