// SPDX-License-Identifier: GPL-3.0-or-later
extension Catalog {
    /// Parses delimited text as `parseDelimited` does, but reads what it would refuse for a record
    /// with more or fewer fields than the header: a record with too few is padded with empty
    /// fields, one with too many is left out. The origin names their lines (`irregularLines`).
    /// A pass of its own before the strict parser, so that the strict reading stays as fast.
    public static func parseDelimitedPaddingRows(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, loading: CatalogLoading?, origin: CatalogOrigin?
    ) throws(CatalogImportError) -> Catalog {
        if CatalogLineEnds.areCarriageReturns(bytes) {
            let text = CatalogLineEnds.withLineFeeds(bytes)
            return try text.withUnsafeBufferPointer { (text) throws(CatalogImportError) in
                try parseDelimitedPaddingRows(text, name: name, loading: loading, origin: origin?.readWithLineFeeds)
            }
        }
        guard let mended = try CatalogRaggedRows.mended(bytes), !mended.lines.isEmpty else {
            return try parseDelimited(bytes, name: name, loading: loading, origin: origin)
        }
        return try mended.text.withUnsafeBufferPointer { (text) throws(CatalogImportError) in
            try parseDelimited(text, name: name, loading: loading, origin: origin?.withIrregularLines(mended.lines))
        }
    }
}

enum CatalogRaggedRows {
    /// The text with each record as long as the header, and the lines of the records changed;
    /// nil for text with no header. A record left out becomes as many blank lines as it spans
    /// (blank lines are skipped), so that the lines after it keep their numbers.
    static func mended(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogImportError) -> (
        text: [UInt8], lines: [Int]
    )? {
        let (start, delimiter) = CatalogCSVParser.layout(of: bytes)
        var scanner = CatalogCSVScanner(bytes: bytes, startingAt: start, delimiter: delimiter)
        guard scanner.skipBlankLines() else { return nil }
        let columns = try fields(&scanner)
        var text = Array(bytes[0..<scanner.index])
        text.reserveCapacity(bytes.count)
        var lines: [Int] = []
        while scanner.skipBlankLines() {
            let recordStart = scanner.index
            let line = scanner.line
            let count = try fields(&scanner)
            let record = bytes[recordStart..<scanner.index]
            if count == columns {
                text.append(contentsOf: record)
                continue
            }
            lines.append(line)
            if count < columns {
                var body = record[...]
                if body.last == 10 { body = body.dropLast() }
                if body.last == 13 { body = body.dropLast() }
                text.append(contentsOf: body)
                text.append(contentsOf: repeatElement(delimiter, count: columns - count))
                text.append(10)
            } else {
                text.append(contentsOf: repeatElement(10, count: scanner.line - line))
            }
        }
        return (text, lines)
    }

    private static func fields(_ scanner: inout CatalogCSVScanner) throws(CatalogImportError) -> Int {
        scanner.scratch.removeAll(keepingCapacity: true)
        var count = 0
        var terminator = CatalogCSVScanner.Terminator.delimiter
        while terminator == .delimiter {
            (_, terminator) = try scanner.nextField(column: count + 1)
            count += 1
        }
        return count
    }
}
