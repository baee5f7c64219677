// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// The one owner of a filter's search index: the index of its catalog's searched columns, made
/// once however many searches (on any thread) ask for it at once, and made again only for another
/// catalog or other columns.
public final class CatalogSearchIndexes: Sendable {
    private let current = Mutex<CatalogSearch?>(nil)

    public init() {}

    /// The index of `catalog`'s `columns`, made now if it is not made yet.
    public func index(_ catalog: Catalog, _ columns: [Int]) -> CatalogSearch {
        current.withLock { current in
            if let current, current.catalog === catalog, current.columns == columns { return current }
            let made = CatalogSearch(catalog: catalog, columns: columns)
            current = made
            return made
        }
    }

    /// Makes `search`, made elsewhere (while a file was read), the index.
    public func adopt(_ search: CatalogSearch) { current.withLock { $0 = search } }

    /// The index of `catalog`'s `columns` if it is made, without waiting for it.
    public func indexed(_ catalog: Catalog, _ columns: [Int]) -> CatalogSearch? {
        guard let current = current.withLockIfAvailable({ $0 }), let current, current.catalog === catalog,
            current.columns == columns
        else { return nil }
        return current
    }

    /// Forgets the results of earlier searches (for measuring searches from scratch).
    public func forgetResults() { current.withLock { $0?.forgetResults() } }
}

/// A search made away from the main thread for a catalog not shown yet: while a file is read, the
/// text searched in the catalog shown is searched in the new one, so that it is shown with its
/// results at once and nothing is indexed or searched on the main thread.
public struct PreparedSearch: Sendable {
    public let text: String
    public let rows: RowSet?
    public let search: CatalogSearch

    /// Indexes `catalog`'s title column (every text column if `everyColumn`) and searches it for
    /// `text`; nil for a blank text.
    public init?(_ text: String, in catalog: Catalog, everyColumn: Bool) {
        guard !CatalogSearch.isBlank(text) else { return nil }
        let columns = everyColumn ? CatalogSearch.textColumns(of: catalog) : [catalog.titleColumn]
        self.text = text
        search = CatalogSearch(catalog: catalog, columns: columns)
        rows = search.rows(matching: text)
    }
}
