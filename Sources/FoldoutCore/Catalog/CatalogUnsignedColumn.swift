// SPDX-License-Identifier: GPL-3.0-or-later
/// A column of unsigned integers stored in the narrowest of 8, 16, 32 or 64 bits that holds them,
/// or in none when each value is its own position.
struct CatalogUnsignedColumn: Sendable {
    enum Storage: Sendable {
        case u8([UInt8])
        case u16([UInt16])
        case u32([UInt32])
        case u64([UInt64])
        /// 0, 1, 2… up to the count: the offsets of a column that counts up by one from its
        /// first row (an id, a row number), which need no bytes.
        case positions(Int)
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// The largest value the storage width holds: 255, 65,535, …
    static func widthMaximum(for maximum: UInt64) -> UInt64 {
        switch maximum {
        case ..<UInt64(UInt8.max): UInt64(UInt8.max)
        case ..<UInt64(UInt16.max): UInt64(UInt16.max)
        case ..<UInt64(UInt32.max): UInt64(UInt32.max)
        default: UInt64.max
        }
    }

    var count: Int {
        switch storage {
        case .u8(let values): values.count
        case .u16(let values): values.count
        case .u32(let values): values.count
        case .u64(let values): values.count
        case .positions(let count): count
        }
    }

    var bytesPerValue: Int {
        switch storage {
        case .u8: 1
        case .u16: 2
        case .u32: 4
        case .u64: 8
        case .positions: 0
        }
    }

    var byteCount: Int { count * bytesPerValue }

    subscript(position: Int) -> UInt64 {
        switch storage {
        case .u8(let values): UInt64(values[position])
        case .u16(let values): UInt64(values[position])
        case .u32(let values): UInt64(values[position])
        case .u64(let values): values[position]
        case .positions: UInt64(position)
        }
    }

    /// `transform(value)` of every value, in position order.
    func map<T>(_ transform: (UInt64) -> T) -> [T] {
        switch storage {
        case .u8(let values): values.map { transform(UInt64($0)) }
        case .u16(let values): values.map { transform(UInt64($0)) }
        case .u32(let values): values.map { transform(UInt64($0)) }
        case .u64(let values): values.map(transform)
        case .positions(let count): (0..<count).map { transform(UInt64($0)) }
        }
    }

    /// Calls `body` with each position of `rows` (every one for nil), in order, and its value as
    /// an index.
    @inline(__always)
    func forEachCode(in rows: RowSet?, _ body: (Int, Int) -> Void) {
        func visit<T: FixedWidthInteger & UnsignedInteger>(_ values: [T]) {
            values.withUnsafeBufferPointer { values in
                _ = RowVisiting.forEach(rows, count: values.count, isCancelled: { false }) { position in
                    body(position, Int(truncatingIfNeeded: values[position]))
                }
            }
        }
        switch storage {
        case .u8(let values): visit(values)
        case .u16(let values): visit(values)
        case .u32(let values): visit(values)
        case .u64(let values): visit(values)
        case .positions(let count):
            _ = RowVisiting.forEach(rows, count: count, isCancelled: { false }, { body($0, $0) })
        }
    }

    /// The positions as 32-bit values, for the loops over stored values that a column of positions
    /// seldom reaches (positions are never a facet's codes).
    static func positions(_ count: Int) -> [UInt32] { (0..<UInt32(count)).map { $0 } }
}

/// Codes appended one at a time while a file is read, in 8 bits each until a code needs 16, then
/// 16 until one needs 32: a column of a few distinct values costs a byte a row while loading.
/// (One buffer per width rather than an enum with a payload, which Swift would copy on every
/// append.)
struct CatalogCodeBuffer {
    private var narrow = CatalogAppendBuffer<UInt8>()
    private var middle = CatalogAppendBuffer<UInt16>()
    private var wide = CatalogAppendBuffer<UInt32>()
    private var bytesPerCode = 1

    mutating func append(_ code: UInt32) {
        switch bytesPerCode {
        case 1 where code <= UInt32(UInt8.max): narrow.append(UInt8(truncatingIfNeeded: code))
        case 2 where code <= UInt32(UInt16.max): middle.append(UInt16(truncatingIfNeeded: code))
        case 4: wide.append(code)
        default:
            widen(for: code)
            append(code)
        }
    }

    /// Makes room for `count` codes of the current width.
    mutating func reserve(_ count: Int) {
        switch bytesPerCode {
        case 1: narrow.reserve(count)
        case 2: middle.reserve(count)
        default: wide.reserve(count)
        }
    }

    /// Appends `translated[code]` for every code of `other`, widened first for the largest.
    mutating func append(contentsOf other: CatalogUnsignedColumn, translatedBy translated: [UInt32]) {
        let largest = translated.max() ?? 0
        if largest > UInt32(UInt8.max) && bytesPerCode == 1 || largest > UInt32(UInt16.max) && bytesPerCode == 2 {
            widen(for: largest)
        }
        switch bytesPerCode {
        case 1: Self.append(other, translatedBy: translated, to: &narrow)
        case 2: Self.append(other, translatedBy: translated, to: &middle)
        default: Self.append(other, translatedBy: translated, to: &wide)
        }
    }

    private static func append<Code: FixedWidthInteger & BitwiseCopyable>(
        _ other: CatalogUnsignedColumn, translatedBy translated: [UInt32], to codes: inout CatalogAppendBuffer<Code>
    ) {
        func append<Source: FixedWidthInteger>(_ source: [Source]) {
            codes.append(count: source.count) { codes in
                translated.withUnsafeBufferPointer { translated in
                    source.withUnsafeBufferPointer { source in
                        for position in source.indices {
                            codes[position] = Code(truncatingIfNeeded: translated[Int(source[position])])
                        }
                    }
                }
            }
        }
        switch other.storage {
        case .u8(let source): append(source)
        case .u16(let source): append(source)
        case .u32(let source): append(source)
        case .u64(let source): append(source)
        case .positions(let count): append((0..<UInt32(count)).map { $0 })
        }
    }

    private mutating func widen(for code: UInt32) {
        if code <= UInt32(UInt16.max) && bytesPerCode == 1 {
            middle = narrow.map(UInt16.init)
            bytesPerCode = 2
        } else {
            wide = bytesPerCode == 1 ? narrow.map(UInt32.init) : middle.map(UInt32.init)
            bytesPerCode = 4
            middle = CatalogAppendBuffer()
        }
        narrow = CatalogAppendBuffer()
    }

    var column: CatalogUnsignedColumn {
        switch bytesPerCode {
        case 1: CatalogUnsignedColumn(storage: .u8(narrow.array))
        case 2: CatalogUnsignedColumn(storage: .u16(middle.array))
        default: CatalogUnsignedColumn(storage: .u32(wide.array))
        }
    }
}
