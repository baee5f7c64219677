// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Some of a catalog's rows, in a given order, and some of its columns, written as CSV or TSV
/// with a header line and LF line ends. A catalog read from a file is written with the file's own
/// text of each value (read again, from the same version of the file), so that exporting every
/// row and column gives back the input's values: every column in the file's delimiter copies each
/// record as it is (its quotes too); otherwise each field is quoted where it needs to be. A
/// generated catalog is written with its values as text.
public struct CatalogExport: Sendable {
    public enum Format: Sendable, Equatable {
        case csv, tsv

        /// TSV for a name ending in `.tsv` or `.tab`, else CSV.
        public init(path: String) {
            let name = path.lowercased()
            self = name.hasSuffix(".tsv") || name.hasSuffix(".tab") ? .tsv : .csv
        }

        var delimiter: UInt8 { self == .tsv ? 9 : 44 }
    }

    public let catalog: Catalog
    /// Catalog positions, in the order they are written.
    public let rows: [UInt32]
    /// Column indices, in the order they are written.
    public let columns: [Int]
    public let format: Format

    public init(catalog: Catalog, rows: [UInt32], columns: [Int]? = nil, format: Format) {
        self.catalog = catalog
        self.rows = rows
        self.columns = columns ?? Array(catalog.columns.indices)
        self.format = format
    }

    /// Writes the export to `path` through a temporary file renamed onto it when complete: a
    /// failure or `progress`'s cancel leaves whatever was at `path` as it was.
    public func write(to path: String, progress: CatalogExportProgress? = nil) throws(CatalogExportError) {
        let file: ReplacingFile
        do { file = try ReplacingFile(replacing: path) } catch {
            throw CatalogExportError(reason: .unwritable(error.text), path: path)
        }
        do throws(CatalogExportError) {
            try write(progress: progress) { (buffer: inout [UInt8]) throws(CatalogExportError) in
                do throws(SystemError) { try file.write(buffer) } catch {
                    throw CatalogExportError(reason: .unwritable(error.text), path: path)
                }
                buffer.removeAll(keepingCapacity: true)
            }
            do { try file.commit() } catch { throw CatalogExportError(reason: .unwritable(error.text), path: path) }
        } catch {
            file.abandon()
            throw error
        }
    }

