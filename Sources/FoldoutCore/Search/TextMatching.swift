// SPDX-License-Identifier: GPL-3.0-or-later
/// Byte-level matching of folded text: whether a text contains a needle. ASCII capitals in the
/// text are lowered as they are read (eight bytes at a time), so ASCII text needs no folded copy.
/// (Swift's SIMD16 types were tried for this and were ten times slower than these 64-bit words.)
enum TextMatching {
    /// Whether `text` contains `needle` (folded), lowering ASCII letters of `text` as it goes.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(text, needle, readable: text.count)
    }

    /// The same, where `readable` bytes from the start of `text` may be read (the rest of the
    /// buffer it is part of): eight bytes are compared at a time, for the needle's first two bytes
    /// at every position at once, reading past the end of `text` but not past `readable`.
    @inline(__always)
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, readable: Int)
        -> Bool
    {
        let count = text.count
        let needleCount = needle.count
        guard count >= needleCount, let base = text.baseAddress, let wanted = needle.baseAddress else { return false }
        let last = count - needleCount
        var index = 0
        if needleCount >= 2 {
            let first = ones &* UInt64(wanted[0])
            let second = ones &* UInt64(wanted[1])
            while index <= last && index + 9 <= readable {
                let word = lowered(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let following = UInt64(base[index + 8] | caseBit(base[index + 8]))
                // Bit 7 of byte k: the bytes at k and k + 1 may be the needle's first two.
                var hits = zeroBytes(word ^ first) & zeroBytes((word >> 8 | following << 56) ^ second)
                while hits != 0 {
                    let start = index + hits.trailingZeroBitCount >> 3
                    if start > last { return false }
                    if startsWith(base + start, wanted, needleCount) { return true }
                    hits &= hits - 1
                }
                index += 8
            }
        }
        let firstByte = wanted[0]
        while index <= last {
            if base[index] | caseBit(base[index]) == firstByte && startsWith(base + index, wanted, needleCount) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether `text` starts with `needle` (folded), lowering ASCII letters of `text`.
    @inline(__always)
    static func startsWith(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= needle.count, let base = text.baseAddress, let wanted = needle.baseAddress else {
            return needle.isEmpty
        }
        return startsWith(base, wanted, needle.count)
    }

    @inline(__always)
    static func startsWith(_ text: UnsafePointer<UInt8>, _ needle: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where text[index] | caseBit(text[index]) != needle[index] { return false }
        return true
    }

    static var ones: UInt64 { 0x0101_0101_0101_0101 }
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Bit 7 set in every byte of `word` that is zero (and perhaps in a byte just above one).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highBits }

    /// The eight bytes with their ASCII capitals lowered; other bytes as they are.
    @inline(__always)
    static func lowered(_ word: UInt64) -> UInt64 {
        let low = word & ~highBits
        let capital = (low &+ ones &* 0x3F) & ~(low &+ ones &* 0x25) & ~word & highBits
        return word | capital >> 2
    }

    /// 0x20 for an uppercase ASCII letter (what makes it lowercase), else 0.
    @inline(__always)
    static func caseBit(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? 0x20 : 0 }

    /// The signature bits (`bits`, by byte) of the bytes that follow each occurrence of `needle`
    /// (folded, not empty) in `text`: which letters could come next in a match of a longer query.
    /// `readable` as in `contains`.
    @inline(__always)
    static func followers(
        _ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, readable: Int,
        bits: UnsafePointer<UInt32>
    ) -> UInt32 {
        let count = text.count
        let needleCount = needle.count
        guard count > needleCount, let base = text.baseAddress, let wanted = needle.baseAddress else { return 0 }
        let last = count - needleCount - 1
        var result: UInt32 = 0
        var index = 0
        let first = ones &* UInt64(wanted[0])
        let second = ones &* UInt64(needleCount >= 2 ? wanted[1] : 0)
        while index <= last && index + 9 <= readable {
            let word = lowered(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            var hits = zeroBytes(word ^ first)
            if needleCount >= 2 {
                let following = UInt64(base[index + 8] | caseBit(base[index + 8]))
                hits &= zeroBytes((word >> 8 | following << 56) ^ second)
            }
            while hits != 0 {
                let start = index + hits.trailingZeroBitCount >> 3
                hits &= hits - 1
                if start > last { return result }
                if startsWith(base + start, wanted, needleCount) { result |= bits[Int(base[start + needleCount])] }
            }
            index += 8
        }
        while index <= last {
            if startsWith(base + index, wanted, needleCount) { result |= bits[Int(base[index + needleCount])] }
            index += 1
        }
        return result
    }
}
