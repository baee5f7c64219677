// SPDX-License-Identifier: GPL-3.0-or-later
/// Building row sets a word (64 rows) at a time, and combining them.
extension RowSet {
    /// Every row of a catalog of `capacity` rows.
    static func all(capacity: Int) -> RowSet {
        var words = [UInt64](repeating: ~0, count: (capacity + 63) / 64)
        if capacity % 64 != 0 { words[words.count - 1] = (1 << UInt64(capacity % 64)) - 1 }
        return RowSet(capacity: capacity, words: words)
    }

    /// The rows whose value passes `test`, `values` holding one value per row.
    @inline(__always)
    static func rows<T>(of values: UnsafeBufferPointer<T>, where test: (T) -> Bool) -> RowSet {
        rows(count: values.count) { test(values[$0]) }
    }

    /// The rows, of `count`, whose position passes `test`.
    @inline(__always)
    static func rows(count: Int, where test: (Int) -> Bool) -> RowSet {
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        words.withUnsafeMutableBufferPointer { out in
            var index = 0
            for word in out.indices {
                let end = min(index + 64, count)
                var bits: UInt64 = 0
                var bit: UInt64 = 0
                while index < end {
                    bits |= UInt64(test(index) ? 1 : 0) << bit
                    bit &+= 1
                    index &+= 1
                }
                out[word] = bits
            }
        }
        return RowSet(capacity: count, words: words)
    }

    /// The rows whose value equals `value` (or, `equal` false, differs from it).
    static func rows<T: FixedWidthInteger>(
        of values: UnsafeBufferPointer<T>, equalTo value: T, _ equal: Bool
    ) -> RowSet {
        let count = values.count
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        let flip: UInt64 = equal ? 0 : ~0
        words.withUnsafeMutableBufferPointer { out in
            if T.bitWidth == 8, let bytes = UnsafeRawPointer(values.baseAddress) {
                fillEqualBytes(bytes, count: count & ~63, UInt8(truncatingIfNeeded: value), flip, out)
            } else {
                for word in 0..<count / 64 {
                    var bits: UInt64 = 0
                    for bit in 0..<64 { bits |= UInt64(values[word << 6 | bit] == value ? 1 : 0) << UInt64(bit) }
                    out[word] = bits ^ flip
                }
            }
            let base = count & ~63
            if base < count {
                var bits: UInt64 = 0
                for bit in 0..<count - base {
                    bits |= UInt64((values[base + bit] == value) == equal ? 1 : 0) << UInt64(bit)
                }
                out[out.count - 1] = bits
            }
        }
        return RowSet(capacity: count, words: words)
    }

    /// The rows whose value less `start` (wrapping) is at most `width`, so from `start` to
    /// `start + width`, and those whose value is `extra` if it is given: a fixed run of 64
    /// compares a word, which the compiler turns into vector compares (it does not in
    /// `rows(count:where:)`, whose words may end early: a range over a million rows took three
    /// times as long there).
    static func rows<T: FixedWidthInteger & UnsignedInteger>(
        of values: UnsafeBufferPointer<T>, from start: T, within width: T, orEqualTo extra: T?
    ) -> RowSet {
        let count = values.count
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        @inline(__always) func passes(_ value: T) -> UInt64 {
            let inRange: UInt64 = value &- start <= width ? 1 : 0
            guard let extra else { return inRange }
            return inRange | (value == extra ? 1 : 0)
        }
        words.withUnsafeMutableBufferPointer { out in
            guard let first = values.baseAddress else { return }
            for word in 0..<count / 64 {
                let chunk = first + word << 6
                var bits: UInt64 = 0
                if let extra {
                    for bit in 0..<64 {
                        let value = chunk[bit]
                        bits |= ((value &- start <= width ? 1 : 0) | (value == extra ? 1 : 0)) << UInt64(bit)
                    }
                } else {
                    for bit in 0..<64 { bits |= (chunk[bit] &- start <= width ? 1 : 0) << UInt64(bit) }
                }
                out[word] = bits
            }
            let base = count & ~63
            if base < count {
                var bits: UInt64 = 0
                for bit in 0..<count - base { bits |= passes(values[base + bit]) << UInt64(bit) }
                out[out.count - 1] = bits
            }
        }
        return RowSet(capacity: count, words: words)
    }

