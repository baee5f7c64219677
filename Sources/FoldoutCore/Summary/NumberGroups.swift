// SPDX-License-Identifier: GPL-3.0-or-later
/// A number column's values read in its own storage, a row at a time, in the reading's units: a
/// whole-number column's offsets from its base (`NumberUnits` turns them into numbers), a
/// dictionary's numbers, or the floating-point values themselves. NaN is a missing value.
protocol NumberReading {
    func value(_ row: Int) -> Double
}

struct OffsetReading<T: FixedWidthInteger & UnsignedInteger>: NumberReading {
    let offsets: UnsafeBufferPointer<T>
    let missing: T

    @inline(__always)
    func value(_ row: Int) -> Double {
        let offset = offsets[row]
        return offset == missing ? .nan : Double(offset)
    }
}

/// The offsets of a column of positions: each row's is its position.
struct PositionReading: NumberReading {
    @inline(__always)
    func value(_ row: Int) -> Double { Double(row) }
}

struct CodedReading<T: FixedWidthInteger & UnsignedInteger>: NumberReading {
    let codes: UnsafeBufferPointer<T>
    let numbers: UnsafeBufferPointer<Double>

    @inline(__always)
    func value(_ row: Int) -> Double { numbers[Int(truncatingIfNeeded: codes[row])] }
}

struct RealReading: NumberReading {
    let values: UnsafeBufferPointer<Double>

    @inline(__always)
    func value(_ row: Int) -> Double { values[row] }
}

/// What a reading's value is as a number: `(base + value) / divisor`.
struct NumberUnits {
    let base: Double
    let divisor: Double

    static let plain = NumberUnits(base: 0, divisor: 1)

    @inline(__always)
    func number(_ value: Double) -> Double { (base + value) / divisor }

    /// The sum of `count` values whose readings sum to `sum`.
    func sum(_ sum: Double, count: Int) -> Double { (base * Double(count) + sum) / divisor }

    /// The mean of `count` values whose readings sum to `sum`.
    func mean(_ sum: Double, count: Int) -> Double { (base + sum / Double(count)) / divisor }
}

/// Something done with a number column's reading, whatever its storage (see `visitNumbers`).
protocol NumberReadingVisitor {
    associatedtype Result
    func visit<R: NumberReading>(_ reading: R) -> Result
}

extension CatalogColumn {
    /// The units of `visitNumbers`' readings.
    var numberUnits: NumberUnits {
        guard case .integers(let integers) = values else { return .plain }
        return NumberUnits(base: Double(integers.base), divisor: CatalogValueParser.powersOfTen[integers.scale])
    }

    /// `visitor` over the column's numbers as they are stored; nil for a column without numbers.
    func visitNumbers<V: NumberReadingVisitor>(_ visitor: V) -> V.Result? {
        switch values {
        case .integers(let integers):
            let missing = integers.missing
            switch integers.offsets.storage {
            case .u8(let offsets):
                return offsets.withUnsafeBufferPointer {
                    visitor.visit(OffsetReading(offsets: $0, missing: UInt8(truncatingIfNeeded: missing)))
                }
            case .u16(let offsets):
                return offsets.withUnsafeBufferPointer {
                    visitor.visit(OffsetReading(offsets: $0, missing: UInt16(truncatingIfNeeded: missing)))
                }
            case .u32(let offsets):
                return offsets.withUnsafeBufferPointer {
                    visitor.visit(OffsetReading(offsets: $0, missing: UInt32(truncatingIfNeeded: missing)))
                }
            case .u64(let offsets):
                return offsets.withUnsafeBufferPointer { visitor.visit(OffsetReading(offsets: $0, missing: missing)) }
            case .positions: return visitor.visit(PositionReading())
            }
        case .coded(let coded):
            guard let numbers = coded.numbers else { return nil }
            return numbers.withUnsafeBufferPointer { numbers in
                switch coded.codes.storage {
                case .u8(let codes):
                    codes.withUnsafeBufferPointer { visitor.visit(CodedReading(codes: $0, numbers: numbers)) }
                case .u16(let codes):
                    codes.withUnsafeBufferPointer { visitor.visit(CodedReading(codes: $0, numbers: numbers)) }
                case .u32(let codes):
                    codes.withUnsafeBufferPointer { visitor.visit(CodedReading(codes: $0, numbers: numbers)) }
                case .u64(let codes):
                    codes.withUnsafeBufferPointer { visitor.visit(CodedReading(codes: $0, numbers: numbers)) }
                case .positions(let count):
                    CatalogUnsignedColumn.positions(count).withUnsafeBufferPointer {
                        visitor.visit(CodedReading(codes: $0, numbers: numbers))
                    }
                }
            }
        case .reals(let reals): return reals.withUnsafeBufferPointer { visitor.visit(RealReading(values: $0)) }
        case .texts: return nil
        }
    }
}

/// Which group a row's value goes to.
protocol RowSlots {
    func slot(_ row: Int) -> Int
}

/// Every row in one group.
struct OneSlot: RowSlots {
    @inline(__always)
    func slot(_ row: Int) -> Int { 0 }
}

/// A group per code of another column (a facet's), through a table of each code's group.
struct CodeSlots<T: FixedWidthInteger & UnsignedInteger>: RowSlots {
    let codes: UnsafeBufferPointer<T>
    let slotOfCode: UnsafeBufferPointer<Int32>

    @inline(__always)
    func slot(_ row: Int) -> Int { Int(truncatingIfNeeded: slotOfCode[Int(truncatingIfNeeded: codes[row])]) }
}

