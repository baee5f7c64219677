// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore

/// `foldout --catalog FILE --choose … --export OUT`: the rows the filters and search match, in
/// the catalog's first order (or `--sort`'s), written without a window, for scripts; and
/// `--summary OUT`, the summary of every column over those rows.
@MainActor
enum CommandLineExport {
    /// Writes the export; returns the problem, in one line, if there is one.
    static func run(_ request: LaunchRequest, to path: String) -> String? {
        switch inServer(request) {
        case .failure(let problem): return problem.message
        case .success(let (file, options)?):
            return CommandLineDatabaseExport.run(path: file, options: options, query: request.filters.query, to: path)
        case .success(nil): break
        }
        let filter: FacetFilter
        switch filtered(request) {
        case .success(let made): filter = made
        case .failure(let problem): return problem.message
        }
        do {
            try CatalogExport(catalog: filter.catalog, rows: filter.matches, format: .init(path: path)).write(to: path)
        } catch {
            return error.description
        }
        return nil
    }

    /// `--summary OUT`: the summary of every column over the rows the filters and search match.
    static func summarize(_ request: LaunchRequest, to path: String) -> String? {
        switch inServer(request) {
        case .failure(let problem): return problem.message
        case .success(let (file, options)?):
            return CommandLineDatabaseExport.summarize(
                path: file, options: options, query: request.filters.query, to: path)
        case .success(nil): break
        }
        let filter: FacetFilter
        switch filtered(request) {
        case .success(let made): filter = made
        case .failure(let problem): return problem.message
        }
        let catalog = filter.catalog
        let rows = filter.matchCount == catalog.count ? nil : filter.matches
        guard let summaries = CatalogSummary.summarize(catalog, rows: rows) else { return nil }
        return write(summaries, to: path)
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
        case nil: return .failure(LaunchProblem(tr("--export and --summary need a catalog: FILE or --catalog FILE")))
        }
        let filter = FacetFilter(catalog: catalog)
        if let problem = request.filters.query.apply(to: filter).first { return .failure(problem) }
        if let text = request.filters.query.search { filter.setSearch(text) }
        return .success(filter)
    }
}
