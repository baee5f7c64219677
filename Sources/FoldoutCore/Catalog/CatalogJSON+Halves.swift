// SPDX-License-Identifier: GPL-3.0-or-later
extension CatalogJSONReader {
    /// JSON Lines of more than `parallelThreshold` bytes read in two halves at once, split at a
    /// line break in the middle, each on a core (the values, and every key first when the first
    /// objects lack one), and the second half's rows are appended to the first's. Nil for an
    /// array, a smaller file, or when the second half cannot be read alone (a pretty-printed
    /// object split in two, or an error, whose line only a reading from the start names): then
    /// the whole is read on one thread.
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
        // The first objects' keys first, as `parseJSON` takes them; every key only if a later
        // object has one more.
        var firstObjects = CatalogJSONReader(head, loading: nil, pass: 0)
        guard let firstKeys = try? firstObjects.collectKeys(objects: objectsForKeys) else { return nil }
        if !firstKeys.names.isEmpty {
            switch valuesInHalves(head, tail, keys: firstKeys, loading: loading, passes: 1) {
            case .table(let table): return table
            case .failed: return nil
            case .newKey: break
            }
        }
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
        guard case .table(let table) = valuesInHalves(head, tail, keys: keys, loading: loading, passes: 2) else {
            return nil
        }
        return table
    }

    private enum HalvesOutcome {
        case table(CatalogTableText)
        /// An object has a key the keys given lack.
        case newKey
        /// A half is not JSON or cannot be read alone.
        case failed
    }

    /// Both halves' values as rows of `keys`' columns, each half on a core; the head's progress
    /// is the last of `passes`.
    private static func valuesInHalves(
        _ head: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>, keys: CatalogJSONKeys,
        loading: CatalogLoading?, passes: Int
    ) -> HalvesOutcome {
        nonisolated(unsafe) var tailTable: CatalogTableText? = CatalogTableText(
            continuing: keys.names.count, expectedBytes: tail.count)
        nonisolated(unsafe) var tailWhole = true
        let valuesWorker = CatalogThread {
            var reader = CatalogJSONReader(tail, loading: nil, pass: 1)
            if let whole = try? reader.write(into: &tailTable!, keys: keys) {
                tailWhole = whole
            } else {
                tailTable = nil
            }
        }
        var table = CatalogTableText(columns: keys.names, expectedBytes: head.count + tail.count)
        var headValues = CatalogJSONReader(head, loading: loading, pass: passes - 1, passes: passes)
        let wrote = Result { () throws(CatalogImportError) in try headValues.write(into: &table, keys: keys) }
        valuesWorker.join()
        guard let headWhole = try? wrote.get(), let tailTable else { return .failed }
        guard headWhole && tailWhole else { return .newKey }
        table.append(tailTable)
        return .table(table)
    }
}
