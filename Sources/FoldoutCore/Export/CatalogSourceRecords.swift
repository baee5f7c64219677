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
    private var fields: [CatalogCSVScanner.Field] = []

    init(_ origin: CatalogOrigin, rows: Int, columns: Int) throws(CatalogExportError) {
        path = origin.path
        do {
            snapshot = try FileSnapshot(path: origin.path, limit: CatalogFile.sizeLimit)
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
        scanner = CatalogCSVScanner(bytes: snapshot.bytes, startingAt: start, delimiter: delimiter)
        _ = scanner.skipBlankLines()
        header = scanner.index
        fields.reserveCapacity(columns)
        starts.reserveCapacity(rows)
        // The records are found as the import found them: blank lines between them are skipped.
        do throws(CatalogImportError) {
            try skipRecord()
            while scanner.skipBlankLines() {
                starts.append(UInt32(scanner.index))
                try skipRecord()
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
