// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// One column of a catalog: its name as the file writes it, the kind of its values (inferred from
/// them), and the values stored near their size.
public struct CatalogColumn: Sendable {
    /// What the values are. A facet is not a kind but a role: see `Catalog.facetColumns`.
    public enum Kind: Sendable, Equatable {
        case number, date, dateTime, text

        /// "number", "date", "date and time" or "text", as a user reads it (translated).
        public var label: String {
            switch self {
            case .number: tr("number")
            case .date: tr("date")
            case .dateTime: tr("date and time")
            case .text: tr("text")
            }
        }
    }

    public let name: String
    public let kind: Kind

    /// Whether the values are amounts of money, judged by the column's name ("Price", "fare",
    /// "unit_cost"…): they are written as the region writes money. Judged once: every value
    /// shown asks.
    public let isMonetary: Bool

    private static func namesMoney(_ name: String, _ kind: Kind) -> Bool {
        guard kind == .number else { return false }
        let name = name.lowercased()
        return name == tr("Price").lowercased() || moneyWords.contains { name.contains($0) }
    }

    private static let moneyWords = ["price", "cost", "fare", "salary", "revenue", "fee", "budget"]
    let values: CatalogColumnValues
    /// Rows with no value (an empty cell, `NA`, `N/A`, `null`, `NaN`).
    public let missingCount: Int
    /// Whether the values look like a facet: few distinct texts or whole numbers, each repeated.
    public let suggestsFacet: Bool

    init(name: String, kind: Kind, values: CatalogColumnValues, missingCount: Int, suggestsFacet: Bool) {
        self.name = name
        self.kind = kind
        self.values = values
        self.missingCount = missingCount
        self.suggestsFacet = suggestsFacet
        isMonetary = Self.namesMoney(name, kind)
    }

    /// The number of distinct values, where the column keeps a dictionary of them.
    public var distinctCount: Int? {
        if case .coded(let coded) = values { return coded.dictionary.count - 1 }
        return nil
    }

    /// The value at `position` as text (a number written with the column's decimals, a date as
    /// ISO 8601), "" when missing.
    public func text(at position: Int) -> String {
        switch values {
        case .coded(let coded): return coded.dictionary.name(Int(coded.codes[position]))
        case .texts(let texts): return texts.table.name(position)
        case .integers(let integers):
            guard let value = integers.value(at: position) else { return "" }
            return CatalogValueText.integer(value, scale: integers.scale, kind: kind)
        case .reals(let reals):
            let value = reals[position]
            return value.isNaN ? "" : CatalogValueText.real(value)
        }
    }

    public func isMissing(at position: Int) -> Bool {
        switch values {
        case .coded(let coded): coded.codes[position] == 0
        case .texts(let texts): texts.table.range(of: position).isEmpty
        case .integers(let integers): integers.value(at: position) == nil
        case .reals(let reals): reals[position].isNaN
        }
    }

    /// The bytes its values hold: codes and dictionary, texts and their ends, or numbers.
    public var byteCount: Int {
        switch values {
        case .coded(let coded): coded.codes.byteCount + coded.dictionary.byteCount
        case .texts(let texts): texts.table.byteCount
        case .integers(let integers): integers.offsets.byteCount
        case .reals(let reals): reals.count * 8
        }
    }
}

/// How a column's values are held.
enum CatalogColumnValues: Sendable {
    /// A dictionary of the distinct values and one code per row; code 0 is a missing value.
    case coded(CatalogCodedValues)
    /// Text that hardly repeats (titles, names), one value per row in one byte buffer with an end
    /// offset each; the empty text is a missing value.
    case texts(CatalogTextValues)
    /// Whole numbers (numbers scaled by a power of ten, days, seconds) as offsets from a base.
    case integers(CatalogIntegerValues)
    /// Numbers that need a floating point (exponents, many decimals); NaN is a missing value.
    case reals([Double])
}

/// A column as a dictionary of distinct values (entry 0 is the missing value, "") and a code per
/// row in the narrowest width. The values' order is that of their numbers or dates when the column
/// holds numbers or dates, the dictionary's own order when `keepsOrder`, else alphabetical.
final class CatalogCodedValues: Sendable {
    let codes: CatalogUnsignedColumn
    let dictionary: CatalogNameTable
    /// Each entry's number (days, seconds) when the entries are numbers or dates; NaN for entry 0.
    let numbers: [Double]?
    let keepsOrder: Bool
    private let cachedRanks = Mutex<[UInt32]?>(nil)

    init(codes: CatalogUnsignedColumn, dictionary: CatalogNameTable, numbers: [Double]?, keepsOrder: Bool = false) {
        self.codes = codes
        self.dictionary = dictionary
        self.numbers = numbers
        self.keepsOrder = keepsOrder
    }

    /// The rank of each dictionary entry among the present values (0 for the first); entry 0,
    /// the missing value, ranks after them all.
    var ranks: [UInt32] {
        cachedRanks.withLock { cached in
            if let cached { return cached }
            let ranks = computeRanks()
            cached = ranks
            return ranks
        }
    }

