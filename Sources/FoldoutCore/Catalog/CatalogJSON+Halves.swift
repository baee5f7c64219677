// SPDX-License-Identifier: GPL-3.0-or-later
extension CatalogJSONReader {
    /// JSON Lines of more than `parallelThreshold` bytes read in two halves at once, split at a
    /// line break in the middle, each on a core: both passes, and the second half's rows are
    /// appended to the first's. Nil for an array, a smaller file, or when the second half cannot
    /// be read alone (a pretty-printed object split in two, or an error, whose line only a
    /// reading from the start names): then the whole is read on one thread.
    static func inHalves(_ bytes: UnsafeBufferPointer<UInt8>, loading: CatalogLoading?) -> CatalogTableText? {
        guard bytes.count >= CatalogCSVParser.parallelThreshold,
            let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            first == UInt8(ascii: "{")
        else { return nil }
        var split = bytes.count / 2
        while split < bytes.count && bytes[split] != 10 { split += 1 }
        guard split + 1 < bytes.count else { return nil }
        let head = UnsafeBufferPointer(rebasing: bytes[0..<(split + 1)])
        let tail = UnsafeBufferPointer(rebasing: bytes[(split + 1)...])
        nonisolated(unsafe) var tailKeys: CatalogJSONKeys?
        let keysWorker = CatalogThread {
            var reader = CatalogJSONReader(tail, loading: nil, pass: 0)
            tailKeys = try? reader.collectKeys()
        }
        var headReader = CatalogJSONReader(head, loading: loading, pass: 0)
        let headKeys = Result { () throws(CatalogImportError) in try headReader.collectKeys() }
        keysWorker.join()
        guard var keys = try? headKeys.get(), let tailKeys else { return nil }
        for (name, written) in zip(tailKeys.names, tailKeys.written) where keys.columnOfName[name] == nil {
            keys.columnOfName[name] = keys.names.count
            keys.names.append(name)
            keys.written.append(written)
        }
        let allKeys = keys
        nonisolated(unsafe) var tailTable: CatalogTableText? = CatalogTableText(
            continuing: keys.names.count, expectedBytes: tail.count)
        let valuesWorker = CatalogThread {
            var reader = CatalogJSONReader(tail, loading: nil, pass: 1)
            if (try? reader.write(into: &tailTable!, keys: allKeys)) == nil { tailTable = nil }
        }
        var table = CatalogTableText(columns: keys.names, expectedBytes: bytes.count)
        var headValues = CatalogJSONReader(head, loading: loading, pass: 1)
        let wrote = Result { () throws(CatalogImportError) in try headValues.write(into: &table, keys: allKeys) }
        valuesWorker.join()
        guard (try? wrote.get()) != nil, let tailTable else { return nil }
        table.append(tailTable)
        return table
    }
}
