// SPDX-License-Identifier: GPL-3.0-or-later
/// Strict UTF-8 validation (no overlong forms, surrogates or values above U+10FFFF).
enum CatalogUTF8 {
    /// The offset of the first byte that is not part of valid UTF-8, or nil if all of it is.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        firstInvalidOffset(bytes, in: 0..<bytes.count)
    }

    /// The same within `range`, which starts at the start of a character; a character that starts
    /// inside the range may end after it.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let end = range.upperBound
        var index = range.lowerBound
        while index < end {
            while index + 8 <= end,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < end else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + 1 < count, secondRange.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length {
                guard index + offset < count, bytes[index + offset] & 0xC0 == 0x80 else { return index }
            }
            index += length
        }
        return nil
    }
}
