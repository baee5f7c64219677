// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

@testable import FoldoutCore

/// A catalog file that another program truncates, extends and rewrites while Foldout reads it
/// (issue 26): every load gives the catalog of one version of the file as it was, or says that the
/// file changed; none crashes (reading a mapped page past a new end of the file would: SIGBUS).
final class CatalogChangingFileTests: XCTestCase {
    func testAFileChangedWhileReadGivesOneVersionOrSaysSo() {
        let path = NSTemporaryDirectory() + "foldout-changing-\(getpid()).csv"
        let writer = ChangingCatalogFile(path: path, seed: 26)
        defer { writer.stop() }
        var random = SeededGenerator(seed: 1)
        var catalogs = 0
        var changed = 0
        for load in 1...200 {
            do throws(CatalogImportError) {
                let catalog = try Catalog.load(path: path)
                if let problem = Self.problem(in: catalog, random: &random) {
                    XCTFail("load \(load): \(problem)")
                }
                catalogs += 1
            } catch {
                switch error.reason {
                case .changedWhileRead:
                    XCTAssertEqual(error.line, 0)
                    XCTAssertEqual(
                        error.description, "“foldout-changing-\(getpid()).csv” changed while it was read; try again")
                    changed += 1
                // The file as the writer had it for a moment: empty, the header alone, or cut in a row.
                case .empty, .noRows: break
                case .wrongFieldCount(expected: 4, let found) where found < 4: break
                default: XCTFail("load \(load): \(error)")
                }
            }
            usleep(UInt32.random(in: 0..<5_000, using: &random))
        }
        // How many loads fell between changes and how many met one depends on the machine's
        // timing: the tests below make each outcome happen on purpose.
        print("\(catalogs) loads gave a version, \(changed) said the file changed")
    }

    /// A file written to in the middle of its reading, in each way another program can: whatever
    /// the timing, the snapshot says the file changed; a small file read on one thread, a large one
    /// in two halves at once.
    func testAWriteDuringTheReadIsSeen() throws {
        try checkAWriteDuringTheReadIsSeen(size: 3 << 21)
        try checkAWriteDuringTheReadIsSeen(size: 3 << 23)
    }

    private func checkAWriteDuringTheReadIsSeen(size: Int) throws {
        let path = NSTemporaryDirectory() + "foldout-written-\(getpid()).csv"
        defer { unlink(path) }
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: size)
        let changes: [(String, (FileHandle) throws -> Void)] = [
            (
                "appended",
                {
                    try $0.seekToEnd()
                    $0.write(Data("more\n".utf8))
                }
            ),
            ("cut short", { try $0.truncate(atOffset: 1_000) }),
            ("overwritten in place", { $0.write(Data("b".utf8)) }),
        ]
        for (name, change) in changes {
            try Data(text).write(to: URL(fileURLWithPath: path))
            var changedOnce = false
            do {
                _ = try FileSnapshot(path: path, limit: Int.max) { _ in
                    if !changedOnce, let handle = FileHandle(forUpdatingAtPath: path) {
                        changedOnce = true
                        try? change(handle)
                        try? handle.close()
                    }
                    return true
                }
                XCTFail("a file \(name) while read gave a snapshot")
            } catch {
                guard case .changed = error else { return XCTFail("\(name): \(error)") }
            }
            XCTAssertTrue(changedOnce, name)
        }
    }

    /// A large file, read in two halves at once, is every byte of the file in its place; the
    /// progress heard grows to the file's size; stopping it says the reading was cancelled.
    func testALargeFileIsReadWholeAndCanBeStopped() throws {
        let path = NSTemporaryDirectory() + "foldout-large-\(getpid()).csv"
        defer { unlink(path) }
        var random = SeededGenerator(seed: 36)
        let size = (17 << 20) + 12_345
        // A random block of a prime length, repeated: no two places of a half hold the same run.
        let block = (0..<4_093).map { _ in UInt8.random(in: 32...126, using: &random) }
        let text = Data((0..<size).map { block[$0 % block.count] })
        try text.write(to: URL(fileURLWithPath: path))
        var heard: [Int] = []
        let snapshot = try FileSnapshot(path: path, limit: Int.max) {
            heard.append($0)
            return true
        }
        XCTAssertTrue(Data(buffer: snapshot.bytes) == text, "the snapshot differs from the file")
        XCTAssertEqual(heard, heard.sorted(), "the progress went back")
        XCTAssertGreaterThanOrEqual(heard.last ?? 0, size / 2)
        XCTAssertLessThanOrEqual(heard.last ?? 0, size)
        var calls = 0
        do {
            _ = try FileSnapshot(path: path, limit: Int.max) { _ in
                calls += 1
                return calls < 2
            }
            XCTFail("a stopped reading gave a snapshot")
        } catch {
            guard case .system(let failure) = error, failure.code == SystemLibrary.ErrorCode.cancelled else {
                return XCTFail("stopped: \(error)")
            }
        }
    }

    /// The change, as `Catalog.load` says it.
    func testAChangedFileIsSaidInOneLine() {
        let error = CatalogFile.error(.changed, path: "/tmp/flights.csv", loading: nil)
        XCTAssertEqual(error.reason, .changedWhileRead)
        XCTAssertEqual(error.description, "“flights.csv” changed while it was read; try again")
    }

    /// What makes `catalog` other than the start of one version: more rows than it has, or a row
    /// (the first, the last, every hundredth and some at random) not that version's; the last
    /// one may be cut short.
    private static func problem(in catalog: Catalog, random: inout SeededGenerator) -> String? {
        let columns = ["id", "version", "value", "name"].compactMap(catalog.column(named:))
        guard columns.count == 4, catalog.count > 0 else { return "columns \(catalog.columns.map(\.name))" }
        guard let version = Int(catalog.text(columns[1], at: 0)), ChangingCatalogFile.versions.contains(version),
            catalog.count <= ChangingCatalogFile.rowCount(ofVersion: version)
        else { return "\(catalog.count) rows of version \(catalog.text(columns[1], at: 0))" }
        var rows = Set(stride(from: 0, to: catalog.count, by: max(catalog.count / 100, 1)))
        rows.insert(catalog.count - 1)
        for _ in 0..<32 { rows.insert(Int.random(in: 0..<catalog.count, using: &random)) }
        for row in rows.sorted() {
            let found = columns.map { catalog.text($0, at: row) }
            let expected = ChangingCatalogFile.fields(row, version: version)
            let cut =
                row == catalog.count - 1 && expected.joined(separator: ",").hasPrefix(found.joined(separator: ","))
            if found != expected && !cut {
                return "row \(row) of \(catalog.count) is \(found), version \(version) has \(expected)"
            }
        }
        return nil
    }
}
