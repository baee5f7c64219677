// SPDX-License-Identifier: GPL-3.0-or-later
/// Stable least-significant-digit radix sort of positions by unsigned keys, 16 bits per pass,
/// as many passes as the keys' range needs (one when it spans fewer than 65,536 values).
enum CatalogRadixSort {
    /// The positions 0..<keys.count ordered by key, equal keys by position.
    static func stablePermutation<K: FixedWidthInteger & UnsignedInteger>(_ keys: [K]) -> [UInt32] {
        guard let lowest = keys.min(), let highest = keys.max() else { return [] }
        let low = UInt64(lowest)
        let range = UInt64(highest) - low
        let passes = max(1, (64 - range.leadingZeroBitCount + 15) / 16)
        return keys.withUnsafeBufferPointer { keys in
            var order: [UInt32] = []
            for pass in 0..<passes {
                let shift = UInt64(16 * pass)
                let buckets = pass == passes - 1 ? Int(range >> shift) + 1 : 0x10000
                order = Self.pass(order, count: keys.count, buckets: buckets) {
                    Int(((UInt64(keys[$0]) - low) >> shift) & 0xFFFF)
                }
            }
            return order
        }
    }

    /// A stable counting sort of `order` (0..<count when empty) by `digit` of each position.
    private static func pass(_ order: [UInt32], count: Int, buckets: Int, digit: (Int) -> Int) -> [UInt32] {
        var starts = [Int](repeating: 0, count: buckets + 1)
        return order.withUnsafeBufferPointer { order in
            func position(_ index: Int) -> Int { order.isEmpty ? index : Int(order[index]) }
            starts.withUnsafeMutableBufferPointer { starts in
                for index in 0..<count { starts[digit(position(index)) + 1] += 1 }
                for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
            }
            return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
                starts.withUnsafeMutableBufferPointer { starts in
                    for index in 0..<count {
                        let item = position(index)
                        let bucket = digit(item)
                        out[starts[bucket]] = UInt32(truncatingIfNeeded: item)
                        starts[bucket] += 1
                    }
                }
                initialized = count
            }
        }
    }
}
