// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore

/// `foldout --catalog FILE --choose … --export OUT`: the rows the filters and search match, in
/// the catalog's first order (or `--sort`'s), written without a window, for scripts;
/// `--summary OUT`, the summary of every column over those rows; and `--groups OUT`, their
/// innermost groups.
@MainActor
enum CommandLineExport {
    /// Writes the export; returns the problem, in one line, if there is one.
    static func run(_ request: LaunchRequest, to path: String) -> String? {
        answer(request) { file, options, query in
            CommandLineDatabaseExport.run(path: file, options: options, query: query, to: path)
        } inMemory: { filter in
            do throws(CatalogExportError) {
                try CatalogExport(catalog: filter.catalog, rows: filter.matches, format: .init(path: path))
                    .write(to: path)
            } catch {
                return error.description
            }
            return nil
        }
    }

    /// `--summary OUT`: the summary of every column over the rows the filters and search match.
    static func summarize(_ request: LaunchRequest, to path: String) -> String? {
        answer(request) { file, options, query in
            CommandLineDatabaseExport.summarize(path: file, options: options, query: query, to: path)
        } inMemory: { filter in
            let catalog = filter.catalog
            let rows = filter.matchCount == catalog.count ? nil : filter.matches
            guard let summaries = CatalogSummary.summarize(catalog, rows: rows) else { return nil }
            return write(summaries, to: path)
        }
    }

    /// `--groups OUT`: a row for each innermost group of `--group-by` among the rows the filters
    /// and search match, with `--aggregate`'s measures.
    static func group(_ request: LaunchRequest, to path: String) -> String? {
        answer(request) { file, options, query in
            CommandLineDatabaseExport.group(path: file, options: options, query: query, to: path)
        } inMemory: { filter in
            let catalog = filter.catalog
            let columns = filter.measurableColumns
            switch request.filters.query.grouping.grouping(
                in: columns, matching: catalog.column(matching:), unknown: catalog.unknownColumn)
            {
            case .failure(let problem): return problem.message
            case .success(let grouping):
                return write(filter.innermostGroups(grouping), of: grouping, columns: columns, to: path)
            }
        }
    }

    /// What `inServer` answers for a PostgreSQL table filtered in its server, or `inMemory` for
    /// the request's catalog read with its filters and search applied: the problem, if any.
    private static func answer(
        _ request: LaunchRequest, inServer: (String, CatalogReadOptions, CatalogQuery) -> String?,
        inMemory: (FacetFilter) -> String?
    ) -> String? {
        switch Self.inServer(request) {
        case .failure(let problem): return problem.message
        case .success(let (file, options)?): return inServer(file, options, request.filters.query)
        case .success(nil): break
        }
        switch filtered(request) {
        case .success(let filter): return inMemory(filter)
        case .failure(let problem): return problem.message
        }
    }

    /// Writes `groups` to `path` (CSV, or TSV for .tsv); what went wrong, if anything.
    nonisolated static func write(
        _ groups: [FoldedGroup], of grouping: Grouping, columns: [MeasurableColumn], to path: String
    ) -> String? {
        let export = GroupsExport(
            groups, keyNames: grouping.levels.map { columns[$0.column].name }, measures: grouping.measures,
            columns: columns, format: CatalogExport.Format(path: path))
        do {
            try export.write(to: path)
        } catch {
            return error.description
        }
        return nil
    }

    /// Writes `summaries` to `path` (TSV, or CSV for .csv); what went wrong, if anything.
    nonisolated static func write(_ summaries: [ColumnSummary], to path: String) -> String? {
        do {
            try SummaryExport(summaries, format: SummaryExport.format(path: path)).write(to: path)
        } catch {
            return error.description
        }
        return nil
    }

    /// The request's PostgreSQL table (its address with the keyring's password, if it has one),
    /// when it is filtered in its server; nil for a catalog read into memory.
    private static func inServer(
        _ request: LaunchRequest
    ) -> Result<(file: String, options: CatalogReadOptions)?, LaunchProblem> {
        guard case .file(let given, let options, _)? = request.catalog else { return .success(nil) }
        let file = DatabasePasswords.filledIn(given)
        return CommandLineDatabaseExport.chosen(path: file, options: options).map { $0 ? (file, options) : nil }
    }

    /// The request's catalog, read, with its filters and search applied.
    private static func filtered(_ request: LaunchRequest) -> Result<FacetFilter, LaunchProblem> {
        let catalog: Catalog
        switch request.catalog {
        case .file(let file, let options, _)?:
            do {
                catalog = try CatalogReader.load(path: DatabasePasswords.filledIn(file), options: options)
            } catch {
                return .failure(LaunchProblem(CatalogImportError.cannotOpen(file, error)))
            }
        case .generated(let count)?: catalog = Catalog.generate(count: count)
        case nil:
            return .failure(
                LaunchProblem(tr("--export, --summary and --groups need a catalog: FILE or --catalog FILE")))
        }
        let filter = FacetFilter(catalog: catalog)
        if let problem = request.filters.query.apply(to: filter).first { return .failure(problem) }
        if let text = request.filters.query.search { filter.setSearch(text) }
        return .success(filter)
    }
}
