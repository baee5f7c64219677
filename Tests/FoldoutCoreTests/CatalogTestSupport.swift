// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
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

    static func column(_ catalog: Catalog, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> Int
    {
        try XCTUnwrap(catalog.column(named: name), "no column \(name)", file: file, line: line)
    }

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

    /// The row's option in a facet: the index of its text among the oracle's options; nil if missing.
    func option(_ column: Int, _ row: Int) -> Int? {
        let text = cells[column][row]
        return text.isEmpty ? nil : optionIndex(column)[text]
    }

    /// A facet's options, found from the cells alone: every distinct text but the empty one, a
    /// yes/no pair with "yes" first, numbers, dates and date-times by value (equal values in the
    /// order they first appear), text alphabetically ignoring ASCII case (then shorter first, then
    /// by bytes). A column whose values have an order of their own (the generated catalog's
    /// vocabularies) is the only one whose options come from the filter, once checked to hold
    /// every value.
    func options(_ column: Int) -> [String] {
        if let known = ownOptions[column] { return known }
        var seen: Set<String> = []
        let distinct = cells[column].filter { !$0.isEmpty && seen.insert($0).inserted }
        let yesFirst = [["1", "0"], ["true", "false"], ["yes", "no"], ["y", "n"]].first {
            Set($0) == Set(distinct.map { $0.lowercased() })
        }
        var options: [String]
        if let yesFirst {
            options = distinct.sorted { $0.lowercased() == yesFirst[0] && $1.lowercased() != yesFirst[0] }
        } else if filter.optionOrder(forColumn: column) == .asGiven {
            // A generated catalog's vocabulary is its options, even a word no row has.
            options = filter.options(forColumn: column)
            XCTAssertTrue(Set(distinct).isSubset(of: options), "column \(column)'s options lack values")
        } else if filter.catalog.columns[column].kind == .text {
            func folded(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 } }
            options = distinct.sorted {
                folded($0) != folded($1)
                    ? folded($0).lexicographicallyPrecedes(folded($1))
                    : Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }
        } else {
            let firstRow = Dictionary(cells[column].indices.reversed().map { (cells[column][$0], $0) }) { $1 }
            let value = { (text: String) in self.number(column, firstRow[text]!) ?? .nan }
            options = distinct.sorted {
                value($0) < value($1) || (value($0) == value($1) && firstRow[$0]! < firstRow[$1]!)
            }
        }
        ownOptions[column] = options
        optionIndices[column] = Dictionary(uniqueKeysWithValues: options.enumerated().map { ($1, $0) })
        return options
    }

    private var ownOptions: [Int: [String]] = [:]
    private var optionIndices: [Int: [String: Int]] = [:]

    private func optionIndex(_ column: Int) -> [String: Int] {
        if let known = optionIndices[column] { return known }
        _ = options(column)
        return optionIndices[column]!
    }

    /// The row's value as a number read from its text by Foundation's calendar: days since 1970
    /// for a date, seconds for a date-time; nil if missing.
    func number(_ column: Int, _ row: Int) -> Double? {
        if let known = numbers[column] { return known[row] }
        let kind = filter.catalog.columns[column].kind
        let values = cells[column].map { text -> Double? in
            guard !text.isEmpty else { return nil }
            switch kind {
            case .date: return Self.seconds(text).map { $0 / 86_400 }
            case .dateTime: return Self.seconds(text)
            default: return Double(text)
            }
        }
        numbers[column] = values
        return values[row]
    }

    private var numbers: [Int: [Double?]] = [:]

    /// "2024-03-05" or "2024-03-05 14:30:00" as seconds since 1970 (UTC, Gregorian).
    static func seconds(_ text: String) -> Double? {
        let parts = text.split { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" }.compactMap { Int($0) }
        guard parts.count == 3 || parts.count == 6 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        if parts.count == 6 { (components.hour, components.minute, components.second) = (parts[3], parts[4], parts[5]) }
        return calendar.date(from: components)?.timeIntervalSince1970
    }

    /// Whether the row passes every filter in `filters` but `column`'s, and the search `rows`.
    func passes(_ row: Int, _ filters: [Int: Filter], but column: Int? = nil, rows: Set<Int>? = nil) -> Bool {
        if let rows, !rows.contains(row) { return false }
        return filters.allSatisfy { entry in
            guard entry.key != column else { return true }
            switch entry.value {
            case .options(let ticked, let noValue, let excluded):
                let option = self.option(entry.key, row)
                return (option.map { ticked.contains($0) } ?? noValue) != excluded
            case .range(let lower, let upper, let missing):
                guard let value = number(entry.key, row) else { return missing }
                return value >= (lower ?? -.infinity) && value <= (upper ?? .infinity)
            }
        }
    }

    /// A filter as the oracle keeps it, apart from the filter's own types.
    enum Filter: Equatable {
        case options(Set<Int>, noValue: Bool, excluded: Bool)
        case range(Double?, Double?, missing: Bool)
    }

    func matches(filters: [Int: Filter], sort: CatalogSortKey?, rows: Set<Int>? = nil) -> [UInt32] {
        let order = orders[sort] ?? sorted(sort)
        orders[sort] = order
        return order.filter { passes(Int($0), filters, rows: rows) }
    }

    func matches(choices: [Int: Int], sort: CatalogSortKey?) -> [UInt32] {
        matches(filters: choices.mapValues { .options([$0], noValue: false, excluded: false) }, sort: sort)
    }

    /// A facet's counts: rows passing every other filter, by their option in this one, and last
    /// the rows with no value.
    func counts(filters: [Int: Filter], column: Int, rows: Set<Int>? = nil) -> [Int] {
        XCTAssertEqual(filter.options(forColumn: column), options(column), "column \(column)'s options")
        var counts = [Int](repeating: 0, count: options(column).count + 1)
        for row in cells[column].indices where passes(row, filters, but: column, rows: rows) {
            counts[option(column, row) ?? counts.count - 1] += 1
        }
        return counts
    }

    func counts(choices: [Int: Int], column: Int) -> [Int] {
        Array(
            counts(filters: choices.mapValues { .options([$0], noValue: false, excluded: false) }, column: column)
                .dropLast())
    }

    /// A range facet's histogram over `edges`: rows passing every other filter, by bin, and the
    /// rows with no value.
    func histogram(filters: [Int: Filter], column: Int, edges: [Double], rows: Set<Int>? = nil) -> ([Int], Int) {
        var counts = [Int](repeating: 0, count: edges.count - 1)
        var missing = 0
        for row in cells[column].indices where passes(row, filters, but: column, rows: rows) {
            guard let value = number(column, row) else {
                missing += 1
                continue
            }
            let bin = (edges.lastIndex { $0 <= value } ?? 0)
            counts[min(bin, counts.count - 1)] += 1
        }
        return (counts, missing)
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
        // A value the filter does not offer, or a "number" that is none, is the filter's fault: it
        // fails the test once the order is made (such values go last) rather than stopping the run.
        var strays: Set<String> = []
        func position(_ text: String, in given: [String]) -> Int {
            if let index = given.firstIndex(of: text) { return index }
            strays.insert(text)
            return given.count
        }
        func numberValue(_ text: String) -> Double {
            if let value = Double(text) { return value }
            strays.insert(text)
            return .infinity
        }
        func before(_ a: String, _ b: String) -> Bool {
            if let given { return position(a, in: given) < position(b, in: given) }
            switch kind {
            case .number: return numberValue(a) < numberValue(b)
            case .date, .dateTime: return a < b
            case .text:
                let x = Array(a.utf8)
                let y = Array(b.utf8)
                func folded(_ bytes: [UInt8]) -> [UInt8] { bytes.map { (65...90).contains($0) ? $0 + 32 : $0 } }
                return folded(x) != folded(y)
                    ? folded(x).lexicographicallyPrecedes(folded(y)) : x.lexicographicallyPrecedes(y)
            }
        }
        let order = (0..<count).sorted { a, b in
            let (x, y) = (texts[a], texts[b])
            if x.isEmpty != y.isEmpty { return y.isEmpty }
            if !x.isEmpty && x != y && (before(x, y) || before(y, x)) {
                return sort.descending ? before(y, x) : before(x, y)
            }
            return a < b
        }.map(UInt32.init)
        if !strays.isEmpty {
            XCTFail("column \(sort.column) holds \(strays.sorted()), which the filter cannot order")
        }
        return order
    }
}
