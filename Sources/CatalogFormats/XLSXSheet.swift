import FoldoutCore
// SPDX-License-Identifier: GPL-3.0-or-later
internal import Glibc

extension XLSXWorkbook {
    /// The cells of `sheet` with values: text from the shared strings or inline, numbers (dates
    /// where their format says so), booleans; an error (`#N/A`) is a missing value. Merged ranges
    /// are kept for the header.
    func grid(of sheet: Sheet, loading: CatalogLoading?) throws(CatalogImportError) -> SheetGrid {
        var strings = XLSXSharedStrings()
        if let sharedStringsPart {
            try read(sharedStringsPart, optional: true, loading: loading) { (xml) throws(CatalogImportError) in
                strings = try XLSXSharedStrings(xml)
            }
        }
        var grid = SheetGrid(sheet: sheet.name)
        try read(sheet.part, loading: loading) { (xml) throws(CatalogImportError) in
            var reader = XLSXSheetReader(xml: xml, workbook: self, strings: strings)
            try reader.read(into: &grid)
        }
        return grid
    }
}

/// One pass over a worksheet part, `<row>` by `<row>` and `<c>` by `<c>`.
private struct XLSXSheetReader {
    let xml: XMLStream
    let styles: [SheetValueText.Style]
    let dates1904: Bool
    let strings: XLSXSharedStrings
    private let element: XMLNames<Element>
    private let attribute: XMLNames<Attribute>
    /// The value's text as read, ended by a 0 for `strtod`.
    private var scratch: [UInt8] = []

    init(xml: XMLStream, workbook: XLSXWorkbook, strings: XLSXSharedStrings) {
        self.xml = xml
        styles = workbook.styles
        dates1904 = workbook.dates1904
        self.strings = strings
        element = XMLNames(xml)
        attribute = XMLNames(xml)
        scratch.reserveCapacity(256)
    }

    private enum Element: Int, CaseIterable, XMLNamed {
        case row, cell, value, inlineText, formula, phonetic, merge

        var xmlName: String {
            switch self {
            case .row: "row"
            case .cell: "c"
            case .value: "v"
            case .inlineText: "is"
            case .formula: "f"
            case .phonetic: "rPh"
            case .merge: "mergeCell"
            }
        }
    }

    private enum Attribute: Int, CaseIterable, XMLNamed {
        case reference, type, style, range

        var xmlName: String {
            switch self {
            case .reference: "r"
            case .type: "t"
            case .style: "s"
            case .range: "ref"
            }
        }
    }

    mutating func read(into grid: inout SheetGrid) throws(CatalogImportError) {
        var row = -1
        var column = -1
        while try xml.read() {
            guard xml.node == .element else { continue }
            let name = xml.localName
            if name == element[.cell] {
                column += 1
                try cell(row: row, column: &column, into: &grid)
            } else if name == element[.row] {
                row = xml.attribute(attribute[.reference]).flatMap { Int($0) }.map { $0 - 1 } ?? row + 1
                column = -1
            } else if name == element[.merge], let reference = xml.attribute(attribute[.range]) {
                let ends = reference.split(separator: ":").compactMap { Self.place(String($0)) }
                if ends.count == 2 {
                    grid.merges.append(
                        SheetGrid.Merge(
                            rows: min(ends[0].row, ends[1].row)...max(ends[0].row, ends[1].row),
                            columns: min(ends[0].column, ends[1].column)...max(ends[0].column, ends[1].column)))
                }
            }
        }
    }

    /// Kinds of cell, by their `t` attribute.
    private enum Kind {
        case number, shared, inline, formulaText, boolean, error, isoDate
    }

    private mutating func cell(row: Int, column: inout Int, into grid: inout SheetGrid) throws(CatalogImportError) {
        var kind = Kind.number
        var style = 0
        var place: (row: Int, column: Int)?
        xml.attributes { name, _, value in
            if name == attribute[.reference] {
                place = Self.place(value)
            } else if name == attribute[.type] {
                kind = Self.kind(value)
            } else if name == attribute[.style] {
                style = Self.integer(value) ?? 0
            }
        }
        if let place { column = place.column }
        let row = place?.row ?? row
        guard !xml.isEmptyElement, row >= 0 else { return }
        scratch.removeAll(keepingCapacity: true)
        let depth = xml.depth
        var inValue = false
        while try xml.read() {
            switch xml.node {
            case .element where xml.localName == element[.value] || xml.localName == element[.inlineText]:
                inValue = true
            case .element where xml.localName == element[.formula] || xml.localName == element[.phonetic]:
                try xml.skipElement()
            case .text where inValue:
                guard var text = xml.value else { continue }
                while text.pointee != 0 {
                    scratch.append(text.pointee)
                    text += 1
                }
            case .endElement where xml.localName == element[.value]: inValue = false
            case .endElement where xml.depth == depth:
                return try add(kind, style: style, row: row, column: column, to: &grid)
            default: break
            }
        }
    }

