import FoldoutCore
// SPDX-License-Identifier: GPL-3.0-or-later
internal import Glibc

/// An OpenDocument spreadsheet (`.ods`, LibreOffice's own): a zip whose `content.xml` holds every
/// sheet (`<table:table>`), row by row and cell by cell, each cell with its value and its kind
/// (`office:value-type`). Rows and cells alike are written once with how many there are
/// (`number-rows-repeated`, `number-columns-repeated`): empty ones are counted, never stored.
struct ODSDocument {
    let contents: CatalogFileContents

    /// The sheets' names in order, and the grids of those `wanted` chose by name and place.
    func read(
        wanted: (String, Int) -> Bool, loading: CatalogLoading?
    ) throws(CatalogImportError) -> (names: [String], grids: [SheetGrid]) {
        let archive = try ArchiveReader(contents, format: "ods")
        guard try archive.seek(to: "content.xml") else {
            throw CatalogImportError(
                line: 0,
                reason: .damaged(format: "ods", detail: tr("it has no part “{part}”", ["part": "content.xml"])),
                path: contents.path)
        }
        var reader = ODSContentReader(xml: try XMLStream(member: archive, part: "content.xml", loading: loading))
        return try reader.read(wanted: wanted)
    }
}

/// One pass over `content.xml`.
private struct ODSContentReader {
    let xml: XMLStream
    private let element: XMLNames<Element>
    private let attribute: XMLNames<Attribute>
    private var text: [UInt8] = []

    init(xml: XMLStream) {
        self.xml = xml
        element = XMLNames(xml)
        attribute = XMLNames(xml)
    }

    private enum Element: Int, CaseIterable, XMLNamed {
        case table, row, cell, coveredCell, paragraph, heading, space, tab, lineBreak, annotation, style
        case tableProperties

        var xmlName: String {
            switch self {
            case .table: "table"
            case .row: "table-row"
            case .cell: "table-cell"
            case .coveredCell: "covered-table-cell"
            case .paragraph: "p"
            case .heading: "h"
            case .space: "s"
            case .tab: "tab"
            case .lineBreak: "line-break"
            case .annotation: "annotation"
            case .style: "style"
            case .tableProperties: "table-properties"
            }
        }
    }

    private enum Attribute: Int, CaseIterable, XMLNamed {
        case name, rowsRepeated, columnsRepeated, columnsSpanned, rowsSpanned, valueType, value, dateValue, timeValue
        case booleanValue, spaces, display, styleName

        var xmlName: String {
            switch self {
            case .name: "name"
            case .rowsRepeated: "number-rows-repeated"
            case .columnsRepeated: "number-columns-repeated"
            case .columnsSpanned: "number-columns-spanned"
            case .rowsSpanned: "number-rows-spanned"
            case .valueType: "value-type"
            case .value: "value"
            case .dateValue: "date-value"
            case .timeValue: "time-value"
            case .booleanValue: "boolean-value"
            case .spaces: "c"
            case .display: "display"
            case .styleName: "style-name"
            }
        }
    }

    mutating func read(wanted: (String, Int) -> Bool) throws(CatalogImportError) -> (
        names: [String], grids: [SheetGrid]
    ) {
        var names: [String] = []
        var grids: [SheetGrid] = []
        var hiddenStyles: Set<String> = []
        var style: String?
        while try xml.read() {
            guard xml.node == .element else { continue }
            // A hidden sheet is one whose table style says `table:display="false"`.
            if xml.localName == element[.style] {
                style = xml.attribute(attribute[.name])
            } else if xml.localName == element[.tableProperties], xml.attribute(attribute[.display]) == "false",
                let style
            {
                hiddenStyles.insert(style)
            }
            guard xml.localName == element[.table] else { continue }
            if let style = xml.attribute(attribute[.styleName]), hiddenStyles.contains(style) {
                try xml.skipElement()
                continue
            }
            let name = xml.attribute(attribute[.name]) ?? ""
            names.append(name)
            guard wanted(name, names.count - 1) else {
                try xml.skipElement()
                continue
            }
            var grid = SheetGrid(sheet: name)
            try table(into: &grid)
            grids.append(grid)
        }
        return (names, grids)
    }

