// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// Workbooks made by hand, part by part, to be what no program writes: damaged archives,
/// malformed XML, a shared string that is not there, a billion repeated columns. Each is refused
/// with its sheet and place named, or read, and never crashes or fills the memory.
final class SpreadsheetFuzzTests: CatalogFilesTestCase {
    /// `xlsx(name, sheet_xml, shared)` and `ods(name, tables_xml)` write minimal workbooks.
    static let makers = """
        import os, sys, zipfile
        d = sys.argv[1]
        main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        relationships = "http://schemas.openxmlformats.org/package/2006/relationships"
        kinds = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
        def xlsx(name, sheet, shared=None):
            with zipfile.ZipFile(os.path.join(d, name), "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("[Content_Types].xml", "<Types/>")
                z.writestr("_rels/.rels", f'<Relationships xmlns="{relationships}"><Relationship Id="r1" '
                           f'Type="{kinds}officeDocument" Target="xl/workbook.xml"/></Relationships>')
                z.writestr("xl/workbook.xml", f'<workbook xmlns="{main}" xmlns:r="{kinds}"><sheets>'
                           '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>')
                rels = f'<Relationship Id="rId1" Type="{kinds}worksheet" Target="worksheets/sheet1.xml"/>'
                if shared is not None:
                    rels += f'<Relationship Id="rId2" Type="{kinds}sharedStrings" Target="/xl/sharedStrings.xml"/>'
                    z.writestr("xl/sharedStrings.xml", f'<sst xmlns="{main}">'
                               + "".join(f"<si><t>{s}</t></si>" for s in shared) + "</sst>")
                z.writestr("xl/_rels/workbook.xml.rels",
                           f'<Relationships xmlns="{relationships}">{rels}</Relationships>')
                z.writestr("xl/worksheets/sheet1.xml",
                           f'<worksheet xmlns="{main}"><sheetData>{sheet}</sheetData></worksheet>')
        def ods(name, tables):
            with zipfile.ZipFile(os.path.join(d, name), "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
                z.writestr("content.xml", '<office:document-content '
                           'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">'
                           f'<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body>'
                           '</office:document-content>')
        def text(value):
            return f'<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>'
        def number(value, repeated=1):
            return (f'<table:table-cell office:value-type="float" office:value="{value}" '
                    f'table:number-columns-repeated="{repeated}"/>')
        empty = '<table:table-cell table:number-columns-repeated="1000000000"/>'

        """

    private func make(_ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.makers + script, folder.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python failed")
    }

    func testInlineStringsBooleansAndErrorsOfAHandMadeWorkbook() throws {
        try make(
            """
            xlsx("kinds.xlsx", '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c>'
                 '<c r="B1" t="s"><v>0</v></c><c r="C1" t="str"><v>score</v></c></row>'
                 '<row r="2"><c r="A2" t="inlineStr"><is><r><t>Ca</t></r><r><t xml:space="preserve">fé </t></r>'
                 '<rPh><t>カフェ</t></rPh></is></c><c r="B2" t="b"><v>1</v></c><c r="C2" t="e"><v>#N/A</v></c></row>'
                 '<row r="4"><c r="C4"><v>2.5000000000000004</v></c><c r="A4" t="inlineStr"><is><t>Bar</t></is></c>'
                 '<c r="B4" t="b"><v>0</v></c></row>', shared=["open"])
            """)
        let catalog = try load("kinds.xlsx")
        XCTAssertEqual(catalog.columns.map(\.name), ["name", "open", "score"])
        XCTAssertEqual(catalog.count, 2)
        XCTAssertEqual((0..<2).map { catalog.text(0, at: $0) }, ["Café", "Bar"])
        XCTAssertEqual((0..<2).map { catalog.text(1, at: $0) }, ["TRUE", "FALSE"])
        XCTAssertEqual(catalog.text(2, at: 0), "")
        XCTAssertEqual(catalog.columns[2].kind, .number)
    }

    func testBrokenWorkbooksAreRefusedWithTheSheetAndPlace() throws {
        try make(
            """
            xlsx("index.xlsx", '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
                 '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>7</v></c></row>', shared=["a", "b"])
            xlsx("malformed.xlsx", '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>1</v></row>',
                 shared=["a"])
            xlsx("header.xlsx", '<row r="1"><c r="A1" t="inlineStr"><is><t>only</t></is></c></row>')
            xlsx("empty.xlsx", "")
            ods("wide.ods", '<table:table table:name="Wide"><table:table-row>' + text("a") + empty + number(1)
                + '</table:table-row></table:table>')
            ods("filled.ods", '<table:table table:name="Filled"><table:table-row>' + text("a") + number(2, 1000000000)
                + '</table:table-row></table:table>')
            with zipfile.ZipFile(os.path.join(d, "nocontent.ods"), "w") as z:
                z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
            with zipfile.ZipFile(os.path.join(d, "letter.docx"), "w") as z:
                z.writestr("[Content_Types].xml", "<Types/>")
                z.writestr("word/document.xml", "<document/>")
            whole = open(os.path.join(d, "index.xlsx"), "rb").read()
            open(os.path.join(d, "cut.xlsx"), "wb").write(whole[:len(whole) * 2 // 3])
            """)
        let index = refusal("index.xlsx")
        XCTAssertEqual(index?.line, 2)
        XCTAssertEqual(index?.column, 2)
        XCTAssertEqual(
            index?.description, "sheet “Data”, row 2, column B: the shared string 7 is not in the workbook, which has 2"
        )
        guard case .damaged("XML", let detail)? = refusal("malformed.xlsx")?.reason else {
            return XCTFail(String(describing: refusal("malformed.xlsx")))
        }
        XCTAssertTrue(detail.hasPrefix("xl/worksheets/sheet1.xml, line 1: "), detail)
        XCTAssertEqual(
            refusal("header.xlsx")?.reason, .sheet("Data", problem: "the sheet has a header row but no rows"))
        XCTAssertEqual(refusal("empty.xlsx")?.description, "sheet “Data”: the sheet has no rows")
        for name in ["wide.ods", "filled.ods"] {
            guard case .sheet(let sheet, let problem)? = refusal(name)?.reason else {
                return XCTFail("\(name): \(String(describing: refusal(name)))")
            }
            XCTAssertEqual(refusal(name)?.line, 1, name)
            XCTAssertTrue(["Wide", "Filled"].contains(sheet))
            XCTAssertTrue(problem.contains("more than the 65535 a catalog can have"), problem)
        }
        XCTAssertEqual(
            refusal("nocontent.ods")?.reason, .damaged(format: "ods", detail: "it has no part “content.xml”"))
        XCTAssertEqual(refusal("letter.docx")?.reason, .noTables, "a Word file is a zip with no table")
        guard case .damaged? = refusal("cut.xlsx")?.reason else {
            return XCTFail(String(describing: refusal("cut.xlsx")))
        }
    }

