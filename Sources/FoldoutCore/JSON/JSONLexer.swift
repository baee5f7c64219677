// SPDX-License-Identifier: GPL-3.0-or-later
/// The tokens of JSON (RFC 8259) in UTF-8 bytes, for both readers of JSON: the library file's
/// `JSONParser` and the catalog's `CatalogJSONReader`, which say a `Failure` in their own words.
/// Strict: a string holds no control character, its escapes are the RFC's (`\u` with four hex
/// digits, a surrogate only as the first half of a pair followed by the second), and a number
/// follows the RFC's grammar.
struct JSONLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    struct Failure: Error {
        enum Kind {
            /// The bytes end inside the token.
            case end
            /// A byte the token cannot hold there.
            case unexpected
            /// A byte below U+0020 in a string.
            case controlCharacter
            /// A backslash followed by none of `"\/bfnrtu`.
            case unknownEscape
            /// A `\u` followed by something else than four hex digits.
            case notHex
            /// A `\u` escape of a surrogate that is not half of a pair.
            case loneSurrogate
        }

        let kind: Kind
        /// The byte at fault: the backslash of an escape that is not valid, else the first byte
        /// that cannot be there (`bytes.count` for `end`).
        let offset: Int
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Moves past `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Moves past the string whose opening quote is at `index`; true if it holds escapes, whose
    /// text `decode` gives.
    mutating func string() throws(Failure) -> Bool {
        index += 1
        var escaped = false
        while index < bytes.count {
            index = plainBytes(from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return escaped
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try escape()
            } else if byte < 0x20 {
                throw Failure(kind: .controlCharacter, offset: index)
            } else {
                index += 1
            }
        }
        throw Failure(kind: .end, offset: index)
    }

    /// Skips eight bytes at a time while none is a quote, a backslash or a control character:
    /// the offset of the first that is (or of the bytes after the last whole word).
    @inline(__always)
    private func plainBytes(from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = UInt64(UInt8(ascii: "\"")) &* ones
        let backslashes = UInt64(UInt8(ascii: "\\")) &* ones
        let spaces: UInt64 = 0x20 &* ones
        var offset = start
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            let x = word ^ quotes
            let y = word ^ backslashes
            // A byte of x or y is zero at a quote or backslash; word - spaces borrows into a high
            // bit only below 0x20 (bytes of 0x80 and above are masked out by ~word). The lowest
            // high bit set marks the first: a borrow sets bits only above such a byte.
            let found = ((x &- ones) & ~x | (y &- ones) & ~y | (word &- spaces) & ~word) & highs
            if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
            offset += 8
        }
        return offset
    }

    /// Moves past the escape whose backslash is at `index`.
    private mutating func escape() throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw Failure(kind: .end, offset: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"): break
        default: throw Failure(kind: .unknownEscape, offset: start)
        }
        let first = try hexQuad()
        if (0xDC00...0xDFFF).contains(first) { throw Failure(kind: .loneSurrogate, offset: start) }
        guard (0xD800...0xDBFF).contains(first) else { return }
        guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
            throw Failure(kind: .loneSurrogate, offset: start)
        }
        guard (0xDC00...0xDFFF).contains(try hexQuad()) else { throw Failure(kind: .loneSurrogate, offset: start) }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw Failure(kind: .end, offset: index) }
            guard let digit = Self.hexDigit(bytes[index]) else { throw Failure(kind: .notHex, offset: index) }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Appends the text of `contents`, what is between the quotes of a string `string()` moved
    /// past, with its escapes decoded.
    func decode(_ contents: Range<Int>, into text: inout [UInt8]) {
        var at = contents.lowerBound
        while at < contents.upperBound {
            let byte = bytes[at]
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                at += 1
                continue
            }
            let escaped = bytes[at + 1]
            at += 2
            switch escaped {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var value = hexValue(at)
                at += 4
                if (0xD800...0xDBFF).contains(value) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (hexValue(at + 2) - 0xDC00)
                    at += 6
                }
                text.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
            default: text.append(escaped)
            }
        }
    }

    private func hexValue(_ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(0) { $0 << 4 | Self.hexDigit($1)! }
    }

    /// Moves past the number at `index`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() throws(Failure) {
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) { try digits() }
        if consume(UInt8(ascii: ".")) { try digits() }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try digits()
        }
    }

    /// Moves past one digit or more.
    private mutating func digits() throws(Failure) {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        guard index > start else { throw failure() }
    }

    /// Moves past `word` (`true`, `false`, `null`).
    mutating func word(_ word: StaticString) throws(Failure) {
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else { throw failure() }
            index += 1
        }
    }

    /// The byte at `index` cannot be there, or the bytes end.
    func failure() -> Failure {
        Failure(kind: index < bytes.count ? .unexpected : .end, offset: index)
    }
}