    private mutating func table(into grid: inout SheetGrid) throws(CatalogImportError) {
        guard !xml.isEmptyElement else { return }
        let depth = xml.depth
        var row = 0
        var column = 0
        var repeats = 1
        while try xml.read() {
            if xml.node == .endElement {
                if xml.depth == depth { return }
                if xml.localName == element[.row] {
                    try grid.repeatRow(row, times: repeats - 1)
                    row += repeats
                }
                continue
            }
            guard xml.node == .element else { continue }
            let name = xml.localName
            if name == element[.row] {
                repeats = count(xml.attribute(attribute[.rowsRepeated]))
                column = 0
                if xml.isEmptyElement { row += repeats }
            } else if name == element[.cell] || name == element[.coveredCell] {
                try cell(row: row, column: &column, into: &grid)
            } else if name == element[.table] {
                try xml.skipElement()
            }
        }
    }

    /// What a cell holds, from its attributes.
    private struct Value {
        var type: UInt8 = 0
        var isError = false
        var number = 0.0
        var written: [UInt8] = []
        var repeats = 1
        var columnsSpanned = 1
        var rowsSpanned = 1
    }

    private mutating func cell(row: Int, column: inout Int, into grid: inout SheetGrid) throws(CatalogImportError) {
        var value = Value()
        let keys = attribute
        xml.attributes { name, prefix, text in
            switch name {
            case keys[.columnsRepeated]: value.repeats = count(text)
            case keys[.columnsSpanned]: value.columnsSpanned = count(text)
            case keys[.rowsSpanned]: value.rowsSpanned = count(text)
            case keys[.valueType]:
                // LibreOffice says an error's type in its own namespace, beside office:value-type.
                if let prefix, prefix[0] == 99 {
                    value.isError = strcmp(text, "error") == 0
                } else {
                    value.type = text[0]
                }
            case keys[.value]: value.number = text.withMemoryRebound(to: CChar.self, capacity: 1) { strtod($0, nil) }
            case keys[.dateValue]: SheetValueText.isoDate(text, style: .dateTime, into: &value.written)
            case keys[.timeValue]: SheetValueText.duration(text, into: &value.written)
            case keys[.booleanValue]: SheetValueText.boolean(text[0] == 116, into: &value.written)
            default: break
            }
        }
        defer { column += value.repeats }
        if value.columnsSpanned > 1 || value.rowsSpanned > 1 {
            grid.merges.append(
                SheetGrid.Merge(
                    rows: row...(row + value.rowsSpanned - 1), columns: column...(column + value.columnsSpanned - 1)))
        }
        try readText()
        guard !value.isError else { return }
        let isText: Bool
        switch value.type {
        // float, percentage, currency
        case 102, 112, 99:
            value.written.removeAll()
            SheetValueText.number(value.number, into: &value.written)
            isText = false
        // date, time, boolean
        case 100, 116, 98: isText = false
        default:
            value.written = text
            isText = true
        }
        guard !value.written.isEmpty else { return }
        let written = value.written
        for offset in 0..<value.repeats {
            try grid.add(row: row, column: column + offset, isText: isText) { $0.append(contentsOf: written) }
        }
    }

    /// The cell's text, its paragraphs on lines of their own, without its comments.
    private mutating func readText() throws(CatalogImportError) {
        text.removeAll(keepingCapacity: true)
        guard !xml.isEmptyElement else { return }
        let depth = xml.depth
        var paragraphs = 0
        while try xml.read() {
            switch xml.node {
            case .endElement where xml.depth == depth: return
            case .text:
                guard var value = xml.value else { continue }
                while value.pointee != 0 {
                    text.append(value.pointee)
                    value += 1
                }
            case .element:
                let name = xml.localName
                if name == element[.paragraph] || name == element[.heading] {
                    if paragraphs > 0 { text.append(10) }
                    paragraphs += 1
                } else if name == element[.space] {
                    text.append(
                        contentsOf: repeatElement(32, count: min(count(xml.attribute(attribute[.spaces])), 1000)))
                } else if name == element[.tab] {
                    text.append(9)
                } else if name == element[.lineBreak] {
                    text.append(10)
                } else if name == element[.annotation] {
                    try xml.skipElement()
                }
            default: break
            }
        }
    }

    private func count(_ text: String?) -> Int { max(1, text.flatMap { Int($0) } ?? 1) }

    private func count(_ text: XMLStream.Name) -> Int {
        max(1, min(Int(text.withMemoryRebound(to: CChar.self, capacity: 1) { strtol($0, nil, 10) }), 1 << 30))
    }
}
