// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// A CSV whose records do not all have the header's fields is refused by default, and read
/// padded (too few fields) or without them (too many) when asked, its lines named.
final class RaggedRowsTests: CatalogFilesTestCase {
    private let padded = CatalogReadOptions(raggedRows: .pad)

    func testRaggedRowsAreRefusedByDefaultAndPaddedOrLeftOutWhenAsked() throws {
        try "a,b,c\n1,2,3\n4,5\n\"6\n7\",8,9,10\n11,12,13\n14\n".write(
            toFile: path("ragged.csv"), atomically: true, encoding: .utf8)
        XCTAssertEqual(refusal("ragged.csv")?.reason, .wrongFieldCount(expected: 3, found: 2))
        XCTAssertEqual(refusal("ragged.csv")?.line, 3)
        let catalog = try load("ragged.csv", padded)
        XCTAssertEqual(catalog.count, 4)
        XCTAssertEqual((0..<4).map { catalog.text(0, at: $0) }, ["1", "4", "11", "14"])
        XCTAssertEqual((0..<4).map { catalog.text(2, at: $0) }, ["3", "", "13", ""])
        XCTAssertEqual(catalog.origin?.irregularLines, [3, 4, 7])
    }

    func testATableAsWrittenIsReadTheSameAndNamesNoLines() throws {
        try "a;b\n1;2\n3;4\n".write(toFile: path("fine.csv"), atomically: true, encoding: .utf8)
        let catalog = try load("fine.csv", padded)
        XCTAssertEqual(catalog.count, 2)
        XCTAssertEqual(catalog.origin?.irregularLines, [])
        // A problem the padding does not mend is still named at its own line.
        try "a,b\n1,2\n3\n\"open,4\n".write(toFile: path("quote.csv"), atomically: true, encoding: .utf8)
        XCTAssertEqual(refusal("quote.csv", padded)?.reason, .unterminatedQuote)
    }

    func testCompressedRaggedTablesArePaddedToo() throws {
        try python(
            """
            import gzip, sys
            gzip.open(sys.argv[1] + '/r.csv.gz', 'wt').write('a,b\\n1,2\\n3\\n')
            """)
        XCTAssertNotNil(refusal("r.csv.gz"))
        XCTAssertEqual(try load("r.csv.gz", padded).count, 2)
    }
}
