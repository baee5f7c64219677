// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// Spreadsheets, each sheet a table: `.xlsx` (`XLSXWorkbook`), `.ods` (`ODSDocument`), both zips
/// of XML told apart from other zips by their members, and `.xls` (`XLSWorkbook`), told by the
/// OLE2 signature. A workbook of several sheets asks which one, as a database with several tables.
enum Spreadsheet {
    enum Kind: String {
        case xlsx, ods, xls
    }

    static func isOLE2(_ head: [UInt8]) -> Bool { head.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) }

    /// Whether a zip is a workbook: an `.xlsx` has `xl/workbook.xml`, an `.ods` a `mimetype` member
    /// that says so. Nil for any other zip, a Word or PowerPoint file too: it holds no table.
    static func kind(ofZip contents: CatalogFileContents) -> Kind? {
        guard let archive = try? ArchiveReader(contents, format: "zip") else { return nil }
        while let entry = try? archive.nextEntry() {
            if entry.name == "xl/workbook.xml" { return .xlsx }
            if entry.name == "mimetype", let type = try? archive.data(expected: 64, loading: nil) {
                return type.starts(with: Array("application/vnd.oasis.opendocument.spreadsheet".utf8)) ? .ods : nil
            }
        }
        return nil
    }

    /// The sheets, each with its rows (below its header) in words.
    static func sheets(_ kind: Kind, path: String, contents: CatalogFileContents?) throws(CatalogImportError)
        -> [CatalogPart]
    {
        try grids(kind, path: path, contents: contents, chosen: nil, every: true, loading: nil).map { grid in
            let rows = (try? SheetTable(grid))?.rowCount ?? 0
            return CatalogPart(
                name: grid.sheet, size: trn("{count} row", "{count} rows", rows, ["count": NumberText.grouped(rows)]))
        }
    }

    /// The sheet `options` name (or the only one), read from the header row asked or kept for it.
    static func catalog(
        _ kind: Kind, path: String, contents: CatalogFileContents?, options: CatalogReadOptions,
        loading: CatalogLoading?
    ) throws(CatalogImportError) -> Catalog {
        guard
            let grid = try grids(
                kind, path: path, contents: contents, chosen: options.table, every: false, loading: loading
            ).first
        else { throw CatalogImportError(line: 0, reason: .noTables, path: path) }
        // A row kept for the sheet that no longer holds a header (the file changed) gives way to the row found.
        let keptRow = options.headerRow == nil ? options.keptHeaderRows[grid.sheet] : nil
        let kept = keptRow.flatMap { try? SheetTable(grid, headerRow: $0 - 1) }
        let table: SheetTable
        if let kept { table = kept } else { table = try SheetTable(grid, headerRow: options.headerRow.map { $0 - 1 }) }
        let headerRow = kept == nil ? options.headerRow : keptRow
        let format = CatalogFileFormat.spreadsheet(
            kind.rawValue, sheet: grid.sheet,
            headerRow: table.headerRow > table.firstRow || headerRow != nil ? table.headerRow + 1 : nil,
            asked: headerRow != nil)
        let origin: CatalogOrigin
        if let contents {
            origin = contents.origin(format)
        } else {
            origin = try CatalogFileContents.origin(of: path, format)
        }
        return try table.catalog(name: Catalog.name(of: path, part: grid.sheet), loading: loading, origin: origin)
    }

    /// The grid of each sheet (`every`), or of the one `chosen` (or the only one).
    private static func grids(
        _ kind: Kind, path: String, contents: CatalogFileContents?, chosen: String?, every: Bool,
        loading: CatalogLoading?
    ) throws(CatalogImportError) -> [SheetGrid] {
        switch kind {
        case .xlsx:
            let workbook = try XLSXWorkbook(contents!)
            let names = workbook.sheets.map(\.name)
            let wanted = every ? names : [try CatalogPartChoice.choose(chosen, among: names, path: path)]
            return try wanted.map { (name) throws(CatalogImportError) in
                try workbook.grid(of: workbook.sheets.first { $0.name == name }!, loading: loading)
            }
        case .ods:
            let document = ODSDocument(contents: contents!)
            if every { return try document.read(wanted: { _, _ in true }, loading: loading).grids }
            // One pass for the names and the sheet, when the sheet is named as it is.
            if let chosen {
                let (names, grids) = try document.read(wanted: { name, _ in name == chosen }, loading: loading)
                if let grid = grids.first { return [grid] }
                let name = try CatalogPartChoice.choose(chosen, among: names, path: path)
                return try document.read(wanted: { other, _ in other == name }, loading: loading).grids
            }
            // The first sheet is read as the names are found: it is the one, if it is the only one.
            let (names, grids) = try document.read(wanted: { _, index in index == 0 }, loading: loading)
            _ = try CatalogPartChoice.choose(nil, among: names, path: path)
            return grids
        case .xls:
            let workbook = try XLSWorkbook(path: path)
            let wanted =
                every ? workbook.sheets : [try CatalogPartChoice.choose(chosen, among: workbook.sheets, path: path)]
            return try wanted.map { (name) throws(CatalogImportError) in
                try workbook.grid(of: workbook.sheets.firstIndex(of: name)!, loading: loading)
            }
        }
    }
}

/// Which table of several: the one named (exactly, else whatever its case), or the only one.
enum CatalogPartChoice {
    static func choose(_ name: String?, among names: [String], path: String) throws(CatalogImportError) -> String {
        if let name {
            guard
                let named = names.first(where: { $0 == name })
                    ?? names.first(where: { $0.lowercased() == name.lowercased() })
            else { throw CatalogImportError(line: 0, reason: .noSuchTable(name, names), path: path) }
            return named
        }
        guard names.count == 1 else {
            throw CatalogImportError(line: 0, reason: names.isEmpty ? .noTables : .severalTables(names), path: path)
        }
        return names[0]
    }
}