    /// A billion empty columns after each row and a billion empty rows after the table, as ODS
    /// writes a sheet's formatted but empty rest, cost nothing.
    func testABillionRepeatedEmptyCellsCostNothing() throws {
        try make(
            """
            rows = "".join('<table:table-row>' + text(t) + number(n) + empty + '</table:table-row>'
                           for t, n in [("a", "b"), ("x", 1), ("y", 2)])
            rows = rows.replace('office:value-type="float" office:value="b"', 'office:value-type="string"')
            rows = rows.replace('<table:table-cell office:value-type="string" table:number-columns-repeated="1"/>',
                                text("b"))
            ods("sparse.ods", '<table:table table:name="Sparse">' + rows
                + '<table:table-row table:number-rows-repeated="1000000000">' + empty + '</table:table-row>'
                + '</table:table>')
            """)
        let start = ContinuousClock.now
        let catalog = try load("sparse.ods")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
        XCTAssertEqual(catalog.columns.map(\.name), ["a", "b"])
        XCTAssertEqual(catalog.count, 2)
        XCTAssertEqual(catalog.columns[1].kind, .number)
    }

    /// Random damage to a workbook's XML, and to its zip, is refused or read, never a crash.
    func testDamagedWorkbooksNeverCrash() throws {
        try make(
            """
            import random
            random.seed(37)
            sheet = "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>{r % 3}</v></c><c r="B{r}" s="0"><v>{r * 1.5}</v></c>'
                            f'<c r="C{r}" t="inlineStr"><is><t>t{r}</t></is></c></row>' for r in range(1, 40))
            cells = "".join('<table:table-row>' + text(f"t{r}") + number(r * 1.5) + '</table:table-row>'
                            for r in range(40))
            content = '<table:table table:name="T">' + cells + '</table:table>'
            for round in range(120):
                def damage(xml):
                    xml = bytearray(xml.encode())
                    for _ in range(random.randint(1, 4)):
                        at = random.randrange(len(xml))
                        choice = random.randrange(3)
                        if choice == 0: xml[at] = random.randrange(256)
                        elif choice == 1: del xml[at]
                        else: xml[at:at] = random.choice([b"<", b">", b"&", b'"', b"\\xff", b"</c>", b"<v>"])
                    return xml.decode("utf-8", "replace")
                xlsx(f"fuzz-{round}.xlsx", damage(sheet), shared=["x", "y", "z"])
                ods(f"fuzz-{round}.ods", damage(content))
                whole = bytearray(open(os.path.join(d, f"fuzz-{round}.xlsx"), "rb").read())
                for _ in range(random.randint(1, 3)): whole[random.randrange(len(whole))] = random.randrange(256)
                open(os.path.join(d, f"zip-{round}.xlsx"), "wb").write(whole)
            """)
        for round in 0..<120 {
            for name in ["fuzz-\(round).xlsx", "fuzz-\(round).ods", "zip-\(round).xlsx"] {
                if let catalog = try? CatalogReader.load(path: path(name)) {
                    XCTAssertGreaterThan(catalog.columns.count, 0)
                }
            }
        }
    }

    /// Random damage to an `.xls` that LibreOffice wrote is refused or read by FreeXL, never a crash.
    func testDamagedXLSNeverCrashes() throws {
        try "id,name,price,day\n1,Tea,3.5,2024-01-02\n2,Cake,4,2024-02-03\n"
            .write(toFile: path("small.csv"), atomically: true, encoding: .utf8)
        let xls = try SpreadsheetWriters.libreOffice(folder.appendingPathComponent("small.csv"), to: "xls")
        XCTAssertEqual(try load(xls.lastPathComponent).count, 2)
        let original = [UInt8](try Data(contentsOf: xls))
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let at = Int.random(in: 8..<bytes.count, using: &random)
                if Bool.random(using: &random) {
                    bytes[at] = UInt8.random(in: 0...255, using: &random)
                } else {
                    bytes.removeSubrange(at..<bytes.count)
                }
                if bytes.count < 16 { break }
            }
            let name = "fuzz-\(round).xls"
            try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
            if let catalog = try? CatalogReader.load(path: path(name)) {
                XCTAssertGreaterThan(catalog.columns.count, 0)
            }
        }
    }
}
