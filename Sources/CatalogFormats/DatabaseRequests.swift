// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The command line's filters, search and sort (`--choose`, `--exclude`, `--range`, `--search`,
/// `--sort`) for a table filtered in its server, read as `FacetFilter.apply` reads them for a
/// catalog: names and options in any case when no exact match exists, "No value" or nothing for
/// rows without one, either end of a range open.
extension DatabaseTable {
    /// More than this many rows (by the planner's estimate) and `--export` filters a table in its
    /// server rather than reading it into memory.
    public static let inDatabaseRows = 1_000_000

    /// Whether the table `options` name at `address` is filtered in its server rather than read
    /// into memory: as `options.residence` says, else when the planner expects it to have more than
    /// `inDatabaseRows` rows.
    public static func staysInServer(
        address: DatabaseAddress, options: CatalogReadOptions
    ) throws(CatalogImportError) -> Bool {
        switch options.residence {
        case .inMemory?: return false
        case .inDatabase?: return true
        case nil: return try estimatedRows(address: address, table: options.table) > inDatabaseRows
        }
    }

    /// Opens the table with the facets `requests` filter by (no others: nothing more is counted).
    public static func open(
        address: DatabaseAddress, table: String?, for requests: [FilterRequest]
    ) throws(CatalogImportError) -> DatabaseTable {
        let bare = try open(address: address, table: table, facets: [:])
        var facets: [Int: FacetKind] = [:]
        for request in requests {
            guard let column = bare.column(matching: request.facet) else { continue }
            facets[column] = request.kind == .range ? .range : .options
        }
        guard !facets.isEmpty else { return bare }
        var table = bare
        try table.addFacets(facets, try PostgresConnection(uri: bare.uri))
        return table
    }

    /// The column a user means by `name` (`Catalog.column(matching:among:)`).
    public func column(matching name: String) -> Int? { Catalog.column(matching: name, among: columns.map(\.name)) }

    /// Every column as a measure names it and writes its figures.
    public var measurableColumns: [MeasurableColumn] {
        columns.indices.map { MeasurableColumn(name: columns[$0].name, shape: valueShape(ofColumn: $0)) }
    }

    /// The filter the requests, search and sort ask for; or the problem, in one line.
    public func filter(
        _ requests: [FilterRequest], search: String?, sort: SortRequest?
    ) -> Result<DatabaseFilter, LocalizedProblem> {
        var filter = DatabaseFilter()
        let names = columns.map(\.name).joined(separator: ", ")
        for request in requests {
            guard let column = column(matching: request.facet) else {
                return .failure(
                    LocalizedProblem(
                        tr("no column “{facet}” (columns: {columns})", ["facet": request.facet, "columns": names])))
            }
            let name = columns[column].name
            switch request.kind {
            case .choose, .exclude:
                let known = options[column] ?? []
                var selection = FacetSelection(excluded: request.kind == .exclude)
                let wanted =
                    known.contains(request.value)
                    ? [request.value]
                    : request.value.split(
                        separator: ",", omittingEmptySubsequences: false
                    ).map(String.init)
                for text in wanted {
                    if let index = known.firstIndex(of: text)
                        ?? known.firstIndex(where: { $0.lowercased() == text.lowercased() })
                    {
                        selection.options.insert(index)
                    } else if text.isEmpty || text.lowercased() == tr("No value").lowercased() {
                        selection.noValue = true
                    } else {
                        return .failure(
                            LocalizedProblem(
                                tr("the facet “{facet}” has no option “{option}”", ["facet": name, "option": text])))
                    }
                }
                filter.select(selection, inColumn: column)
            case .range:
                guard columns[column].kind != .text else {
                    return .failure(LocalizedProblem(tr("“{facet}” holds text, which has no range", ["facet": name])))
                }
                let ends = request.value.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
                var range = FacetRange()
                for (index, text) in ends.enumerated() where !text.allSatisfy(\.isWhitespace) {
                    guard let value = FacetValueText.parse(text, kind: columns[column].kind, upper: index == 1) else {
                        return .failure(
                            LocalizedProblem(
                                tr("“{value}” is not a value of “{facet}”", ["value": text, "facet": name])))
                    }
                    if index == 0 { range.lower = value } else { range.upper = value }
                }
                filter.setRange(range, forColumn: column)
            }
        }
        filter.search = search ?? ""
        filter.searchColumns = textColumns
        if let sort {
            guard let column = column(matching: sort.column) else {
                return .failure(
                    LocalizedProblem(
                        tr("unknown column “{column}” (columns: {columns})", ["column": sort.column, "columns": names]))
                )
            }
            filter.sort = CatalogSortKey(column: column, descending: sort.descending)
        }
        return .success(filter)
    }
}

/// A problem said in the user's language, in one line.
public struct LocalizedProblem: Error, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
