// SPDX-License-Identifier: GPL-3.0-or-later
/// The distinct values of a column, stored once: all their UTF-8 bytes back to back and the end
/// offset of each (`CatalogTextEnds`, two bytes a name). Rows refer to a value by its index.
struct CatalogNameTable: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var ends = CatalogTextEnds()

    var count: Int { ends.count }

    /// Bytes held: the text and the ends.
    var byteCount: Int { bytes.count + ends.byteCount }

    func range(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    func name(_ index: Int) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range(of: index)]), as: UTF8.self)
        }
    }

    mutating func reserveCapacity(names: Int, bytes byteCount: Int) {
        ends.reserveCapacity(names)
        bytes.reserveCapacity(byteCount)
    }

    mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: name)
        ends.append(UInt32(bytes.count))
    }

    /// Calls `body` with the text and the end offsets.
    func withUnsafeText<R>(_ body: (UnsafeBufferPointer<UInt8>, CatalogTextEnds.View) -> R) -> R {
        bytes.withUnsafeBufferPointer { text in ends.withUnsafeEnds { ends in body(text, ends) } }
    }

    /// Appends every name of `other`, in order.
    mutating func append(contentsOf other: CatalogNameTable) {
        let shift = UInt32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        ends.reserveCapacity(count + other.count)
        other.ends.withUnsafeEnds { otherEnds in
            for index in 0..<otherEnds.count { ends.append(otherEnds[index] + shift) }
        }
    }

    mutating func append(_ name: String) {
        bytes.append(contentsOf: name.utf8)
        ends.append(UInt32(bytes.count))
    }

    /// The indices of the names in sorted order (see `precedes`).
    func sortedOrder() -> [UInt32] {
        var order = (0..<UInt32(count)).map { $0 }
        withUnsafeText { text, ends in
            func slice(_ index: UInt32) -> UnsafeBufferPointer<UInt8> {
                let start = index == 0 ? 0 : Int(ends[Int(index) - 1])
                return UnsafeBufferPointer(rebasing: text[start..<Int(ends[Int(index)])])
            }
            order.sort { Self.precedes(slice($0), slice($1)) }
        }
        return order
    }

    /// Name order: ASCII letters compared without case first, then byte-wise, so "apple" sorts
    /// beside "Apple" and the order is total.
    static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(a.count, b.count)
        for index in 0..<common {
            let x = CatalogASCII.lowercased(a[index])
            let y = CatalogASCII.lowercased(b[index])
            if x != y { return x < y }
        }
        if a.count != b.count { return a.count < b.count }
        for index in 0..<common where a[index] != b[index] { return a[index] < b[index] }
        return false
    }
}

/// Builds a name table while reading: the same name always gets the same index. Index 0 is the
/// empty text, which the catalog uses for a missing value.
struct CatalogNameInterner {
    private(set) var table = CatalogNameTable()

    init() {
        intern(UnsafeBufferPointer(start: nil, count: 0))
    }

    var count: Int { table.count }
    private var slots = [UInt32](repeating: 0, count: 1024)  // 0 empty, else name index + 1
    private var hashes: [UInt32] = []

    /// The short names again, found by their bytes as a word (they are in `slots` too).
    private var shortNames = CatalogShortNames()

    @discardableResult
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard name.count <= CatalogShortNames.maxLength else { return internByHash(name) }
        let key = CatalogShortNames.key(name)
        if let index = shortNames.index(of: key) { return index }
        let index = internByHash(name)
        shortNames.insert(key, index: index)
        return index
    }

    private mutating func internByHash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = Self.hash(name)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        let found: UInt32? = slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                table.withUnsafeText { text, ends in
                    while slots[slot] != 0 {
                        let index = Int(slots[slot] - 1)
                        if hashes[index] == hash {
                            let start = index == 0 ? 0 : Int(ends[index - 1])
                            let end = Int(ends[index])
                            if end - start == name.count && Self.equal(text, start, name) {
                                return UInt32(index)
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
        if let found { return found }
        let index = UInt32(table.count)
        table.append(name)
        hashes.append(hash)
        slots[slot] = index + 1
        if table.count * 2 > slots.count { grow() }
        return index
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index + 1)
        }
    }

    /// Whether `text[start...]` begins with `name`: eight bytes at a time (values are short, and a
    /// call to memcmp costs more than comparing them here).
    @inline(__always)
    private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ name: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard let base = text.baseAddress, let other = name.baseAddress else { return name.isEmpty }
        let left = UnsafeRawPointer(base + start)
        let right = UnsafeRawPointer(other)
        var offset = 0
        while offset + 8 <= name.count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < name.count {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// Eight bytes at a time, each word mixed in by a multiply and a rotation; the tail bytes
    /// one by one. Not for security, only for spreading the slots.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = ((hash ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotateLeft(29)
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}

extension UInt64 {
    fileprivate func rotateLeft(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
