// SPDX-License-Identifier: GPL-3.0-or-later
/// The indices of a name table's names of at most seven bytes, found by the name's bytes read as
/// one word with its length in the top byte: no hash of the text, no offsets to look up, no text
/// to compare. Most values of the columns a reader interns are that short (a size, a colour, a
/// season, a state's code), and each row of a file asks for some of them.
struct CatalogShortNames {
    static let maxLength = 7
    /// A word no name makes: its top byte is more than any length.
    private static let empty = UInt64.max
    private var keys = [UInt64](repeating: empty, count: 64)
    private var indices = [UInt32](repeating: 0, count: 64)
    private var count = 0
    /// 64 minus log2 of the slots: a key's slot is the top bits of a multiplication.
    private var shift: UInt64 = 58

    /// The word of a name of at most `maxLength` bytes: its bytes from the lowest up, read in at
    /// most two loads that stay inside it (overlapping where it is shorter than their sum).
    @inline(__always)
    static func key(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let length = name.count
        var word: UInt64 = 0
        if let base = name.baseAddress {
            let raw = UnsafeRawPointer(base)
            switch length {
            case 4...7:
                let low = UInt64(raw.loadUnaligned(as: UInt32.self))
                let high = UInt64(raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
                word = low | high << UInt64((length - 4) * 8)
            case 2...3:
                let low = UInt64(raw.loadUnaligned(as: UInt16.self))
                let high = UInt64(raw.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self))
                word = low | high << UInt64((length - 2) * 8)
            case 1: word = UInt64(base[0])
            default: break
            }
        }
        return word | UInt64(length) << 56
    }

    @inline(__always)
    private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// The index of the name whose key is `key`, if it has one.
    @inline(__always)
    func index(of key: UInt64) -> UInt32? {
        keys.withUnsafeBufferPointer { keys in
            let mask = keys.count - 1
            var slot = slot(key)
            while keys[slot] != Self.empty {
                if keys[slot] == key { return indices[slot] }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    mutating func insert(_ key: UInt64, index: UInt32) {
        let mask = keys.count - 1
        var slot = slot(key)
        while keys[slot] != Self.empty { slot = (slot + 1) & mask }
        keys[slot] = key
        indices[slot] = index
        count += 1
        if count * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let old = zip(keys, indices).filter { $0.0 != Self.empty }
        keys = [UInt64](repeating: Self.empty, count: keys.count * 2)
        indices = [UInt32](repeating: 0, count: keys.count)
        shift -= 1
        count = 0
        for (key, index) in old { insert(key, index: index) }
    }
}