    /// The export's bytes, in memory.
    public func bytes(progress: CatalogExportProgress? = nil) throws(CatalogExportError) -> [UInt8] {
        var out: [UInt8] = []
        try write(progress: progress) { (buffer: inout [UInt8]) throws(CatalogExportError) in
            out.append(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        return out
    }

    /// The rows with the values as the catalog holds them (numbers with the column's decimals,
    /// dates in ISO 8601, a missing value empty), without reading any file: what a copy puts on the
    /// clipboard.
    public func valuesText() -> String {
        var writer = DelimitedWriter(delimiter: format.delimiter, flushAt: .max)
        for column in columns { writer.field(catalog.columns[column].name) }
        try? writer.endRecord()
        for row in rows {
            for column in columns { writer.field(catalog.text(column, at: Int(row))) }
            try? writer.endRecord()
        }
        return String(decoding: writer.buffer, as: UTF8.self)
    }

    /// `records` as delimited text, each field quoted as an export quotes it: a row read from a
    /// server, copied.
    public static func text(of records: [[String]], format: Format) -> String {
        var writer = DelimitedWriter(delimiter: format.delimiter, flushAt: .max)
        for record in records {
            for field in record { writer.field(field) }
            try? writer.endRecord()
        }
        return String(decoding: writer.buffer, as: UTF8.self)
    }

    private func write(
        progress: CatalogExportProgress?, flush: @escaping (inout [UInt8]) throws(CatalogExportError) -> Void
    ) throws(CatalogExportError) {
        var writer = DelimitedWriter(delimiter: format.delimiter, flush: flush)
        let columns = self.columns
        guard let origin = catalog.origin, origin.holdsRecords else {
            for column in columns { writer.field(catalog.columns[column].name) }
            try writer.endRecord()
            try forEachRow(progress, source: "") { row throws(CatalogExportError) in
                for column in columns { writer.field(catalog.text(column, at: row)) }
                try writer.endRecord()
            }
            return try writer.finish()
        }
        if rows.isAscending {
            return try writeInFileOrder(origin, progress: progress, &writer)
        }
        var records = try CatalogSourceRecords(origin, rows: catalog.count, columns: catalog.columns.count)
        if columns == Array(catalog.columns.indices) && records.delimiter == format.delimiter {
            // Every column, in the file's order and delimiter: each record is copied as it is.
            try records.withText(of: nil) { (text) throws(CatalogExportError) in try writer.record(text) }
            try forEachRow(progress, source: origin.path) { row throws(CatalogExportError) in
                try records.withText(of: row) { (text) throws(CatalogExportError) in try writer.record(text) }
            }
            return try writer.finish()
        }
        let writeRecord = {
            (fields: [CatalogCSVScanner.Field], scanner: CatalogCSVScanner) throws(CatalogExportError) in
            for column in columns { scanner.withBytes(of: fields[column]) { writer.field($0) } }
            try writer.endRecord()
        }
        try records.withFields(of: nil, writeRecord)
        try forEachRow(progress, source: origin.path) { row throws(CatalogExportError) in
            try records.withFields(of: row, writeRecord)
        }
        try writer.finish()
    }

    /// Writes rows in the file's order as the file is read, each record copied as it is when
    /// every column is written in the file's delimiter, else its fields written one by one.
    private func writeInFileOrder(
        _ origin: CatalogOrigin, progress: CatalogExportProgress?, _ writer: inout DelimitedWriter
    ) throws(CatalogExportError) {
        let columns = self.columns
        let delimiter = format.delimiter
        let copied = columns == Array(catalog.columns.indices)
        var fields: [CatalogCSVScanner.Field] = []
        var written = 0
        func write(_ text: UnsafeBufferPointer<UInt8>, fileDelimiter: UInt8) throws(CatalogExportError) {
            if copied && fileDelimiter == delimiter { return try writer.record(text) }
            var scanner = CatalogCSVScanner(bytes: text, startingAt: 0, delimiter: fileDelimiter)
            try CatalogSourceRecords.readFields(&scanner, into: &fields, path: origin.path)
            for column in columns { scanner.withBytes(of: fields[column]) { writer.field($0) } }
            try writer.endRecord()
        }
        try CatalogSourceRecords.inFileOrder(
            origin, rows: rows,
            header: write,
            record: { (text, fileDelimiter) throws(CatalogExportError) in
                if written & 4095 == 0, let progress, !progress.report(written: written) {
                    throw CatalogExportError(reason: .cancelled, path: origin.path)
                }
                written += 1
                try write(text, fileDelimiter: fileDelimiter)
            })
        _ = progress?.report(written: rows.count)
        try writer.finish()
    }

    private func forEachRow(
        _ progress: CatalogExportProgress?, source: String, _ body: (Int) throws(CatalogExportError) -> Void
    ) throws(CatalogExportError) {
        for (index, row) in rows.enumerated() {
            if index & 4095 == 0, let progress {
                guard progress.report(written: index) else {
                    throw CatalogExportError(reason: .cancelled, path: source)
                }
            }
            try body(Int(row))
        }
        _ = progress?.report(written: rows.count)
    }
}

/// How far an export has come, shared between the thread that writes it and the one that shows
/// it; and the way to cancel it.
public final class CatalogExportProgress: Sendable {
    public let totalRows: Int
    private let written = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)

    public init(totalRows: Int) { self.totalRows = totalRows }

    /// From 0 to 1.
    public var fraction: Double {
        totalRows > 0 ? Double(written.load(ordering: .relaxed)) / Double(totalRows) : 0
    }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Records progress; false once cancelled.
    public func report(written rows: Int) -> Bool {
        written.store(rows, ordering: .relaxed)
        return !isCancelled
    }
}

extension [UInt32] {
    /// Each element greater than the one before.
    var isAscending: Bool {
        withUnsafeBufferPointer { rows in
            var index = 1
            while index < rows.count {
                if rows[index] <= rows[index - 1] { return false }
                index += 1
            }
            return true
        }
    }
}
