// SPDX-License-Identifier: GPL-3.0-or-later
/// What changed in a table the Filters page filters (`FilteredTable.observe`), whichever engine
/// answers: the page's parts act on these, never on an engine's own changes.
public struct TableChange: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// What filters changed: a choice, a range, the search or the sort (its answers follow).
    public static let filter = TableChange(rawValue: 1)
    /// The facets' counts and the match count came.
    public static let counts = TableChange(rawValue: 2)
    /// The matches listed are others: the list starts again from the top.
    public static let rows = TableChange(rawValue: 4)
    /// More matches are listed after those there were (a server's next page).
    public static let moreRows = TableChange(rawValue: 8)
    /// Facets were made, asked for or given up.
    public static let facets = TableChange(rawValue: 16)
    /// A measure's figures came.
    public static let measures = TableChange(rawValue: 32)
    /// An answer could not be had (`failure`), or can again.
    public static let problem = TableChange(rawValue: 64)
}

/// A listed row's whole record, as its unfolded row shows it and its copy buttons copy it.
public struct ShownRecord: Equatable, Sendable {
    public let names: [String]
    /// Each value as the page shows it (`ResultValue.shown`); nil when the row has none.
    public let shown: [String?]
    /// Each value as held ("" when missing): what a copy button copies.
    public let texts: [String]

    public init(names: [String], shown: [String?], texts: [String]) {
        self.names = names
        self.shown = shown
        self.texts = texts
    }

    /// Row `row` of `catalog`, every column.
    public init(_ catalog: Catalog, row: Int) {
        let columns = catalog.columns.indices
        self.init(
            names: catalog.columns.map(\.name), shown: columns.map { ResultValue.shown(catalog, column: $0, at: row) },
            texts: columns.map { catalog.text($0, at: row) })
    }

    /// The record as two tab-separated lines, the names and the values, as a spreadsheet pastes them.
    public var rowText: String { CatalogExport.text(of: [names, texts], format: .tsv) }
}

/// A listed row's title (`FilteredTable.title`): its value in the title column, or, with none,
/// what names the row instead.
public struct ListedTitle: Equatable, Sendable {
    public let text: String
    /// Whether `text` is the row's value (a search is highlighted in it), not a stand-in.
    public let isValue: Bool

    public init(_ text: String, isValue: Bool) {
        self.text = text
        self.isValue = isValue
    }
}
