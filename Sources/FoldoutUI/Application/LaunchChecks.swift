// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// What a launch's request is checked against before a window opens, so that a catalog
/// that cannot be used, or a facet, option or column it does not have, fails the launch.
@MainActor
extension LaunchRequest {
    /// The catalog `--catalog` names, read now, with the filters checked against it; nil when the
    /// request reads none at start.
    func readStartCatalog() -> Result<Catalog?, LaunchProblem> {
        guard case .file(let path, let options, atStart: true)? = catalog else { return .success(nil) }
        let read: Catalog
        do {
            read = try CatalogReader.load(path: path, options: options)
        } catch {
            return .failure(LaunchProblem(CatalogImportError.cannotOpen(path, error)))
        }
        let problem = filters.problem(in: read, unfolding: firstPage == .filters ? unfoldRow : nil)
        return problem.map { .failure(LaunchProblem($0)) } ?? .success(read)
    }

    /// A column the request names that the built-in catalog, if it is what will be shown, does not
    /// have. (Its options are only known once it is built, off the main thread.) The catalog
    /// opened last is shown instead when there is one.
    func unknownGeneratedColumn(rememberingACatalog: @autoclosure () -> Bool) -> String? {
        guard filters.query.namesColumns else { return nil }  // a plain start reads no settings here
        switch catalog {
        case .file?: return nil
        case .generated?: break
        case nil: if rememberingACatalog() { return nil }
        }
        return filters.query.unknownColumn(in: Catalog.generate(count: 1))
    }

    /// Why the file the request names cannot be read by this process, which hands the request to
    /// the instance that runs already; nil if it can (or names a database).
    func unreadableFile() -> LaunchProblem? {
        guard case .file(let path, _, _)? = catalog, !DatabaseAddress.isAddress(path),
            let problem = System.problemReading(path)
        else { return nil }
        return LaunchProblem(CatalogImportError.cannotOpen(path, problem))
    }
}
