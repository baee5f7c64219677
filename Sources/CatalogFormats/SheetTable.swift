// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A sheet's cells as a table: its header row found, its rows written as CSV text
/// (`CatalogTableText`) and read by the one CSV parser, as every other format's.
struct SheetTable {
    let grid: SheetGrid
    /// The 0-based row of the header (see `headerRow`).
    let headerRow: Int
    /// The first row with a value, 0-based: a header below it is said in the window.
    let firstRow: Int
    private let columns: ClosedRange<Int>

    /// With `asked` (0-based), the header is that row, which must hold a value; else it is found.
    init(_ grid: SheetGrid, headerRow asked: Int? = nil) throws(CatalogImportError) {
        var grid = grid
        grid.sortIfNeeded()
        self.grid = grid
        guard let first = grid.cells.first else {
            throw CatalogImportError(line: 0, reason: .sheet(grid.sheet, problem: tr("the sheet has no rows")))
        }
        firstRow = Int(first.row)
        if let asked, !grid.cells.contains(where: { Int($0.row) == asked }) {
            let problem = tr("row {row} is empty: it has no names for a header", ["row": String(asked + 1)])
            throw CatalogImportError(line: asked + 1, reason: .sheet(grid.sheet, problem: problem))
        }
        let header = asked ?? Self.headerRow(grid)
        headerRow = header
        var (low, high) = (Int32.max, Int32(0))
        for cell in grid.cells where Int(cell.row) >= header {
            low = min(low, cell.column)
            high = max(high, cell.column)
        }
        columns = Int(low)...Int(max(low, high))
    }

    /// The rows below the header, not counting rows without a value.
    var rowCount: Int {
        var count = 0
        var last = Int32(headerRow)
        for cell in grid.cells where cell.row > last {
            count += 1
            last = cell.row
        }
        return count
    }

    /// One of a sheet's first rows, as the header is looked for among them.
    private struct SampledRow {
        let row: Int
        var values = 0
        var texts = 0
        var columns: ClosedRange<Int32>?
        /// Whether each cell is text, by its column.
        var isText: [Int32: Bool] = [:]

        var isMostlyText: Bool { texts * 2 > values }
    }

    /// The header among the sheet's first 50 rows: a row with at least half as many values as the
    /// widest of them, most of them text, after which the rows agree in shape and kind. A title, a
    /// date or a note above the table is not its header, even spread over several cells: the
    /// other notes and the real header follow it, which do not agree with the rows. With no such
    /// row, the first that looks like a header.
    private static func headerRow(_ grid: SheetGrid) -> Int {
        let rows = sampledRows(grid)
        let widest = rows.map(\.values).max() ?? 0
        let isWide = { (row: SampledRow) in row.values >= max(2, (widest + 1) / 2) }
        let candidates = rows.indices.filter { isWide(rows[$0]) && rows[$0].isMostlyText }
        for index in candidates {
            if index > 0, rows[..<index].contains(where: { isWide($0) && !$0.isMostlyText }) { break }
            if rowsAgree(rows[(index + 1)..<min(rows.count, index + 11)], under: rows[index]) {
                return rows[index].row
            }
        }
        return candidates.first.map { rows[$0].row } ?? rows.first?.row ?? 0
    }

    private static func sampledRows(_ grid: SheetGrid) -> [SampledRow] {
        var rows: [SampledRow] = []
        for cell in grid.cells {
            if rows.last?.row != Int(cell.row) {
                guard rows.count < 50 else { break }
                rows.append(SampledRow(row: Int(cell.row)))
            }
            rows[rows.count - 1].values += 1
            if cell.isText { rows[rows.count - 1].texts += 1 }
            let columns = rows[rows.count - 1].columns ?? cell.column...cell.column
            let (low, high) = (columns.lowerBound, columns.upperBound)
            rows[rows.count - 1].columns = min(low, cell.column)...max(high, cell.column)
            rows[rows.count - 1].isText[cell.column] = cell.isText
        }
        return rows
    }

