// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// `foldout --catalog F [filters] --group-by A,B --aggregate … --groups OUT`: a row for each
/// innermost group, checked against the same figures worked out from the file's text.
final class CommandLineGroupsTests: XCTestCase, RunsFoldout {
    private var folder = ""
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "foldout-cli-groups-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        environment = ProcessInfo.processInfo.environment
        for name in ["CONFIG", "DATA", "CACHE", "STATE"] { environment["XDG_\(name)_HOME"] = folder + "/" + name }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// Made-up flights: a carrier, an origin (some missing), a month and two delays (some missing).
    private func flights() throws -> (path: String, rows: [[String]]) {
        var random = SystemRandomNumberGenerator()
        let rows = (0..<600).map { _ -> [String] in
            let delay = {
                Int.random(in: 0..<8, using: &random) == 0 ? "" : String(Int.random(in: -20...300, using: &random))
            }
            return [
                ["UA", "AA", "B6", "9E"].randomElement(using: &random)!,
                ["JFK", "LGA", "EWR", ""].randomElement(using: &random)!,
                String(Int.random(in: 11...12, using: &random)), delay(), delay(),
            ]
        }
        let path = folder + "/flights.csv"
        let text = (["carrier,origin,month,arr_delay,dep_delay"] + rows.map { $0.joined(separator: ",") })
        try (text.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, rows)
    }

    private func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    func testGroupsWritesEveryInnermostGroupsCountMeanAndMedianOfTheFilteredRows() throws {
        let (path, rows) = try flights()
        let december = rows.filter { $0[2] == "12" }
        var expected: [[String]: [[String]]] = [:]
        for row in december { expected[[row[0], row[1]], default: []].append(row) }
        for name in ["groups.csv", "groups.tsv"] {
            let out = folder + "/" + name
            let result = try run(
                [
                    "--catalog", path, "--choose", "month=12", "--group-by", "carrier,origin", "--aggregate",
                    "mean:arr_delay", "--aggregate", "median:dep_delay", "--groups", out,
                ], environment: environment)
            XCTAssertEqual(result.status, 0, result.errors)
            let separator: Character = name.hasSuffix(".csv") ? "," : "\t"
            let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map {
                $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            }
            XCTAssertEqual(lines.first, ["carrier", "origin", "rows", "mean(arr_delay)", "median(dep_delay)"])
            let groups = Array(lines.dropFirst())
            XCTAssertEqual(groups.count, expected.count, "\(name): a line a pair of carrier and origin")
            XCTAssertEqual(
                groups.map { [$0[0], $0[1]] },
                expected.keys.sorted { a, b in
                    a[0] != b[0]
                        ? a[0] < b[0] : (a[1].isEmpty ? "\u{10FFFF}" : a[1]) < (b[1].isEmpty ? "\u{10FFFF}" : b[1])
                }, "\(name): in the carriers' order, then the origins', no origin last")
            for group in groups {
                let members = try XCTUnwrap(expected[[group[0], group[1]]], "\(name): \(group)")
                XCTAssertEqual(Int(group[2]), members.count, "\(name): \(group)")
                let arrivals = members.compactMap { Double($0[3]) }
                let mean = arrivals.isEmpty ? nil : arrivals.reduce(0, +) / Double(arrivals.count)
                XCTAssertEqual(Double(group[3]) ?? .nan, mean ?? .nan, accuracy: 0.000_001, "\(name): \(group)")
                XCTAssertFalse(group[3].contains("e"), "a plain decimal: \(group[3])")
                XCTAssertEqual(Double(group[4]), median(members.compactMap { Double($0[4]) }), "\(name): \(group)")
            }
        }
    }

    /// What will not do is said in one line, with status 2, and no file is written.
    func testGroupsThatCannotBeMadeAreRefusedInOneLine() throws {
        let (path, _) = try flights()
        let out = folder + "/refused.csv"
        for (arguments, said) in [
            (["--aggregate", "mean:arr_delay"], "--group-by"),
            (["--group-by", "carrier,gate"], "gate"),
            (["--group-by", "carrier", "--aggregate", "sum:origin"], "origin"),
            (["--group-by", "arr_delay:month"], "period"),
            (["--group-by", "carrier,,origin"], "--group-by"),
            (["--group-by", "carrier", "--aggregate", "mode:arr_delay"], "--aggregate"),
        ] {
            let result = try run(["--catalog", path] + arguments + ["--groups", out], environment: environment)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.errors)")
            let lines = ownLines(result.errors)
            XCTAssertEqual(lines.count, 1, "\(arguments): \(result.errors)")
            XCTAssertTrue(lines.first?.contains(said) ?? false, "\(arguments): \(result.errors)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(arguments)")
        }
    }
}