    private func computeRanks() -> [UInt32] {
        let count = dictionary.count
        var ranks = [UInt32](repeating: UInt32(count - 1), count: count)
        var order: [UInt32]
        if keepsOrder {
            order = (1..<UInt32(count)).map { $0 }
        } else if let numbers {
            order = (1..<UInt32(count)).sorted {
                numbers[Int($0)] < numbers[Int($1)] || (numbers[Int($0)] == numbers[Int($1)] && $0 < $1)
            }
        } else {
            order = dictionary.sortedOrder().filter { $0 != 0 }
        }
        for (rank, entry) in order.enumerated() { ranks[Int(entry)] = UInt32(rank) }
        return ranks
    }
}

/// A text per row, and each row's rank in alphabetical order, computed when first sorted by.
final class CatalogTextValues: Sendable {
    let table: CatalogNameTable
    private let cachedRanks = Mutex<[UInt32]?>(nil)

    init(_ table: CatalogNameTable) { self.table = table }

    /// Each row's place in alphabetical order (see `CatalogNameTable.precedes`), equal texts alike.
    var ranks: [UInt32] {
        cachedRanks.withLock { cached in
            if let cached { return cached }
            // Equal texts share a rank, so that ties keep the file's order in either direction.
            var ranks = [UInt32](repeating: 0, count: table.count)
            var rank: UInt32 = 0
            var previous: Range<Int>?
            table.bytes.withUnsafeBufferPointer { text in
                for row in table.sortedOrder() {
                    let range = table.range(of: Int(row))
                    if let previous, !text[previous].elementsEqual(text[range]) { rank += 1 }
                    ranks[Int(row)] = rank
                    previous = range
                }
            }
            cached = ranks
            return ranks
        }
    }
}

/// Whole numbers as `base + offset`, offsets in the narrowest width that holds the range and one
/// more value, `missing`, for a row with no value. `scale` is the number of decimals a number
/// had (12.50 is 1250 with scale 2); days and seconds have scale 0.
struct CatalogIntegerValues: Sendable {
    let base: Int64
    let offsets: CatalogUnsignedColumn
    let missing: UInt64
    let scale: Int

    /// A missing value in the `values` handed to `init`.
    static let missingValue = Int64.min

    /// Offsets already made, none missing: every offset is below its width's largest value.
    init(base: Int64, offsets: CatalogUnsignedColumn, scale: Int) {
        self.base = base
        self.offsets = offsets
        missing =
            switch offsets.storage {
            case .u8: UInt64(UInt8.max)
            case .u16: UInt64(UInt16.max)
            case .u32: UInt64(UInt32.max)
            case .u64, .positions: UInt64.max
            }
        self.scale = scale
    }

    init(_ values: [Int64], scale: Int) {
        self = values.withUnsafeBufferPointer { values in Self(count: values.count, scale: scale) { values[$0] } }
    }

    /// The values `value` gives for positions `0..<count`, read three times (for the range, for
    /// whether they count up, for the offsets), so that a caller need not make an array of them.
    @inline(__always)
    init(count: Int, scale: Int, _ value: (Int) -> Int64) {
        var low = Int64.max
        var high = Int64.min
        for position in 0..<count {
            let value = value(position)
            if value != Self.missingValue {
                low = min(low, value)
                high = max(high, value)
            }
        }
        if low > high { (low, high) = (0, 0) }
        self.scale = scale
        base = low
        if count > 1 && (0..<count).allSatisfy({ value($0) == low &+ Int64($0) }) {
            // Every value is the first plus its position (1, 2, 3…), none missing.
            offsets = CatalogUnsignedColumn(storage: .positions(count))
            missing = UInt64.max
            return
        }
        let missing = CatalogUnsignedColumn.widthMaximum(for: UInt64(bitPattern: high &- low))
        func narrowed<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> [T] {
            [T](unsafeUninitializedCapacity: count) { offsets, initialized in
                for position in 0..<count {
                    let value = value(position)
                    offsets[position] =
                        value == Self.missingValue
                        ? T(truncatingIfNeeded: missing) : T(truncatingIfNeeded: value &- low)
                }
                initialized = count
            }
        }
        switch missing {
        case UInt64(UInt8.max): offsets = CatalogUnsignedColumn(storage: .u8(narrowed(UInt8.self)))
        case UInt64(UInt16.max): offsets = CatalogUnsignedColumn(storage: .u16(narrowed(UInt16.self)))
        case UInt64(UInt32.max): offsets = CatalogUnsignedColumn(storage: .u32(narrowed(UInt32.self)))
        default: offsets = CatalogUnsignedColumn(storage: .u64(narrowed(UInt64.self)))
        }
        self.missing = missing
    }

    func value(at position: Int) -> Int64? {
        let offset = offsets[position]
        return offset == missing ? nil : base &+ Int64(bitPattern: offset)
    }
}
