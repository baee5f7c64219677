// SPDX-License-Identifier: GPL-3.0-or-later
/// Where an error is: a byte's line and field, counted by reading from a record's start.
extension CatalogCSVParser {
    /// The 1-based line and field of byte `offset`, counted from the start of a record on `line`.
    static func place(
        of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from origin: (index: Int, line: Int) = (0, 1),
        delimiter: UInt8
    ) -> (line: Int, column: Int) {
        var line = origin.line
        var column = 1
        var inQuotes = false
        for index in origin.index..<offset {
            switch bytes[index] {
            case 10:
                line += 1
                if !inQuotes { column = 1 }
            case 34: inQuotes.toggle()
            case delimiter where !inQuotes: column += 1
            default: break
            }
        }
        return (line, column)
    }
}
