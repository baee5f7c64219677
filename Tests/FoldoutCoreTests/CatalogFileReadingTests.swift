// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import FoldoutCore

/// A file read from disk gives back the memory of what has been parsed, and reads the file again
/// where the parser must look back; text parsed as another thread writes it (a gzip file being
/// decompressed) is waited for: each gives the same catalog, or the same refusal, as the same
/// bytes in memory.
final class CatalogFileReadingTests: XCTestCase {
    /// A value that is not a number, far into a column of numbers: the file is read again from
    /// the start, with the column as text.
    func testALateTextValueReadsTheFileAgain() {
        var text = "id,amount,group,description\n"
        for row in 0..<200_000 {
            text += "\(row),\(row == 190_000 ? "unknown" : String(row % 1000)),g\(row % 5),item number \(row)\n"
        }
        assertSameFromFile(Array(text.utf8))
    }

    /// The middle of the file falls in a quoted field that runs on for megabytes, past what the
    /// second half keeps: the whole is read again on one thread. The field ends with the rest of the
    /// file (which the second half may have given back before the first reaches it) or before.
    func testAQuotedFieldFarAcrossTheMiddleIsReadAgainAlone() {
        for (rowsBefore, rowsAfter) in [(150_000, 100), (330_000, 150_000)] {
            var text = "name,note,n\n"
            for row in 0..<rowsBefore { text += "name \(row),plain note \(row % 97),\(row)\n" }
            text += "\""
            for line in 0..<150_000 { text += "name \(line),looks like a record,\(line)\n" }
            text += "end\",quoted,0\n"
            for row in 0..<rowsAfter { text += "name \(row),plain note after,\(row)\n" }
            assertSameFromFile(Array(text.utf8))
        }
    }

    /// Problems in either half of a file, after much of it has been given back, are named as the
    /// same bytes in memory name them.
    func testProblemsFarIntoAFileAreNamedAsInMemory() {
        var lines = ["id,name,group"]
        for row in 0..<300_000 { lines.append("\(row),name \(row) with some words,g\(row % 7)") }
        let problems = [
            (280_001, "ragged"), (120_001, "ragged"), (240_001, "quote"), (130_001, "utf8"), (260_001, "utf8"),
        ]
        for (badLine, problem) in problems {
            var text = lines
            switch problem {
            case "ragged": text[badLine - 1] += ",extra"
            case "quote": text[badLine - 1] = "1,\"never closed,g1"
            default: text[badLine - 1] = "1,caf\u{FFFD},g1"
            }
            var bytes = Array((text.joined(separator: "\n") + "\n").utf8)
            if problem == "utf8", let at = bytes.firstIndex(of: 0xEF) { bytes[at] = 0xFF }
            assertSameFromFile(bytes)
        }
    }

    /// Text in letters of two, three and four bytes, a file long enough to be read ahead in many
    /// stretches: wherever a stretch ends inside a letter, the letter is read whole.
    func testLettersAcrossTheStretchesReadAheadAreWhole() {
        let words = ["Ελληνικά", "日本語のテキスト", "Ærøskøbing", "𝄞 music 🎻", "naïve café"]
        var text = "id,title,group\n"
        for row in 0..<110_000 { text += "\(row),\(words[row % 5]) \(words[(row / 5) % 5]) \(row),g\(row % 3)\n" }
        assertSameFromFile(Array(text.utf8))
    }

    /// A stretch read ahead that ends inside a letter is not a bad letter: the check of the text
    /// stops before it, and goes on once the rest is read.
    func testTheCheckOfTheTextWaitsForALetterReadInPart() throws {
        let bytes = Array("id,name\n1,Ærø\n".utf8)
        try bytes.withUnsafeBufferPointer { bytes in
            var scanner = CatalogCSVScanner(bytes: bytes, startingAt: 0)
            scanner.readable = 14  // after the first byte of "ø"
            XCTAssertNoThrow(try scanner.checkUTF8(through: 8))
            XCTAssertLessThanOrEqual(scanner.checkedUpTo, 13)
            scanner.readable = bytes.count
            try scanner.checkUTF8(through: bytes.count)
            XCTAssertEqual(scanner.checkedUpTo, bytes.count)
        }
    }