/// Visiting rows: every row of `count`, or those of a set, in ascending order, asking
/// `isCancelled` every 65,536 rows or so. False when cancelled.
enum RowVisiting {
    @inline(__always)
    static func forEach(
        _ rows: RowSet?, count: Int, isCancelled: () -> Bool, _ body: (Int) -> Void
    ) -> Bool {
        guard let rows else {
            var start = 0
            while start < count {
                if isCancelled() { return false }
                let end = min(start + 65_536, count)
                for row in start..<end { body(row) }
                start = end
            }
            return true
        }
        return rows.words.withUnsafeBufferPointer { words in
            var index = 0
            while index < words.count {
                if isCancelled() { return false }
                let end = min(index + 1024, words.count)
                while index < end {
                    var bits = words[index]
                    let base = index << 6
                    while bits != 0 {
                        body(base | bits.trailingZeroBitCount)
                        bits &= bits &- 1
                    }
                    index += 1
                }
            }
            return true
        }
    }
}

/// A number column's values over some rows, in groups (a facet's options, or one group): each
/// group's count of values, sum, minimum and maximum in the reading's units, and, when asked for,
/// the values themselves, each group's together (a counting pass, then one scatter) for medians.
struct NumberGroups {
    var used: [Int]
    var sums: [Double]
    var minima: [Double]
    var maxima: [Double]
    /// Group `g`'s values are `values[starts[g]..<starts[g + 1]]`; empty unless kept.
    var values: [Double] = []
    var starts: [Int] = []

    static func make<S: RowSlots, R: NumberReading>(
        _ slots: S, count slotCount: Int, reading: R, rows: RowSet?, rowCount: Int, keepValues: Bool,
        isCancelled: () -> Bool
    ) -> NumberGroups? {
        var used = [Int](repeating: 0, count: slotCount)
        var sums = [Double](repeating: 0, count: slotCount)
        var minima = [Double](repeating: .infinity, count: slotCount)
        var maxima = [Double](repeating: -.infinity, count: slotCount)
        let finished = used.withUnsafeMutableBufferPointer { used in
            sums.withUnsafeMutableBufferPointer { sums in
                minima.withUnsafeMutableBufferPointer { minima in
                    maxima.withUnsafeMutableBufferPointer { maxima in
                        RowVisiting.forEach(rows, count: rowCount, isCancelled: isCancelled) { row in
                            let value = reading.value(row)
                            guard !value.isNaN else { return }
                            let slot = slots.slot(row)
                            used[slot] &+= 1
                            sums[slot] += value
                            if value < minima[slot] { minima[slot] = value }
                            if value > maxima[slot] { maxima[slot] = value }
                        }
                    }
                }
            }
        }
        guard finished else { return nil }
        var groups = NumberGroups(used: used, sums: sums, minima: minima, maxima: maxima)
        guard keepValues else { return groups }
        var starts = [Int](repeating: 0, count: slotCount + 1)
        for slot in 0..<slotCount { starts[slot + 1] = starts[slot] + used[slot] }
        var next = Array(starts.dropLast())
        var values = [Double](repeating: 0, count: starts[slotCount])
        let scattered = values.withUnsafeMutableBufferPointer { values in
            next.withUnsafeMutableBufferPointer { next in
                RowVisiting.forEach(rows, count: rowCount, isCancelled: isCancelled) { row in
                    let value = reading.value(row)
                    guard !value.isNaN else { return }
                    let slot = slots.slot(row)
                    values[next[slot]] = value
                    next[slot] &+= 1
                }
            }
        }
        guard scattered else { return nil }
        groups.values = values
        groups.starts = starts
        return groups
    }

    /// Group `slot`'s median in the reading's units turned into numbers by `units`: the middle
    /// value, or the mean of the two middle values for an even count. Reorders that group's values.
    mutating func median(_ slot: Int, units: NumberUnits) -> Double? {
        let range = starts[slot]..<starts[slot + 1]
        guard !range.isEmpty else { return nil }
        return values.withUnsafeMutableBufferPointer { values in
            NumberSelection.median(UnsafeMutableBufferPointer(rebasing: values[range]), units: units)
        }
    }
}

/// The k-th smallest of some numbers without sorting them (quickselect, three-way partitions so
/// that many equal values cost nothing).
enum NumberSelection {
    /// Puts the `k`-th smallest value at `k`, the smaller ones before it and the larger after it.
    static func select(_ values: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
        var low = 0
        var high = values.count - 1
        while low < high {
            let a = values[low]
            let b = values[low + (high - low) / 2]
            let c = values[high]
            let pivot = max(min(a, b), min(max(a, b), c))
            var less = low
            var index = low
            var greater = high
            while index <= greater {
                let value = values[index]
                if value < pivot {
                    values.swapAt(less, index)
                    less += 1
                    index += 1
                } else if value > pivot {
                    values.swapAt(index, greater)
                    greater -= 1
                } else {
                    index += 1
                }
            }
            if k < less {
                high = less - 1
            } else if k > greater {
                low = greater + 1
            } else {
                return pivot
            }
        }
        return values[k]
    }

    /// The median of `values` (not empty) as numbers by `units`; reorders them.
    static func median(_ values: UnsafeMutableBufferPointer<Double>, units: NumberUnits) -> Double {
        let middle = (values.count - 1) / 2
        let lower = select(values, middle)
        guard values.count % 2 == 0 else { return units.number(lower) }
        var upper = Double.infinity
        for index in middle + 1..<values.count where values[index] < upper { upper = values[index] }
        return (units.number(lower) + units.number(upper)) / 2
    }
}
