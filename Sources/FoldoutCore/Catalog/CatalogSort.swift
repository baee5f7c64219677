// SPDX-License-Identifier: GPL-3.0-or-later
/// An order for the results: a column, ascending or descending. Missing values come last either
/// way; ties keep the file's order.
public struct CatalogSortKey: Hashable, Sendable {
    public var column: Int
    public var descending: Bool

    public init(column: Int, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }
}

extension Catalog {
    /// Whether `key`'s order has been computed (then `positions(sortedBy:)` returns at once).
    public func hasOrder(_ key: CatalogSortKey) -> Bool { permutations.withLock { $0[key] != nil } }

    /// The row positions in `key`'s order, computed once in O(n) passes and kept. Safe from any
    /// thread.
    public func positions(sortedBy key: CatalogSortKey) -> [UInt32] {
        if let cached = permutations.withLock({ $0[key] }) { return cached }
        let positions: [UInt32]
        switch columns[key.column].values {
        case .reals: positions = CatalogRadixSort.stablePermutation(sortKeys(key, as: UInt64.self))
        case .integers(let integers) where integers.offsets.bytesPerValue == 8:
            positions = CatalogRadixSort.stablePermutation(sortKeys(key, as: UInt64.self))
        default: positions = CatalogRadixSort.stablePermutation(sortKeys(key, as: UInt32.self))
        }
        permutations.withLock { $0[key] = positions }
        return positions
    }

    /// Each row's place in `key`'s order (the inverse of `positions(sortedBy:)`), made once and
    /// kept: the sorted matches of a few rows are found from their places rather than by walking
    /// the whole order. Safe from any thread.
    public func ranks(sortedBy key: CatalogSortKey) -> [UInt32] {
        if let cached = placesInOrders.withLock({ $0[key] }) { return cached }
        let order = positions(sortedBy: key)
        var ranks = [UInt32](repeating: 0, count: order.count)
        ranks.withUnsafeMutableBufferPointer { ranks in
            order.withUnsafeBufferPointer { order in
                for place in order.indices { ranks[Int(order[place])] = UInt32(truncatingIfNeeded: place) }
            }
        }
        placesInOrders.withLock { $0[key] = ranks }
        return ranks
    }

    /// One unsigned key per row whose ascending order is `key`'s order, in the narrowest type that
    /// holds them (32 bits but for doubles and 64-bit offsets), since a million of them are sorted.
    func sortKeys<K: FixedWidthInteger & UnsignedInteger>(_ key: CatalogSortKey, as _: K.Type) -> [K] {
        let missingKey = K.max
        var keys: [K]
        switch columns[key.column].values {
        case .coded(let coded):
            let ranks = coded.ranks
            keys = ranks.withUnsafeBufferPointer { ranks in coded.codes.map { $0 == 0 ? missingKey : K(ranks[Int($0)]) }
            }
        case .texts(let texts):
            let ranks = texts.ranks
            keys = (0..<count).map { texts.table.range(of: $0).isEmpty ? missingKey : K(ranks[$0]) }
        case .integers(let integers):
            keys = integers.offsets.map { $0 == integers.missing ? missingKey : K(truncatingIfNeeded: $0) }
        case .reals(let reals):
            keys = reals.map { value in
                guard !value.isNaN else { return missingKey }
                let bits = (value == 0 ? 0.0 : value).bitPattern
                return K(truncatingIfNeeded: value < 0 ? ~bits : bits | (1 << 63))
            }
        }
        let highest = keys.lazy.filter { $0 != missingKey }.max() ?? 0
        keys.withUnsafeMutableBufferPointer { keys in
            for index in keys.indices {
                if keys[index] == missingKey {
                    keys[index] = highest &+ 1
                } else if key.descending {
                    keys[index] = highest - keys[index]
                }
            }
        }
        return keys
    }
}
