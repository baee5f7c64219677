// SPDX-License-Identifier: GPL-3.0-or-later
/// Moving past a value of an object, checking that it is JSON: a string, number or literal, or an
/// array or object nested in it.
extension CatalogJSONReader {
    mutating func skipValue() throws(CatalogImportError) -> ValueKind {
        guard index < bytes.count else { throw problem(tr("expected a value"), at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipNested()
            return .nested
        default: return try skipScalar()
        }
    }

    /// Moves past a string, number or literal, or says that no value is at `index`.
    private mutating func skipScalar() throws(CatalogImportError) -> ValueKind {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(escaped: try skipString())
        case UInt8(ascii: "n"):
            try skipWord("null")
            return .null
        case UInt8(ascii: "t"):
            try skipWord("true")
            return .literal
        case UInt8(ascii: "f"):
            try skipWord("false")
            return .literal
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            do throws(JSONLexer.Failure) { try lexer.number() } catch {
                throw problem(tr("a number is not complete"), at: start)
            }
            return .literal
        default: throw problem(tr("expected a value"), at: index)
        }
    }

    private mutating func skipWord(_ word: StaticString) throws(CatalogImportError) {
        let start = index
        do throws(JSONLexer.Failure) { try lexer.word(word) } catch { throw problem(tr("expected a value"), at: start) }
    }

    /// Skips the string at `index`; true if it holds escapes.
    mutating func skipString() throws(CatalogImportError) -> Bool {
        let start = index
        do throws(JSONLexer.Failure) { return try lexer.string() } catch { throw stringProblem(error, start: start) }
    }

    private func stringProblem(_ failure: JSONLexer.Failure, start: Int) -> CatalogImportError {
        switch failure.kind {
        case .end, .unexpected: problem(tr("a string is never closed"), at: start)
        case .controlCharacter where bytes[failure.offset] == 10 || bytes[failure.offset] == 13:
            problem(tr("a string is never closed"), at: start)
        case .controlCharacter:
            problem(tr("a string holds a control character that is not escaped"), at: failure.offset)
        case .unknownEscape: problem(tr("an escape is not valid"), at: failure.offset)
        case .notHex: problem(tr("an escape is not complete"), at: failure.offset)
        case .loneSurrogate: problem(tr("an escape is half of a surrogate pair"), at: failure.offset)
        }
    }

    /// Moves past the array or object at `index`, checking that it is JSON.
    private mutating func skipNested() throws(CatalogImportError) {
        let start = index
        open.removeAll(keepingCapacity: true)
        while true {
            try notEnded(inside: start)
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                open.append(closing)
                index += 1
                skipSpace()
                try notEnded(inside: start)
                if bytes[index] != closing {
                    if closing == UInt8(ascii: "}") { try skipNestedKey(start) }
                    continue
                }
            } else {
                _ = try skipScalar()
                skipSpace()
                try notEnded(inside: start)
            }
            // After a value: a comma before the next, or the end of one array or object or more.
            while let closing = open.last {
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if closing == UInt8(ascii: "}") { try skipNestedKey(start) }
                    break
                }
                guard bytes[index] == closing else {
                    throw problem(
                        closing == UInt8(ascii: "}") ? tr("expected “,” or “}”") : tr("expected “,” or “]”"), at: index)
                }
                index += 1
                open.removeLast()
                guard !open.isEmpty else { return }
                skipSpace()
                try notEnded(inside: start)
            }
        }
    }

    /// Moves past a key and its colon inside the nested value at `start`, and the space after.
    private mutating func skipNestedKey(_ start: Int) throws(CatalogImportError) {
        try notEnded(inside: start)
        guard bytes[index] == UInt8(ascii: "\"") else { throw problem(tr("expected a key in quotes"), at: index) }
        _ = try skipString()
        skipSpace()
        try notEnded(inside: start)
        guard bytes[index] == UInt8(ascii: ":") else { throw problem(tr("expected “:” after a key"), at: index) }
        index += 1
        skipSpace()
    }

    private func notEnded(inside start: Int) throws(CatalogImportError) {
        guard index < bytes.count else { throw problem(tr("a nested value is never closed"), at: start) }
    }
}
