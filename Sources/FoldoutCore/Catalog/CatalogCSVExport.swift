// SPDX-License-Identifier: GPL-3.0-or-later
extension Catalog {
    /// The catalog as CSV text that `parseCSV` reads back to the same values: a header of the
    /// column names, LF line ends, a field quoted when it holds a comma, quote or line break, or
    /// starts or ends with a space. A missing value is an empty field.
    public func exportCSV() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 16 * max(columns.count, 1) + 64)
        for (index, column) in columns.enumerated() {
            if index > 0 { out.append(44) }
            Self.appendField(Array(column.name.utf8), to: &out)
        }
        out.append(10)
        for position in 0..<count {
            for index in columns.indices {
                if index > 0 { out.append(44) }
                Self.appendField(Array(columns[index].text(at: position).utf8), to: &out)
            }
            out.append(10)
        }
        return out
    }

    private static func appendField(_ field: [UInt8], to out: inout [UInt8]) {
        let needsQuotes =
            field.contains { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }
            || field.first.map(CatalogASCII.isSpace) == true || field.last.map(CatalogASCII.isSpace) == true
        guard needsQuotes else {
            out.append(contentsOf: field)
            return
        }
        out.append(34)
        for byte in field {
            out.append(byte)
            if byte == 34 { out.append(34) }
        }
        out.append(34)
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
