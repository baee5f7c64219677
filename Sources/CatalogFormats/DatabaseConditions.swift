// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The `WHERE` of a filter as SQL whose values are all placeholders (`DatabaseParameters`):
/// each facet's choice and the search, or all of them but one facet's (for that facet's counts,
/// as faceted search counts).
extension DatabaseTable {
    /// The condition every filter and the search but `column`'s make; "TRUE" when none filters.
    func condition(
        _ filter: DatabaseFilter, allBut skipped: Int? = nil, _ parameters: inout DatabaseParameters
    ) -> String {
        var parts: [String] = []
        for (column, selection) in filter.selections.sorted(by: { $0.key < $1.key }) where column != skipped {
            parts.append(condition(selection, column, &parameters))
        }
        for (column, range) in filter.ranges.sorted(by: { $0.key < $1.key }) where column != skipped {
            parts.append(condition(range, column, &parameters))
        }
        let searched = filter.searchColumns.filter(columns.indices.contains)
        if !filter.search.allSatisfy(\.isWhitespace) && !searched.isEmpty {
            let pattern = parameters.add(containing: filter.search)
            parts.append("(" + searched.map { columns[$0].shown + " ILIKE " + pattern }.joined(separator: " OR ") + ")")
        }
        return parts.isEmpty ? "TRUE" : parts.joined(separator: " AND ")
    }

    /// Ticked options (and "No value"), or every row but those with `excluded`.
    private func condition(
        _ selection: FacetSelection, _ column: Int, _ parameters: inout DatabaseParameters
    ) -> String {
        let value = columns[column]
        let known = options[column] ?? []
        let ticked = selection.options.sorted().filter(known.indices.contains).map { known[$0] }
        var either: [String] = []
        if !ticked.isEmpty {
            let list = parameters.add(array: ticked, of: value.isText ? "text" : value.shownType)
            either.append(
                selection.excluded
                    ? "COALESCE(" + value.compared + " = ANY (" + list + "), FALSE)"
                    : value.compared + " = ANY (" + list + ")")
        }
        if selection.noValue { either.append(value.isMissing) }
        let ticks = either.isEmpty ? "FALSE" : "(" + either.joined(separator: " OR ") + ")"
        return selection.excluded ? "NOT " + ticks : ticks
    }

    /// Values from `lower` to `upper` (in the column's numbers), and no value if it includes that.
    /// Whole numbers, dates and timestamps are compared as the column's own type, so that an index
    /// on the column serves.
    private func condition(_ range: FacetRange, _ column: Int, _ parameters: inout DatabaseParameters) -> String {
        let value = columns[column]
        var ends: [String] = []
        if let lower = range.lower { ends.append(compared(value, ">=", lower, &parameters)) }
        if let upper = range.upper { ends.append(compared(value, "<=", upper, &parameters)) }
        var inRange = ends.isEmpty ? value.quoted + " IS NOT NULL" : ends.joined(separator: " AND ")
        if value.kind == .text { inRange = "FALSE" }
        return range.includesMissing ? "(" + inRange + " OR " + value.quoted + " IS NULL)" : "(" + inRange + ")"
    }

    private func compared(
        _ value: DatabaseColumn, _ operation: String, _ end: Double, _ parameters: inout DatabaseParameters
    ) -> String {
        let whole = operation == ">=" ? end.rounded(.up) : end.rounded(.down)
        switch value.kind {
        case .date:
            let day = Int32(clamping: Int64(max(min(whole, 3e9), -3e9)))
            return value.quoted + " " + operation + " "
                + parameters.add(CatalogDate(daysSince1970: day).description, as: "date")
        case .dateTime:
            return value.shown + " " + operation + " ("
                + parameters.add(String(end), as: "float8") + " * INTERVAL '1 second' + TIMESTAMP '1970-01-01')"
        case .number where value.isWholeNumber:
            let clamped = Int64(max(min(whole, 9.2e18), -9.2e18))
            return value.quoted + " " + operation + " " + parameters.add(String(clamped), as: "int8")
        case .number where value.baseType == "numeric":
            return value.quoted + " " + operation + " " + parameters.add(String(end), as: "numeric")
        default:
            return value.number + " " + operation + " " + parameters.add(String(end), as: "float8")
        }
    }

    /// The result order: the sort column's keys (missing values last), then the table's key.
    func orderBy(_ sort: CatalogSortKey?) -> String {
        var terms: [String] = []
        if let sort, columns.indices.contains(sort.column) {
            terms = columns[sort.column].sortKeys.map { $0 + (sort.descending ? " DESC" : " ASC") + " NULLS LAST" }
        }
        terms += keyColumns
        // Without a key, every column's text: a total order but for rows alike in every column,
        // which are interchangeable, so that counting rows off gives each row once.
        if key == .none { terms += columns.map { source + "." + $0.quoted + "::text COLLATE \"C\"" } }
        return terms.isEmpty ? "" : " ORDER BY " + terms.joined(separator: ", ")
    }

    /// The expressions that tell rows apart, ascending; qualified, so that `ORDER BY` does not
    /// take them for a result column of the same name.
    var keyColumns: [String] {
        switch key {
        case .primary(let key): key.map { source + "." + columns[$0].quoted }
        case .rowLocation: [source + ".ctid"]
        case .none: []
        }
    }

    /// The key's types, for binding a row's key.
    var keyTypes: [String] {
        switch key {
        case .primary(let key): key.map { columns[$0].typeName }
        case .rowLocation: ["tid"]
        case .none: []
        }
    }

    /// Every column as shown, named as in the table: the rows a page or an export gives.
    var shownColumns: String { columns.map { $0.shown + " AS " + $0.quoted }.joined(separator: ", ") }
}