    /// The words of the first `count` bytes (a multiple of 64), eight bytes at a time in one
    /// 64-bit word: each byte equal to `value` becomes a zero byte, whose high bit the carry-free
    /// test below sets; a multiply gathers the eight high bits into one byte. Five times a byte
    /// compare a row on this machine, which the compiler does not vectorise well.
    private static func fillEqualBytes(
        _ bytes: UnsafeRawPointer, count: Int, _ value: UInt8, _ flip: UInt64, _ out: UnsafeMutableBufferPointer<UInt64>
    ) {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        for word in 0..<count / 64 {
            var bits: UInt64 = 0
            for part in 0..<8 {
                let x = bytes.loadUnaligned(fromByteOffset: word << 6 | part << 3, as: UInt64.self) ^ pattern
                let zeros = ~(((x & low) &+ low) | x) & ~low
                bits |= ((zeros &* 0x0002_0408_1020_4081) >> 56) << UInt64(part << 3)
            }
            out[word] = bits ^ flip
        }
    }

    /// The rows in both sets (of the same capacity).
    func intersection(_ other: RowSet) -> RowSet {
        precondition(capacity == other.capacity)
        var result = words
        result.withUnsafeMutableBufferPointer { result in
            other.words.withUnsafeBufferPointer { other in
                for index in result.indices { result[index] &= other[index] }
            }
        }
        return RowSet(capacity: capacity, words: result)
    }

    /// The rows not in this set.
    var complement: RowSet {
        var result = words.map { ~$0 }
        if capacity % 64 != 0 { result[result.count - 1] &= (1 << UInt64(capacity % 64)) - 1 }
        return RowSet(capacity: capacity, words: result)
    }

    /// The intersection of `sets` (every row when there is none).
    static func intersection(of sets: [RowSet], capacity: Int) -> RowSet {
        guard var result = sets.first else { return all(capacity: capacity) }
        for set in sets.dropFirst() { result = result.intersection(set) }
        return result
    }
}

/// Counting codes (one per row) over a set of rows.
enum RowCounting {
    /// How many rows of `rows` (every row when nil) have each code, `counts` holding a slot per code.
    static func count(_ codes: CatalogUnsignedColumn, rows: RowSet?, into counts: inout [Int]) {
        switch codes.storage {
        case .u8(let values): count(values, rows, &counts)
        case .u16(let values): count(values, rows, &counts)
        case .u32(let values): count(values, rows, &counts)
        case .u64(let values): count(values, rows, &counts)
        case .positions(let positions): count(CatalogUnsignedColumn.positions(positions), rows, &counts)
        }
    }

    static func count<T: FixedWidthInteger & UnsignedInteger>(_ values: [T], _ rows: RowSet?, _ counts: inout [Int]) {
        values.withUnsafeBufferPointer { values in
            counts.withUnsafeMutableBufferPointer { counts in
                guard let rows else {
                    for value in values { counts[Int(truncatingIfNeeded: value)] &+= 1 }
                    return
                }
                rows.words.withUnsafeBufferPointer { words in
                    for index in words.indices {
                        var bits = words[index]
                        let base = index << 6
                        if bits == ~0 {
                            for row in base..<base + 64 { counts[Int(truncatingIfNeeded: values[row])] &+= 1 }
                            continue
                        }
                        while bits != 0 {
                            counts[Int(truncatingIfNeeded: values[base | bits.trailingZeroBitCount])] &+= 1
                            bits &= bits &- 1
                        }
                    }
                }
            }
        }
    }

    /// `count(codes, rows:)` by the cheaper way: over the rows in the set, or, when most rows are
    /// in it, `everyRow`'s counts less those of the rows not in it.
    static func count(_ codes: CatalogUnsignedColumn, rows: RowSet?, slots: Int, everyRow: () -> [Int]) -> [Int] {
        guard let rows else { return everyRow() }
        var counts = [Int](repeating: 0, count: slots)
        if rows.count * 2 > rows.capacity {
            count(codes, rows: rows.complement, into: &counts)
            let all = everyRow()
            for index in counts.indices { counts[index] = all[index] - counts[index] }
        } else {
            count(codes, rows: rows, into: &counts)
        }
        return counts
    }
}
