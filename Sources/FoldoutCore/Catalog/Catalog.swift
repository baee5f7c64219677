// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// A table of any shape, read from a CSV or TSV file or generated: named columns, each stored
/// near its size (`CatalogColumn`), the same number of rows in each. Immutable, safe to share.
/// What the Filters page shows is derived from it: the facets (columns of few repeated values),
/// the title of each row (the most name-like text column) and the details beneath it.
public final class Catalog: Sendable {
    public static let maxColumns = 65_535
    /// The most bytes of text a catalog is read from: its positions in the text are 32-bit.
    public static let textSizeLimit = Int(UInt32.max)

    /// The file's name, or "" for a generated catalog.
    public let name: String
    public let columns: [CatalogColumn]
    public let count: Int
    /// The column each result row is titled by.
    public let titleColumn: Int
    /// The positions in the file's order: 0, 1, 2, … Made anew each time, not kept: they are
    /// known without being stored (4 bytes a row that a filtered result would never read).
    public var filePositions: [UInt32] { (0..<UInt32(count)).map { $0 } }

    /// The columns shown beneath the title, at first: up to six, in the file's order, leaving out
    /// a column with a single value.
    public let detailColumns: [Int]
    /// The columns that are facets at first: see `chooseFacets`.
    public let facetColumns: [Int]
    /// The order results are listed in at first; nil for the file's own order.
    public let defaultSort: CatalogSortKey?
    /// The rows' numbers that R's `write.csv` writes as a first column with an empty header (1, 2,
    /// 3…; 0, 1, 2… from pandas' `to_csv`): they say nothing about a row, so they are no title,
    /// detail or facet at first.
    public let rowNumberColumn: Int?
    /// The file read, as it was then; nil for a generated catalog or one parsed from memory.
    public let origin: CatalogOrigin?
    /// Row positions in each order computed so far.
    let permutations = Mutex<[CatalogSortKey: [UInt32]]>([:])
    /// Each row's place in each order asked for (`ranks(sortedBy:)`).
    let placesInOrders = Mutex<[CatalogSortKey: [UInt32]]>([:])

    init(
        columns: [CatalogColumn], count: Int, name: String, titleColumn: Int? = nil, defaultSort: CatalogSortKey? = nil,
        origin: CatalogOrigin? = nil
    ) {
        precondition(count <= Int(UInt32.max))
        self.name = name
        self.origin = origin
        self.columns = columns
        self.count = count
        self.defaultSort = defaultSort
        let rowNumbers = Self.findRowNumbers(columns, count: count)
        rowNumberColumn = rowNumbers
        facetColumns = Self.chooseFacets(columns).filter { $0 != rowNumbers }
        let candidates = columns.map(TitleCandidate.init)
        let title = titleColumn ?? Self.chooseTitle(among: candidates, skipping: rowNumbers)
        self.titleColumn = title
        detailColumns = Self.chooseDetails(among: candidates, title: title, skipping: rowNumbers)
    }

    /// The value of `column` at `position` as text ("" when missing).
    public func text(_ column: Int, at position: Int) -> String { columns[column].text(at: position) }

    /// The row's title; a row without one is named by its number.
    public func title(at position: Int) -> String {
        let text = columns[titleColumn].text(at: position)
        return text.isEmpty ? tr("Row {number}", ["number": NumberText.grouped(position + 1)]) : text
    }

    public func column(named name: String) -> Int? { columns.firstIndex { $0.name == name } }

    /// Every row's option in `column`: the index of its value among the column's distinct values in
    /// option order (see `FacetFilter.options(forColumn:)`), -1 where missing; empty when the
    /// column has no dictionary.
    public func optionIndices(_ column: Int) -> [Int32] {
        guard case .coded(let coded) = columns[column].values else { return [] }
        let ranks = coded.ranks
        return coded.codes.map { $0 == 0 ? -1 : Int32(ranks[Int($0)]) }
    }

    /// Bytes per row held by the columns (codes, dictionaries, numbers) and the sort orders
    /// computed so far. Array headers and spare capacity are not counted. Zero when empty.
    public var bytesPerItem: Double {
        guard count > 0 else { return 0 }
        let data = columns.reduce(0) { $0 + $1.byteCount }
        let orders =
            permutations.withLock { $0.values.reduce(0) { $0 + $1.count * 4 } }
            + placesInOrders.withLock { $0.values.reduce(0) { $0 + $1.count * 4 } }
        return Double(data + orders) / Double(count)
    }

