// SPDX-License-Identifier: GPL-3.0-or-later
/// Reads JSON objects straight into a table's column builders, as the CSV parser reads records:
/// the first objects' keys are the columns (every object's keys, when a later one has another),
/// the first `sampleRows` rows choose each column's kind, a later value that does not fit it
/// reads the whole again with that column as text, and JSON Lines of `parallelThreshold` bytes
/// or more are read in two halves at once, split at a line break in the middle.
enum CatalogJSONColumns {
    /// The columns and their rows. The keys are taken from the first `keysFrom` objects first;
    /// with `allText`, every column is text whatever its values look like.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, loading: CatalogLoading?,
        keysFrom objects: Int = CatalogJSONReader.objectsForKeys, allText: Bool = false
    ) throws(CatalogImportError) -> (columns: [CatalogColumn], rows: Int) {
        var firstObjects = CatalogJSONReader(bytes, loading: nil)
        var keys = try firstObjects.collectKeys(objects: objects)
        if keys.names.isEmpty { keys = try allKeys(bytes) }
        var textColumns = Set<Int>()
        loading?.beginParsing(bytes: bytes.count)
        while true {
            let text = allText ? Set(keys.names.indices) : textColumns
            switch try read(bytes, keys: keys, textColumns: text, loading: loading) {
            case .read(let columns, let rows): return (columns, rows)
            case .again(let column): textColumns.insert(column)
            case .newKey: keys = try allKeys(bytes)
            }
            loading?.report(parsed: 0)
        }
    }

    private static func allKeys(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogImportError) -> CatalogJSONKeys {
        var reader = CatalogJSONReader(bytes, loading: nil)
        return try reader.collectKeys()
    }

    private enum Outcome {
        case read([CatalogColumn], rows: Int)
        /// A column's parsed kind met a value that does not parse: read again with it as text.
        case again(textColumn: Int)
        /// An object has a key the keys given lack: read again with every object's keys.
        case newKey
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, keys: CatalogJSONKeys, textColumns: Set<Int>, loading: CatalogLoading?
    ) throws(CatalogImportError) -> Outcome {
        var builders = [CatalogColumnBuilder](repeating: CatalogColumnBuilder(), count: keys.names.count)
        for column in textColumns { builders[column].isText = true }
        let split = lineBreakInTheMiddle(bytes)
        try checkUTF8(bytes, 0..<(split ?? bytes.count))
        var reader = CatalogJSONReader(bytes, loading: loading)
        let sample = try write(&reader, into: &builders, keys: keys, objects: CatalogColumnBuilder.sampleRows)
        if let stopped = stopped(sample) { return stopped }
        var rows = sample.rows
        let expectedRows = rows + (bytes.count - reader.position) / max(reader.position / max(rows, 1), 1) * 21 / 20
        if rows == CatalogColumnBuilder.sampleRows {
            CatalogColumnBuilder.chooseModes(
                &builders, sampleRows: rows, textColumns: textColumns, expectedRows: expectedRows)
        }
        var readOnAlone = true
        if let split, reader.position < split {
            var later = CatalogColumnBuilder.emptyCopies(of: builders, rows: expectedRows / 2)
            nonisolated(unsafe) var second: Result<CatalogJSONReader.Written, CatalogImportError>?
            let worker = CatalogThread {
                second = Result { () throws(CatalogImportError) in
                    try checkUTF8(bytes, split..<bytes.count)
                    var tail = CatalogJSONReader(bytes, loading: nil, from: split)
                    return try write(&tail, into: &later, keys: keys)
                }
            }
            let first = Result { () throws(CatalogImportError) in
                try write(&reader, into: &builders, keys: keys, stop: split)
            }
            worker.join()
            // The first half's problems come first in the file.
            let firstHalf = try first.get()
            if let stopped = stopped(firstHalf) { return stopped }
            rows += firstHalf.rows
            // When no object of the first half runs past the split, the second half read the rest.
            if reader.objectEnd <= split, let second {
                let secondHalf = try second.get()
                if let stopped = stopped(secondHalf) { return stopped }
                CatalogColumnBuilder.absorb(&builders, &later)
                rows += secondHalf.rows
                readOnAlone = false
            }
        }
        if readOnAlone {
            if let split { try checkUTF8(bytes, split..<bytes.count) }
            let rest = try write(&reader, into: &builders, keys: keys)
            if let stopped = stopped(rest) { return stopped }
            rows += rest.rows
        }
        guard rows > 0 else { throw CatalogImportError(line: 0, reason: .noRows) }
        loading?.report(parsed: bytes.count)
        let names = CatalogCSVParser.columnNames(keys.names)
        return .read(CatalogColumnBuilder.finish(&builders, names: names, rows: rows), rows: rows)
    }

    /// The offset after a line break in the middle of JSON Lines of `parallelThreshold` bytes or
    /// more, a guess that an object starts there; nil for an array or a smaller text.
    private static func lineBreakInTheMiddle(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= CatalogCSVParser.parallelThreshold,
            let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            first == UInt8(ascii: "{")
        else { return nil }
        var split = bytes.count / 2
        while split < bytes.count && bytes[split] != 10 { split += 1 }
        return split + 1 < bytes.count ? split + 1 : nil
    }

    /// Why the rows written stopped early, if they did.
    private static func stopped(_ written: CatalogJSONReader.Written) -> Outcome? {
        if written.newKey { return .newKey }
        return written.again.map { .again(textColumn: $0) }
    }

    private static func write(
        _ reader: inout CatalogJSONReader, into builders: inout [CatalogColumnBuilder], keys: CatalogJSONKeys,
        objects: Int = .max, stop: Int = .max
    ) throws(CatalogImportError) -> CatalogJSONReader.Written {
        // Swift 6.0's withUnsafeMutableBufferPointer rethrows `any Error`: the typed error rides
        // out in a Result.
        let written: Result<CatalogJSONReader.Written, CatalogImportError> = builders.withUnsafeMutableBufferPointer {
            var sink = CatalogBuildersSink(builders: $0)
            do throws(CatalogImportError) {
                return .success(try reader.write(into: &sink, keys: keys, objects: objects, stop: stop))
            } catch {
                return .failure(error)
            }
        }
        return try written.get()
    }

    /// JSON is UTF-8: the first byte in `range` that is not, with its line and column.
    private static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(CatalogImportError) {
        guard let bad = CatalogUTF8.firstInvalidOffset(bytes, in: range) else { return }
        throw CatalogJSONReader.problem(.invalidUTF8, at: bad, in: bytes)
    }
}
