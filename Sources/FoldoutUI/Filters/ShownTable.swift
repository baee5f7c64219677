// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The table the Filters page shows, whichever engine filters it, nil until one is shown: the page
/// sets it, its parts read it.
@MainActor
final class ShownTable {
    var table: (any FilteredTable)?
    /// Its columns' names, taken once a table (a binding reads them for every row).
    private var columnNames: [String] = []
    private weak var namesSource: AnyObject?

    /// The catalog in memory behind the table, if it is one: what the page searches, sorts and
    /// exports itself, off the main thread (a server does those in SQL).
    var filter: FacetFilter? { table as? FacetFilter }

    /// `table.columnNames`, read again only when the table's rows are another's.
    var names: [String] {
        guard let table else { return [] }
        if namesSource !== table.facetSource {
            columnNames = table.columnNames
            namesSource = table.facetSource
        }
        return columnNames
    }
}
