/// A column of unsigned integers stored in 16 bits per item when every value fits, else 32.
struct CatalogCompactColumn: Sendable {
    private enum Storage: Sendable {
        case narrow([UInt16])
        case wide([UInt32])
    }

    private let storage: Storage

    init(narrow values: [UInt16]) { storage = .narrow(values) }

    init(_ values: [UInt32]) {
        if values.allSatisfy({ $0 <= UInt32(UInt16.max) }) {
            storage = .narrow(values.map { UInt16(truncatingIfNeeded: $0) })
        } else {
            storage = .wide(values)
        }
    }

    var count: Int {
        switch storage {
        case .narrow(let values): values.count
        case .wide(let values): values.count
        }
    }

    subscript(position: Int) -> UInt32 {
        switch storage {
        case .narrow(let values): UInt32(values[position])
        case .wide(let values): values[position]
        }
    }

    var byteCount: Int {
        switch storage {
        case .narrow(let values): values.count * 2
        case .wide(let values): values.count * 4
        }
    }

    /// `transform(value)` for every item, in position order.
    func map(_ transform: (UInt32) -> UInt32) -> [UInt32] {
        switch storage {
        case .narrow(let values): values.map { transform(UInt32($0)) }
        case .wide(let values): values.map(transform)
        }
    }
}
