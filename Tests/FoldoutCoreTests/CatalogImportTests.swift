// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import XCTest

/// Reading CSV and TSV files of any shape, and what is inferred from them.
final class CatalogImportTests: XCTestCase {
    private let books = """
        title,author,genre,year,price
        Nineteen Eighty-Four,George Orwell,Dystopia,1949,9.99
        Brave New World,Aldous Huxley,Dystopia,1932,8.50
        The Hobbit,J. R. R. Tolkien,Fantasy,1937,12
        A Wizard of Earthsea,Ursula K. Le Guin,Fantasy,1968,10.25
        Dune,Frank Herbert,Science fiction,1965,11.40
        The Left Hand of Darkness,Ursula K. Le Guin,Science fiction,1969,NA

        """

    /// R's write.csv numbers the rows in a first column with an empty header.
    func testARowNumberColumnIsNoTitleDetailOrFacet() throws {
        var text = "\"\",\"species\",\"mass\",\"island\"\n"
        for row in 1...60 {
            let (species, island) = (["Adelie", "Gentoo"][row % 2], ["Biscoe", "Dream", "Torgersen"][row % 3])
            text += "\"\(row)\",\"\(species)\",\(3000 + row * 7),\"\(island)\"\n"
        }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.columns.first?.name, "Column 1")
        XCTAssertEqual(catalog.rowNumberColumn, 0)
        XCTAssertFalse(catalog.detailColumns.contains(0), "a row's number is no detail")
        XCTAssertFalse(catalog.facetColumns.contains(0))
        XCTAssertNotEqual(catalog.titleColumn, 0)
        let named = try CatalogTestSupport.parse(text.replacingOccurrences(of: "\"\",\"species\"", with: "id,species"))
        XCTAssertNil(named.rowNumberColumn, "a column named id is the file's own")
        XCTAssertTrue(named.detailColumns.contains(0))
        let shuffled = try CatalogTestSupport.parse(text.replacingOccurrences(of: "\"2\",", with: "\"7\","))
        XCTAssertNil(shuffled.rowNumberColumn, "numbers out of order are data")
    }

    func testABookListGetsKindsATitleAndAFacet() throws {
        let catalog = try CatalogTestSupport.parse(books)
        XCTAssertEqual(catalog.count, 6)
        XCTAssertEqual(catalog.columns.map(\.name), ["title", "author", "genre", "year", "price"])
        XCTAssertEqual(catalog.columns.map(\.kind), [.text, .text, .text, .number, .number])
        XCTAssertEqual(catalog.titleColumn, 0)
        XCTAssertEqual(
            catalog.facetColumns, [2, 4], "genre repeats; titles, authors and years hardly do; a price gets a range")
        XCTAssertEqual(catalog.text(4, at: 1), "8.50")
        XCTAssertEqual(catalog.text(4, at: 2), "12", "a value is shown as the file writes it")
        XCTAssertEqual(catalog.text(4, at: 5), "", "NA is missing")
        XCTAssertEqual(catalog.columns.dropFirst(4).first?.missingCount, 1)
        XCTAssertEqual(FacetFilter(catalog: catalog).options(forColumn: 2), ["Dystopia", "Fantasy", "Science fiction"])
    }

    /// Values of up to seven bytes are looked up by their bytes as a word, longer ones by a hash:
    /// every value of one to eight letters of two (and of two-byte letters) keeps its own option.
    func testEveryShortValueIsItsOwnOption() throws {
        var values: [String] = []
        for letters in [["a", "b"], ["é", "e"]] {
            var level = [""]
            for _ in 1...8 {
                level = level.flatMap { prefix in letters.map { prefix + $0 } }
                values += level.filter { $0.utf8.count <= 8 }
            }
        }
        values = Array(Set(values)).sorted()
        var random = SystemRandomNumberGenerator()
        let rows = (values + values).shuffled(using: &random)
        let catalog = try Catalog.parseCSV(
            Array(("id,value\n" + rows.indices.map { "\($0),\(rows[$0])\n" }.joined()).utf8))
        XCTAssertEqual(rows.indices.map { catalog.text(1, at: $0) }, rows)
        XCTAssertEqual(Set(FacetFilter(catalog: catalog).options(forColumn: 1)), Set(values))
    }

    func testMissingValuesInAnyColumn() throws {
        let catalog = try CatalogTestSupport.parse(
            "a,b,c\n1,x,2024-01-01\n,NA,null\nN/A,NaN,\n4,x,2024-01-03\nnull,y,n/a\n")
        XCTAssertEqual(catalog.columns.map(\.kind), [.number, .text, .date])
        XCTAssertEqual(catalog.columns.map(\.missingCount), [3, 2, 3])
        XCTAssertEqual(CatalogTestSupport.cells(catalog).first, ["1", "", "", "4", ""])
        XCTAssertTrue(catalog.columns.dropFirst(2).first?.isMissing(at: 1) == true)
    }

    func testBOMCRLFSemicolonsAndTabs() throws {
        let bom = "\u{FEFF}name;price;city\r\nA;1,5;Köln\r\nB;2;Bonn\r\n"
        let semicolons = try CatalogTestSupport.parse(bom)
        XCTAssertEqual(semicolons.columns.map(\.name), ["name", "price", "city"])
        XCTAssertEqual(CatalogTestSupport.cells(semicolons), [["A", "B"], ["1,5", "2"], ["Köln", "Bonn"]])
        let tabs = try CatalogTestSupport.parse("name\tnote\nA\tx, y\nB\t\"quoted\ttab\"\n")
        XCTAssertEqual(CatalogTestSupport.cells(tabs), [["A", "B"], ["x, y", "quoted\ttab"]])
    }

    /// Lines ended by a carriage return alone (classic Mac OS; statsmodels ships such files) are
    /// records; in a file of line feeds a carriage return stays a character of its value.
    func testCarriageReturnsAloneEndLines() throws {
        let mac = try CatalogTestSupport.parse("wpi,t,note\r30.7,1960q1,\"two\rlines\"\r\r30.8,1960q2,\r")
        XCTAssertEqual(mac.count, 2)
        XCTAssertEqual(
            CatalogTestSupport.cells(mac), [["30.7", "30.8"], ["1960q1", "1960q2"], ["two\nlines", ""]])
        XCTAssertEqual(mac.columns.first?.kind, .number)
        let unix = try CatalogTestSupport.parse("a,b\nx\ry,1\nz,2\n")
        XCTAssertEqual(CatalogTestSupport.cells(unix), [["x\ry", "z"], ["1", "2"]])
        XCTAssertThrowsError(try Catalog.parseCSV(Array("a,b\r1,2\r3\r".utf8))) { error in
            XCTAssertEqual((error as? CatalogImportError)?.line, 3, "lines are counted by their carriage returns")
        }
    }

    func testQuotedDelimitersLineBreaksAndEscapedQuotes() throws {
        let text = "name,note\n\"Smith, John\",\"said \"\"hi\"\"\nthen left\"\nplain,\"\"\n"
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(CatalogTestSupport.cells(catalog), [["Smith, John", "plain"], ["said \"hi\"\nthen left", ""]])
    }

    func testConstantAndAllUniqueColumnsAreNotFacets() throws {
        var text = "id,country,code,team\n"
        for row in 0..<40 { text += "\(row),Norway,C\(row),\(["red", "blue"][row % 2])\n" }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.facetColumns, [3], "a constant column filters nothing; a unique one is no facet")
        XCTAssertEqual(catalog.columns.dropFirst(1).first?.distinctCount, 1)
        XCTAssertTrue(FacetFilter(catalog: catalog).canMakeFacet(1), "the user may still make it one")
        XCTAssertEqual(catalog.titleColumn, 2, "the text column with the most values titles the rows")
    }

    func testNegativeNumbersExponentsAndLeadingZeros() throws {
        let catalog = try CatalogTestSupport.parse("a,b,zip\n-3,1e5,02134\n12.50,-2.5E-3,10001\n+7,0.5,00501\n")
        XCTAssertEqual(catalog.columns.map(\.kind), [.number, .number, .text], "a leading zero keeps a code as text")
        XCTAssertEqual(catalog.positions(sortedBy: CatalogSortKey(column: 0)), [0, 2, 1], "-3 < +7 < 12.50")
        XCTAssertEqual(
            catalog.positions(sortedBy: CatalogSortKey(column: 1, descending: true)), [0, 2, 1], "1e5 > 0.5 > -2.5E-3")
        XCTAssertEqual(CatalogTestSupport.cells(catalog).dropFirst(2).first, ["02134", "10001", "00501"])
    }

    func testDatesAndDateTimes() throws {
        let catalog = try CatalogTestSupport.parse(
            """
            day,when,mixed,bad
            2024-02-29,2013-01-01 05:00:00,2024-01-01,2023-02-29
            1999-12-31,2013-01-01T17:30:15Z,2024-01-01T10:00,2024-01-01

            """)
        XCTAssertEqual(catalog.columns.map(\.kind), [.date, .dateTime, .dateTime, .text])
        XCTAssertEqual(
            CatalogTestSupport.cells(catalog).dropFirst(1).first, ["2013-01-01 05:00:00", "2013-01-01T17:30:15Z"],
            "as written")
        XCTAssertEqual(catalog.positions(sortedBy: CatalogSortKey(column: 0)), [1, 0])
        XCTAssertEqual(
            catalog.positions(sortedBy: CatalogSortKey(column: 2, descending: true)), [1, 0], "midnight before ten")
    }

    /// Every day of eight centuries (Foundation's Gregorian calendar writes them) reads as a date
    /// that writes back as it was written, in order; a value that is no day makes the column text.
    func testEveryDayIsADateAndNothingElseIs() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var day = calendar.date(from: DateComponents(year: 1600, month: 1, day: 1))!
        let end = calendar.date(from: DateComponents(year: 2401, month: 1, day: 1))!
        var days: [String] = []
        while day < end {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            days.append(CatalogDate.isoText(year: parts.year!, month: parts.month!, day: parts.day!))
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        let catalog = try CatalogTestSupport.parse("day\n" + days.joined(separator: "\n") + "\n")
        XCTAssertEqual(catalog.columns.map(\.kind), [.date])
        let read = CatalogTestSupport.cells(catalog)[0]
        XCTAssertEqual(read.count, days.count)
        let differing = zip(read, days).first { $0.0 != $0.1 }
        XCTAssertNil(differing, "a day read back as another")
        let sorted = catalog.positions(sortedBy: CatalogSortKey(column: 0))
        XCTAssertTrue(sorted.elementsEqual(0..<UInt32(days.count)), "the days out of order")
        for bad in [
            "2024-0a-01", "2024-13-01", "2024-00-10", "2024-02-30", "2023-02-29", "0000-01-01", "2024-01-00",
            "2024-1-01 ", "2024-01/01", "20240-1-01", "2024-01-0/", "/024-01-01", "2024-01-0:", "2024-0:-01",
            "202:-01-01", "2024-01-:1",
        ] {
            let column = try CatalogTestSupport.parse("day\n2024-01-01\n\(bad)\n").columns[0]
            XCTAssertEqual(column.kind, .text, bad)
        }
    }

    /// Dates written with slashes, the year first (Seattle's weather in vega_datasets): dates,
    /// sorted and faceted as a range; a separator of each kind in one value is no date.
    func testDatesWithSlashesAreDates() throws {
        var text = "date,weather,odd\n"
        for day in 1...28 {
            text += "2012/02/\(day < 10 ? "0" : "")\(day),\(day % 3 == 0 ? "rain" : "sun"),2012/02-01\n"
        }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.columns.map(\.kind), [.date, .text, .text])
        XCTAssertEqual(catalog.positions(sortedBy: CatalogSortKey(column: 0, descending: true)).first, 27)
        XCTAssertTrue(catalog.facetColumns.contains(0), "the date is no range facet")
        let filter = FacetFilter(catalog: catalog)
        let typed = FacetRange(
            lower: FacetValueText.parse("2012/02/10", catalog.columns[0]),
            upper: FacetValueText.parse("2012-02-19", catalog.columns[0]))
        filter.setRange(typed, forColumn: 0)
        XCTAssertEqual(filter.matchCount, 10)
    }

    func testWholeNumberFacetsAreOrderedByValue() throws {
        var text = "month,name\n"
        for row in 0..<240 { text += "\(row % 12 + 1),n\(row)\n" }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.facetColumns, [0])
        let filter = FacetFilter(catalog: catalog)
        XCTAssertEqual(filter.options(forColumn: 0), (1...12).map(String.init))
        XCTAssertEqual(filter.optionOrder(forColumn: 0), .byValue)
        XCTAssertEqual(filter.counts(forColumn: 0), Array(repeating: 20, count: 12))
    }

    func testMissingAndRepeatedHeadersGetUsableNames() throws {
        let catalog = try CatalogTestSupport.parse("name,,name, name \nA,1,2,3\n")
        XCTAssertEqual(catalog.columns.map(\.name), ["name", "Column 2", "name (2)", "name (3)"])
    }

    func testAColumnThatStopsBeingNumbersIsReadAgainAsText() throws {
        var text = "code,group\n"
        for row in 0..<3000 { text += "\(row * 7),g\(row % 3)\n" }
        text += "X-1,g1\n"
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.columns.first?.kind, .text)
        XCTAssertEqual(catalog.count, 3001)
        XCTAssertEqual(catalog.text(0, at: 2999), "20993")
        XCTAssertEqual(catalog.text(0, at: 3000), "X-1")
    }

    func testMeasurementsAreNoFacetsButTheirCategoriesAre() throws {
        var text = "species,mass_g,sex\n"
        for row in 0..<300 {
            let sex = row % 7 == 0 ? "NA" : ["male", "female"][row % 3 % 2]
            text += "\(["Adelie", "Gentoo"][row % 2]),\(3000 + row % 90 * 25),\(sex)\n"
        }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.facetColumns, [0, 2], "90 different weights are a measurement, not a facet")
        XCTAssertEqual(catalog.titleColumn, 0, "with no plain text column, rows are titled by their first text facet")
    }

    func testManyDistinctNumbersAreStoredParsed() throws {
        var text = "id,price,when\n"
        for row in 0..<20_000 {
            text += "\(row),\(Double(row % 9973) / 4),2020-01-01T00:00:\(String(format: "%02d", row % 60))\n"
        }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.columns.map(\.kind), [.number, .number, .dateTime])
        let ids = try XCTUnwrap(catalog.columns.first, "no columns")
        XCTAssertNil(ids.distinctCount, "ids are parsed, not kept as a dictionary")
        XCTAssertEqual(catalog.text(1, at: 5), "1.25")
        XCTAssertEqual(catalog.text(0, at: 19_999), "19999")
        XCTAssertLessThan(catalog.bytesPerItem, 12, "narrow columns: ids in 2 bytes, prices in 4, times in 8")
    }

    func testGeneratedCatalogsRoundTripThroughCSV() throws {
        for count in [0, 1, 700] {
            let catalog = Catalog.generate(count: count, seed: UInt64(count) + 2)
            guard count > 0 else {
                XCTAssertEqual(CatalogTestSupport.refusal(catalog.exportCSV())?.reason, .noRows)
                continue
            }
            let read = try Catalog.parseCSV(catalog.exportCSV())
            XCTAssertEqual(read.columns.map(\.name), catalog.columns.map(\.name))
            XCTAssertEqual(CatalogTestSupport.cells(read), CatalogTestSupport.cells(catalog))
        }
    }

    /// Files over 4 MB are read in two halves at once; the halves must join seamlessly, also when
    /// the line break in the middle is inside a quoted field (then the second half is read again).
    func testLargeFilesReadInTwoHalvesEqualTheirRows() throws {
        let catalog = Catalog.generate(count: 120_000, seed: 12)
        let exported = catalog.exportCSV()
        XCTAssertGreaterThan(exported.count, 4 << 20)
        XCTAssertEqual(CatalogTestSupport.cells(try Catalog.parseCSV(exported)), CatalogTestSupport.cells(catalog))

        var text = "id,note,group\n"
        var notes: [String] = []
        for row in 0..<200_000 {
            let note = row % 3 == 0 ? "line one\nline, two \"\(row)\"" : "plain \(row % 97)"
            notes.append(note)
            text += "\(row),\"\(note.replacingOccurrences(of: "\"", with: "\"\""))\",g\(row % 5)\n"
        }
        let read = try CatalogTestSupport.parse(text)
        XCTAssertGreaterThan(text.utf8.count, 4 << 20)
        XCTAssertEqual(read.count, 200_000)
        XCTAssertEqual(CatalogTestSupport.cells(read).dropFirst(1).first, notes)
        XCTAssertEqual(CatalogTestSupport.cells(read).first, (0..<200_000).map(String.init))
        XCTAssertEqual(read.facetColumns, [2])
    }

    /// Texts are kept with two bytes of end offset each while 64 of them span under 64 KiB; a
    /// longer text (a pasted document in a notes column) switches the column to four bytes, and
    /// every value before and after it reads back whole, in a small file and in either half of a
    /// large one.
    func testALongTextAmongShortOnesReadsBackWhole() throws {
        let long = String(repeating: "Long note, ", count: 7_000)
        for (rows, longRows) in [(300, [100]), (230_000, [40, 200_000])] {
            var text = "id,note\n"
            var notes: [String] = []
            for row in 0..<rows {
                let note = longRows.contains(row) ? long + "\(row)" : "note \(row) with a few more words"
                notes.append(note)
                text += "\(row),\"\(note)\"\n"
            }
            let read = try CatalogTestSupport.parse(text)
            XCTAssertEqual(read.count, rows)
            XCTAssertTrue(CatalogTestSupport.cells(read).dropFirst().first == notes, "\(rows) rows: a note differs")
        }
    }

    /// A problem in the second half of a large file is named by its line in the whole file, as a
    /// reading from the start would name it; one in the first half too.
    func testProblemsInEitherHalfOfALargeFileNameTheirLine() {
        var lines = ["id,name,group"]
        for row in 0..<150_000 { lines.append("\(row),name \(row) with some words,g\(row % 7)") }
        for (badLine, problem) in [(140_001, "ragged"), (20_001, "ragged"), (120_001, "quote"), (130_001, "utf8")] {
            var text = lines
            switch problem {
            case "ragged": text[badLine - 1] += ",extra"
            case "quote": text[badLine - 1] = "1,\"never closed,g1"
            default: text[badLine - 1] = "1,caf\u{FFFD},g1"
            }
            var bytes = Array((text.joined(separator: "\n") + "\n").utf8)
            if problem == "utf8", let at = bytes.firstIndex(of: 0xEF) { bytes[at] = 0xFF }
            XCTAssertGreaterThan(bytes.count, 4 << 20)
            let error = CatalogTestSupport.refusal(bytes)
            XCTAssertEqual(error?.line, badLine, "\(problem) on line \(badLine): \(String(describing: error))")
        }
    }

    func testTheGeneratedCatalogIsATableLikeAnyOther() throws {
        let catalog = Catalog.generate(count: 10_000, seed: 3)
        XCTAssertEqual(
            catalog.columns.map(\.name), ["Name", "Price", "Date", "Category", "Material", "Color", "Season", "Size"])
        XCTAssertEqual(catalog.columns.map(\.kind), [.text, .number, .date, .text, .text, .text, .text, .text])
        XCTAssertEqual(catalog.facetColumns, [1, 2, 3, 4, 5, 6, 7], "price and date get ranges")
        XCTAssertEqual(catalog.defaultSort, CatalogSortKey(column: 0))
        XCTAssertEqual(catalog.columns.map { $0.distinctCount ?? -1 }.suffix(5), [15, 8, 10, 4, 6])
        let filter = FacetFilter(catalog: catalog)
        XCTAssertEqual(
            filter.options(forColumn: 6), ["Spring", "Summer", "Autumn", "Winter"], "the vocabulary's own order")
        for row in 0..<catalog.count {
            XCTAssertTrue(catalog.text(0, at: row).contains(catalog.text(5, at: row)), "a name names its color")
        }
        XCTAssertEqual(
            Set((0..<catalog.count).map { catalog.text(2, at: $0).prefix(4) }),
            ["2019", "2020", "2021", "2022", "2023", "2024", "2025"])
        let names = try XCTUnwrap(catalog.columns.first?.distinctCount, "names are not kept as a dictionary")
        XCTAssertLessThan(names, 5000, "names repeat, so interning pays")
        XCTAssertLessThan(
            Catalog.generate(count: 200_000).bytesPerItem, 15,
            "2-byte names, 4-byte prices, 2-byte days, 1 byte a facet")
        XCTAssertEqual(
            Catalog.generate(count: 500, seed: 9).exportCSV(), Catalog.generate(count: 500, seed: 9).exportCSV())
    }

    func testLoadingAFileAndAMissingOne() throws {
        let path = NSTemporaryDirectory() + "foldout-books-\(getpid()).tsv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: path, contents: Data(books.replacingOccurrences(of: ",", with: "\t").utf8)))
        let loading = CatalogLoading(totalBytes: Catalog.fileSize(path))
        let catalog = try Catalog.load(path: path, loading: loading)
        XCTAssertEqual(catalog.name, "foldout-books-\(getpid()).tsv")
        XCTAssertEqual(catalog.count, 6)
        XCTAssertEqual(loading.fraction, 1)
        do throws(CatalogImportError) {
            _ = try Catalog.load(path: "/nonexistent/foldout/catalog.csv")
            XCTFail("loaded a missing file")
        } catch {
            XCTAssertEqual(error.line, 0)
            XCTAssertTrue(
                error.description.hasPrefix("cannot read “/nonexistent/foldout/catalog.csv”: "), error.description)
        }
        let cancelled = CatalogLoading(totalBytes: 1)
        cancelled.cancel()
        XCTAssertThrowsError(try Catalog.load(path: path, loading: cancelled)) { error in
            XCTAssertEqual((error as? CatalogImportError)?.reason, .cancelled)
        }
    }

    func testRefusalsNameTheLineTheColumnAndTheReason() {
        func says(_ text: [UInt8], _ expected: String, line: UInt = #line) {
            XCTAssertEqual(CatalogTestSupport.refusal(text)?.description, expected, line: line)
        }
        says(Array("".utf8), "line 1: the file is empty, it needs a header row")
        says(Array("a,b\n\n".utf8), "line 2: the file has a header row but no rows")
        says(Array("a,b,c\n1,2,3\n4,5\n".utf8), "line 3, column 3: expected 3 fields, found 2")
        says(Array("a,b\n1,2\n1,2,3,4\n".utf8), "line 3, column 3: expected 2 fields, found 4")
        says(Array("a,b\n1,\"open\nstill open\n".utf8), "line 2, column 2: a quoted field is never closed")
        says(Array("a,b\n1,2\n3,x".utf8) + [0xFF] + Array("\n".utf8), "line 3, column 2: the text is not valid UTF-8")
        says(Array("a,b\n\"x\ny\",2\n1\n".utf8), "line 4, column 2: expected 2 fields, found 1")
        let wide = Array(repeating: "c", count: 65_536).joined(separator: ",") + "\n"
        says(Array((wide + wide).utf8), "line 1: 65536 columns, more than the 65535 a catalog can have")
    }

    /// Codes that look unique in the first rows (each tail number's first flights) but repeat over
    /// the file are kept as a dictionary, like any repeated text; titles that never repeat are not.
    func testTextsThatRepeatLaterAreKeptAsADictionary() throws {
        var text = "tail,title\n"
        for row in 0..<40_000 { text += "N\(100 + row % 3_000)X,Title number \(row)\n" }
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.columns.first?.distinctCount, 3_000)
        let titles = try XCTUnwrap(catalog.columns.dropFirst(1).first, "no title column")
        XCTAssertNil(titles.distinctCount, "distinct titles keep one text per row")
        XCTAssertEqual(catalog.text(0, at: 3_001), "N101X")
        XCTAssertEqual(catalog.text(1, at: 39_999), "Title number 39999")
    }
}
