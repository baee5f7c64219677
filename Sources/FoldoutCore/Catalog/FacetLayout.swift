// SPDX-License-Identifier: GPL-3.0-or-later
/// Where each facet lives in a row's packed facet word: a bit field per facet column holding the
/// row's option (0 for the first in option order), or the option count for a missing value (a
/// column with none needs no room for it). All the fields fit in 64 bits, so filtering by any
/// choice of facets is one compare per row.
struct FacetLayout: Sendable {
    struct Field: Sendable {
        let column: Int
        let shift: Int
        let optionCount: Int
        let bits: Int
        var mask: UInt64 { ((1 << UInt64(bits)) - 1) << UInt64(shift) }
    }

    let fields: [Field]
    let totalBits: Int

    init(_ catalog: Catalog, columns: [Int]) {
        var shift = 0
        fields = columns.map { column in
            let bits = Self.bits(of: catalog.columns[column])
            defer { shift += bits }
            return Field(
                column: column, shift: shift, optionCount: catalog.columns[column].distinctCount ?? 0, bits: bits)
        }
        totalBits = shift
    }

    /// Bits for the values 0..<options, and one more value when some rows have none.
    static func bits(of column: CatalogColumn) -> Int {
        let largest = max((column.distinctCount ?? 0) - (column.missingCount == 0 ? 1 : 0), 0)
        return max(1, 64 - UInt64(largest).leadingZeroBitCount)
    }

    /// Whether `facets` can all be facets at once.
    static func fits(_ columns: [CatalogColumn], _ facets: [Int]) -> Bool {
        var total = 0
        for facet in facets {
            guard columns[facet].canBeFacet else { return false }
            total += bits(of: columns[facet])
        }
        return total <= 64
    }

    /// The field of `column`, if it is a facet.
    func field(of column: Int) -> Field? { fields.first { $0.column == column } }
}

/// The packed facet words of every row, 16, 32 or 64 bits each as the layout needs.
enum FacetWords: Sendable {
    case u16([UInt16])
    case u32([UInt32])
    case u64([UInt64])

    /// The words of `catalog`'s rows for `layout`, in file order, made in their final width.
    init(_ catalog: Catalog, layout: FacetLayout) {
        switch layout.totalBits {
        case ...16: self = .u16(Self.pack(catalog, layout))
        case ...32: self = .u32(Self.pack(catalog, layout))
        default: self = .u64(Self.pack(catalog, layout))
        }
    }

    private static func pack<W: FixedWidthInteger & UnsignedInteger>(_ catalog: Catalog, _ layout: FacetLayout) -> [W] {
        var words = [W](repeating: 0, count: catalog.count)
        for field in layout.fields {
            guard case .coded(let coded) = catalog.columns[field.column].values else { continue }
            let ranks = coded.ranks.map { W(truncatingIfNeeded: $0) }
            let shift = W(truncatingIfNeeded: field.shift)
            words.withUnsafeMutableBufferPointer { words in
                ranks.withUnsafeBufferPointer { ranks in
                    for position in 0..<words.count { words[position] |= ranks[Int(coded.codes[position])] << shift }
                }
            }
        }
        return words
    }

    /// The words in the order of `positions`.
    func gathered(_ positions: [UInt32]) -> FacetWords {
        func gather<W>(_ words: [W]) -> [W] {
            words.withUnsafeBufferPointer { words in positions.map { words[Int($0)] } }
        }
        switch self {
        case .u16(let words): return .u16(gather(words))
        case .u32(let words): return .u32(gather(words))
        case .u64(let words): return .u64(gather(words))
        }
    }

    var byteCount: Int {
        switch self {
        case .u16(let words): words.count * 2
        case .u32(let words): words.count * 4
        case .u64(let words): words.count * 8
        }
    }
}
