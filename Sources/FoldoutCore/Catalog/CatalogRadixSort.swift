/// Stable least-significant-digit radix sort of positions by 32-bit keys, 16 bits per pass
/// (one pass when the keys span fewer than 65,536 values).
enum CatalogRadixSort {
    /// The positions 0..<keys.count ordered by key, equal keys by position.
    static func stablePermutation(_ keys: [UInt32]) -> [UInt32] {
        guard let low = keys.min(), let high = keys.max() else { return [] }
        return keys.withUnsafeBufferPointer { keys in
            if high - low <= 0xFFFF {
                return pass(count: keys.count, buckets: Int(high - low) + 1) { Int(keys[$0] - low) }
            }
            let first = pass(count: keys.count, buckets: 0x10000) { Int((keys[$0] - low) & 0xFFFF) }
            let second = first.withUnsafeBufferPointer { first in
                pass(count: keys.count, buckets: Int((high - low) >> 16) + 1) { Int((keys[Int(first[$0])] - low) >> 16) }
            }
            return second.withUnsafeBufferPointer { second in
                first.withUnsafeBufferPointer { first in
                    [UInt32](unsafeUninitializedCapacity: keys.count) { out, initialized in
                        for index in 0..<keys.count { out[index] = first[Int(second[index])] }
                        initialized = keys.count
                    }
                }
            }
        }
    }

    /// A stable counting sort of 0..<count by `digit`: returns the indices in digit order.
    private static func pass(count: Int, buckets: Int, digit: (Int) -> Int) -> [UInt32] {
        var starts = [Int](repeating: 0, count: buckets + 1)
        starts.withUnsafeMutableBufferPointer { starts in
            for index in 0..<count { starts[digit(index) + 1] += 1 }
            for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
        }
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            starts.withUnsafeMutableBufferPointer { starts in
                for index in 0..<count {
                    let bucket = digit(index)
                    out[starts[bucket]] = UInt32(truncatingIfNeeded: index)
                    starts[bucket] += 1
                }
            }
            initialized = count
        }
    }
}
