// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// Reading test files, and the slow, obviously right answers the catalog is checked against.
enum CatalogTestSupport {
    static func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Catalog {
        do throws(CatalogImportError) {
            return try Catalog.parseCSV(Array(text.utf8))
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            throw error
        }
    }

    static func refusal(_ bytes: [UInt8]) -> CatalogImportError? {
        do throws(CatalogImportError) {
            _ = try Catalog.parseCSV(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func refusal(_ text: String) -> CatalogImportError? { refusal(Array(text.utf8)) }

    /// Every cell as text, column by column.
    static func cells(_ catalog: Catalog) -> [[String]] {
        catalog.columns.indices.map { column in (0..<catalog.count).map { catalog.text(column, at: $0) } }
    }

    static func column(_ catalog: Catalog, _ name: String) -> Int { catalog.column(named: name)! }

    /// A random table: a few facets of text or whole numbers, a number column with decimals and
    /// negatives, a date column, a text column of mostly unique values; missing values here and there.
    static func randomCSV(rows: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        let colors = ["red", "Green", "blue", "Ärger", "yellow", "\"quoted\"", "a, b"]
        var text = "id,color,size,rating,price,added,title\n"
        for row in 0..<rows {
            func maybeMissing(_ value: String) -> String {
                Int.random(in: 0..<15, using: &random) == 0
                    ? ["", "NA", "null", "N/A"].randomElement(using: &random)! : value
            }
            let color = colors.randomElement(using: &random)!
            let quotedColor =
                color.contains(",") || color.contains("\"")
                ? "\"" + color.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : color
            let fields = [
                String(row),
                maybeMissing(quotedColor),
                maybeMissing(String(Int.random(in: 1...5, using: &random) * 2)),
                maybeMissing(String(Int.random(in: 1...4, using: &random))),
                maybeMissing(String(format: "%.2f", Double(Int.random(in: -500...5000, using: &random)) / 100)),
                maybeMissing(
                    String(
                        format: "2024-%02d-%02d", Int.random(in: 1...12, using: &random),
                        Int.random(in: 1...28, using: &random))),
                maybeMissing("Item \(Int.random(in: 0..<rows * 2, using: &random))"),
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }
}

/// Counts the changes a filter sends.
final class ChangeRecorder {
    private(set) var changes: [FacetFilter.Change] = []
    private var token: ObservationToken?
    var count: Int { changes.count }

    init(_ filter: FacetFilter) {
        token = filter.changes.add { [weak self] in self?.changes.append($0) }
    }
}

/// Brute force over the cells' text: which rows match, in which order, and each option's count.
final class FacetFilterOracle {
    let filter: FacetFilter
    /// Every cell's text, column by column, read once.
    let cells: [[String]]
    /// Each order computed so far (an order depends only on the catalog).
    private var orders: [CatalogSortKey?: [UInt32]] = [:]

    init(_ filter: FacetFilter) {
        self.filter = filter
        cells = CatalogTestSupport.cells(filter.catalog)
    }

    /// The row's option in a facet: the index of its text among the facet's options; nil if missing.
    func option(_ column: Int, _ row: Int) -> Int? {
        let text = cells[column][row]
        return text.isEmpty ? nil : filter.options(forColumn: column).firstIndex(of: text)
    }

    func matches(choices: [Int: Int], sort: CatalogSortKey?) -> [UInt32] {
        let order = orders[sort] ?? sorted(sort)
        orders[sort] = order
        return order.filter { row in choices.allSatisfy { option($0.key, Int(row)) == $0.value } }
    }

    /// A facet's counts: rows with every other facet's choice, by their option in this one.
    func counts(choices: [Int: Int], column: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: filter.options(forColumn: column).count)
        for row in cells[column].indices {
            guard choices.allSatisfy({ $0.key == column || option($0.key, row) == $0.value }),
                let mine = option(column, row)
            else { continue }
            counts[mine] += 1
        }
        return counts
    }

    /// Every row in `sort`'s order by a comparison sort: numbers by value, dates and date-times by
    /// their ISO text, text with ASCII letters compared without case first, and values of a column
    /// with an order of its own (the generated catalog's vocabularies) in that order; missing
    /// values last either way; ties by position.
    func sorted(_ sort: CatalogSortKey?) -> [UInt32] {
        let count = filter.catalog.count
        guard let sort else { return (0..<UInt32(count)).map { $0 } }
        let kind = filter.catalog.columns[sort.column].kind
        let given =
            filter.optionOrder(forColumn: sort.column) == .asGiven ? filter.options(forColumn: sort.column) : nil
        let texts = cells[sort.column]
        func before(_ a: String, _ b: String) -> Bool {
            if let given { return given.firstIndex(of: a)! < given.firstIndex(of: b)! }
            switch kind {
            case .number: return Double(a)! < Double(b)!
            case .date, .dateTime: return a < b
            case .text:
                let x = Array(a.utf8)
                let y = Array(b.utf8)
                func folded(_ bytes: [UInt8]) -> [UInt8] { bytes.map { (65...90).contains($0) ? $0 + 32 : $0 } }
                return folded(x) != folded(y)
                    ? folded(x).lexicographicallyPrecedes(folded(y)) : x.lexicographicallyPrecedes(y)
            }
        }
        return (0..<count).sorted { a, b in
            let (x, y) = (texts[a], texts[b])
            if x.isEmpty != y.isEmpty { return y.isEmpty }
            if !x.isEmpty && x != y && (before(x, y) || before(y, x)) {
                return sort.descending ? before(y, x) : before(x, y)
            }
            return a < b
        }.map(UInt32.init)
    }
}
