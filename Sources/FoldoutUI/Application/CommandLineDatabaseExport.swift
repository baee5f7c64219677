// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore

/// `foldout postgresql://…?table=T --in-database … --export OUT.csv` (or `--summary OUT`): the rows
/// the filters and search match, in `--sort`'s order (else the table's key's), written by the server's
/// `COPY … TO STDOUT` as CSV (TSV for a `.tsv` or `.tab` name), without reading the table into memory. Chosen with
/// `--in-database`, or without `--in-memory` for a table the planner expects to have more than
/// `DatabaseTable.inDatabaseRows` rows.
enum CommandLineDatabaseExport {
    /// Whether the export of `path` goes through the server: a PostgreSQL table, not forced into
    /// memory, and asked to stay in the server or large; or the problem, when it cannot.
    static func chosen(path: String, options: CatalogReadOptions) -> Result<Bool, LaunchProblem> {
        guard let address = DatabaseAddress(path) else {
            guard options.residence != .inDatabase else {
                return .failure(LaunchProblem(tr("--in-database needs a PostgreSQL table (postgresql://…)")))
            }
            return .success(false)
        }
        do throws(CatalogImportError) {
            return .success(try DatabaseTable.staysInServer(address: address, options: options))
        } catch {
            return .failure(LaunchProblem(cannotOpen(path, error)))
        }
    }

    /// Writes the export; returns the problem, in one line, if there is one.
    static func run(path: String, options: CatalogReadOptions, query: CatalogQuery, to output: String) -> String? {
        let table: DatabaseTable
        let filter: DatabaseFilter
        switch opened(path: path, options: options, query: query) {
        case .failure(let problem): return problem.message
        case .success(let made): (table, filter) = made
        }
        // On this thread: the command line has nothing else to do meanwhile.
        return StreamedExport.write(to: output) { sink in
            do throws(CatalogImportError) {
                let tabSeparated = CatalogExport.Format(path: output) == .tsv
                try table.export(filter, try table.connect(), tabSeparated: tabSeparated) { sink($0) }
            } catch {
                return cannotOpen(path, error)
            }
            return nil
        }
    }

    /// `--summary OUT`: every column summarized by the server over the rows the filters and
    /// search match (`DatabaseTable.summary`), written as a catalog's summary is.
    static func summarize(path: String, options: CatalogReadOptions, query: CatalogQuery, to output: String) -> String?
    {
        let summaries: [ColumnSummary]
        switch opened(path: path, options: options, query: query) {
        case .failure(let problem): return problem.message
        case .success(let (table, filter)):
            do throws(CatalogImportError) {
                summaries = try table.summary(filter, try table.connect())
            } catch {
                return cannotOpen(path, error)
            }
        }
        return CommandLineExport.write(summaries, to: output)
    }

    /// `--groups OUT`: the innermost groups of `--group-by` folded by the server over the rows the
    /// filters and search match (`DatabaseTable.innermostGroups`), written as a catalog's are.
    static func group(path: String, options: CatalogReadOptions, query: CatalogQuery, to output: String) -> String? {
        let table: DatabaseTable
        let filter: DatabaseFilter
        switch opened(path: path, options: options, query: query) {
        case .failure(let problem): return problem.message
        case .success(let made): (table, filter) = made
        }
        let columns = table.measurableColumns
        let unknown = { (name: String) in Catalog.unknownColumn(name, among: table.columns.map(\.name)) }
        let grouping: Grouping
        switch query.grouping.grouping(in: columns, matching: table.column(matching:), unknown: unknown) {
        case .failure(let problem): return problem.message
        case .success(let made): grouping = made
        }
        let groups: [FoldedGroup]
        do throws(CatalogImportError) {
            groups = try table.innermostGroups(grouping, filter, try table.connect())
        } catch {
            return cannotOpen(path, error)
        }
        return CommandLineExport.write(groups, of: grouping, columns: columns, to: output)
    }

    /// The table `path` names, opened with the facets `query` filters by, and its filter.
    private static func opened(
        path: String, options: CatalogReadOptions, query: CatalogQuery
    ) -> Result<(DatabaseTable, DatabaseFilter), LaunchProblem> {
        guard let address = DatabaseAddress(path) else {
            return .failure(LaunchProblem(cannotOpen(path, CatalogImportError(line: 0, reason: .noTables))))
        }
        let table: DatabaseTable
        do throws(CatalogImportError) {
            table = try DatabaseTable.open(address: address, table: options.table, for: query.filters)
        } catch {
            return .failure(LaunchProblem(cannotOpen(path, error)))
        }
        return table.filter(query.filters, search: query.search, sort: query.sort).map { (table, $0) }
            .mapError { LaunchProblem($0.message) }
    }

    private static func cannotOpen(_ path: String, _ error: CatalogImportError) -> String {
        CatalogImportError.cannotOpen(path, error.description)
    }
}
