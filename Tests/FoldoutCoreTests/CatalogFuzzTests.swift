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
