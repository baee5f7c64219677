// SPDX-License-Identifier: GPL-3.0-or-later
/// The matching rows in a sort order.
enum FacetMatching {
    /// The positions of `order` that are in `rows`, in that order: by walking the order when many
    /// rows match; else (a quarter of the rows or fewer) by marking each matching row's place in
    /// the order (`ranks`, asked only then) and reading the marks in order, which costs the
    /// matches and not the rows.
    static func matches(order: [UInt32], ranks: () -> [UInt32], rows: RowSet, into buffer: inout [UInt32]) {
        if rows.count * 4 > order.count {
            walk(order, rows, &buffer)
        } else {
            byPlace(order, ranks(), rows, &buffer)
        }
    }

    /// Every position is written to the next free slot, which advances only on a match: no branch
    /// on the bit, which is unpredictable, and one spare slot at the end.
    private static func walk(_ order: [UInt32], _ rows: RowSet, _ buffer: inout [UInt32]) {
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

    private static func byPlace(_ order: [UInt32], _ ranks: [UInt32], _ rows: RowSet, _ buffer: inout [UInt32]) {
        var places = [UInt64](repeating: 0, count: rows.words.count)
        rows.words.withUnsafeBufferPointer { words in
            ranks.withUnsafeBufferPointer { ranks in
                places.withUnsafeMutableBufferPointer { places in
                    for index in words.indices {
                        var bits = words[index]
                        while bits != 0 {
                            let place = Int(truncatingIfNeeded: ranks[index << 6 | bits.trailingZeroBitCount])
                            places[place >> 6] |= 1 << UInt64(place & 63)
                            bits &= bits &- 1
                        }
                    }
                }
            }
        }
        // The marked places in order, then each place's row.
        RowSet(capacity: rows.capacity, words: places).positions(into: &buffer)
        order.withUnsafeBufferPointer { order in
            buffer.withUnsafeMutableBufferPointer { out in
                for index in out.indices { out[index] = order[Int(out[index])] }
            }
        }
    }
}