    /// Whether the rows below a header agree with each other: each about as full as the fullest,
    /// most of its cells under the header's columns, and four in five of the same kind (text or
    /// not) as most of its column's.
    private static func rowsAgree(_ following: ArraySlice<SampledRow>, under header: SampledRow) -> Bool {
        guard let span = header.columns else { return false }
        let fullest = following.map(\.values).max() ?? 0
        var textCount: [Int32: (text: Int, all: Int)] = [:]
        for row in following {
            for (column, isText) in row.isText {
                textCount[column, default: (0, 0)].all += 1
                if isText { textCount[column, default: (0, 0)].text += 1 }
            }
        }
        return following.allSatisfy { row in
            let under = row.isText.keys.count { span.contains($0) }
            let alike = row.isText.count { column, isText in
                let count = textCount[column] ?? (0, 0)
                return isText == (count.text * 2 > count.all)
            }
            return row.values * 2 >= fullest && under * 5 >= row.values * 4 && alike * 5 >= row.values * 4
        }
    }

    func catalog(name: String, loading: CatalogLoading?, origin: CatalogOrigin?) throws(CatalogImportError) -> Catalog {
        let width = columns.count
        var names = [String](repeating: "", count: width)
        var textOnly = [Bool](repeating: true, count: width)
        var table: CatalogTableText?
        grid.bytes.withUnsafeBufferPointer { bytes in
            func text(_ cell: SheetGrid.Cell) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(cell.start)..<Int(cell.start + cell.count)])
            }
            var index = grid.cells.firstIndex { Int($0.row) >= headerRow } ?? grid.cells.count
            while index < grid.cells.count && Int(grid.cells[index].row) == headerRow {
                let cell = grid.cells[index]
                names[Int(cell.column) - columns.lowerBound] = String(decoding: text(cell), as: UTF8.self)
                index += 1
            }
            for merge in grid.merges where merge.rows.contains(headerRow) && columns.contains(merge.columns.lowerBound)
            {
                let named = names[merge.columns.lowerBound - columns.lowerBound]
                for column in merge.columns.dropFirst() where columns.contains(column) {
                    names[column - columns.lowerBound] = named
                }
            }
            var rows = CatalogTableText(columns: names, expectedBytes: grid.bytes.count + grid.cells.count * 2)
            var row = Int32(-1)
            var next = 0
            while index < grid.cells.count {
                let cell = grid.cells[index]
                if cell.row != row {
                    if row >= 0 { rows.endRow() }
                    row = cell.row
                    next = 0
                }
                let column = Int(cell.column) - columns.lowerBound
                // A second value for one cell (a damaged file) is not a column of its own.
                guard column >= next else {
                    index += 1
                    continue
                }
                while next < column {
                    rows.missing()
                    next += 1
                }
                rows.field(text(cell))
                if !cell.isText { textOnly[column] = false }
                next += 1
                index += 1
            }
            if row >= 0 { rows.endRow() }
            table = rows
        }
        guard let table, table.rows > 0 else {
            throw CatalogImportError(
                line: headerRow + 1, reason: .sheet(grid.sheet, problem: tr("the sheet has a header row but no rows")))
        }
        let catalog = try table.catalog(name: name, loading: loading, origin: origin)
        // A column of text cells is text even where they read as numbers (postal codes, ids kept
        // as text): read again with those columns as text. Dates in it stay dates.
        let numbersKeptAsText = textOnly.indices.filter { textOnly[$0] && catalog.columns[$0].kind == .number }
        guard !numbersKeptAsText.isEmpty else { return catalog }
        return try table.catalog(name: name, textColumns: Set(numbersKeptAsText), loading: loading, origin: origin)
    }
}

extension SheetGrid {
    /// In row and column order, as a reader that found them otherwise (an `.xlsx` may list a
    /// row's cells in any order) leaves them.
    mutating func sortIfNeeded() {
        let ordered = zip(cells, cells.dropFirst()).allSatisfy { ($0.row, $0.column) < ($1.row, $1.column) }
        if !ordered { cells.sort { ($0.row, $0.column) < ($1.row, $1.column) } }
    }
}
