// SPDX-License-Identifier: GPL-3.0-or-later
/// A catalog's file read again, as the version the catalog was read from: where each record
/// starts (the catalog's rows, in its order), so that any row's fields can be had as the file
/// writes them, unquoted.
struct CatalogSourceRecords {
    private let path: String
    private let snapshot: FileSnapshot
    private var scanner: CatalogCSVScanner
    private let header: Int
    private var starts: [UInt32] = []
    /// Where each record's line ends (after its line feed, if it has one).
    private var ends: [UInt32] = []
    private var headerEnd = 0
    /// The file's delimiter.
    let delimiter: UInt8
    private var fields: [CatalogCSVScanner.Field] = []

    init(_ origin: CatalogOrigin, rows: Int, columns: Int) throws(CatalogExportError) {
        path = origin.path
        do {
            snapshot = try FileSnapshot(path: origin.path, limit: Catalog.textSizeLimit)
        } catch {
            switch error {
            case .changed: throw CatalogExportError(reason: .sourceChanged, path: origin.path)
            case .system(let error):
                throw CatalogExportError(
                    reason: error.isNotFound ? .sourceChanged : .sourceUnreadable(error.text), path: origin.path)
            }
        }
        guard snapshot.version == origin.version else {
            throw CatalogExportError(reason: .sourceChanged, path: origin.path)
        }
        let (start, delimiter) = CatalogCSVParser.layout(of: snapshot.bytes)
        self.delimiter = delimiter
        scanner = CatalogCSVScanner(bytes: snapshot.bytes, startingAt: start, delimiter: delimiter)
        _ = scanner.skipBlankLines()
        header = scanner.index
        fields.reserveCapacity(columns)
        starts.reserveCapacity(rows)
        ends.reserveCapacity(rows)
        // The records are found as the import found them: blank lines between them are skipped.
        do throws(CatalogImportError) {
            try skipRecord()
            headerEnd = scanner.index
            while scanner.skipBlankLines() {
                starts.append(UInt32(scanner.index))
                try skipRecord()
                ends.append(UInt32(scanner.index))
            }
        } catch {
            throw CatalogExportError(reason: .sourceChanged, path: origin.path)
        }
        guard starts.count == rows else { throw CatalogExportError(reason: .sourceChanged, path: origin.path) }
    }

    private mutating func skipRecord() throws(CatalogImportError) {
        scanner.scratch.removeAll(keepingCapacity: true)
        var terminator = CatalogCSVScanner.Terminator.delimiter
        while terminator == .delimiter { (_, terminator) = try scanner.nextField(column: 0) }
    }

    /// The text of the header (`row` nil) or of the catalog's row `row` as the file has it, without
    /// its line end (LF or CRLF).
    func withText<R>(of row: Int?, _ body: (UnsafeBufferPointer<UInt8>) throws(CatalogExportError) -> R)
        throws(CatalogExportError) -> R
    {
        let start = row.map { Int(starts[$0]) } ?? header
        var end = row.map { Int(ends[$0]) } ?? headerEnd
        if end > start && snapshot.bytes[end - 1] == 10 { end -= 1 }
        if end > start && snapshot.bytes[end - 1] == 13 { end -= 1 }
        return try body(UnsafeBufferPointer(rebasing: snapshot.bytes[start..<end]))
    }

    /// Calls `body` with the fields of the header (`row` nil) or of the catalog's row `row`.
    mutating func withFields(
        of row: Int?, _ body: ([CatalogCSVScanner.Field], CatalogCSVScanner) throws(CatalogExportError) -> Void
    ) throws(CatalogExportError) {
        scanner.restart(at: row.map { Int(starts[$0]) } ?? header)
        fields.removeAll(keepingCapacity: true)
        var terminator = CatalogCSVScanner.Terminator.delimiter
        do throws(CatalogImportError) {
            while terminator == .delimiter {
                let field: CatalogCSVScanner.Field
                (field, terminator) = try scanner.nextField(column: fields.count + 1)
                fields.append(field)
            }
        } catch {
            throw CatalogExportError(reason: .sourceChanged, path: path)
        }
        try body(fields, scanner)
    }
}
