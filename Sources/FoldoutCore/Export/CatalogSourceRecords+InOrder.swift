// SPDX-License-Identifier: GPL-3.0-or-later
/// Some of a catalog file's records in the file's own order, found in one pass as the file is read
/// (a few MiB ahead of the records, the memory of those behind given back), as the load reads it:
/// an export in the file's order (the default, filtered or not) neither holds the whole file nor
/// finds where every record starts before it writes the first.
extension CatalogSourceRecords {
    /// Calls `header` with the text of the header and `record` with that of each of the catalog's
    /// rows in `rows` (ascending), as the file has them, without their line ends; each with the
    /// file's delimiter.
    static func inFileOrder(
        _ origin: CatalogOrigin, rows: [UInt32],
        header: (UnsafeBufferPointer<UInt8>, UInt8) throws(CatalogExportError) -> Void,
        record: (UnsafeBufferPointer<UInt8>, UInt8) throws(CatalogExportError) -> Void
    ) throws(CatalogExportError) {
        let snapshot = try snapshot(of: origin, asUsed: true)
        let changed = CatalogExportError(reason: .sourceChanged, path: origin.path)
        var walk = Walk(snapshot: snapshot)
        do { try walk.readAhead(from: 0) } catch { throw changed }
        let (start, delimiter) = CatalogCSVParser.layout(of: snapshot.bytes)
        var scanner = CatalogCSVScanner(bytes: snapshot.bytes, startingAt: start, delimiter: delimiter)
        func next() throws(CatalogExportError) -> UnsafeBufferPointer<UInt8> {
            do {
                guard let found = try walk.next(&scanner) else { throw changed }
                return text(snapshot.bytes, found)
            } catch { throw changed }
        }
        try header(next(), delimiter)
        var row: UInt32 = 0
        for wanted in rows {
            while row < wanted {
                _ = try next()
                row += 1
            }
            try record(next(), delimiter)
            row += 1
        }
        do { try snapshot.checkUnchanged() } catch { throw changed }
    }

    /// Finds one record after another in a snapshot read as it is used.
    private struct Walk {
        let snapshot: FileSnapshot
        /// The bytes before this offset are read.
        private var readable = 0
        /// The memory before this offset has been given back; nil once the file is read whole.
        private var releasedUpTo: Int? = 0

        init(snapshot: FileSnapshot) { self.snapshot = snapshot }

        /// Reads up to `readWindow` past `offset` when fewer than `readMargin` bytes are read
        /// past it, and gives back the memory of whole blocks before it.
        mutating func readAhead(from offset: Int) throws(FileSnapshot.Failure) {
            let count = snapshot.bytes.count
            guard releasedUpTo != nil, offset + CatalogCSVParser.readMargin > readable, readable < count else {
                return
            }
            let end = min(count, offset + CatalogCSVParser.readWindow)
            try snapshot.readAhead(readable..<end)
            readable = end
            if let released = releasedUpTo, offset - released >= FileSnapshot.block {
                releasedUpTo = snapshot.release(released..<offset)
            }
        }

        /// Where the next record starts and ends (after its line feed), blank lines before it
        /// skipped; nil at the end of the file. A record that runs past what is read ahead (one
        /// longer than `readMargin`) is found again in the file read whole.
        mutating func next(_ scanner: inout CatalogCSVScanner) throws(FileSnapshot.Failure) -> Range<Int>? {
            let from = scanner.index
            try readAhead(from: from)
            do throws(CatalogImportError) {
                if scanner.skipBlankLines() {
                    let start = scanner.index
                    if !scanner.skipUnquotedRecord() { try CatalogSourceRecords.skipRecord(&scanner) }
                    if isRead(upTo: scanner.index) { return start..<scanner.index }
                } else if isRead(upTo: scanner.index) {
                    return nil
                }
            } catch {
                guard !isRead(upTo: scanner.bytes.count) else { throw .changed }
            }
            try snapshot.readWhole()
            releasedUpTo = nil
            readable = snapshot.bytes.count
            scanner.restart(at: from)
            return try next(&scanner)
        }

        /// The bytes before `offset` were read: what was scanned up to it was the file's text.
        private func isRead(upTo offset: Int) -> Bool {
            offset <= readable || readable == snapshot.bytes.count
        }
    }
}
