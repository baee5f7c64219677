// SPDX-License-Identifier: GPL-3.0-or-later
/// A strict RFC 8259 parser for the library file: UTF-8 only (no byte order mark), no trailing
/// commas or comments, no duplicate keys, nesting at most `maxDepth` deep. Hostile input fails with
/// a reason; it never traps, recurses without bound or backtracks. Its tokens are `JSONLexer`'s.
public struct JSONParser {
    static let maxDepth = 32

    private var lexer: JSONLexer
    private var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { lexer = JSONLexer(bytes) }

    /// Parses one JSON value that fills `bytes` (whitespace around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONSyntaxError) in try parse(bytes) }
        }.get()
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        if let invalid = CatalogUTF8.firstInvalidOffset(bytes) {
            throw JSONSyntaxError(reason: tr("Invalid UTF-8 at byte {offset}.", ["offset": String(invalid)]))
        }
        var parser = JSONParser(bytes)
        parser.lexer.skipSpace()
        let value = try parser.parseValue(depth: 1)
        parser.lexer.skipSpace()
        guard parser.lexer.index == bytes.count else { throw parser.unexpected() }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard lexer.index < bytes.count else { throw unexpected() }
        switch bytes[lexer.index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        default:
            do throws(JSONLexer.Failure) { return try parseScalar() } catch { throw Self.syntaxError(error, bytes) }
        }
    }

    private mutating func parseScalar() throws(JSONLexer.Failure) -> JSONValue {
        switch bytes[lexer.index] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try lexer.word("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try lexer.word("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try lexer.word("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = lexer.index
            try lexer.number()
            return .number(String(decoding: bytes[start..<lexer.index], as: UTF8.self))
        default: throw lexer.failure()
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        lexer.index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        lexer.skipSpace()
        if lexer.consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            guard lexer.index < bytes.count, bytes[lexer.index] == UInt8(ascii: "\"") else { throw unexpected() }
            let key: String
            do throws(JSONLexer.Failure) { key = try parseString() } catch { throw Self.syntaxError(error, bytes) }
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(
                    reason: tr(
                        "Duplicate key “{key}” at byte {offset}.",
                        ["key": String(key.prefix(40)), "offset": String(lexer.index)]))
            }
            lexer.skipSpace()
            guard lexer.consume(UInt8(ascii: ":")) else { throw unexpected() }
            lexer.skipSpace()
            members.append((key, try parseValue(depth: depth + 1)))
            lexer.skipSpace()
            if lexer.consume(UInt8(ascii: "}")) { return .object(members) }
            guard lexer.consume(UInt8(ascii: ",")) else { throw unexpected() }
            lexer.skipSpace()
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        lexer.index += 1
        var elements: [JSONValue] = []
        lexer.skipSpace()
        if lexer.consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            lexer.skipSpace()
            if lexer.consume(UInt8(ascii: "]")) { return .array(elements) }
            guard lexer.consume(UInt8(ascii: ",")) else { throw unexpected() }
            lexer.skipSpace()
        }
    }

    /// The string whose opening quote is at the lexer's index. The input is valid UTF-8, so bytes
    /// are copied as they are.
    private mutating func parseString() throws(JSONLexer.Failure) -> String {
        let start = lexer.index + 1
        let escaped = try lexer.string()
        let contents = start..<(lexer.index - 1)
        guard escaped else { return String(decoding: bytes[contents], as: UTF8.self) }
        var text: [UInt8] = []
        text.reserveCapacity(contents.count)
        lexer.decode(contents, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    private static func syntaxError(_ failure: JSONLexer.Failure, _ bytes: UnsafeBufferPointer<UInt8>)
        -> JSONSyntaxError
    {
        let offset = ["offset": String(failure.offset)]
        return switch failure.kind {
        case .end, .unexpected: unexpected(at: failure.offset, bytes)
        case .controlCharacter: JSONSyntaxError(reason: tr("Unescaped control character at byte {offset}.", offset))
        case .unknownEscape: JSONSyntaxError(reason: tr("Invalid escape at byte {offset}.", offset))
        case .notHex: JSONSyntaxError(reason: tr("Invalid \\u escape at byte {offset}.", offset))
        case .loneSurrogate: JSONSyntaxError(reason: tr("Unpaired surrogate escape at byte {offset}.", offset))
        }
    }

    private func unexpected() -> JSONSyntaxError { Self.unexpected(at: lexer.index, bytes) }

    private static func unexpected(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        offset < bytes.count
            ? JSONSyntaxError(reason: tr("Unexpected character at byte {offset}.", ["offset": String(offset)]))
            : JSONSyntaxError(reason: tr("The file ends too early."))
    }

    private func tooDeep() -> JSONSyntaxError {
        JSONSyntaxError(
            reason: tr(
                "Nested more than {depth} levels deep at byte {offset}.",
                ["depth": String(Self.maxDepth), "offset": String(lexer.index)]))
    }
}
