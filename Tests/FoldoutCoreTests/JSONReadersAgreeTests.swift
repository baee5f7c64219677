// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import FoldoutCore

/// The catalog's JSON reader and the library file's parser read their tokens with one lexer. On
/// random tables of objects and damaged copies of them, they agree: both refuse, or both accept
/// with the same keys and values.
final class JSONReadersAgreeTests: XCTestCase {
    func testTheCatalogReaderAndTheParserAgree() {
        var random = SeededGenerator(seed: 39)
        var inputs: [[UInt8]] = []
        for _ in 0..<300 { inputs.append(Array(Self.document(&random).utf8)) }
        for _ in 0..<2000 { inputs.append(Self.mutated(Array(Self.document(&random).utf8), &random)) }
        var accepted = 0
        var refused = 0
        var skipped = 0
        for (index, input) in inputs.enumerated() {
            let catalog = Self.readByCatalog(input)
            switch Self.readByParser(input) {
            case .notComparable:
                skipped += 1
            case .refused(let reason):
                refused += 1
                XCTAssertNil(
                    catalog,
                    "input \(index) is refused by the parser (\(reason)), read by the catalog: \(Self.text(input))")
            case .table(let names, let rows):
                accepted += 1
                guard let catalog else {
                    XCTFail("input \(index) is read by the parser, refused by the catalog: \(Self.text(input))")
                    continue
                }
                XCTAssertEqual(
                    catalog.first, CatalogCSVParser.columnNames(names), "input \(index): keys of \(Self.text(input))")
                XCTAssertEqual(catalog.count - 1, rows.count, "input \(index): rows of \(Self.text(input))")
                for (read, expected) in zip(catalog.dropFirst(), rows) {
                    XCTAssertEqual(read.count, expected.count, "input \(index)")
                    for (field, value) in zip(read, expected) where !Self.same(field, value) {
                        XCTFail("input \(index): the catalog reads \(field) where the parser reads \(value)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(accepted, 400)
        XCTAssertGreaterThan(refused, 1000)
        XCTAssertLessThan(skipped, inputs.count / 5)
    }

    // MARK: - Documents

    /// Keys as written, each of a different name.
    private static let keys = [
        #""id""#, #""name""#, #""caf\u00e9""#, #""a\"b""#, #""\ud83d\ude00""#, #""""#, #""x y""#,
    ]
    private static let numbers = ["0", "-0", "12", "-3.25", "1e5", "2.5E-3", "10", "0.001", "-7e+2"]
    private static let stringPieces = [
        "plain", " ", "é", "日本", #"\n"#, #"\t"#, #"\""#, #"\\"#, #"\/"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\b\f\r"#,
        "1.5", "true", ",", "\u{7f}",
    ]
    private static let pieces = [
        #"\"#, #"\u"#, #"\uD83D"#, #"\uDE00"#, #"\x"#, #"\'"#, #"""#, "{", "}", "[", "]", ",", ":", "-", "0", "01",
        "1", ".", "e", "+", " ", "\t", "\r", "\u{1}", "é", "null", "tru", "1.", "-.5",
    ]

    /// A table: an array of objects, or JSON Lines.
    private static func document(_ random: inout SeededGenerator) -> String {
        let objects = (0..<Int.random(in: 1...5, using: &random)).map { _ in object(&random, depth: 0) }
        if Bool.random(using: &random) { return objects.joined(separator: "\n") + "\n" }
        let separator = [",", ", ", ",\n  ", " ,\r\n"].randomElement(using: &random)!
        return "[" + objects.joined(separator: separator) + "]"
    }

    private static func object(_ random: inout SeededGenerator, depth: Int) -> String {
        let chosen = keys.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random))
        let members = chosen.map {
            $0 + [":", ": ", " :\t"].randomElement(using: &random)! + value(&random, depth: depth + 1)
        }
        return "{" + members.joined(separator: [",", ", "].randomElement(using: &random)!) + "}"
    }

    private static func value(_ random: inout SeededGenerator, depth: Int) -> String {
        switch Int.random(in: 0..<(depth < 3 ? 8 : 6), using: &random) {
        case 0: "null"
        case 1: Bool.random(using: &random) ? "true" : "false"
        case 2, 3: numbers.randomElement(using: &random)!
        case 4, 5:
            "\""
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in stringPieces.randomElement(using: &random)! }
                .joined() + "\""
        case 6: object(&random, depth: depth)
        default:
            "["
                + (0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) }
                .joined(separator: [",", " , "].randomElement(using: &random)!) + "]"
        }
    }

    /// One to three bytes replaced, pieces inserted or bytes removed; never a line break, so the
    /// lines of JSON Lines stay the lines.
    private static func mutated(_ document: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = document
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            let piece = Array(pieces.randomElement(using: &random)!.utf8)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where bytes[at] != 10: bytes[at] = piece[0]
            case 1: bytes.insert(contentsOf: piece, at: at)
            default: if bytes[at] != 10 { bytes.remove(at: at) }
            }
            if bytes.isEmpty { bytes = [32] }
        }
        return bytes
    }

    // MARK: - The two readers

    /// The column names and rows the catalog's reader reads, nil if it refuses.
    private static func readByCatalog(_ input: [UInt8]) -> [[String]]? {
        input.withUnsafeBufferPointer { bytes -> [[String]]? in
            // The first object's keys only, so that a later key takes the reader's second way;
            // every column text, so that each value is read as written.
            guard let read = try? CatalogJSONColumns.read(bytes, loading: nil, keysFrom: 1, allText: true) else {
                return nil
            }
            return [read.columns.map(\.name)] + (0..<read.rows).map { row in read.columns.map { $0.text(at: row) } }
        }
    }

    private enum Outcome {
        case refused(String)
        /// A refusal only one reader makes by design: a duplicate key, nesting deeper than the
        /// library file allows, a byte order mark or bytes that are not UTF-8.
        case notComparable
        case table(names: [String], rows: [[JSONValue?]])
    }

    /// The table as the parser reads it: the whole text as an array of objects, or each line as
    /// an object when the text starts with one (JSON Lines).
    private static func readByParser(_ input: [UInt8]) -> Outcome {
        guard input.withUnsafeBufferPointer({ CatalogUTF8.firstInvalidOffset($0) }) == nil,
            !input.starts(with: [0xEF, 0xBB, 0xBF])
        else { return .notComparable }
        let trimmed = input.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var objects: [JSONValue] = []
        do throws(JSONSyntaxError) {
            if trimmed.first == UInt8(ascii: "{") {
                for line in input.split(separator: 10) where line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) })
                {
                    objects.append(try JSONParser.parse(Array(line)))
                }
            } else {
                guard case .array(let elements) = try JSONParser.parse(input) else { return .refused("not an array") }
                objects = elements
            }
        } catch {
            let byDesign = error.reason.hasPrefix("Duplicate key") || error.reason.hasPrefix("Nested more")
            return byDesign ? .notComparable : .refused(error.reason)
        }
        var names: [String] = []
        var rows: [[(String, JSONValue)]] = []
        for object in objects {
            guard case .object(let members) = object else { return .refused("not an object") }
            for member in members where !names.contains(member.key) { names.append(member.key) }
            rows.append(members.map { ($0.key, $0.value) })
        }
        guard !rows.isEmpty else { return .refused("no rows") }
        guard !names.isEmpty else { return .refused("no keys") }
        return .table(names: names, rows: rows.map { row in names.map { name in row.first { $0.0 == name }?.1 } })
    }

    /// Whether the catalog's field is the parser's value: a string's text (trimmed, as every
    /// reader trims values, and nothing for a word that means a missing value), a number or
    /// literal as written, nothing for null or a missing key, an array or object as JSON text of
    /// that value.
    private static func same(_ field: String, _ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: field.isEmpty
        case .string(let text)?:
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                let trimmed = CatalogASCII.trimmed(bytes)
                return CatalogValueParser.isMissing(trimmed)
                    ? field.isEmpty : field == String(decoding: trimmed, as: UTF8.self)
            }
        case .number(let text)?: field == text
        case .bool(let truth)?: field == (truth ? "true" : "false")
        case .array?, .object?: (try? JSONParser.parse(Array(field.utf8))) == value
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }
}