    /// Records longer than what is read ahead of the parser, near the start of the file and in
    /// each half, quoted or not: the file is read whole and parsed again, with the same values.
    func testRecordsLongerThanWhatIsReadAheadAreReadWhole() {
        let long = String(repeating: "a long note with many words ", count: 100_000)
        for (place, quoted) in [(10, false), (10, true), (60_000, false), (230_000, true)] {
            var text = "id,group,note\n"
            for row in 0..<250_000 {
                let note = row != place ? "short note \(row % 13)" : quoted ? "\"\(long), quoted\"" : long
                text += "\(row),g\(row % 4),\(note)\n"
            }
            assertSameFromFile(Array(text.utf8))
        }
    }

    /// The writer's last byte is said only once it says the text is whole: text that a late
    /// check refuses (a gzip file's checksum) is never parsed to its end, and is not taken.
    func testTextNotSaidWholeIsNeverParsedToTheEnd() {
        var text = "id,name\n"
        for row in 0..<300_000 { text += "\(row),name \(row)\n" }
        let bytes = Array(text.utf8)
        for whole in [false, true] {
            let written = writtenSlowly(bytes, whole: whole)
            let parsed = Catalog.parseDelimited(written, name: "", loading: nil, origin: nil)
            XCTAssertEqual(written.finish(), whole)
            XCTAssertEqual((try? parsed.get())?.count, whole ? 300_000 : nil, "whole: \(whole)")
        }
    }

    /// Text that `bytes` are written into a stretch at a time, by a thread that pauses between
    /// stretches so that the parser waits for them; said whole at the end or not (`whole`).
    private func writtenSlowly(_ bytes: [UInt8], whole: Bool = true) -> CatalogTextInProgress {
        let text = CatalogTextInProgress(capacity: bytes.count) { text in
            var end = 0
            while end < bytes.count && !text.isStopped {
                let next = min(end + (64 << 10), bytes.count)
                bytes.withUnsafeBufferPointer { source in
                    _ = UnsafeMutableBufferPointer(rebasing: text.memory[end..<next]).update(
                        fromContentsOf: source[end..<next])
                }
                end = next
                text.wrote(upTo: end)
                usleep(100)
            }
            return whole && end == bytes.count
        }
        return text!
    }

    private func assertSameFromFile(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(bytes.count, 4 << 20, "read in two halves", file: file, line: line)
        let path = NSTemporaryDirectory() + "foldout-reading-\(getpid()).csv"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)), file: file, line: line)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let inMemory = Result { () throws(CatalogImportError) in try Catalog.parseCSV(bytes) }
        let fromFile = Result { () throws(CatalogImportError) in try Catalog.load(path: path) }
        let written = writtenSlowly(bytes)
        let asWritten = Catalog.parseDelimited(written, name: "", loading: nil, origin: nil)
        XCTAssertTrue(written.finish(), file: file, line: line)
        for (way, read) in [("from the file", fromFile), ("as it is written", asWritten)] {
            switch (inMemory, read) {
            case (.success(let expected), .success(let read)):
                XCTAssertEqual(read.columns.map(\.kind), expected.columns.map(\.kind), way, file: file, line: line)
                XCTAssertEqual(
                    CatalogTestSupport.cells(read), CatalogTestSupport.cells(expected), way, file: file, line: line)
            case (.failure(let expected), .failure(let error)):
                XCTAssertEqual(error, expected, way, file: file, line: line)
            default:
                XCTFail("in memory \(inMemory), \(way) \(read)", file: file, line: line)
            }
        }
    }
}
