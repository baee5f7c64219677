// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// An Office Open XML workbook (`.xlsx`, Excel 2007 and later, and what LibreOffice, openpyxl and
/// most programs save): a zip of XML parts. The workbook part lists the sheets, its relationships
/// say which part each is, the styles say which cells are dates, and the shared strings hold the
/// text of the cells that are text.
final class XLSXWorkbook {
    struct Sheet {
        let name: String
        let part: String
    }

    let contents: CatalogFileContents
    /// The visible worksheets, in the workbook's order.
    private(set) var sheets: [Sheet] = []
    /// Serial dates count from 1904-01-01 (old Excel for the Mac), not 1899-12-30.
    private(set) var dates1904 = false
    /// What each cell format (`s="3"`) shows its number as.
    private(set) var styles: [SheetValueText.Style] = []
    private(set) var sharedStringsPart: String?

    init(_ contents: CatalogFileContents) throws(CatalogImportError) {
        self.contents = contents
        var workbook = "xl/workbook.xml"
        try read("_rels/.rels", optional: true) { (xml) throws(CatalogImportError) in
            for (type, target) in try Self.relationships(xml).values where type.hasSuffix("/officeDocument") {
                workbook = Self.resolve(target, from: "")
            }
        }
        var sheetIds: [(name: String, id: String)] = []
        try read(workbook) { (xml) throws(CatalogImportError) in
            let (sheet, properties) = (xml.name("sheet"), xml.name("workbookPr"))
            let (nameAttribute, id, state, date1904) = (
                xml.name("name"), xml.name("id"), xml.name("state"), xml.name("date1904")
            )
            while try xml.read() {
                guard xml.node == .element else { continue }
                if xml.localName == properties {
                    dates1904 = ["1", "true"].contains(xml.attribute(date1904))
                } else if xml.localName == sheet, [nil, "visible"].contains(xml.attribute(state)),
                    let name = xml.attribute(nameAttribute), let rid = xml.attribute(id)
                {
                    sheetIds.append((name, rid))
                }
            }
        }
        let folder = String(workbook[..<(workbook.lastIndex(of: "/") ?? workbook.startIndex)])
        let relationshipsPart =
            folder + (folder.isEmpty ? "" : "/") + "_rels/" + Catalog.fileName(of: workbook) + ".rels"
        var stylesPart: String?
        try read(relationshipsPart) { (xml) throws(CatalogImportError) in
            let targets = try Self.relationships(xml)
            sheets = sheetIds.compactMap { sheet in
                guard let (type, target) = targets[sheet.id], type.hasSuffix("/worksheet") else { return nil }
                return Sheet(name: sheet.name, part: Self.resolve(target, from: folder))
            }
            for (type, target) in targets.values {
                if type.hasSuffix("/sharedStrings") { sharedStringsPart = Self.resolve(target, from: folder) }
                if type.hasSuffix("/styles") { stylesPart = Self.resolve(target, from: folder) }
            }
        }
        if let stylesPart {
            try read(stylesPart, optional: true) { (xml) throws(CatalogImportError) in try readStyles(xml) }
        }
    }

    /// Reads `part` with `body`; a part that is not there is an error unless `optional`.
    func read(
        _ part: String, optional: Bool = false, loading: CatalogLoading? = nil,
        _ body: (XMLStream) throws(CatalogImportError) -> Void
    ) throws(CatalogImportError) {
        let archive = try ArchiveReader(contents, format: "xlsx")
        guard try archive.seek(to: part) else {
            if optional { return }
            throw CatalogImportError(
                line: 0, reason: .damaged(format: "xlsx", detail: tr("it has no part “{part}”", ["part": part])),
                path: contents.path)
        }
        try body(try XMLStream(member: archive, part: part, loading: loading))
    }

    /// The number formats of the cell formats (`cellXfs`), by index.
    private func readStyles(_ xml: XMLStream) throws(CatalogImportError) {
        let (numberFormat, cellFormats, format) = (xml.name("numFmt"), xml.name("cellXfs"), xml.name("xf"))
        let (id, code) = (xml.name("numFmtId"), xml.name("formatCode"))
        var codes: [Int: String] = [:]
        var inCellFormats = false
        while try xml.read() {
            if xml.node == .endElement && xml.localName == cellFormats { inCellFormats = false }
            guard xml.node == .element else { continue }
            if xml.localName == numberFormat, let number = xml.attribute(id).flatMap({ Int($0) }) {
                codes[number] = xml.attribute(code)
            } else if xml.localName == cellFormats {
                inCellFormats = !xml.isEmptyElement
            } else if inCellFormats && xml.localName == format {
                let number = xml.attribute(id).flatMap { Int($0) } ?? 0
                styles.append(ExcelNumberFormat.style(id: number, code: codes[number]))
            }
        }
    }

    /// A relationships part: by id, each relationship's type and target.
    private static func relationships(_ xml: XMLStream) throws(CatalogImportError) -> [String: (String, String)] {
        let (relationship, id, type, target) = (
            xml.name("Relationship"), xml.name("Id"), xml.name("Type"), xml.name("Target")
        )
        var found: [String: (String, String)] = [:]
        while try xml.read() {
            guard xml.node == .element, xml.localName == relationship, let key = xml.attribute(id) else { continue }
            found[key] = (xml.attribute(type) ?? "", xml.attribute(target) ?? "")
        }
        return found
    }

    /// A relationship's target as a path in the zip: from the archive's root when it starts with
    /// a slash, else from `folder`.
    private static func resolve(_ target: String, from folder: String) -> String {
        if target.hasPrefix("/") { return String(target.dropFirst()) }
        var parts = folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}

/// The text of every shared string (`xl/sharedStrings.xml`), one buffer, by index.
struct XLSXSharedStrings {
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []

    init() {}

    /// Each `<si>`'s text: its `<t>`, or its runs' `<t>` joined, without the phonetic runs
    /// (`<rPh>`) Japanese text carries.
    init(_ xml: XMLStream) throws(CatalogImportError) {
        let (item, phonetic) = (xml.name("si"), xml.name("rPh"))
        var inItem = false
        while try xml.read() {
            switch xml.node {
            case .element where xml.localName == item:
                inItem = true
                if xml.isEmptyElement {
                    ends.append(bytes.count)
                    inItem = false
                }
            case .element where xml.localName == phonetic: try xml.skipElement()
            case .text where inItem:
                guard var text = xml.value else { continue }
                while text.pointee != 0 {
                    bytes.append(text.pointee)
                    text += 1
                }
            case .endElement where xml.localName == item:
                ends.append(bytes.count)
                inItem = false
            default: break
            }
        }
    }

    var count: Int { ends.count }

    /// The text of string `index` appended to `into`; false if there is none.
    func append(_ index: Int, into buffer: inout [UInt8]) -> Bool {
        guard index >= 0 && index < ends.count else { return false }
        let start = index == 0 ? 0 : ends[index - 1]
        buffer.append(contentsOf: bytes[start..<ends[index]])
        return true
    }
}
