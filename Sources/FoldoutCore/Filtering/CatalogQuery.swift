// SPDX-License-Identifier: GPL-3.0-or-later
/// What a command line asks of a catalog's filter, in words: filters, a search, a sort, the facet
/// whose flyout opens and a measure. `--export`, the check before the first window and the
/// Filters page all apply it with `apply(to:sorting:)`, so the window shows what the export
/// writes for the same options. (A query, not a request: `FilterRequest` is one facet's filter.)
public struct CatalogQuery: Equatable, Sendable {
    public var filters: [FilterRequest] = []
    public var search: String?
    public var sort: SortRequest?
    /// The facet whose flyout the window opens; here its name is only checked.
    public var openFacet: String?
    /// `mean:arr_delay`: shown beside each option of the window's flyouts.
    public var measure: String?
    /// `--group-by` and `--aggregate`: the groups the matches are folded into.
    public var grouping = GroupingRequest()

    public init() {}

    public var isEmpty: Bool { self == CatalogQuery() }

    /// Whether the query says which results to show: filters, a search or a sort.
    public var namesResults: Bool { !filters.isEmpty || search != nil || sort != nil }

    /// Whether the query names a facet, a column or a flyout.
    public var namesColumns: Bool { !filters.isEmpty || sort != nil || openFacet != nil || measure != nil }

    /// Sets the filters and the sort on `filter` (not the search, which only a filter that is kept
    /// needs) in one change, and checks the flyout's facet and the measure against its catalog.
    /// Returns every problem, in that order (a launch reports the first); what has none is
    /// applied all the same. `sorting` sorts as the caller does (the Filters page through its Sort
    /// by combo, away from the main thread); by default `filter.sort` is set.
    public func apply(to filter: FacetFilter, sorting: ((CatalogSortKey) -> Void)? = nil) -> [LaunchProblem] {
        filter.batch {
            let catalog = filter.catalog
            var problems = filters.compactMap { filter.apply($0).map(LaunchProblem.init) }
            if let sort {
                if let key = catalog.sortKey(sort) {
                    if let sorting { sorting(key) } else { filter.sort = key }
                } else {
                    problems.append(LaunchProblem(catalog.unknownColumn(sort.column)))
                }
            }
            if let name = openFacet, catalog.column(matching: name) == nil {
                problems.append(LaunchProblem(catalog.unknownColumn(name)))
            }
            if case .failure(let problem)? = measure(in: catalog) { problems.append(problem) }
            return problems
        }
    }

    /// The measure `measure` ("mean:arr_delay", the column's name in any case) means in
    /// `catalog`, or why there is none: no such column, or one of text (or dates, for a sum).
    /// Nil when the query names no measure.
    public func measure(in catalog: Catalog) -> Result<FacetMeasure, LaunchProblem>? {
        measure(
            in: catalog.columns.map(MeasurableColumn.init), matching: catalog.column(matching:),
            unknown: catalog.unknownColumn)
    }

    /// The measure `measure` means among `columns` (a table's in its server), the column found by
    /// `matching` and, when none is, said by `unknown`.
    public func measure(
        in columns: [MeasurableColumn], matching: (String) -> Int?, unknown: (String) -> String
    ) -> Result<FacetMeasure, LaunchProblem>? {
        measure.map { Self.measure($0, option: "--measure", in: columns, matching: matching, unknown: unknown) }
    }

    /// The measure `spelling` ("mean:arr_delay", its column's name in any case; checked by the
    /// command line to have a colon) means among `columns`, or why `option` cannot take it.
    static func measure(
        _ spelling: String, option: String, in columns: [MeasurableColumn], matching: (String) -> Int?,
        unknown: (String) -> String
    ) -> Result<FacetMeasure, LaunchProblem> {
        let colon = spelling.firstIndex(of: ":") ?? spelling.startIndex
        let (named, name) = (String(spelling[..<colon]), String(spelling[spelling.index(after: colon)...]))
        guard let column = matching(name) else { return .failure(LaunchProblem(unknown(name))) }
        guard let aggregate = FacetMeasure.aggregate(named: named), columns[column].canBeMeasured(by: aggregate) else {
            let kind = columns[column].shape.kind.label
            return .failure(
                LaunchProblem(
                    tr(
                        "{option} cannot take the {aggregate} of {column}: it is a {kind} column",
                        ["option": option, "aggregate": named, "column": name, "kind": kind])))
        }
        return .success(FacetMeasure(aggregate, of: column))
    }

    /// The first column the query names that `catalog` does not have, said as `unknownColumn`
    /// says it; for the generated catalog, whose options are only known once it is built.
    public func unknownColumn(in catalog: Catalog) -> String? {
        let names =
            filters.map(\.facet) + [sort?.column, openFacet, measure.map(Self.measuredColumn)].compactMap { $0 }
            + grouping.columnNames
        return names.first { catalog.column(matching: $0) == nil }.map(catalog.unknownColumn)
    }

    /// The column "mean:arr_delay" measures.
    static func measuredColumn(_ spelling: String) -> String {
        String(spelling[spelling.index(after: spelling.firstIndex(of: ":") ?? spelling.startIndex)...])
    }
}
