// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// `foldout --catalog FILE --choose … --export OUT`: the rows the filters and search match, in
/// the catalog's first order (or `--sort`'s), written without a window, for scripts.
@MainActor
enum CommandLineExport {
    /// Writes the export; returns the problem, in one line, if there is one.
    static func run(_ options: StartOptions, to path: String) -> String? {
        guard options.catalogChosen else { return tr("--export needs the catalog to export: --catalog FILE") }
        var options = options
        if let problem = options.loadCatalog() { return problem }
        let catalog: Catalog
        switch options.catalog {
        case .loaded(let loaded): catalog = loaded
        case .generated(let count): catalog = Catalog.generate(count: count)
        case .file(let file, _): return tr("cannot open catalog “{file}”", ["file": file])
        }
        let filter = FacetFilter(catalog: catalog)
        for request in options.filters {
            if let problem = filter.apply(request) { return problem }
        }
        if let text = options.search { filter.setSearch(text) }
        if let sort = options.sort {
            guard let key = StartOptions.sortKey(sort, in: catalog) else {
                return StartOptions.unknownColumn(sort.column, in: catalog)
            }
            filter.sort = key
        }
        do {
            try CatalogExport(catalog: catalog, rows: filter.matches, format: .init(path: path)).write(to: path)
        } catch {
            return error.description
        }
        return nil
    }
}
