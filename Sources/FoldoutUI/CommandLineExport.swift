// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore

/// `foldout --catalog FILE --choose … --export OUT`: the rows the filters and search match, in
/// the catalog's first order (or `--sort`'s), written without a window, for scripts.
@MainActor
enum CommandLineExport {
    /// Writes the export; returns the problem, in one line, if there is one.
    static func run(_ request: LaunchRequest, to path: String) -> String? {
        let catalog: Catalog
        switch request.catalog {
        case .file(let file, let options, _)?:
            do {
                catalog = try CatalogReader.load(path: file, options: options)
            } catch {
                return tr("cannot open catalog “{file}”: {reason}", ["file": file, "reason": error.description])
            }
        case .generated(let count)?: catalog = Catalog.generate(count: count)
        case nil: return tr("--export needs the catalog to export: --catalog FILE")
        }
        let filter = FacetFilter(catalog: catalog)
        if let problem = request.filters.apply(to: filter) { return problem }
        if let text = request.filters.search { filter.setSearch(text) }
        do {
            try CatalogExport(catalog: catalog, rows: filter.matches, format: .init(path: path)).write(to: path)
        } catch {
            return error.description
        }
        return nil
    }
}
