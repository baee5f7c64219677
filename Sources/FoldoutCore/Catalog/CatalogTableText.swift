// SPDX-License-Identifier: GPL-3.0-or-later
/// A table that another format holds (a database table, a spreadsheet), written row by row as CSV
/// text and then read by the one CSV parser, so that every format's columns are stored, inferred
/// and refused alike. A missing value is an empty field.
public struct CatalogTableText {
    private var writer: DelimitedWriter
    public let columnCount: Int
    private var fieldsInRow = 0
    public private(set) var rows = 0

    public init(columns: [String], expectedBytes: Int = 0) {
        writer = DelimitedWriter(delimiter: 44, flushAt: Int.max)
        writer.reserve(expectedBytes)
        columnCount = columns.count
        for name in columns { writer.field(name) }
        writer.endLine()
    }

    /// Rows without a header, to be appended to a table of `columns` columns (`append`): a part
    /// of the table read on another thread, of about `expectedBytes` (reserved, so that the text
    /// is not copied each time it doubles).
    public init(continuing columns: Int, expectedBytes: Int = 0) {
        writer = DelimitedWriter(delimiter: 44, flushAt: Int.max)
        writer.reserve(expectedBytes)
        columnCount = columns
    }

    /// Makes room for `rows` rows in all, as long as the rows written so far on average (and a
    /// tenth more), so that the text is not copied each time it doubles.
    public mutating func reserve(rows total: Int) {
        guard rows > 0 else { return }
        writer.reserve(min(writer.buffer.count / rows * total * 11 / 10, Catalog.textSizeLimit))
    }

    /// Appends the rows of `other`, a table of as many columns begun with `init(continuing:)`.
    public mutating func append(_ other: CatalogTableText) {
        writer.append(other.writer.buffer)
        rows += other.rows
    }

    public mutating func field(_ bytes: UnsafeBufferPointer<UInt8>) {
        writer.field(bytes)
        fieldsInRow += 1
    }

    public mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { field($0) }
    }

    public mutating func missing() {
        writer.field(UnsafeBufferPointer(start: nil, count: 0))
        fieldsInRow += 1
    }

    /// Ends a row; fields not given are missing.
    public mutating func endRow() {
        while fieldsInRow < columnCount { missing() }
        writer.endLine()
        fieldsInRow = 0
        rows += 1
    }

    /// The catalog of the rows written. `textColumns` are text whatever their values look like
    /// (a database's TEXT columns of digits, such as postal codes).
    public func catalog(
        name: String, textColumns: Set<Int> = [], loading: CatalogLoading?, origin: CatalogOrigin?
    ) throws(CatalogImportError) -> Catalog {
        guard rows > 0 else { throw CatalogImportError(line: 0, reason: .noRows) }
        loading?.beginParsing(bytes: writer.buffer.count)
        return try writer.buffer.withUnsafeBufferPointer { bytes in
            CatalogCSVParser.parse(
                bytes, name: name, loading: loading, origin: origin, delimiter: 44, textColumns: textColumns)
        }.get()
    }
}
