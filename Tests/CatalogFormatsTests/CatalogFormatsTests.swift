// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// Every format and encoding a user's catalog may come in, each written from one table by the
/// tools people use (Python's gzip, zipfile, sqlite3 and json modules, the xz, bzip2 and zstd
/// commands, Python's codecs), read back and compared with the CSV of the same data cell by cell:
/// the same columns, kinds, values and so facet counts.
final class CatalogFormatsTests: CatalogFilesTestCase {
    /// A table with what trips readers up: quotes, delimiters and line breaks inside values,
    /// accents, missing values, numbers with decimals and negatives, dates and a yes/no column.
    static let csv = """
        id,name,city,price,opened,terrace,note
        1,Café Noir,Zürich,12.5,2024-03-01,true,"quiet, ""good"" coffee"
        2,Bäckerei Öhler,München,3,2023-11-20,false,
        3,Crêperie,Paris,-4.25,2024-01-07,true,"two
        lines"
        4,Smørrebrød,København,,2022-06-30,false,plain
        5,Café Noir,Zürich,12.5,2024-03-02,true,again
        """ + "\n"

    private func run(_ command: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + command)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(command) failed")
    }

    private func writeCSV() throws -> Catalog {
        try Self.csv.write(toFile: path("cafes.csv"), atomically: true, encoding: .utf8)
        let catalog = try load("cafes.csv")
        let note = try XCTUnwrap(catalog.column(named: "note"), "no note column")
        XCTAssertEqual(catalog.text(note, at: 2), "two\nlines")
        return catalog
    }

    func testCompressedFilesReadAsTheirCSV() throws {
        let expected = try writeCSV()
        try python(
            """
            import gzip, zipfile, sys, os
            d = sys.argv[1]; data = open(os.path.join(d, 'cafes.csv'), 'rb').read()
            open(os.path.join(d, 'cafes.csv.gz'), 'wb').write(gzip.compress(data))
            with zipfile.ZipFile(os.path.join(d, 'cafes.csv.zip'), 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('cafes.csv', data)
                z.writestr('__MACOSX/._cafes.csv', b'metadata')
            """)
        for (command, arguments) in [("xz", ["-k"]), ("bzip2", ["-k"]), ("zstd", ["-q", "-k"])] {
            try run(command, arguments + [path("cafes.csv")])
        }
        for name in ["cafes.csv.gz", "cafes.csv.xz", "cafes.csv.bz2", "cafes.csv.zst", "cafes.csv.zip"] {
            let catalog = try load(name)
            assertSameTable(catalog, expected, name)
            guard case .compressed(_, _, .delimited)? = catalog.origin?.format else {
                return XCTFail("\(name): \(String(describing: catalog.origin?.format))")
            }
        }
    }

    /// A compressed file's text is not the table's: its export writes the values, which read back
    /// as the same table.
    func testAnExportOfACompressedCatalogReadsBackAsTheTable() throws {
        let expected = try writeCSV()
        try run("gzip", ["-k", path("cafes.csv")])
        let catalog = try load("cafes.csv.gz")
        try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .init(path: path("out.csv")))
            .write(to: path("out.csv"))
        assertSameTable(try load("out.csv"), expected, "exported from the .gz")
    }

    func testAZipOfSeveralTablesAsksForOneByName() throws {
        let expected = try writeCSV()
        try python(
            """
            import zipfile, sys, os
            d = sys.argv[1]; data = open(os.path.join(d, 'cafes.csv'), 'rb').read()
            with zipfile.ZipFile(os.path.join(d, 'two.zip'), 'w') as z:
                z.writestr('data/cafes.csv', data)
                z.writestr('data/other.tsv', 'a\\tb\\n1\\t2\\n')
                z.writestr('README.md', 'not a table')
            """)
        XCTAssertEqual(refusal("two.zip")?.reason, .severalTables(["data/cafes.csv", "data/other.tsv"]))
        XCTAssertEqual(try CatalogReader.parts(of: path("two.zip")).map(\.name), ["data/cafes.csv", "data/other.tsv"])
        assertSameTable(try load("two.zip", CatalogReadOptions(table: "cafes.csv")), expected, "member by file name")
        XCTAssertEqual(try load("two.zip", CatalogReadOptions(table: "data/other.tsv")).count, 1)
        XCTAssertEqual(
            refusal("two.zip", CatalogReadOptions(table: "nope.csv"))?.reason,
            .noSuchTable("nope.csv", ["data/cafes.csv", "data/other.tsv"]))
    }

    func testASQLiteTableReadsAsItsCSVAndTheDatabaseIsLeftAlone() throws {
        let expected = try writeCSV()
        try python(
            """
            import csv, sqlite3, sys, os
            d = sys.argv[1]
            rows = list(csv.reader(open(os.path.join(d, 'cafes.csv'), encoding='utf-8', newline='')))
            db = sqlite3.connect(os.path.join(d, 'cafes.sqlite'))
            db.execute('create table cafes (id integer, name text, city text, price real, '
                       'opened text, terrace text, note text)')
            def value(text, kind):
                if text == '': return None
                return int(text) if kind == 'i' else float(text) if kind == 'r' else text
            db.executemany('insert into cafes values (?,?,?,?,?,?,?)',
                [[value(v, k) for v, k in zip(r, 'itttttt'.replace('t', 't', 3)[:3] + 'rttt')] for r in rows[1:]])
            db.execute('create view zurich as select * from cafes where city = "Zürich"')
            db.commit(); db.close()
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: path("cafes.sqlite")))
        XCTAssertEqual(refusal("cafes.sqlite")?.reason, .severalTables(["cafes", "zurich"]))
        let parts = try CatalogReader.parts(of: path("cafes.sqlite"))
        XCTAssertEqual(parts.map(\.name), ["cafes", "zurich"])
        XCTAssertEqual(parts.map(\.size), ["5 rows", "2 rows"])
        let catalog = try load("cafes.sqlite", CatalogReadOptions(table: "cafes"))
        XCTAssertEqual(catalog.origin?.format, .sqlite(table: "cafes"))
        // SQLite writes a REAL 3.0 as "3.0" and 12.5 as "12.5": the same numbers as the CSV's.
        let price = try XCTUnwrap(catalog.column(named: "price"), "no price column")
        XCTAssertEqual(catalog.columns[price].kind, expected.columns.dropFirst(price).first?.kind)
        for column in expected.columns.indices where column != price {
            XCTAssertEqual(
                (0..<catalog.count).map { catalog.text(column, at: $0) },
                (0..<expected.count).map { expected.text(column, at: $0) }, expected.columns[column].name)
        }
        XCTAssertEqual(try load("cafes.sqlite", CatalogReadOptions(table: "ZURICH")).count, 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("cafes.sqlite"))), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("cafes.sqlite-journal")))
    }

    /// A REAL is read as the number SQLite holds, to its last digit, as DuckDB and pandas read it
    /// (SQLite's own text of it keeps 15 digits: 0.30000000000000004 would be 0.3).
    func testSQLiteRealsReadAsTheNumbersStored() throws {
        try python(
            """
            import sqlite3, sys, os
            d = sys.argv[1]
            values = [0.1 + 0.2, 2.718281828459045, 1e300, 1e-07, 123456789.12345679, 5.0, -1.5, 1 / 3]
            db = sqlite3.connect(os.path.join(d, 'reals.sqlite'))
            db.execute('create table t (id integer, x real)')
            db.executemany('insert into t values (?, ?)', list(enumerate(values)))
            db.commit(); db.close()
            open(os.path.join(d, 'reals.txt'), 'w').write('\\n'.join(repr(v) for v in values))
            """)
        // Python's repr is the shortest text that reads back as the same number, as Foldout's is.
        let expected = try String(contentsOfFile: path("reals.txt"), encoding: .utf8).split(separator: "\n").map(
            String.init)
        let catalog = try load("reals.sqlite")
        let x = try XCTUnwrap(catalog.column(named: "x"))
        XCTAssertEqual(catalog.columns[x].kind, .number)
        XCTAssertEqual((0..<catalog.count).map { catalog.text(x, at: $0) }, expected)
    }

    /// A column declared TEXT is text even when its values read as numbers (postal codes); one
    /// declared TEXT that holds dates stays dates, and numbers declared as numbers stay numbers.
    func testDeclaredTextColumnsStayText() throws {
        try python(
            """
            import sqlite3, sys, os
            db = sqlite3.connect(os.path.join(sys.argv[1], 'places.sqlite'))
            db.execute('create table places (zip varchar(5), opened text, visitors integer, name text)')
            db.executemany('insert into places values (?, ?, ?, ?)',
                [('10115', '2024-03-01', 120, 'Mitte'), ('80331', '2023-11-20', 80, 'Altstadt'),
                 ('20095', '2024-01-07', 95, 'Hamburg-Altstadt')])
            db.commit(); db.close()
            """)
        let catalog = try load("places.sqlite")
        try python(
            """
            import sqlite3, sys, os
            db = sqlite3.connect(os.path.join(sys.argv[1], 'empty.sqlite'))
            db.execute('create table empty_shelf (a text)'); db.commit(); db.close()
            """)
        XCTAssertEqual(refusal("empty.sqlite")?.description, "the table has no rows")
        XCTAssertEqual(catalog.columns.map(\.kind), [.text, .date, .number, .text])
        XCTAssertEqual(catalog.text(0, at: 1), "80331")
    }

    /// A large SQLite table is read in two halves of its rowids at once: every row comes once and
    /// in the table's order, with gaps in the rowids, a column of its own named `rowid`, a view
    /// (no rowids) and a table without rowids alike.
    func testLargeSQLiteTablesReadInHalvesKeepEveryRowInOrder() throws {
        try python(
            """
            import sqlite3, sys, os
            db = sqlite3.connect(os.path.join(sys.argv[1], 'big.sqlite'))
            db.execute('create table shelf (rowid text, n integer, label text)')
            db.executemany('insert into shelf (_rowid_, rowid, n, label) values (?, ?, ?, ?)',
                [(i * i % 1000003 + i * 7, 'r%d' % i, i, 'item %d' % (i % 11)) for i in range(120000)])
            db.execute('delete from shelf where n % 1000 = 999')
            db.execute('create view shelf_view as select n, label from shelf where n < 90000')
            db.execute('create table keyed (k integer primary key, v text) without rowid')
            db.executemany('insert into keyed values (?, ?)', [(i, 'v%d' % i) for i in range(60000)])
            db.commit(); db.close()
            """)
        // The rows in rowid order, as a plain `SELECT *` gives them.
        func rowid(_ item: Int) -> Int { item * item % 1_000_003 + item * 7 }
        let kept = (0..<120_000).filter { $0 % 1000 != 999 }.sorted { rowid($0) < rowid($1) }
        let shelf = try load("big.sqlite", CatalogReadOptions(table: "shelf"))
        XCTAssertEqual(shelf.count, kept.count)
        XCTAssertEqual(shelf.columns.map(\.name), ["rowid", "n", "label"])
        for row in [0, 1, kept.count / 2 - 1, kept.count / 2, kept.count / 2 + 1, kept.count - 1] {
            XCTAssertEqual(shelf.text(0, at: row), "r\(kept[row])", "row \(row)")
            XCTAssertEqual(shelf.text(1, at: row), String(kept[row]), "row \(row)")
        }
        XCTAssertEqual(
            (0..<shelf.count).map { shelf.text(1, at: $0) }, kept.map(String.init), "every row once, in order")
        let view = try load("big.sqlite", CatalogReadOptions(table: "shelf_view"))
        XCTAssertEqual(view.count, kept.filter { $0 < 90_000 }.count)
        let keyed = try load("big.sqlite", CatalogReadOptions(table: "keyed"))
        XCTAssertEqual((0..<keyed.count).map { keyed.text(1, at: $0) }, (0..<60_000).map { "v\($0)" })
    }

    func testJSONLinesAndArraysReadAsTheirCSV() throws {
        let expected = try writeCSV()
        try python(
            """
            import csv, json, sys, os
            d = sys.argv[1]
            rows = list(csv.DictReader(open(os.path.join(d, 'cafes.csv'), encoding='utf-8', newline='')))
            def value(k, v):
                if v == '': return None
                if k in ('id',): return int(v)
                if k == 'price': return float(v) if '.' in v else int(v)
                if k == 'terrace': return v == 'true'
                return v
            objects = [{k: value(k, v) for k, v in r.items() if v != '' or k != 'note'} for r in rows]
            with open(os.path.join(d, 'cafes.jsonl'), 'w', encoding='utf-8') as f:
                for o in objects: f.write(json.dumps(o) + '\\n')
            json.dump(objects, open(os.path.join(d, 'cafes.json'), 'w', encoding='utf-8'), indent=2, ensure_ascii=False)
            """)
        assertSameTable(try load("cafes.jsonl"), expected, "JSON Lines (escaped non-ASCII)")
        assertSameTable(try load("cafes.json"), expected, "JSON array")
    }

    /// A large JSON Lines file is read in two halves at once: a key first met in the second half is
    /// a column of its own, and every row is where the file has it.
    func testLargeJSONLinesReadInHalvesKeepEveryRowAndKey() throws {
        var text = ""
        for row in 0..<100_000 {
            let group = row % 5 == 0 ? "" : #""group": "g\#(row % 7)", "#
            let late = row >= 80_000 ? #", "late": \#(row)"# : ""
            text += #"{"id": \#(row), \#(group)"text": "value \#(row) \"q\""\#(late)}"# + "\n"
        }
        try text.write(toFile: path("big.jsonl"), atomically: true, encoding: .utf8)
        let catalog = try load("big.jsonl")
        // The first object has no group: keys are columns in the order they are first met.
        XCTAssertEqual(catalog.columns.map(\.name), ["id", "text", "group", "late"])
        XCTAssertEqual(catalog.count, 100_000)
        for row in [0, 1, 49_999, 50_000, 50_001, 79_999, 80_000, 99_999] {
            XCTAssertEqual(catalog.text(0, at: row), String(row))
            XCTAssertEqual(catalog.text(2, at: row), row % 5 == 0 ? "" : "g\(row % 7)")
            XCTAssertEqual(catalog.text(1, at: row), "value \(row) \"q\"")
            XCTAssertEqual(catalog.text(3, at: row), row >= 80_000 ? String(row) : "")
        }
        try (text + "{\"id\": 1, \"broken\n").write(toFile: path("bad-big.jsonl"), atomically: true, encoding: .utf8)
        let refusal = refusal("bad-big.jsonl")
        XCTAssertEqual(refusal?.line, 100_001, "the line counts from the start, not from the second half")
        XCTAssertEqual(refusal?.reason, .json("a string is never closed"))
    }

    /// Objects written over several lines are read whole where the middle of the file falls inside
    /// one; a value in the second half that is not a number makes its column text; a problem in
    /// the second half is named by its line.
    func testLargeJSONLinesOfEveryShapeAreReadWhole() throws {
        let objects = (0..<90_000).map { row in
            "{\n  \"id\": \(row),\n  \"n\": \(row == 80_000 ? "\"x\"" : String(row % 97)),\n"
                + "  \"t\": \"a longer text, so that the middle of the file is inside an object \(row)\"\n}"
        }
        let text = objects.joined(separator: "\n") + "\n"
        XCTAssertGreaterThan(text.utf8.count, 4 << 20, "a file read in two halves")
        try text.write(toFile: path("pretty.jsonl"), atomically: true, encoding: .utf8)
        let catalog = try load("pretty.jsonl")
        XCTAssertEqual(catalog.count, 90_000)
        XCTAssertEqual(catalog.columns[1].kind, .text, "the column of a value that is not a number is text")
        for row in [0, 44_999, 45_000, 45_001, 79_999, 80_000, 89_999] {
            XCTAssertEqual(catalog.text(0, at: row), String(row))
            XCTAssertEqual(catalog.text(1, at: row), row == 80_000 ? "x" : String(row % 97))
            XCTAssertEqual(
                catalog.text(2, at: row), "a longer text, so that the middle of the file is inside an object \(row)")
        }
        let line = 5 * 85_000 + 4
        let broken = text.replacingOccurrences(
            of: "\"t\": \"a longer text, so that the middle of the file is inside an object 85000\"", with: "\"t\"; 1")
        try broken.write(toFile: path("broken.jsonl"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            refusal("broken.jsonl"),
            CatalogImportError(line: line, column: 6, reason: .json("expected “:” after a key")))
    }

    /// The values are written with the first objects' keys; a key first met after them, in a file
    /// read on one thread, is a column all the same.
    func testAKeyFirstMetAfterTheFirstObjectsIsAColumn() throws {
        let text = (0..<3_000).map { row in
            #"{"id": \#(row), "name": "n\#(row)"\#(row == 2_500 ? #", "late": true"# : "")}"#
        }.joined(separator: "\n")
        try text.write(toFile: path("late.jsonl"), atomically: true, encoding: .utf8)
        let catalog = try load("late.jsonl")
        XCTAssertEqual(catalog.columns.map(\.name), ["id", "name", "late"])
        XCTAssertEqual(catalog.count, 3_000)
        XCTAssertEqual([0, 2_499, 2_500, 2_999].map { catalog.text(2, at: $0) }, ["", "", "true", ""])
        XCTAssertEqual(catalog.text(1, at: 2_999), "n2999")
    }

    func testNestedValuesAreTheirJSONTextAndMissingKeysAreMissing() throws {
        let json =
            #"[{"a": 1, "tags": ["x", "y"]}, {"b": "only here", "a": null}, "#
            + #"{"a": 3, "tags": {"k": "\u00e9\ud83d\ude00"}}]"#
        try json.write(toFile: path("nested.json"), atomically: true, encoding: .utf8)
        let catalog = try load("nested.json")
        XCTAssertEqual(catalog.columns.map(\.name), ["a", "tags", "b"])
        XCTAssertEqual((0..<3).map { catalog.text(0, at: $0) }, ["1", "", "3"])
        XCTAssertEqual((0..<3).map { catalog.text(1, at: $0) }, [#"["x", "y"]"#, "", #"{"k": "\u00e9\ud83d\ude00"}"#])
        XCTAssertEqual((0..<3).map { catalog.text(2, at: $0) }, ["", "only here", ""])
    }

    /// An escape JSON does not have, and half of a surrogate pair, are refused with their line and
    /// column, as the reader's doc says of any text that is not JSON.
    func testUnknownEscapesAndLoneSurrogatesAreRefused() throws {
        let cases: [(text: String, column: Int, reason: String)] = [
            (#"{"a": "tab\x09"}"#, 11, "an escape is not valid"),
            (#"{"a": "it\'s"}"#, 10, "an escape is not valid"),
            (#"{"a": "x\ud800y"}"#, 9, "an escape is half of a surrogate pair"),
            (#"{"a": "x\udc00"}"#, 9, "an escape is half of a surrogate pair"),
            (#"{"a": "\ud800\u0041"}"#, 8, "an escape is half of a surrogate pair"),
            (#"{"\ud800": 1}"#, 3, "an escape is half of a surrogate pair"),
            (#"{"a": ["\ud800"]}"#, 9, "an escape is half of a surrogate pair"),
        ]
        try assertRefused(cases, between: "{\"a\": \"fine \\u00e9\\ud83d\\ude00\"}\n", and: "\n", in: "jsonl")
    }

    /// Numbers, strings and nested values are JSON's or refused, each with its line and column.
    func testJSONThatIsNotWellFormedIsRefused() throws {
        let cases: [(text: String, column: Int, reason: String)] = [
            (#"{"a": 01}"#, 8, "expected “,” or “}”"),
            (#"{"a": 1.}"#, 7, "a number is not complete"),
            (#"{"a": -}"#, 7, "a number is not complete"),
            ("{\"a\": \"t\u{1}\"}", 9, "a string holds a control character that is not escaped"),
            (#"{"a": [1,,2]}"#, 10, "expected a value"),
            (#"{"a": {"b" 1}}"#, 12, "expected “:” after a key"),
            (#"{"a": [1}}"#, 9, "expected “,” or “]”"),
        ]
        try assertRefused(cases, between: "[{\"a\": 1},\n", and: "]", in: "json")
    }

    /// Each case's text, written between two others, is refused on line 2 at its column.
    private func assertRefused(
        _ cases: [(text: String, column: Int, reason: String)], between first: String, and last: String,
        in suffix: String
    ) throws {
        for (index, test) in cases.enumerated() {
            let name = "bad-\(index).\(suffix)"
            try (first + test.text + last).write(toFile: path(name), atomically: true, encoding: .utf8)
            let refusal = refusal(name)
            XCTAssertEqual(refusal?.line, 2, test.text)
            XCTAssertEqual(refusal?.column, test.column, test.text)
            XCTAssertEqual(refusal?.reason, .json(test.reason), test.text)
        }
    }

    func testWindowsAndExcelTextReadAsTheirCSV() throws {
        let expected = try writeCSV()
        try python(
            """
            import csv, sys, os
            d = sys.argv[1]; text = open(os.path.join(d, 'cafes.csv'), encoding='utf-8').read()
            latin = text.replace('Smørrebrød', 'Smorrebrod').replace('København', 'Kobenhavn')
            open(os.path.join(d, 'cafes-1252.csv'), 'w', encoding='cp1252', newline='').write(latin)
            rows = list(csv.reader(open(os.path.join(d, 'cafes.csv'), encoding='utf-8', newline='')))
            with open(os.path.join(d, 'cafes.txt'), 'w', encoding='utf-16', newline='') as f:
                csv.writer(f, dialect='excel-tab').writerows(rows)
            """)
        let legacy = try load("cafes-1252.csv")
        XCTAssertEqual(legacy.origin?.encoding, "WINDOWS-1252")
        XCTAssertEqual(legacy.text(1, at: 1), "Bäckerei Öhler")
        XCTAssertEqual(legacy.text(2, at: 0), "Zürich")
        let excel = try load("cafes.txt")
        XCTAssertEqual(excel.origin?.encoding, "UTF-16LE")
        assertSameTable(excel, expected, "UTF-16 tab-separated, CRLF")
        XCTAssertEqual(
            refusal("cafes-1252.csv", CatalogReadOptions(encoding: "no-such-set"))?.reason,
            .unknownEncoding("no-such-set"))
        XCTAssertEqual(try load("cafes-1252.csv", CatalogReadOptions(encoding: "ISO-8859-1")).text(2, at: 1), "München")
    }

    func testBrokenFilesAreRefusedClearly() throws {
        _ = try writeCSV()
        try python(
            """
            import gzip, sys, os
            d = sys.argv[1]; data = open(os.path.join(d, 'cafes.csv'), 'rb').read() * 2000
            packed = gzip.compress(data)
            open(os.path.join(d, 'cut.csv.gz'), 'wb').write(packed[:len(packed) // 2])
            open(os.path.join(d, 'bad.zip'), 'wb').write(b'PK\\x03\\x04' + os.urandom(3000))
            open(os.path.join(d, 'bad.sqlite'), 'wb').write(b'SQLite format 3\\x00' + b'\\x10\\x00' + os.urandom(4000))
            open(os.path.join(d, 'bad.json'), 'w').write('[{"a": 1},\\n {"a": 2 "b": 3}]')
            open(os.path.join(d, 'bad.jsonl'), 'w').write('{"a": 1}\\n{"a": "open}\\n')
            """)
        for name in ["cut.csv.gz", "bad.zip", "bad.sqlite"] {
            guard case .damaged? = refusal(name)?.reason else {
                return XCTFail("\(name): \(String(describing: refusal(name)))")
            }
        }
        let json = refusal("bad.json")
        XCTAssertEqual(json?.line, 2)
        XCTAssertEqual(json?.column, 10)
        XCTAssertEqual(json?.reason, .json("expected “,” or “}”"))
        let lines = refusal("bad.jsonl")
        XCTAssertEqual(lines?.line, 2)
        XCTAssertEqual(lines?.reason, .json("a string is never closed"))
    }

    /// Random damage to each reader's input is refused or read, never a crash.
    func testDamagedInputNeverCrashes() throws {
        _ = try writeCSV()
        try python(
            """
            import gzip, json, sqlite3, csv, sys, os
            d = sys.argv[1]; data = open(os.path.join(d, 'cafes.csv'), 'rb').read()
            open(os.path.join(d, 'seed.csv.gz'), 'wb').write(gzip.compress(data))
            rows = list(csv.DictReader(open(os.path.join(d, 'cafes.csv'), encoding='utf-8', newline='')))
            open(os.path.join(d, 'seed.jsonl'), 'w').write(''.join(json.dumps(r) + '\\n' for r in rows))
            """)
        var random = SystemRandomNumberGenerator()
        for seed in ["seed.csv.gz", "seed.jsonl"] {
            let original = try Data(contentsOf: URL(fileURLWithPath: path(seed)))
            for round in 0..<150 {
                var bytes = [UInt8](original)
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                    case 1: bytes.remove(at: at)
                    default: bytes.removeSubrange(at..<bytes.count)
                    }
                }
                guard !bytes.isEmpty else { continue }
                let name = "fuzz-\(round)-" + seed
                try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
                if let catalog = try? CatalogReader.load(path: path(name)) {
                    XCTAssertGreaterThan(catalog.columns.count, 0)
                }
            }
        }
    }
}
