// SPDX-License-Identifier: GPL-3.0-or-later
/// A number, date or date-time column's values as numbers: the number itself, days since
/// 1970-01-01 for a date, seconds since 1970-01-01 00:00 for a date-time.
extension CatalogColumn {
    public var rowCount: Int {
        switch values {
        case .coded(let coded): coded.codes.count
        case .texts(let texts): texts.table.count
        case .integers(let integers): integers.offsets.count
        case .reals(let reals): reals.count
        }
    }

    /// Whether a range can filter the column: numbers, dates and date-times.
    public var isRangeable: Bool { kind != .text }

    /// The smallest step between two values: 0.01 for a column of cents, 1 for days or seconds,
    /// 0 for floating-point numbers.
    public var resolution: Double {
        switch values {
        case .integers(let integers): return 1 / CatalogValueParser.powersOfTen[integers.scale]
        case .reals: return 0
        case .coded(let coded):
            guard let numbers = coded.numbers else { return 0 }
            return numbers.allSatisfy { $0.isNaN || $0 == $0.rounded() } ? 1 : 0
        case .texts: return 0
        }
    }

    /// The value at `position` as a number; nil when missing or not a number.
    public func number(at position: Int) -> Double? {
        switch values {
        case .coded(let coded):
            let value = coded.numbers?[Int(coded.codes[position])] ?? .nan
            return value.isNaN ? nil : value
        case .texts: return nil
        case .integers(let integers):
            guard let value = integers.value(at: position) else { return nil }
            return Double(value) / CatalogValueParser.powersOfTen[integers.scale]
        case .reals(let reals): return reals[position].isNaN ? nil : reals[position]
        }
    }

    /// Every row's number, NaN where missing.
    func numbers() -> [Double] {
        switch values {
        case .coded(let coded):
            guard let numbers = coded.numbers else { return [Double](repeating: .nan, count: rowCount) }
            return coded.codes.map { numbers[Int($0)] }
        case .texts(let texts): return [Double](repeating: .nan, count: texts.table.count)
        case .integers(let integers):
            let divisor = CatalogValueParser.powersOfTen[integers.scale]
            let base = integers.base
            let missing = integers.missing
            return integers.offsets.map { $0 == missing ? .nan : Double(base &+ Int64(bitPattern: $0)) / divisor }
        case .reals(let reals): return reals
        }
    }

    /// The smallest and largest value; nil when none is present.
    public var extent: ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        switch values {
        case .coded(let coded):
            for value in coded.numbers ?? [] where !value.isNaN {
                low = min(low, value)
                high = max(high, value)
            }
        case .integers, .reals:
            for value in numbers() where !value.isNaN {
                low = min(low, value)
                high = max(high, value)
            }
        case .texts: break
        }
        return low <= high ? low...high : nil
    }

    /// The rows whose value lies in `range` (ends included), and the missing ones if it says so.
    func rows(in range: FacetRange) -> RowSet {
        let lower = range.lower ?? -.infinity
        let upper = range.upper ?? .infinity
        let missing = range.includesMissing
        switch values {
        case .coded(let coded):
            let numbers = coded.numbers ?? []
            let allowed = (0..<coded.dictionary.count).map { entry in
                let value = entry < numbers.count ? numbers[entry] : .nan
                return value.isNaN ? missing : value >= lower && value <= upper
            }
            return allowed.withUnsafeBufferPointer { allowed in
                coded.codes.rows { allowed[Int(truncatingIfNeeded: $0)] }
            }
        case .integers(let integers):
            // In the stored offsets: one unsigned compare a row.
            let scale = CatalogValueParser.powersOfTen[integers.scale]
            let base = Double(integers.base)
            let top = min(Double(integers.missing) - 1, 9.0e18)
            let low = max(Self.scaled(lower, scale, .up) - base, 0)
            let high = min(Self.scaled(upper, scale, .down) - base, top)
            let none = low > high
            let start = none ? 0 : UInt64(low)
            let width = none ? 0 : UInt64(high) - start
            let gap = integers.missing
            if none {
                return missing ? integers.offsets.rows(equalTo: gap, true) : RowSet(capacity: integers.offsets.count)
            }
            // The gap (the width's largest value) lies above `start + width`: it passes only as `extra`.
            return integers.offsets.rows(from: start, within: width, orEqualTo: missing ? gap : nil)
        case .reals(let reals):
            return reals.withUnsafeBufferPointer { reals in
                RowSet.rows(of: reals) { $0.isNaN ? missing : $0 >= lower && $0 <= upper }
            }
        case .texts(let texts):
            return missing ? RowSet.all(capacity: texts.table.count) : RowSet(capacity: texts.table.count)
        }
    }
}

extension CatalogColumn {
    /// `value × scale` as a whole number, rounded by `rule` unless it is one already but for a
    /// floating-point error (12.35 × 100 is 1235.0000000000002).
    fileprivate static func scaled(_ value: Double, _ scale: Double, _ rule: FloatingPointRoundingRule) -> Double {
        let scaled = value * scale
        let nearest = scaled.rounded()
        return (scaled - nearest).magnitude <= 1e-7 * max(1, nearest.magnitude) ? nearest : scaled.rounded(rule)
    }
}

extension CatalogUnsignedColumn {
    /// The rows whose value passes `test`.
    @inline(__always)
    func rows(where test: (UInt64) -> Bool) -> RowSet {
        switch storage {
        case .u8(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0) { test(UInt64($0)) } }
        case .u16(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0) { test(UInt64($0)) } }
        case .u32(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0) { test(UInt64($0)) } }
        case .u64(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0, where: test) }
        case .positions(let count): RowSet.rows(count: count) { test(UInt64($0)) }
        }
    }

    /// The rows whose value lies from `start` to `start + width`, and those whose value is
    /// `extra` if it is given; every one of them a value of this column's width.
    func rows(from start: UInt64, within width: UInt64, orEqualTo extra: UInt64?) -> RowSet {
        switch storage {
        case .u8(let values):
            values.withUnsafeBufferPointer {
                RowSet.rows(of: $0, from: UInt8(start), within: UInt8(width), orEqualTo: extra.map { UInt8($0) })
            }
        case .u16(let values):
            values.withUnsafeBufferPointer {
                RowSet.rows(of: $0, from: UInt16(start), within: UInt16(width), orEqualTo: extra.map { UInt16($0) })
            }
        case .u32(let values):
            values.withUnsafeBufferPointer {
                RowSet.rows(of: $0, from: UInt32(start), within: UInt32(width), orEqualTo: extra.map { UInt32($0) })
            }
        case .u64(let values):
            values.withUnsafeBufferPointer { RowSet.rows(of: $0, from: start, within: width, orEqualTo: extra) }
        case .positions(let count):
            RowSet.rows(count: count) { UInt64($0) &- start <= width || UInt64($0) == extra }
        }
    }

    /// The rows whose value is `value` (or, `equal` false, is not): a compare a row, which the
    /// compiler turns into vector compares, where `rows(where:)` looks each value up.
    func rows(equalTo value: UInt64, _ equal: Bool) -> RowSet {
        switch storage {
        case .u8(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0, equalTo: UInt8(value), equal) }
        case .u16(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0, equalTo: UInt16(value), equal) }
        case .u32(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0, equalTo: UInt32(value), equal) }
        case .u64(let values): values.withUnsafeBufferPointer { RowSet.rows(of: $0, equalTo: value, equal) }
        case .positions(let count): RowSet.rows(count: count) { (UInt64($0) == value) == equal }
        }
    }
}
