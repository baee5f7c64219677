// SPDX-License-Identifier: GPL-3.0-or-later
/// The combo-box rows of the Filters page (seed 003), from the catalog's columns ("in production
/// you might want to use an external data source"): the sort order, the column that titles each
/// result row, and the columns shown beneath it. Each row shows its current value and opens its
/// options inline; "Sort by" and "Title" close once an option is chosen, "Details" stays open
/// while columns are ticked on and off.
public final class ComboSection {
    public enum Combo: Int, CaseIterable, Sendable {
        case sort, title, details

        public var caption: String {
            switch self {
            case .sort: tr("Sort by")
            case .title: tr("Title")
            case .details: tr("Details")
            }
        }

        public var closesOnChoice: Bool { self != .details }
    }

    public enum Change: Equatable, Sendable {
        case opened(Combo)
        case closed(Combo)
        /// The combo's value changed.
        case chose(Combo)
        /// The columns changed: every combo has new options.
        case columns
    }

    public private(set) var columnNames: [String] = []
    /// The results' order; nil for the file's order.
    public private(set) var sort: CatalogSortKey?
    public private(set) var titleColumn = 0
    public private(set) var detailColumns: [Int] = []
    public private(set) var openCombos: Set<Combo> = []
    public let changes = Observers<Change>()
    /// Sort by's first option, the rows' own order: a file's, or a table's (its key).
    public var unsortedName = tr("File order")

    public init() {}

    /// Takes `catalog`'s columns, keeping the title and details where a column of the same
    /// name is there, else taking the catalog's own.
    public func setColumns(of catalog: Catalog, sort: CatalogSortKey?) {
        setColumns(
            named: catalog.columns.map(\.name), title: catalog.titleColumn, details: catalog.detailColumns, sort: sort)
    }

    /// Takes the columns `names` (a table's in its server, a catalog's), keeping the title and
    /// details where a column of the same name is there, else taking `title` and `details`.
    public func setColumns(named names: [String], title: Int, details: [Int], sort: CatalogSortKey?) {
        let oldNames = columnNames
        columnNames = names
        self.sort = sort
        let keptTitle = oldNames.indices.contains(titleColumn) ? names.firstIndex(of: oldNames[titleColumn]) : nil
        titleColumn = keptTitle ?? title
        let keptDetails = detailColumns.compactMap {
            oldNames.indices.contains($0) ? names.firstIndex(of: oldNames[$0]) : nil
        }
        detailColumns = oldNames.isEmpty || keptDetails.isEmpty ? details : keptDetails
        changes.send(.columns)
    }

    /// Chooses the Sort by option of `sort` (nil: the file's order), as a click on it would.
    public func choose(sort: CatalogSortKey?) { choose(Self.sortOption(sort), in: .sort) }

    /// The Sort by option of an order: the file's order first, then each column ascending and
    /// descending.
    private static func sortOption(_ sort: CatalogSortKey?) -> Int {
        sort.map { 1 + $0.column * 2 + ($0.descending ? 1 : 0) } ?? 0
    }

    /// Shows `title` as the title column and `details` as the detail columns (a view kept for the
    /// file), as choices in their combos would.
    public func show(title: Int, details: [Int]) {
        if title != titleColumn && columnNames.indices.contains(title) {
            titleColumn = title
            changes.send(.chose(.title))
        }
        let details = details.filter(columnNames.indices.contains).sorted()
        if details != detailColumns {
            detailColumns = details
            changes.send(.chose(.details))
        }
    }

    public func options(for combo: Combo) -> [String] {
        switch combo {
        case .sort:
            [unsortedName]
                + columnNames.flatMap { name in
                    [tr("{column}, ascending", ["column": name]), tr("{column}, descending", ["column": name])]
                }
        case .title, .details: columnNames
        }
    }

    /// The options that are chosen (one, or for Details any number).
    public func chosen(_ combo: Combo) -> Set<Int> {
        switch combo {
        case .sort: [Self.sortOption(sort)]
        case .title: [titleColumn]
        case .details: Set(detailColumns)
        }
    }

    /// The current value's name: what the row shows.
    public func value(for combo: Combo) -> String {
        let options = options(for: combo)
        let chosen = chosen(combo).sorted().filter(options.indices.contains)
        guard !chosen.isEmpty else { return tr("None") }
        // TRANSLATORS: the separator between the names of the columns shown as details.
        return chosen.map { options[$0] }.joined(separator: tr(", "))
    }

    public func isOpen(_ combo: Combo) -> Bool { openCombos.contains(combo) }

    public func toggle(_ combo: Combo) {
        isOpen(combo) ? close(combo) : open(combo)
    }

    public func open(_ combo: Combo) {
        guard openCombos.insert(combo).inserted else { return }
        changes.send(.opened(combo))
    }

    public func close(_ combo: Combo) {
        guard openCombos.remove(combo) != nil else { return }
        changes.send(.closed(combo))
    }

    /// Chooses option `index` of `combo` (for Details, ticks it on or off), closing the combo if
    /// it closes on choice.
    public func choose(_ index: Int, in combo: Combo) {
        precondition(options(for: combo).indices.contains(index), "no option \(index) in \(combo)")
        switch combo {
        case .sort:
            let sort = index == 0 ? nil : CatalogSortKey(column: (index - 1) / 2, descending: (index - 1) % 2 == 1)
            if sort != self.sort {
                self.sort = sort
                changes.send(.chose(combo))
            }
        case .title:
            if index != titleColumn {
                titleColumn = index
                changes.send(.chose(combo))
            }
        case .details:
            if let at = detailColumns.firstIndex(of: index) {
                detailColumns.remove(at: at)
            } else {
                detailColumns = (detailColumns + [index]).sorted()
            }
            changes.send(.chose(combo))
        }
        if combo.closesOnChoice { close(combo) }
    }
}