    private mutating func add(
        _ kind: Kind, style: Int, row: Int, column: Int, to grid: inout SheetGrid
    ) throws(CatalogImportError) {
        guard !scratch.isEmpty else { return }
        switch kind {
        case .shared:
            guard let index = Self.integer(scratch), index < strings.count else {
                let problem = tr(
                    "the shared string {index} is not in the workbook, which has {count}",
                    ["index": String(decoding: scratch, as: UTF8.self), "count": String(strings.count)])
                throw grid.place(row: row, column: column, .sheet(grid.sheet, problem: problem))
            }
            try grid.add(row: row, column: column, isText: true) { _ = strings.append(index, into: &$0) }
        case .inline, .formulaText:
            try grid.add(row: row, column: column, isText: true) { $0.append(contentsOf: scratch) }
        case .boolean:
            try grid.add(row: row, column: column, isText: false) { SheetValueText.boolean(scratch != [48], into: &$0) }
        case .error: return
        case .isoDate:
            let format = style < styles.count ? styles[style] : .dateTime
            scratch.append(0)
            try grid.add(row: row, column: column, isText: false) { bytes in
                scratch.withUnsafeBufferPointer { SheetValueText.isoDate($0.baseAddress!, style: format, into: &bytes) }
            }
        case .number:
            let format = style < styles.count ? styles[style] : .number
            if format == .number && Self.isPlainNumber(scratch) {
                return try grid.add(row: row, column: column, isText: false) { $0.append(contentsOf: scratch) }
            }
            scratch.append(0)
            let value = scratch.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { strtod($0.baseAddress!, nil) }
            }
            try grid.add(row: row, column: column, isText: false) {
                SheetValueText.serial(value, style: format, dates1904: dates1904, into: &$0)
            }
        }
    }

    private static func kind(_ value: XMLStream.Name) -> Kind {
        switch (value[0], value[1]) {
        case (115, 0): .shared  // "s"
        case (115, _): .formulaText  // "str"
        case (105, _): .inline  // "inlineStr"
        case (98, _): .boolean
        case (101, _): .error
        case (100, _): .isoDate
        default: .number
        }
    }

    /// A cell reference's 0-based row and column: "B12" is (11, 1).
    static func place(_ text: String) -> (row: Int, column: Int)? {
        text.withCString { $0.withMemoryRebound(to: UInt8.self, capacity: text.utf8.count + 1) { place($0) } }
    }

    private static func place(_ reference: UnsafePointer<UInt8>) -> (row: Int, column: Int)? {
        var index = 0
        var column = 0
        while index < 4, case let letter = reference[index] | 0x20, letter >= 97 && letter <= 122 {
            column = column * 26 + Int(letter - 96)
            index += 1
        }
        guard column > 0, let row = integer(reference + index), row > 0 else { return nil }
        return (row - 1, column - 1)
    }

    private static func integer(_ text: UnsafePointer<UInt8>) -> Int? {
        var value = 0
        var index = 0
        while text[index] != 0 {
            let digit = Int(text[index]) - 48
            guard digit >= 0 && digit <= 9, index < 10 else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return index > 0 ? value : nil
    }

    private static func integer(_ bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 10, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// A number as the CSV parser reads it back unchanged: digits, at most one point, at most 15
    /// digits, no exponent, no zero before another digit or after the last decimal.
    private static func isPlainNumber(_ bytes: [UInt8]) -> Bool {
        var digits = bytes.count
        var start = 0
        if bytes.first == 45 {
            start = 1
            digits -= 1
        }
        guard digits > 0, digits <= 15, bytes.count > start else { return false }
        var point: Int?
        for index in start..<bytes.count {
            let byte = bytes[index]
            if byte == 46 {
                guard point == nil else { return false }
                point = index
            } else if byte < 48 || byte > 57 {
                return false
            }
        }
        if bytes[start] == 48 && bytes.count > start + 1 && point != start + 1 { return false }
        if let point { return point > start && point < bytes.count - 1 && bytes.last != 48 }
        return true
    }
}
