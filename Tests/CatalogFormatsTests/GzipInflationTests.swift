import FoldoutCore
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import CatalogFormats

/// A `.gz` of one member is parsed as ISA-L decompresses it, any other decompressed whole by
/// ISA-L first, and by libarchive only when ISA-L cannot: every gzip file a user has still reads
/// as its text, and the fast way is the one taken.
final class GzipInflationTests: CatalogFilesTestCase {
    /// Rows enough that a member holds many deflate blocks.
    private var text: String {
        "id,city,price\n" + (1...20_000).map { "\($0),\(["Zürich", "Paris", "Oslo"][$0 % 3]),\($0 % 97).5\n" }.joined()
    }

    /// Python's gzip module writes `parts`, each a member of its own, back to back (as `cat a.gz
    /// b.gz` makes them, and as pigz and bgzip write large files).
    private func writeMembers(_ name: String, _ parts: [String]) throws {
        try FileManager.default.createDirectory(atPath: path("parts"), withIntermediateDirectories: true)
        for (index, part) in parts.enumerated() {
            try part.write(toFile: path("parts/\(index)"), atomically: true, encoding: .utf8)
        }
        try python(
            """
            import gzip, sys, os
            d = sys.argv[1]
            with open(os.path.join(d, '\(name)'), 'wb') as out:
                for index in range(\(parts.count)):
                    out.write(gzip.compress(open(os.path.join(d, 'parts', str(index)), 'rb').read()))
            """)
    }

    private func parsedAsInflated(_ name: String, loading: CatalogLoading? = nil) throws -> Catalog? {
        let contents = try CatalogFileContents(path: path(name), loading: nil)
        return try GzipInflation.parseAsInflated(
            contents, name: name, loading: loading,
            origin: contents.origin(.compressed("gzip", member: nil, inner: .delimited)))
    }

    /// A file large enough to be read in two halves, with quoted line breaks and delimiters: the
    /// catalog parsed as it is decompressed is the text's, value for value.
    func testALargeFileIsParsedAsItIsDecompressed() throws {
        var large = "id,city,note,price\n"
        for row in 0..<170_000 {
            let note = row % 9 == 0 ? "\"line one\nline two, \"\"quoted\"\"\"" : "note \(row % 31)"
            large += "\(row),\(["Zürich", "Paris", "Oslo"][row % 3]),\(note),\(row % 97).5\n"
        }
        XCTAssertGreaterThan(large.utf8.count, 4 << 20, "read in two halves")
        try writeMembers("large.csv.gz", [large])
        let catalog = try XCTUnwrap(try parsedAsInflated("large.csv.gz"), "not parsed as it was decompressed")
        assertSameTable(catalog, try Catalog.parseCSV(Array(large.utf8)), "large.csv.gz")
    }

    /// The text parsed is given back as the parser goes on; a column that meets a value its
    /// kind cannot hold far into the file sends the parser back to the start, and the text given
    /// back is inflated again for it: every value is the text's, the column's kind text.
    func testAColumnRereadAsTextPastWhatWasGivenBack() throws {
        var large = "id,code,note\n"
        for row in 0..<600_000 { large += "\(row),\(row % 1000),note \(row % 7)\n" }
        large += "600000,A12,last\n"
        XCTAssertGreaterThan(large.utf8.count, 8 << 20, "blocks given back before the text value")
        try writeMembers("codes.csv.gz", [large])
        let catalog = try XCTUnwrap(try parsedAsInflated("codes.csv.gz"), "not parsed as it was decompressed")
        let code = try XCTUnwrap(catalog.column(named: "code"))
        XCTAssertEqual(catalog.columns[code].kind, .text)
        XCTAssertEqual(catalog.text(code, at: 0), "0")
        XCTAssertEqual(catalog.text(code, at: 123_456), "456")
        XCTAssertEqual(catalog.text(code, at: 600_000), "A12")
        assertSameTable(catalog, try Catalog.parseCSV(Array(large.utf8)), "codes.csv.gz")
    }

