// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// Exports (issue 23): the rows asked for, in their order, with the file's own text of each value,
/// read back by a reader written here (not Foldout's) and compared field by field with the input.
final class CatalogExportTests: XCTestCase {
    /// Quoted fields with delimiters, quotes and line breaks, `NA`s, spaces, CRLF, a blank line and
    /// numbers and dates written as the file writes them (not as Foldout re-formats them).
    static let tricky =
        "\u{FEFF}id,name,price,when,note\r\n"
        + "1,\"Smith, Anna\",12.5,3/1/2024,\"said \"\"hi\"\"\"\r\n"
        + "2,Bob,NA,2024-03-02,\"two\nlines\"\r\n"
        + "\r\n"
        + "3, padded ,1e3,,x\u{202E}evil\r\n"
        + "4,Zoë,7.25,2024-03-04,\r\n"

    func testExportingEverythingGivesBackTheInputsValues() throws {
        let directory = LibraryTestDirectory()
        directory.write(Self.tricky, to: "in.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv)
            .write(to: directory.path + "/out.csv")
        let written = try XCTUnwrap(directory.read("in.csv"), "in.csv cannot be read")
        let exported = try XCTUnwrap(directory.read("out.csv"), "nothing was exported")
        let input = Self.records(String(decoding: written.dropFirst(3), as: UTF8.self), ",")
        let output = Self.records(String(decoding: exported, as: UTF8.self), ",")
        XCTAssertEqual(output, input.filter { $0 != [""] })
        XCTAssertEqual(
            output.dropFirst(3).first, ["3", " padded ", "1e3", "", "x\u{202E}evil"], "spaces and NA kept as written")
        XCTAssertEqual(output.dropFirst(1).first?.dropFirst(3).first, "3/1/2024")
    }

    func testSomeRowsInTheirOrderAndSomeColumnsAsTSV() throws {
        let directory = LibraryTestDirectory()
        directory.write(Self.tricky, to: "in.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        let export = CatalogExport(catalog: catalog, rows: [3, 0], columns: [4, 1], format: .init(path: "a.TSV"))
        XCTAssertEqual(export.format, .tsv)
        try export.write(to: directory.path + "/out.tsv")
        let exported = try XCTUnwrap(directory.read("out.tsv"), "nothing was exported")
        let output = Self.records(String(decoding: exported, as: UTF8.self), "\t")
        XCTAssertEqual(output, [["note", "name"], ["", "Zoë"], ["said \"hi\"", "Smith, Anna"]])
    }

    func testATSVFileExportsAsCSV() throws {
        let directory = LibraryTestDirectory()
        directory.write("a\tb\n\"x,y\"\t2\nz\t\"3\t4\"\n", to: "in.tsv")
        let catalog = try Catalog.load(path: directory.path + "/in.tsv")
        try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv)
            .write(to: directory.path + "/out.csv")
        let text = String(decoding: try XCTUnwrap(directory.read("out.csv"), "nothing was exported"), as: UTF8.self)
        XCTAssertEqual(text, "a,b\n\"x,y\",2\nz,3\t4\n")
    }

    /// Records are found a line at a time where a line holds no quote, field by field where it
    /// does: a quote inside an unquoted field, a quoted line break, a last line without its end.
    func testEveryRecordIsCopiedWhateverItsQuotes() throws {
        let directory = LibraryTestDirectory()
        let input =
            "id,size,note\n1,5\" screen,plain text longer than eight bytes\n"
            + "2,M,\"quoted, with \"\"quotes\"\" and a\nline break\"\n3,L,  \n4,\"XL\",no line end"
        directory.write(input, to: "in.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        XCTAssertEqual(catalog.count, 4)
        let everything = try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv).bytes()
        XCTAssertEqual(String(decoding: everything, as: UTF8.self), input + "\n")
        let some = try CatalogExport(catalog: catalog, rows: [3, 1, 0], format: .csv).bytes()
        XCTAssertEqual(
            String(decoding: some, as: UTF8.self),
            "id,size,note\n4,\"XL\",no line end\n2,M,\"quoted, with \"\"quotes\"\" and a\nline break\"\n"
                + "1,5\" screen,plain text longer than eight bytes\n")
    }

    /// Copied records end with a line feed alone where the file has CRLF, and lose the blank
    /// lines between them; a last line without its end gets one.
    func testCopiedRecordsEndWithALineFeedAlone() throws {
        let directory = LibraryTestDirectory()
        directory.write("a,b\n1,x\n2,y\n3,z\r\n4,w\r\n\n5,v\n6,u\n7,t", to: "in.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        let some = try CatalogExport(catalog: catalog, rows: [0, 1, 2, 3, 4, 5, 6, 1, 2], format: .csv).bytes()
        XCTAssertEqual(
            String(decoding: some, as: UTF8.self), "a,b\n1,x\n2,y\n3,z\n4,w\n5,v\n6,u\n7,t\n2,y\n3,z\n")
    }

    /// A large file's records are found in two halves at once, from a line break in the middle;
    /// when that line break is inside a quoted field, the first half is read on alone (though the
    /// second half, read from there, is CSV too: its first lines are records of one field).
    func testALargeFilesRecordsAreFoundWhereverItsMiddleFalls() throws {
        let directory = LibraryTestDirectory()
        let plain = (0..<50_000).map { "\($0),plain record number \($0) of a large file,\($0 % 7)\n" }.joined()
        let quoted = "q,\"" + String(repeating: "a line of a long quoted field\n", count: 2_000) + "its end\",1\n"
        for (name, text) in [
            ("plain.csv", "id,text,n\n" + plain + plain), ("quoted.csv", "id,text,n\n" + plain + quoted + plain),
        ] {
            directory.write(text, to: name)
            let catalog = try Catalog.load(path: directory.path + "/" + name)
            XCTAssertGreaterThan(text.utf8.count, 4 << 20, "a file read in two halves")
            let everything = try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv).bytes()
            XCTAssertEqual(String(decoding: everything, as: UTF8.self), text, name)
            let last = UInt32(catalog.count - 1)
            let some = try CatalogExport(catalog: catalog, rows: [last, 50_000, 1], format: .csv).bytes()
            let lines = String(decoding: some, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines[1], "49999,plain record number 49999 of a large file,\(49_999 % 7)", name)
            XCTAssertEqual(
                lines[2],
                name == "plain.csv" ? "0,plain record number 0 of a large file,0" : "q,\"a line of a long quoted field",
                name)
            XCTAssertEqual(lines.dropLast().last, "1,plain record number 1 of a large file,1", name)
        }
    }

    /// Rows in the file's order are written as the file is read, a few MiB at a time: CRLF and
    /// blank lines as the whole file's records lose them, and a record longer than what is read
    /// ahead of it (a quoted field of 3 MiB) found in the file read whole.
    func testRowsInTheFilesOrderAreWrittenAsTheFileIsRead() throws {
        let directory = LibraryTestDirectory()
        var records = (0..<120_000).map { "\($0),record \($0) in the file's order,\($0 % 13)" }
        records[70_000] = "70000,\"" + String(repeating: "a long quoted field, \"\"line\"\"\n", count: 100_000) + "\",0"
        let head: String = records[..<50].joined(separator: "\r\n\r\n")
        let text: String = "\r\n\nid,text,n\r\n" + head + "\n" + records[50...].joined(separator: "\n")
        directory.write(text, to: "in.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        XCTAssertEqual(catalog.count, records.count)
        XCTAssertGreaterThan(text.utf8.count, 6 << 20, "a file read a few MiB at a time")
        let everything = try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv).bytes()
        XCTAssertEqual(
            String(decoding: everything, as: UTF8.self), "id,text,n\n" + records.joined(separator: "\n") + "\n")
        let rows: [UInt32] = (0..<UInt32(records.count)).filter { row in
            row % 3 == 1 || row == 70_000 || row == 119_999
        }
        let some = try CatalogExport(catalog: catalog, rows: rows, format: .csv).bytes()
        XCTAssertEqual(
            String(decoding: some, as: UTF8.self),
            "id,text,n\n" + rows.map { records[Int($0)] + "\n" }.joined())
        let progress = CatalogExportProgress(totalRows: rows.count)
        progress.cancel()
        XCTAssertThrowsError(try CatalogExport(catalog: catalog, rows: rows, format: .csv).bytes(progress: progress)) {
            XCTAssertEqual(($0 as? CatalogExportError)?.reason, .cancelled)
        }
        let columns = try CatalogExport(catalog: catalog, rows: [1, 70_000, 119_999], columns: [2, 1], format: .tsv)
            .bytes()
        XCTAssertEqual(
            Self.records(String(decoding: columns, as: UTF8.self), "\t"),
            [
                ["n", "text"], ["1", "record 1 in the file's order"],
                ["0", String(repeating: "a long quoted field, \"line\"\n", count: 100_000)],
                ["\(119_999 % 13)", "record 119999 in the file's order"],
            ])
    }

    /// A file whose lines end with carriage returns alone exports its values, a line feed a record.
    func testAFileOfCarriageReturnsExportsItsRecords() throws {
        let directory = LibraryTestDirectory()
        directory.write("id,name\r1,\"Smith, Anna\"\r2,Bob\r", to: "in.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        XCTAssertEqual(catalog.count, 2)
        let text = String(
            decoding: try CatalogExport(catalog: catalog, rows: [1, 0], format: .csv).bytes(), as: UTF8.self)
        XCTAssertEqual(text, "id,name\n2,Bob\n1,\"Smith, Anna\"\n")
    }

    func testAFileChangedSinceItWasReadIsNotExportedAndNothingIsWritten() throws {
        let directory = LibraryTestDirectory()
        directory.write(Self.tricky, to: "in.csv")
        directory.write("keep", to: "out.csv")
        let catalog = try Catalog.load(path: directory.path + "/in.csv")
        usleep(20_000)
        directory.write(Self.tricky + "5,Eve,1,2024-03-05,\n", to: "in.csv")
        XCTAssertThrowsError(
            try CatalogExport(catalog: catalog, rows: [0], format: .csv).write(to: directory.path + "/out.csv")
        ) { error in
            XCTAssertEqual((error as? CatalogExportError)?.reason, .sourceChanged)
            XCTAssertEqual(
                "\(error)", "“in.csv” changed on disk since it was opened; reload it, then export again")
        }
        XCTAssertEqual(directory.read("out.csv"), Array("keep".utf8), "the file already there is kept")
        XCTAssertEqual(directory.entries(), ["in.csv", "out.csv"], "no temporary file is left")
    }

    func testACancelledExportLeavesNothing() throws {
        let directory = LibraryTestDirectory()
        let catalog = Catalog.generate(count: 20_000, seed: 3)
        let progress = CatalogExportProgress(totalRows: catalog.count)
        progress.cancel()
        XCTAssertThrowsError(
            try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv)
                .write(to: directory.path + "/out.csv", progress: progress)
        ) { error in XCTAssertEqual((error as? CatalogExportError)?.reason, .cancelled) }
        XCTAssertEqual(directory.entries(), [])
    }

    /// An export onto a file replaces it whole, and lets the replaced file go (it is held open
    /// across the rename and closed on a thread of its own): no descriptor of it is kept.
    func testAnExportOntoAFileReplacesItAndLetsTheOldOneGo() throws {
        let directory = LibraryTestDirectory()
        let path = directory.path + "/out.csv"
        directory.write(String(repeating: "an older file\n", count: 10_000), to: "out.csv")
        let catalog = Catalog.generate(count: 2_000, seed: 3)
        try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .csv).write(to: path)
        let exported = String(decoding: try XCTUnwrap(directory.read("out.csv")), as: UTF8.self)
        XCTAssertEqual(Self.records(exported, ",").count, 2_001)
        XCTAssertFalse(exported.contains("an older file"))
        func heldReplaced() -> Bool {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))
                    == path + " (deleted)"
            }
        }
        var waited = 0
        while heldReplaced() && waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        XCTAssertFalse(heldReplaced(), "the replaced file is still open")
    }

    func testAnExportIntoAFolderThatCannotBeWrittenSaysWhy() {
        let catalog = Catalog.generate(count: 10, seed: 3)
        XCTAssertThrowsError(
            try CatalogExport(catalog: catalog, rows: [0], format: .csv).write(to: "/nonexistent-dir/out.csv")
        ) { error in
            XCTAssertEqual("\(error)", "cannot write “/nonexistent-dir/out.csv”: No such file or directory")
        }
    }

    func testAGeneratedCatalogExportsItsValues() throws {
        let catalog = Catalog.generate(count: 50, seed: 8)
        let rows: [UInt32] = [49, 7, 0]
        let text = String(
            decoding: try CatalogExport(catalog: catalog, rows: rows, format: .csv).bytes(), as: UTF8.self)
        let output = Self.records(text, ",")
        XCTAssertEqual(output.first, catalog.columns.map(\.name))
        XCTAssertEqual(
            Array(output.dropFirst()),
            rows.map { row in catalog.columns.indices.map { catalog.text($0, at: Int(row)) } })
    }

    func testTheClipboardTextIsTabSeparatedWithAHeader() throws {
        let catalog = try CatalogTestSupport.parse("name,price\n\"a\tb\",1.5\nc,2\n")
        let text = CatalogExport(catalog: catalog, rows: [1, 0], format: .tsv).valuesText()
        XCTAssertEqual(text, "name\tprice\nc\t2\n\"a\tb\"\t1.5\n")
    }

    /// RFC 4180 records, for checking: quotes around a field, "" for a quote, CRLF or LF.
    static func records(_ text: String, _ delimiter: Character) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars.map(Character.init))
        characters.append("\n")
        var index = 0
        while index < characters.count - 1 || (index == characters.count - 1 && !(record.isEmpty && field.isEmpty)) {
            let character = characters[index]
            index += 1
            if quoted {
                if character == "\"" {
                    if index < characters.count && characters[index] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                quoted = true
            } else if character == delimiter {
                record.append(field)
                field = ""
            } else if character == "\r" && index < characters.count && characters[index] == "\n" {
                continue
            } else if character == "\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(character)
            }
        }
        return records
    }
}
