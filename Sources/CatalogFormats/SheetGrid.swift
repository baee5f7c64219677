// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The cells of one sheet that hold a value, as a sheet's reader finds them, row by row: each
/// cell's place, whether it was text, and its value written as text (`SheetValueText`) in one
/// buffer. Empty cells are not kept, so a sheet's formatted but empty rows and columns (ODS
/// repeats them by the million) cost nothing.
struct SheetGrid {
    struct Cell {
        /// 0-based.
        var row: Int32
        var column: Int32
        var start: UInt32
        var count: UInt32
        var isText: Bool
    }

    /// A merged range: its top left cell's value covers it all (0-based, inclusive).
    struct Merge {
        var rows: ClosedRange<Int>
        var columns: ClosedRange<Int>
    }

    /// A sheet holds at most this many rows (LibreOffice's own limit, 2^24).
    static let maxRows = 1 << 24

    let sheet: String
    var cells: [Cell] = []
    private(set) var bytes: [UInt8] = []
    var merges: [Merge] = []

    init(sheet: String) { self.sheet = sheet }

    /// Adds the value `write` writes at (`row`, `column`), unless it writes nothing.
    mutating func add(
        row: Int, column: Int, isText: Bool, _ write: (inout [UInt8]) -> Void
    ) throws(CatalogImportError) {
        guard column < Catalog.maxColumns else {
            throw place(row: row, column: column, .tooManyColumns(column + 1))
        }
        guard row < Self.maxRows else {
            throw place(row: row, column: column, .sheet(sheet, problem: tr("more rows than a sheet can have")))
        }
        let start = bytes.count
        write(&bytes)
        guard bytes.count > start else { return }
        guard cells.count < Self.maxCells else {
            throw place(row: row, column: column, .sheet(sheet, problem: tr("more cells than a sheet can have")))
        }
        guard bytes.count < Catalog.textSizeLimit else {
            throw CatalogImportError(line: 0, reason: .unreadable(tr("the file is larger than 4 GB")))
        }
        cells.append(
            Cell(
                row: Int32(row), column: Int32(column), start: UInt32(start), count: UInt32(bytes.count - start),
                isText: isText))
    }

    /// Adds the cells of row `from` again `times` times, in the rows below it: ODS writes rows
    /// that are alike once, with how many there are.
    mutating func repeatRow(_ from: Int, times: Int) throws(CatalogImportError) {
        var first = cells.count
        while first > 0 && cells[first - 1].row == Int32(from) { first -= 1 }
        guard times > 0, first < cells.count else { return }
        let row = Array(cells[first...])
        guard from + times < Self.maxRows, cells.count + row.count * times < Self.maxCells else {
            throw place(row: from, column: 0, .sheet(sheet, problem: tr("more rows than a sheet can have")))
        }
        for offset in 1...times {
            for var cell in row {
                cell.row += Int32(offset)
                cells.append(cell)
            }
        }
    }

    /// A sheet holds at most this many cells with values (2^28, 5 GB of cells).
    static let maxCells = 1 << 28

    /// An error at a cell of this sheet.
    func place(row: Int, column: Int, _ reason: CatalogImportError.Reason) -> CatalogImportError {
        let located: CatalogImportError.Reason
        if case .sheet = reason {
            located = reason
        } else {
            located = .sheet(sheet, problem: CatalogImportError(line: 0, reason: reason).description)
        }
        return CatalogImportError(line: row + 1, column: column + 1, reason: located)
    }
}
