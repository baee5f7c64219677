/// How a filter orders its matches: name ascending, price ascending, or newest first. Ties keep
/// catalog order.
public enum SortOrder: Int, CaseIterable, Sendable {
    case name, price, newest

    public var title: String {
        switch self {
        case .name: tr("Name")
        case .price: tr("Price")
        case .newest: tr("Newest")
        }
    }
}

/// The catalog in one sort order: the item positions in that order, and the packed facet words
/// copied into the same order so that filtering is one sequential pass over both.
struct CatalogSortedView: Sendable {
    let positions: [UInt32]
    let packed: [UInt16]

    var byteCount: Int { positions.count * 4 + packed.count * 2 }
}

extension Catalog {
    /// The view for `order`, built on first use in O(n) (plus sorting the distinct names).
    func sortedView(_ order: SortOrder) -> CatalogSortedView {
        sortedViews.withLock { views in
            if let view = views[order.rawValue] { return view }
            let positions = CatalogRadixSort.stablePermutation(sortKeys(order))
            let view = CatalogSortedView(positions: positions, packed: gatherPacked(positions))
            views[order.rawValue] = view
            return view
        }
    }

    /// Positions sorted by name, price or newest, ties by position (for clients that need them).
    public func positions(sortedBy order: SortOrder) -> [UInt32] { sortedView(order).positions }

    /// One unsigned key per item whose ascending order is `order`.
    private func sortKeys(_ order: SortOrder) -> [UInt32] {
        switch order {
        case .name:
            let ranks = names.sortedRanks()
            return ranks.withUnsafeBufferPointer { ranks in nameIndex.map { ranks[Int($0)] } }
        case .price:
            return prices
        case .newest:
            return dateOffsets.map { UInt32.max - $0 }
        }
    }

    private func gatherPacked(_ positions: [UInt32]) -> [UInt16] {
        packed.withUnsafeBufferPointer { packed in
            [UInt16](unsafeUninitializedCapacity: positions.count) { out, initialized in
                for (index, position) in positions.enumerated() { out[index] = packed[Int(position)] }
                initialized = positions.count
            }
        }
    }
}
