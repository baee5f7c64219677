import Synchronization

/// An immutable clothing catalog stored by column, near the data: names interned (a table of
/// distinct names plus a 16- or 32-bit index per item), price as 32-bit cents, date as a 16- or
/// 32-bit day offset, and the five facets packed in one 16-bit word per item. Safe to share.
public final class Catalog: Sendable {
    let names: CatalogNameTable
    let nameIndex: CatalogCompactColumn
    let prices: [UInt32]
    let dateBase: Int32
    let dateOffsets: CatalogCompactColumn
    let packed: [UInt16]
    /// One lazily built view per `SortOrder`, shared by every filter over this catalog.
    let sortedViews = Mutex<[CatalogSortedView?]>(Array(repeating: nil, count: SortOrder.allCases.count))

    init(names: CatalogNameTable, nameIndex: CatalogCompactColumn, prices: [UInt32],
         dateBase: Int32, dateOffsets: CatalogCompactColumn, packed: [UInt16]) {
        precondition(nameIndex.count == packed.count && prices.count == packed.count && dateOffsets.count == packed.count)
        precondition(packed.count <= Int(UInt32.max))
        self.names = names
        self.nameIndex = nameIndex
        self.prices = prices
        self.dateBase = dateBase
        self.dateOffsets = dateOffsets
        self.packed = packed
    }

    /// The columns of a catalog CSV file, in the order `exportCSV` writes them.
    public static let csvColumns = ["name", "price", "date"] + Facet.allCases.map(\.csvColumn)

    public var count: Int { packed.count }

    public func name(at position: Int) -> String { names.name(Int(nameIndex[position])) }

    public func priceCents(at position: Int) -> Int { Int(prices[position]) }

    public func date(at position: Int) -> CatalogDate {
        CatalogDate(daysSince1970: dateBase &+ Int32(bitPattern: dateOffsets[position]))
    }

    /// The item's option of `facet`: an index into `facet.options`.
    public func option(_ facet: Facet, at position: Int) -> Int { facet.unpacked(packed[position]) }

    /// The number of distinct names in the interned name table.
    public var distinctNameCount: Int { names.count }

    /// Bytes per item held by the catalog: the name, price, date and packed facet columns, the
    /// interned name table (text and offsets), and the sort views (a `UInt32` permutation and a
    /// `UInt16` facet column per sort order) built so far. Array headers and spare capacity are
    /// not counted. Zero for an empty catalog.
    public var bytesPerItem: Double {
        guard count > 0 else { return 0 }
        let columns = nameIndex.byteCount + prices.count * 4 + dateOffsets.byteCount + packed.count * 2
        let views = sortedViews.withLock { $0.reduce(0) { $0 + ($1?.byteCount ?? 0) } }
        return Double(columns + names.byteCount + views) / Double(count)
    }

    /// "12.50" for 1250 cents.
    public static func formatPrice(cents: Int) -> String {
        let fraction = cents.magnitude % 100
        return (cents < 0 ? "-" : "") + String(cents.magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }
}
