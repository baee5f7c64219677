// SPDX-License-Identifier: GPL-3.0-or-later
internal import CFreeXL
import FoldoutCore

/// An Excel 97–2003 workbook (`.xls`, BIFF8 in an OLE2 compound file), read through FreeXL, which
/// gives each cell typed (dates and times already as ISO 8601 text, from the cell's format).
final class XLSWorkbook {
    private var handle: UnsafeRawPointer?
    let path: String
    private(set) var sheets: [String] = []

    init(path: String) throws(CatalogImportError) {
        self.path = path
        let status = freexl_open(path, &handle)
        guard status == FREEXL_OK else { throw failure(status) }
        var info: UInt32 = 0
        if freexl_get_info(handle, UInt16(FREEXL_BIFF_PASSWORD), &info) == FREEXL_OK, info == FREEXL_BIFF_OBFUSCATED {
            throw CatalogImportError(
                line: 0, reason: .unreadable(tr("the workbook is protected by a password")), path: path)
        }
        guard freexl_get_info(handle, UInt16(FREEXL_BIFF_SHEET_COUNT), &info) == FREEXL_OK else {
            throw failure(FREEXL_BIFF_WORKBOOK_NOT_FOUND)
        }
        for index in 0..<UInt16(clamping: info) {
            var name: UnsafePointer<CChar>?
            let status = freexl_get_worksheet_name(handle, index, &name)
            guard status == FREEXL_OK else { throw failure(status) }
            sheets.append(name.map { String(cString: $0) } ?? "")
        }
    }

    deinit { freexl_close(handle) }

    /// The cells of the sheet at `index` with values.
    func grid(of index: Int, loading: CatalogLoading?) throws(CatalogImportError) -> SheetGrid {
        var grid = SheetGrid(sheet: sheets[index])
        var status = freexl_select_active_worksheet(handle, UInt16(index))
        guard status == FREEXL_OK else { throw failure(status) }
        var rows: UInt32 = 0
        var columns: UInt16 = 0
        status = freexl_worksheet_dimensions(handle, &rows, &columns)
        guard status == FREEXL_OK else { throw failure(status) }
        var cell = FreeXL_CellValue()
        for row in 0..<rows {
            for column in 0..<columns {
                status = freexl_get_cell_value(handle, row, column, &cell)
                guard status == FREEXL_OK else {
                    throw grid.place(row: Int(row), column: Int(column), .sheet(grid.sheet, problem: message(status)))
                }
                try add(cell, row: Int(row), column: Int(column), to: &grid)
            }
            if row & 0x3FF == 0, let loading,
                !loading.report(read: Int(Double(row) / Double(max(rows, 1)) * Double(loading.totalBytes)))
            {
                throw CatalogImportError(line: 0, reason: .cancelled, path: path)
            }
        }
        return grid
    }

    private func add(_ cell: FreeXL_CellValue, row: Int, column: Int, to grid: inout SheetGrid)
        throws(CatalogImportError)
    {
        switch Int32(cell.type) {
        case FREEXL_CELL_INT:
            try grid.add(row: row, column: column, isText: false) {
                SheetValueText.number(Double(cell.value.int_value), into: &$0)
            }
        case FREEXL_CELL_DOUBLE:
            try grid.add(row: row, column: column, isText: false) {
                SheetValueText.number(cell.value.double_value, into: &$0)
            }
        case FREEXL_CELL_TEXT, FREEXL_CELL_SST_TEXT, FREEXL_CELL_DATE, FREEXL_CELL_DATETIME, FREEXL_CELL_TIME:
            guard let text = cell.value.text_value else { return }
            let isText = [FREEXL_CELL_TEXT, FREEXL_CELL_SST_TEXT].contains(Int32(cell.type))
            try grid.add(row: row, column: column, isText: isText) { bytes in
                var next = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
                while next.pointee != 0 {
                    bytes.append(next.pointee)
                    next += 1
                }
            }
        default: return
        }
    }

    private func failure(_ status: Int32) -> CatalogImportError {
        CatalogImportError(line: 0, reason: .damaged(format: "xls", detail: message(status)), path: path)
    }

    private func message(_ status: Int32) -> String {
        switch status {
        case FREEXL_FILE_NOT_FOUND: tr("the file cannot be opened")
        case FREEXL_INSUFFICIENT_MEMORY: tr("not enough memory")
        case FREEXL_BIFF_WORKBOOK_NOT_FOUND, FREEXL_BIFF_INVALID_BOF:
            tr("it is not an Excel workbook (another Office document?)")
        default: tr("FreeXL cannot read it (error {code})", ["code": String(status)])
        }
    }
}