    /// A checksum that disagrees with the text, every byte of which is there: the text is not
    /// taken as it was parsed (its last byte is never said written). The file then goes the way
    /// of what ISA-L cannot read, to libarchive, which reads it as it did before ISA-L.
    func testTextWhoseChecksumDisagreesIsNotTakenAsParsed() throws {
        try writeMembers("checked.csv.gz", [text])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path("checked.csv.gz")))
        bytes[bytes.count - 8] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path("checked.csv.gz")))
        XCTAssertNil(try parsedAsInflated("checked.csv.gz"))
        XCTAssertNil(try inflated("checked.csv.gz"))
    }

    /// Text that is not UTF-8 is read in the region's legacy character set, as a plain file is.
    /// Text that is not UTF-8 (its first letter that is not ASCII past the first megabytes) is
    /// read in the region's legacy character set, as a plain file is, its progress started over.
    func testLegacyTextIsReadInItsCharacterSet() throws {
        let ascii = (1...150_000).map { "\($0),Oslo,\($0 % 97).5\n" }.joined()
        try writeMembers("legacy.csv.gz", ["id,city,price\n" + ascii + "0,Zürich,1.5\n"])
        try python(
            """
            import gzip, sys, os
            d = sys.argv[1]
            text = gzip.decompress(open(os.path.join(d, 'legacy.csv.gz'), 'rb').read()).decode('utf-8')
            open(os.path.join(d, 'legacy.csv.gz'), 'wb').write(gzip.compress(text.encode('cp1252')))
            """)
        let loading = CatalogLoading(totalBytes: Catalog.fileSize(path("legacy.csv.gz")))
        XCTAssertNil(try parsedAsInflated("legacy.csv.gz", loading: loading))
        XCTAssertEqual(loading.fraction, 0, "the progress of the reading given up")
        let catalog = try load("legacy.csv.gz")
        let city = try XCTUnwrap(catalog.column(named: "city"))
        XCTAssertEqual(catalog.text(city, at: 0), "Oslo")
        XCTAssertEqual(catalog.text(city, at: 150_000), "Zürich")
    }

    /// The compressed bytes inflated are given back as the file is read on; text found not to be
    /// UTF-8 at its last line is then read from every byte of the file again, not from the zeros
    /// of the memory given back.
    func testLegacyTextFoundLateIsReadFromTheWholeFile() throws {
        try python(
            """
            import gzip, os, random, sys
            d = sys.argv[1]
            rng = random.Random(5)
            rows = ''.join('%d,%032x,%d.5\\n' % (i, rng.getrandbits(128), i % 97) for i in range(600000))
            text = 'id,token,price\\n' + rows + '0,Zürich,1.5\\n'
            open(os.path.join(d, 'tokens.csv.gz'), 'wb').write(gzip.compress(text.encode('cp1252'), 1))
            """)
        XCTAssertGreaterThan(Catalog.fileSize(path("tokens.csv.gz")), 12 << 20, "given back while inflated")
        let catalog = try load("tokens.csv.gz")
        XCTAssertEqual(catalog.count, 600_001)
        let token = try XCTUnwrap(catalog.column(named: "token"))
        XCTAssertEqual(catalog.text(token, at: 600_000), "Zürich")
        XCTAssertEqual(catalog.text(token, at: 0).count, 32)
    }

    private func inflated(_ name: String) throws -> [UInt8]? {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path(name)))
        return try bytes.withUnsafeBytes { raw in
            try GzipInflation.inflate(raw.bindMemory(to: UInt8.self), loading: nil, path: path(name))
        }
    }

    func testOneMemberIsInflatedWhole() throws {
        try writeMembers("one.csv.gz", [text])
        XCTAssertTrue(try inflated("one.csv.gz") == Array(text.utf8), "ISA-L did not give the text")
        XCTAssertEqual(try load("one.csv.gz").count, 20_000)
    }

    /// The last member's size is the only one written at the end; a buffer made for it is too
    /// small for the members before, and grows.
    func testSeveralMembersAreEveryRowInOrder() throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let large = lines[0..<15_000].joined(separator: "\n") + "\n"
        let rest = lines[15_000...].joined(separator: "\n")
        try writeMembers("several.csv.gz", [large, rest])
        XCTAssertTrue(try inflated("several.csv.gz") == Array(text.utf8), "ISA-L did not give every member")
        XCTAssertNil(try parsedAsInflated("several.csv.gz"), "the last member's size is not the text's")
        let catalog = try load("several.csv.gz")
        XCTAssertEqual(catalog.count, 20_000)
        let city = try XCTUnwrap(catalog.column(named: "city"))
        XCTAssertEqual(catalog.text(city, at: 19_999), "Oslo")
    }

    /// Bytes after the last member that are no member: ISA-L gives up, and libarchive reads the
    /// file as before.
    func testWhatISALCannotReadGoesToLibarchive() throws {
        try writeMembers("trailing.csv.gz", [text])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path("trailing.csv.gz")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0, count: 16))
        try handle.close()
        XCTAssertNil(try inflated("trailing.csv.gz"))
        XCTAssertEqual(try load("trailing.csv.gz").count, 20_000)
    }

    /// A gzipped tar is an archive: its member is found by libarchive.
    func testATarGzStillGivesItsMember() throws {
        try text.write(toFile: path("cities.csv"), atomically: true, encoding: .utf8)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/bin/tar")
        tar.arguments = ["-czf", path("cities.tar.gz"), "-C", folder.path, "cities.csv"]
        try tar.run()
        tar.waitUntilExit()
        XCTAssertEqual(tar.terminationStatus, 0)
        XCTAssertEqual(try load("cities.tar.gz").count, 20_000)
    }
}
