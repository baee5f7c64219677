// SPDX-License-Identifier: GPL-3.0-or-later
/// The matching rows in a sort order.
enum FacetMatching {
    /// The positions of `order` that are in `rows`, in that order. Every position is written to
    /// the next free slot, which advances only on a match: no branch on the bit, which is
    /// unpredictable, and one spare slot at the end.
    static func matches(order: [UInt32], rows: RowSet, into buffer: inout [UInt32]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: rows.count + 1))
        rows.words.withUnsafeBufferPointer { bits in
            order.withUnsafeBufferPointer { order in
                buffer.withUnsafeMutableBufferPointer { out in
                    var next = 0
                    for position in order {
                        out[next] = position
                        next &+= Int(truncatingIfNeeded: (bits[Int(position >> 6)] >> UInt64(position & 63)) & 1)
                    }
                }
            }
        }
        buffer.removeLast()
    }
}
