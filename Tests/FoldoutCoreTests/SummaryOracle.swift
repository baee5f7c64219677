// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import XCTest

/// The slow, obviously right figures a summary and a measure are checked against, computed from
/// the file's own text (split at commas: the test files have no quoted fields), never from the
/// catalog's columns.
struct SummaryOracle {
    let header: [String]
    /// Every cell as the file writes it, column by column.
    let cells: [[String]]
    let kinds: [CatalogColumn.Kind]

    init(csv: String, catalog: Catalog) {
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        header = lines[0]
        cells = header.indices.map { column in lines.dropFirst().map { $0[column] } }
        kinds = catalog.columns.map(\.kind)
    }

    static func isMissing(_ text: String) -> Bool { ["", "NA", "N/A", "null", "NaN"].contains(text) }

    /// A cell as a number: the number, days since 1970 for a date, seconds for a date-time.
    func number(_ column: Int, _ row: Int) -> Double? {
        let text = cells[column][row]
        guard !Self.isMissing(text) else { return nil }
        switch kinds[column] {
        case .number: return Double(text)
        case .date: return FacetFilterOracle.seconds(text).map { $0 / 86_400 }
        case .dateTime: return FacetFilterOracle.seconds(text)
        case .text: return nil
        }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func aggregate(_ aggregate: FacetMeasure.Aggregate, _ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        switch aggregate {
        case .sum: return values.reduce(0, +)
        case .mean: return values.reduce(0, +) / Double(values.count)
        case .median: return median(values)
        case .minimum: return values.min()
        case .maximum: return values.max()
        }
    }

    /// What `column`'s summary over `rows` should be. `commonWanted` says whether it lists common
    /// values; their ties go in the column's order (numbers and dates by value, text by bytes with
    /// ASCII letters compared without case first).
    func summary(_ column: Int, rows: [Int], commonWanted: Bool) -> ColumnSummary {
        let kind = kinds[column]
        let texts = rows.map { cells[column][$0] }.filter { !Self.isMissing($0) }
        let numbers = kind == .text ? [] : rows.compactMap { number(column, $0) }
        let distinct = kind == .text ? Set(texts).count : Set(numbers).count
        var histogram: [Int] = []
        if let low = numbers.min(), let high = numbers.max() {
            histogram = [Int](repeating: 0, count: 20)
            for value in numbers {
                histogram[high > low ? min(19, Int(((value - low) / (high - low) * 20).rounded(.down))) : 0] += 1
            }
        }
        var common: [ColumnSummary.CommonValue] = []
        if commonWanted {
            var counts: [String: Int] = [:]
            for text in texts { counts[text, default: 0] += 1 }
            func folded(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 } }
            func before(_ a: String, _ b: String) -> Bool {
                if kind != .text {
                    let (x, y) = (key(a), key(b))
                    return x < y
                }
                return folded(a) != folded(b)
                    ? folded(a).lexicographicallyPrecedes(folded(b)) : Array(a.utf8).lexicographicallyPrecedes(b.utf8)
            }
            func key(_ text: String) -> Double {
                switch kind {
                case .date: FacetFilterOracle.seconds(text)! / 86_400
                case .dateTime: FacetFilterOracle.seconds(text)!
                default: Double(text)!
                }
            }
            common = counts.sorted { $0.value != $1.value ? $0.value > $1.value : before($0.key, $1.key) }.prefix(5).map
            {
                ColumnSummary.CommonValue(value: $0.key, count: $0.value)
            }
        }
        return ColumnSummary(
            column: column, name: header[column], kind: kind, present: texts.count, missing: rows.count - texts.count,
            distinct: distinct, minimum: numbers.min(), median: Self.median(numbers),
            mean: numbers.isEmpty ? nil : numbers.reduce(0, +) / Double(numbers.count), maximum: numbers.max(),
            histogram: histogram, common: common)
    }
}

/// Asserting two figures equal but for floating-point rounding (sums in another order).
func assertClose(
    _ actual: Double?, _ expected: Double?, _ message: @autoclosure () -> String, file: StaticString = #filePath,
    line: UInt = #line
) {
    switch (actual, expected) {
    case (nil, nil): return
    case (let actual?, let expected?):
        let tolerance = 1e-9 * max(1, expected.magnitude)
        if (actual - expected).magnitude > tolerance {
            XCTFail("\(actual) is not \(expected): \(message())", file: file, line: line)
        }
    default:
        XCTFail(
            "\(String(describing: actual)) is not \(String(describing: expected)): \(message())", file: file, line: line
        )
    }
}
