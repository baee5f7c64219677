// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore

/// `foldout postgresql://…?table=T --in-database … --export OUT.csv`: the rows the filters and
/// search match, in `--sort`'s order (else the table's key's), written by the server's
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
        guard let address = DatabaseAddress(path) else { return nil }
        let table: DatabaseTable
        do throws(CatalogImportError) {
            table = try DatabaseTable.open(address: address, table: options.table, for: query.filters)
        } catch {
            return cannotOpen(path, error)
        }
        let filter: DatabaseFilter
        switch table.filter(query.filters, search: query.search, sort: query.sort) {
        case .success(let made): filter = made
        case .failure(let problem): return problem.message
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

    private static func cannotOpen(_ path: String, _ error: CatalogImportError) -> String {
        CatalogImportError.cannotOpen(path, error.description)
    }
}