    /// The facets at first: up to `maxDefaultFacets` columns whose values look like options (few
    /// repeated texts or whole numbers), then up to `maxDefaultRanges` range facets: amounts of
    /// money first (a price), then dates and date-times, the columns a shopper or an analyst
    /// narrows first. Any other column can be made a facet from the Facets menu.
    static func chooseFacets(_ columns: [CatalogColumn]) -> [Int] {
        let options = columns.indices.filter { columns[$0].suggestsFacet }.prefix(maxDefaultFacets)
        let candidates = columns.indices.filter { columns[$0].isRangeable && !columns[$0].suggestsFacet }
        let money = candidates.filter { columns[$0].isMonetary }
        let dates = candidates.filter { columns[$0].kind == .date || columns[$0].kind == .dateTime }
        let ranges = (money + dates).prefix(maxDefaultRanges)
        return (Array(options) + ranges).sorted()
    }

    static let maxDefaultFacets = 8, maxDefaultRanges = 2

    /// Whether a column of `distinct` values among `present` makes a facet of options: texts of a
    /// few hundred values that repeat, whole numbers of up to a hundred that repeat tenfold (a
    /// month, a rating), never a column of one value. The one rule, for a catalog's columns and
    /// for a table's in its server (its summary's most common values).
    public static func suggestsFacet(text: Bool, wholeNumbers: Bool, distinct: Int, present: Int) -> Bool {
        distinct >= 2
            && (text && distinct <= CatalogColumnBuilder.maxInferredFacetOptions && distinct * 2 <= present
                || wholeNumbers && distinct <= CatalogColumnBuilder.maxInferredNumberOptions
                    && distinct * 10 <= present)
    }

    /// The title column: a text column named like a name or title, else the text column with the
    /// most distinct values, else the first text facet (a penguin's species), else the first
    /// column that is not a facet, else the first.
    public static func chooseTitle(among columns: [TitleCandidate], skipping skipped: Int? = nil) -> Int {
        let texts = columns.indices.filter { columns[$0].kind == .text && !columns[$0].suggestsFacet }
        let words = ["name", "title", "label", "product", "item", "description", "nom", "titel"]
        if let named = texts.first(where: { index in
            let name = columns[index].name.lowercased()
            return words.contains {
                name == $0 || name.hasSuffix(" " + $0) || name.hasSuffix("_" + $0) || name.hasPrefix($0)
            }
        }) {
            return named
        }
        if let richest = texts.max(by: {
            (columns[$0].distinctCount ?? Int.max) < (columns[$1].distinctCount ?? Int.max)
        }) {
            return richest
        }
        return columns.indices.first { columns[$0].kind == .text }
            ?? columns.indices.first { !columns[$0].suggestsFacet && $0 != skipped } ?? 0
    }

    /// The columns a result's details line shows at first: up to six after the title, but for a
    /// row-number column and columns of one value.
    public static func chooseDetails(among columns: [TitleCandidate], title: Int, skipping skipped: Int? = nil) -> [Int]
    {
        Array(columns.indices.filter { $0 != title && $0 != skipped && columns[$0].distinctCount != 1 }.prefix(6))
    }

    /// The first column when it is a row-number column: no name in the file (or pandas' "Unnamed:
    /// 0"), and the numbers 1…n, or 0…n-1, in order, with more columns after it.
    static func findRowNumbers(_ columns: [CatalogColumn], count: Int) -> Int? {
        guard let first = columns.first, columns.count > 1, count > 0, first.kind == .number,
            first.missingCount == 0,
            first.name == tr("Column {number}", ["number": "1"]) || first.name == "Unnamed: 0",
            let start = first.number(at: 0), start == 0 || start == 1
        else { return nil }
        for position in 0..<count where first.number(at: position) != start + Double(position) { return nil }
        return 0
    }
}

/// What choosing a catalog's title and details looks at in a column (`Catalog.chooseTitle`): a
/// catalog's column, or a table's in its server, so that both choose alike.
public struct TitleCandidate: Sendable {
    public let name: String
    public let kind: CatalogColumn.Kind
    /// Whether its values make it a facet of options.
    public let suggestsFacet: Bool
    /// How many values it has, if known.
    public let distinctCount: Int?

    public init(name: String, kind: CatalogColumn.Kind, suggestsFacet: Bool, distinctCount: Int?) {
        self.name = name
        self.kind = kind
        self.suggestsFacet = suggestsFacet
        self.distinctCount = distinctCount
    }

    init(_ column: CatalogColumn) {
        self.init(
            name: column.name, kind: column.kind, suggestsFacet: column.suggestsFacet,
            distinctCount: column.distinctCount)
    }
}
