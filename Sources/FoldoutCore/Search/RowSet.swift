// SPDX-License-Identifier: GPL-3.0-or-later
/// A set of a catalog's rows, a bit each (125 KB for a million rows), with its size.
public struct RowSet: Sendable, Equatable {
    /// The catalog's row count: the set holds rows in 0..<capacity.
    public let capacity: Int
    private(set) var words: [UInt64]
    public private(set) var count: Int

    init(capacity: Int) {
        self.capacity = capacity
        words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
        count = 0
    }

    /// A set made of `words` (bits beyond `capacity` clear).
    init(capacity: Int, words: [UInt64]) {
        self.capacity = capacity
        self.words = words
        count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// Where its words are kept: two sets with one address share them (a copy not written to).
    var wordsAddress: Int { words.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }

    public func contains(_ row: Int) -> Bool { words[row >> 6] & (1 << UInt64(row & 63)) != 0 }

    /// The rows in ascending order.
    public var rows: [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(count)
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                rows.append(index << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return rows
    }

    /// The rows in ascending order as 32-bit positions, into `buffer` (its contents replaced).
    func positions(into buffer: inout [UInt32]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: count))
        words.withUnsafeBufferPointer { words in
            buffer.withUnsafeMutableBufferPointer { out in
                var next = 0
                for index in words.indices {
                    var bits = words[index]
                    while bits != 0 {
                        out[next] = UInt32(truncatingIfNeeded: index << 6 | bits.trailingZeroBitCount)
                        next += 1
                        bits &= bits - 1
                    }
                }
            }
        }
    }
}
