// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// Hostile input: random bytes, truncations and mutations of valid files, and extremes. Nothing
/// crashes or hangs, every refusal names a line, and every accepted file reads back whole.
final class CatalogFuzzTests: XCTestCase {
    func testHostileInputIsRefusedWithALineAndNeverCrashes() {
        var random = SeededGenerator(seed: 2024)
        let valid = Array(CatalogTestSupport.randomCSV(rows: 40, seed: 3).utf8)
        var inputs: [[UInt8]] = []
        for _ in 0..<300 {
            inputs.append(
                (0..<Int.random(in: 0..<400, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        for _ in 0..<300 { inputs.append(Array(valid.prefix(Int.random(in: 0...valid.count, using: &random)))) }
        let alphabet = Array(",;\t\"\r\n \0aé1-.".utf8)
        for _ in 0..<400 {
            var mutated = valid
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] =
                    Bool.random(using: &random)
                    ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(mutated)
        }
        let header = Array("id,color,size,rating,price,added,title\n".utf8)
        inputs.append(header + [UInt8](repeating: 44, count: 1_000_000))
        inputs.append([UInt8](repeating: 44, count: 1_000_000))
        inputs.append(header + [UInt8](repeating: 0, count: 10_000))
        inputs.append(header + [34] + [UInt8](repeating: 120, count: 2_000_000))
        inputs.append(header + [UInt8](repeating: 34, count: 100_001))
        inputs.append(header + [UInt8](repeating: 10, count: 100_000) + [UInt8](repeating: 13, count: 100_000))
        inputs.append(Array(String(repeating: "1e999,-0,+,.,e5,--1,1.2.3\n", count: 50).utf8))
        var accepted = 0
        for (index, input) in inputs.enumerated() {
            do throws(CatalogImportError) {
                let catalog = try Catalog.parseCSV(input)
                accepted += 1
                XCTAssertTrue(ReferenceCSV.agrees(with: catalog, input), "input \(index) is not read as written")
                for column in catalog.columns.indices {
                    for row in 0..<catalog.count { _ = catalog.text(column, at: row) }
                }
                let filter = FacetFilter(catalog: catalog)
                _ = filter.allCounts()
                for column in catalog.columns.indices {
                    filter.sort = CatalogSortKey(column: column, descending: index % 2 == 0)
                }
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1, "input \(index): \(error)")
                XCTAssertTrue(error.description.hasPrefix("line \(error.line)"), error.description)
                XCTAssertFalse(error.description.contains(where: \.isNewline), error.description)
            }
        }
        XCTAssertEqual(
            CatalogTestSupport.refusal(header + [UInt8](repeating: 44, count: 1_000_000)),
            CatalogImportError(line: 2, column: 8, reason: .wrongFieldCount(expected: 7, found: 1_000_001)))
        XCTAssertGreaterThan(accepted, 100, "many truncations and mutations are still valid files")
    }
}

/// An independent reading of a delimited file, a byte at a time, for comparing accepted files with:
/// RFC 4180 (a field in double quotes may hold delimiters, line breaks and "" for a quote; LF or
/// CRLF ends a record), lenient as the user guide says (a quote inside an unquoted field is text, and
/// text after a closing quote joins the field), after a UTF-8 byte order mark. As the user guide says
/// too, spaces and tabs around a value are dropped, and NA, N/A, n/a, null, NULL, Null, NaN and nan
/// are missing values (read as empty); an empty column name is "Column N", a repeated one "name (2)".
enum ReferenceCSV {
    static let missingWords: Set<String> = ["NA", "N/A", "n/a", "null", "NULL", "Null", "NaN", "nan"]

    static func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
    }

    static func value(_ text: String) -> String {
        missingWords.contains(trimmed(text)) ? "" : trimmed(text)
    }

    static func names(_ header: [String]) -> [String] {
        var names: [String] = []
        for (index, text) in header.enumerated() {
            let name = trimmed(text)
            var unique = name.isEmpty ? "Column \(index + 1)" : name
            var copy = 1
            while names.contains(unique) {
                copy += 1
                unique = "\(name) (\(copy))"
            }
            names.append(unique)
        }
        return names
    }

    static func records(_ input: [UInt8], delimiter: UInt8) -> [[String]] {
        let quote: UInt8 = 34
        let lf: UInt8 = 10
        let cr: UInt8 = 13
        let bytes = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var inQuotes = false
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field = []
            quoted = false
        }
        func endRecord() {
            endField()
            records.append(record)
            record = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte != quote {
                    field.append(byte)
                } else if index < bytes.count && bytes[index] == quote {
                    field.append(quote)
                    index += 1
                } else {
                    inQuotes = false
                }
            } else if byte == quote && field.isEmpty && !quoted {
                inQuotes = true
                quoted = true
            } else if byte == delimiter {
                endField()
            } else if byte == lf {
                endRecord()
            } else if byte == cr && index < bytes.count && bytes[index] == lf {
                index += 1
                endRecord()
            } else {
                field.append(byte)
            }
        }
        if !field.isEmpty || !record.isEmpty || quoted { endRecord() }
        return records
    }

    /// Whether `catalog` holds what `input` says under one of the delimiters: the header's names,
    /// every row, and each cell's text (a number's text may be written another way, as 1.50 for
    /// 1.5; a missing value is empty).
    static func agrees(with catalog: Catalog, _ input: [UInt8]) -> Bool {
        [UInt8(44), 59, 9].contains { delimiter in
            let records = records(input, delimiter: delimiter)
            guard let header = records.first, names(header) == catalog.columns.map(\.name),
                records.count - 1 == catalog.count
            else { return false }
            return catalog.columns.indices.allSatisfy { column in
                (0..<catalog.count).allSatisfy { row in
                    // A record shorter than the header (read as if it were whole) disagrees.
                    guard let field = records[row + 1].dropFirst(column).first else { return false }
                    let written = value(field)
                    let read = catalog.text(column, at: row)
                    return written == read || (Double(written) != nil && Double(written) == Double(read))
                }
            }
        }
    }
}
