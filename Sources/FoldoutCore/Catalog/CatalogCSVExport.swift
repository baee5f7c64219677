// SPDX-License-Identifier: GPL-3.0-or-later
extension Catalog {
    /// The catalog's values as CSV text that `parseCSV` reads back to the same values: a header
    /// of the column names, then every row in the file's order (see `CatalogExport.valuesText`).
    public func exportCSV() -> [UInt8] {
        Array(CatalogExport(catalog: self, rows: filePositions, format: .csv).valuesText().utf8)
    }
}

/// Byte helpers for ASCII text.
enum CatalogASCII {
    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
