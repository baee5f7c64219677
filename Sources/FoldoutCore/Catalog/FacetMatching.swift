// SPDX-License-Identifier: GPL-3.0-or-later
/// The two passes over packed facet words that faceted search needs: the rows matching a choice
/// of facets, and how many rows have each option.
enum FacetMatching {
    /// The positions whose word has `wanted` under `mask`, in the words' order. `positions` gives
    /// each word's row; when empty, the words are in file order and a word's index is its row.
    /// With `rows`, only the rows in it match.
    static func matches(
        _ words: FacetWords, positions: [UInt32], mask: UInt64, wanted: UInt64, rows: RowSet?,
        into buffer: inout [UInt32]
    ) {
        switch words {
        case .u16(let words):
            matches(
                words, positions, UInt16(truncatingIfNeeded: mask), UInt16(truncatingIfNeeded: wanted), rows, &buffer)
        case .u32(let words):
            matches(
                words, positions, UInt32(truncatingIfNeeded: mask), UInt32(truncatingIfNeeded: wanted), rows, &buffer)
        case .u64(let words): matches(words, positions, mask, wanted, rows, &buffer)
        }
    }

    /// The positions of `order` that are in `rows`, in that order.
    static func matches(order: [UInt32], rows: RowSet, into buffer: inout [UInt32]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(rows.count)
        rows.words.withUnsafeBufferPointer { bits in
            for position in order where bits[Int(position >> 6)] & (1 << UInt64(position & 63)) != 0 {
                buffer.append(position)
            }
        }
    }

    private static func matches<W: FixedWidthInteger & UnsignedInteger>(
        _ words: [W], _ positions: [UInt32], _ mask: W, _ wanted: W,
        _ rows: RowSet?, _ buffer: inout [UInt32]
    ) {
        if let rows {
            // Few rows when searching: test the search's bit first and the word only then.
            buffer.removeAll(keepingCapacity: true)
            rows.words.withUnsafeBufferPointer { bits in
                for index in words.indices {
                    let position = positions.isEmpty ? UInt32(truncatingIfNeeded: index) : positions[index]
                    if bits[Int(position >> 6)] & (1 << UInt64(position & 63)) != 0 && words[index] & mask == wanted {
                        buffer.append(position)
                    }
                }
            }
            return
        }
        /// 1 when `word` matches, else 0, without a branch (matches are unpredictable).
        @inline(__always) func hit(_ word: W) -> Int {
            Int(truncatingIfNeeded: ((word & mask) ^ wanted).leadingZeroBitCount / W.bitWidth)
        }
        let count = words.count
        let total = words.withUnsafeBufferPointer { words in words.reduce(0) { $0 &+ hit($1) } }
        // Every position is written to the next free slot, which advances only on a match: one
        // spare slot at the end, and the same cost at any selectivity.
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: total + 1))
        words.withUnsafeBufferPointer { words in
            positions.withUnsafeBufferPointer { positions in
                buffer.withUnsafeMutableBufferPointer { out in
                    guard let out = out.baseAddress, let words = words.baseAddress else { return }
                    var next = 0
                    if !positions.isEmpty, let positions = positions.baseAddress {
                        for index in 0..<count {
                            out[next] = positions[index]
                            next &+= hit(words[index])
                        }
                    } else {
                        for index in 0..<count {
                            out[next] = UInt32(truncatingIfNeeded: index)
                            next &+= hit(words[index])
                        }
                    }
                }
            }
        }
        buffer.removeLast()
    }

    /// For every field in `fields`, how many words under `mask`/`wanted` have each value of it,
    /// added to `counts` at `offsets[i] + value`.
    /// With `rows`, only rows in it count; `positions` gives each word's row as in `matches`.
    static func count(
        _ words: FacetWords, mask: UInt64, wanted: UInt64, fields: [FacetLayout.Field], offsets: [Int],
        rows: RowSet?, positions: [UInt32], into counts: inout [Int]
    ) {
        switch words {
        case .u16(let words):
            count(
                words, UInt16(truncatingIfNeeded: mask), UInt16(truncatingIfNeeded: wanted), fields, offsets, rows,
                positions, &counts)
        case .u32(let words):
            count(
                words, UInt32(truncatingIfNeeded: mask), UInt32(truncatingIfNeeded: wanted), fields, offsets, rows,
                positions, &counts)
        case .u64(let words): count(words, mask, wanted, fields, offsets, rows, positions, &counts)
        }
    }

    private static func count<W: FixedWidthInteger & UnsignedInteger>(
        _ words: [W], _ mask: W, _ wanted: W, _ fields: [FacetLayout.Field],
        _ offsets: [Int], _ rows: RowSet?, _ positions: [UInt32],
        _ counts: inout [Int]
    ) {
        let shifts = fields.map { W(truncatingIfNeeded: $0.shift) }
        let masks = fields.map { W(truncatingIfNeeded: (1 << UInt64($0.bits)) - 1) }
        if let rows {
            rows.words.withUnsafeBufferPointer { bits in
                for index in words.indices {
                    let position = positions.isEmpty ? UInt32(truncatingIfNeeded: index) : positions[index]
                    let word = words[index]
                    guard bits[Int(position >> 6)] & (1 << UInt64(position & 63)) != 0, word & mask == wanted else {
                        continue
                    }
                    for field in shifts.indices {
                        counts[offsets[field] + Int(truncatingIfNeeded: (word >> shifts[field]) & masks[field])] += 1
                    }
                }
            }
            return
        }
        words.withUnsafeBufferPointer { words in
            shifts.withUnsafeBufferPointer { shifts in
                masks.withUnsafeBufferPointer { masks in
                    offsets.withUnsafeBufferPointer { offsets in
                        counts.withUnsafeMutableBufferPointer { counts in
                            let fieldCount = shifts.count
                            if fieldCount == 1 {
                                let shift = shifts[0]
                                let fieldMask = masks[0]
                                let offset = offsets[0]
                                for word in words where word & mask == wanted {
                                    counts[offset &+ Int(truncatingIfNeeded: (word >> shift) & fieldMask)] &+= 1
                                }
                                return
                            }
                            for word in words where word & mask == wanted {
                                for field in 0..<fieldCount {
                                    counts[
                                        offsets[field]
                                            &+ Int(truncatingIfNeeded: (word >> shifts[field]) & masks[field])] &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
