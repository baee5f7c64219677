// SPDX-License-Identifier: GPL-3.0-or-later
/// A strict RFC 8259 parser for the library file: UTF-8 only (no byte order mark), no trailing
/// commas or comments, no duplicate keys, nesting at most `maxDepth` deep. Hostile input fails with
/// a reason; it never traps, recurses without bound or backtracks.
public struct JSONParser {
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON value that fills `bytes` (whitespace around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let invalid = bytes.withUnsafeBufferPointer { CatalogUTF8.firstInvalidOffset($0) }
        if let invalid {
            throw JSONSyntaxError(reason: tr("Invalid UTF-8 at byte {offset}.", ["offset": String(invalid)]))
        }
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 1)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.unexpected() }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw unexpected() }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw unexpected()
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected() }
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(
                    reason: tr(
                        "Duplicate key “{key}” at byte {offset}.",
                        ["key": String(key.prefix(40)), "offset": String(position)]))
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw unexpected() }
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else { throw unexpected() }
            skipWhitespace()
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            guard consume(UInt8(ascii: ",")) else { throw unexpected() }
            skipWhitespace()
        }
    }

    /// A string starting at the opening quote. The input is valid UTF-8, so bytes are copied as
    /// they are; escapes are decoded, surrogate pairs joined, lone surrogates refused.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: bytes[start..<position - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        var text = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &text)
            case 0..<0x20:
                throw JSONSyntaxError(
                    reason: tr("Unescaped control character at byte {offset}.", ["offset": String(position)]))
            default:
                text.append(byte)
                position += 1
            }
        }
        throw unexpected()
    }

    private mutating func appendEscape(to text: inout [UInt8]) throws(JSONSyntaxError) {
        guard position < bytes.count else { throw unexpected() }
        let byte = bytes[position]
        position += 1
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            text.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            position -= 1
            throw JSONSyntaxError(reason: tr("Invalid escape at byte {offset}.", ["offset": String(position - 1)]))
        }
        let escapeStart = position - 2
        var value = UInt32(try hexQuad())
        if (0xD800...0xDBFF).contains(value) {
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw loneSurrogate(escapeStart) }
            let low = UInt32(try hexQuad())
            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(escapeStart) }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw loneSurrogate(escapeStart)
        }
        guard let scalar = Unicode.Scalar(value) else { throw loneSurrogate(escapeStart) }
        text.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw unexpected() }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw JSONSyntaxError(reason: tr("Invalid \\u escape at byte {offset}.", ["offset": String(position)]))
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as its text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else if digits() == 0 {
            throw unexpected()
        }
        if consume(UInt8(ascii: ".")), digits() == 0 { throw unexpected() }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if digits() == 0 { throw unexpected() }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    private mutating func expect(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard position < bytes.count, bytes[position] == expected else {
                position = max(position, start)
                throw unexpected()
            }
            position += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func unexpected() -> JSONSyntaxError {
        position < bytes.count
            ? JSONSyntaxError(reason: tr("Unexpected character at byte {offset}.", ["offset": String(position)]))
            : JSONSyntaxError(reason: tr("The file ends too early."))
    }

    private func tooDeep() -> JSONSyntaxError {
        JSONSyntaxError(
            reason: tr(
                "Nested more than {depth} levels deep at byte {offset}.",
                ["depth": String(Self.maxDepth), "offset": String(position)]))
    }

    private func loneSurrogate(_ offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(reason: tr("Unpaired surrogate escape at byte {offset}.", ["offset": String(offset)]))
    }
}
