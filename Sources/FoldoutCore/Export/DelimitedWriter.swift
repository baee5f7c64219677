// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes records of delimited text into a buffer that is handed on (`flush`) whenever it fills:
/// LF line ends, and a field quoted (a quote doubled) when it holds the delimiter, a quote or a
/// line break, or starts or ends with a space, so that a reader that trims keeps it whole.
struct DelimitedWriter {
    let delimiter: UInt8
    private(set) var buffer: [UInt8] = []
    private var atRecordStart = true
    private let flushAt: Int
    private let flush: (inout [UInt8]) throws(CatalogExportError) -> Void

    init(
        delimiter: UInt8, flushAt: Int = 1 << 20,
        flush: @escaping (inout [UInt8]) throws(CatalogExportError) -> Void = { _ in }
    ) {
        self.delimiter = delimiter
        self.flushAt = flushAt
        self.flush = flush
        buffer.reserveCapacity(min(flushAt, 1 << 20) + 4096)
    }

    mutating func field(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !atRecordStart { buffer.append(delimiter) }
        atRecordStart = false
        guard needsQuotes(bytes) else {
            buffer.append(contentsOf: bytes)
            return
        }
        buffer.append(34)
        for byte in bytes {
            buffer.append(byte)
            if byte == 34 { buffer.append(34) }
        }
        buffer.append(34)
    }

    /// A whole record, written as it is.
    mutating func record(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogExportError) {
        buffer.append(contentsOf: bytes)
        try endRecord()
    }

    mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { field($0) }
    }

    mutating func endRecord() throws(CatalogExportError) {
        endLine()
        if buffer.count >= flushAt { try flush(&buffer) }
    }

    /// Ends a record without handing the buffer on.
    mutating func endLine() {
        buffer.append(10)
        atRecordStart = true
    }

    /// `rows` of fields written whole, each quoted where it needs to be: a summary, groups.
    static func bytes(of rows: [[String]], delimiter: UInt8) -> [UInt8] {
        var writer = DelimitedWriter(delimiter: delimiter, flushAt: .max)
        for row in rows {
            for field in row { writer.field(field) }
            writer.endLine()
        }
        return writer.buffer
    }

    mutating func reserve(_ bytes: Int) { buffer.reserveCapacity(bytes) }

    /// Whole records written by another writer of the same delimiter.
    mutating func append(_ records: [UInt8]) { buffer.append(contentsOf: records) }

    /// Hands on what is left.
    mutating func finish() throws(CatalogExportError) {
        if !buffer.isEmpty { try flush(&buffer) }
    }

    private func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if CatalogASCII.isSpace(first) || CatalogASCII.isSpace(last) { return true }
        return bytes.contains { $0 == delimiter || $0 == 34 || $0 == 10 || $0 == 13 }
    }
}
