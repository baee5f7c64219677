extension Catalog {
    /// Reads a catalog from CSV text (see `CatalogCSVParser`). All or nothing: any problem throws
    /// an error naming its line, and no catalog is made.
    public static func parseCSV(_ bytes: [UInt8]) throws(CatalogImportError) -> Catalog {
        try bytes.withUnsafeBufferPointer(CatalogCSVParser.parse).get()
    }
}

/// Parses catalog CSV: a header row naming the columns (any order, case-insensitive; unknown
/// columns ignored; all of `Catalog.csvColumns` required), then one record per item with exactly
/// as many fields as the header. Blank lines are skipped. A UTF-8 byte order mark is allowed.
enum CatalogCSVParser {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Catalog, CatalogImportError> {
        do throws(CatalogImportError) {
            return .success(try parseOrThrow(bytes))
        } catch {
            return .failure(error)
        }
    }

    private static func parseOrThrow(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogImportError) -> Catalog {
        guard bytes.count < Int(UInt32.max) else {
            throw CatalogImportError(line: 0, reason: .unreadable(tr("the file is larger than 4 GB")))
        }
        if let offset = CatalogUTF8.firstInvalidOffset(bytes) {
            throw CatalogImportError(line: CatalogUTF8.line(of: offset, in: bytes), reason: .invalidUTF8)
        }
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var scanner = CatalogCSVScanner(bytes: bytes, startingAt: hasBOM ? 3 : 0)
        guard scanner.skipBlankLines() else { throw CatalogImportError(line: 1, reason: .empty) }
        let slotOfColumn = try readHeader(&scanner)
        var builder = CatalogCSVBuilder()
        var fields = [CatalogCSVScanner.Field](repeating: .init(), count: Catalog.csvColumns.count)
        while scanner.skipBlankLines() {
            let recordLine = scanner.line
            scanner.scratch.removeAll(keepingCapacity: true)
            var column = 0, terminator = CatalogCSVScanner.Terminator.comma
            while terminator == .comma {
                let field: CatalogCSVScanner.Field
                (field, terminator) = try scanner.nextField()
                if column < slotOfColumn.count, let slot = slotOfColumn[column] { fields[slot] = field }
                column += 1
            }
            guard column == slotOfColumn.count else {
                throw CatalogImportError(line: recordLine, reason: .wrongFieldCount(expected: slotOfColumn.count, found: column))
            }
            try builder.append(fields, from: scanner)
        }
        return builder.build()
    }

    /// For every column of the header, the index in `Catalog.csvColumns` it supplies, if any.
    private static func readHeader(_ scanner: inout CatalogCSVScanner) throws(CatalogImportError) -> [Int?] {
        let headerLine = scanner.line
        let required = Catalog.csvColumns.map { Array($0.utf8) }
        var slotOfColumn: [Int?] = [], found = [Bool](repeating: false, count: required.count)
        var terminator = CatalogCSVScanner.Terminator.comma
        while terminator == .comma {
            let field: CatalogCSVScanner.Field
            (field, terminator) = try scanner.nextField()
            let slot = try scanner.withBytes(of: field) { name in
                let name = CatalogASCII.trimmed(name)
                return required.firstIndex { CatalogASCII.equalsIgnoringCase(name, $0) }
            }
            if let slot, !found[slot] {
                found[slot] = true
                slotOfColumn.append(slot)
            } else {
                slotOfColumn.append(nil)
            }
        }
        if let missing = found.firstIndex(of: false) {
            throw CatalogImportError(line: headerLine, reason: .missingColumn(Catalog.csvColumns[missing]))
        }
        return slotOfColumn
    }
}
