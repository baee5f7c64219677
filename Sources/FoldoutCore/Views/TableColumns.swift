// SPDX-License-Identifier: GPL-3.0-or-later
/// The results table's columns, its own and not the Details combo's: every column of the catalog
/// in an order the user can change, each shown or hidden. At first every column shows, in the
/// file's order with the title column first, as a spreadsheet would. Kept by column name, so a file
/// changed since keeps what still applies: a column it no longer has is dropped, a new one shows
/// at the end.
public struct TableColumns: Equatable, Sendable {
    /// Every column's name, in the table's order, shown or not.
    public private(set) var order: [String]
    /// The names of the columns the table does not show.
    public private(set) var hidden: Set<String>

    /// Every column of `catalog` shown, the `title` column first, then the others in the file's order.
    public init(catalog: Catalog, title: Int) { self.init(names: catalog.columns.map(\.name), title: title) }

    /// Every column named in `names` (a table's in its server), the `title` column first.
    public init(names: [String], title: Int) {
        let others = names.enumerated().filter { $0.offset != title }.map(\.element)
        self.init(exactly: names.indices.contains(title) ? [names[title]] + others : names, hidden: [])
    }

    /// The order and hidden columns kept for a file, given to `catalog`: its columns that were kept
    /// in their kept order, then its new ones in the file's order, shown.
    public init(order kept: [String], hidden keptHidden: [String], catalog: Catalog, title: Int) {
        self.init(order: kept, hidden: keptHidden, names: catalog.columns.map(\.name), title: title)
    }

    /// The same, given to the columns named in `names` (a table's in its server).
    public init(order kept: [String], hidden keptHidden: [String], names: [String], title: Int) {
        let present = Set(names)
        var order: [String] = []
        var seen: Set<String> = []
        for name in kept where present.contains(name) && seen.insert(name).inserted { order.append(name) }
        guard !order.isEmpty else {
            self.init(names: names, title: title)
            return
        }
        order += names.filter { !seen.contains($0) }
        let hidden = Set(keptHidden).intersection(present)
        self.init(exactly: order, hidden: hidden.count == order.count ? hidden.subtracting([order[0]]) : hidden)
    }

    private init(exactly order: [String], hidden: Set<String>) {
        self.order = order
        self.hidden = hidden
    }

    /// The shown columns' names, in order.
    public var shown: [String] { order.filter { !hidden.contains($0) } }

    public func isShown(_ name: String) -> Bool { order.contains(name) && !hidden.contains(name) }

    /// Shows or hides the column `name`; the last column shown stays.
    public mutating func setShown(_ name: String, _ shown: Bool) {
        guard order.contains(name) else { return }
        if shown {
            hidden.remove(name)
        } else if self.shown != [name] {
            hidden.insert(name)
        }
    }

    /// Shows every column.
    public mutating func showAll() { hidden = [] }

    /// Moves the column `name` past `offset` shown columns (-1: one to the left), as far as the ends;
    /// hidden columns keep their places.
    public mutating func move(_ name: String, by offset: Int) {
        let shown = self.shown
        guard let from = shown.firstIndex(of: name), offset != 0 else { return }
        let to = max(0, min(shown.count - 1, from + offset))
        guard to != from, let index = order.firstIndex(of: name), let target = order.firstIndex(of: shown[to]) else {
            return
        }
        order.remove(at: index)
        order.insert(name, at: target)
    }

    /// Whether the column `name` can move one place that way among the shown columns.
    public func canMove(_ name: String, by offset: Int) -> Bool {
        guard let at = shown.firstIndex(of: name) else { return false }
        return shown.indices.contains(at + offset)
    }

    /// The shown columns as `catalog`'s indexes, in order.
    public func shownColumns(in catalog: Catalog) -> [Int] { shownColumns(among: catalog.columns.map(\.name)) }

    /// The shown columns as indexes into `names`, in order.
    public func shownColumns(among names: [String]) -> [Int] { shown.compactMap { names.firstIndex(of: $0) } }
}
