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
        snapshot = try Self.snapshot(of: origin, asUsed: false)
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
            try Self.skipRecord(&scanner)
            headerEnd = scanner.index
            try findRecords()
        } catch {
            throw CatalogExportError(reason: .sourceChanged, path: origin.path)
        }
        guard starts.count == rows else { throw CatalogExportError(reason: .sourceChanged, path: origin.path) }
    }

    /// The file `origin` names, if it is still the version read (`asUsed`: read as it is used).
    static func snapshot(of origin: CatalogOrigin, asUsed: Bool) throws(CatalogExportError) -> FileSnapshot {
        let snapshot: FileSnapshot
        do {
            snapshot = try FileSnapshot(path: origin.path, limit: Catalog.textSizeLimit, asUsed: asUsed)
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
        return snapshot
    }

    /// Finds every record after the header; in a large file, in two halves at once, the second
    /// from a line break in the middle: a guess that a record starts after it, kept when the
    /// first half's last record ends by it (else the first half is read on alone).
    private mutating func findRecords() throws(CatalogImportError) {
        let bytes = scanner.bytes
        var split = headerEnd + (bytes.count - headerEnd) / 2
        while split < bytes.count && bytes[split] != 10 { split += 1 }
        split += 1
        guard bytes.count - headerEnd >= CatalogCSVParser.parallelThreshold, split < bytes.count else {
            return try Self.findRecords(&scanner, before: nil, &starts, &ends)
        }
        nonisolated(unsafe) var second: (starts: [UInt32], ends: [UInt32])?
        let delimiter = self.delimiter
        let helper = CatalogThread {
            var tail = CatalogCSVScanner(bytes: bytes, startingAt: split, delimiter: delimiter)
            var starts: [UInt32] = []
            var ends: [UInt32] = []
            do throws(CatalogImportError) {
                try Self.findRecords(&tail, before: nil, &starts, &ends)
                second = (starts, ends)
            } catch {
                second = nil
            }
        }
        try Self.findRecords(&scanner, before: split, &starts, &ends)
        helper.join()
        guard let second, (ends.last.map { Int($0) } ?? headerEnd) <= split else {
            return try Self.findRecords(&scanner, before: nil, &starts, &ends)
        }
        starts += second.starts
        ends += second.ends
    }

    /// Appends where each record starts and ends, from the scanner's place to the end of the
    /// input or to the first record that starts at `limit` or after it.
    private static func findRecords(
        _ scanner: inout CatalogCSVScanner, before limit: Int?, _ starts: inout [UInt32], _ ends: inout [UInt32]
    ) throws(CatalogImportError) {
        while scanner.skipBlankLines() {
            if let limit, scanner.index >= limit { return }
            starts.append(UInt32(scanner.index))
            if !scanner.skipUnquotedRecord() { try skipRecord(&scanner) }
            ends.append(UInt32(scanner.index))
        }
    }

    static func skipRecord(_ scanner: inout CatalogCSVScanner) throws(CatalogImportError) {
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
        let end = row.map { Int(ends[$0]) } ?? headerEnd
        return try body(Self.text(snapshot.bytes, start..<end))
    }

    /// A record's text without its line end (LF or CRLF).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var end = range.upperBound
        if end > range.lowerBound && bytes[end - 1] == 10 { end -= 1 }
        if end > range.lowerBound && bytes[end - 1] == 13 { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end])
    }

    /// Calls `body` with the fields of the header (`row` nil) or of the catalog's row `row`.
    mutating func withFields(
        of row: Int?, _ body: ([CatalogCSVScanner.Field], CatalogCSVScanner) throws(CatalogExportError) -> Void
    ) throws(CatalogExportError) {
        scanner.restart(at: row.map { Int(starts[$0]) } ?? header)
        try Self.readFields(&scanner, into: &fields, path: path)
        try body(fields, scanner)
    }

    /// Reads the fields of the record at the scanner's place into `fields`.
    static func readFields(
        _ scanner: inout CatalogCSVScanner, into fields: inout [CatalogCSVScanner.Field], path: String
    ) throws(CatalogExportError) {
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
    }
}
