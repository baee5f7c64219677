// SPDX-License-Identifier: GPL-3.0-or-later
extension Catalog {
    /// Reads JSON that holds a table: an array of objects, or JSON Lines (one object per line).
    /// Each key is a column, in the order keys are first met; a key an object lacks, or `null`, is
    /// a missing value; a nested array or object is shown as its JSON text. Not well-formed JSON
    /// is refused with the line and column of the problem.
    public static func parseJSON(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, loading: CatalogLoading?, origin: CatalogOrigin?
    ) throws(CatalogImportError) -> Catalog {
        let (columns, rows) = try CatalogJSONColumns.read(bytes, loading: loading)
        return Catalog(columns: columns, count: rows, name: name, origin: origin)
    }
}

/// The keys of every object, as columns.
struct CatalogJSONKeys {
    var names: [String] = []
    /// Each key's bytes as written between its quotes, for the fast comparison.
    var written: [[UInt8]] = []
    var columnOfName: [String: Int] = [:]
}

/// A pass over JSON objects: one finds the keys (of the first objects, or of all, checking the
/// whole text), another checks the text and writes the values into the columns
/// (`CatalogJSONColumns`), and may stop and go on. Each object's keys are expected in the order
/// the last object had them, so a key is looked up by name only where the order changes. Its
/// tokens are `JSONLexer`'s.
struct CatalogJSONReader {
    var lexer: JSONLexer
    var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }
    var index: Int {
        get { lexer.index }
        set { lexer.index = newValue }
    }
    private let loading: CatalogLoading?
    /// Where progress was last reported.
    private var reported: Int
    /// The column of the key at each place in the last object.
    private var lastOrder: [Int] = []
    /// Those keys' bytes as written, one after another: the key at `place` ends at
    /// `lastKeyEnds[place + 1]`.
    private var lastKeyBytes: [UInt8] = []
    private var lastKeyEnds: [Int] = [0]
    private var scratch: [UInt8] = []
    /// The closing bracket of each array or object a nested value has open.
    var open: [UInt8] = []
    /// Whether the objects are an array's elements; nil before the first is read.
    private var inArray: Bool?
    /// The array is closed, or the objects' text has ended.
    private var ended = false
    /// Where the last object read ended (after its closing brace).
    private(set) var objectEnd = 0

    /// How many objects' keys are taken as the columns before the values are written.
    static let objectsForKeys = 1024

    /// A reader from the start of the text, or from `start`, the start of a line of JSON Lines.
    /// With `loading`, it reports the bytes it reads as parsed, and stops when it is cancelled.
    init(_ bytes: UnsafeBufferPointer<UInt8>, loading: CatalogLoading?, from start: Int? = nil) {
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        lexer = JSONLexer(bytes, at: start ?? (bom ? 3 : 0))
        if start != nil { inArray = false }
        reported = lexer.index
        self.loading = loading
    }

    var position: Int { index }

    enum ValueKind {
        case string(escaped: Bool)
        case literal, null, nested
    }

    /// The keys of every object; of only the first `limit` objects when a limit is given, which
    /// may be none at all (every object checked so far is empty).
    mutating func collectKeys(objects limit: Int? = nil) throws(CatalogImportError) -> CatalogJSONKeys {
        var keys = CatalogJSONKeys()
        try forEachObject(limit: limit ?? .max) { (reader: inout CatalogJSONReader) throws(CatalogImportError) in
            try reader.object(keys: &keys) { _, _, _ in }
            return true
        }
        guard !keys.names.isEmpty || limit != nil else { throw problem(tr("the objects have no keys"), at: index) }
        return keys
    }

    /// What `write` did: the rows it wrote, and why it stopped early if it did.
    struct Written {
        var rows = 0
        /// An object has a key `keys` lacks: the rows are not whole.
        var newKey = false
        /// A column whose value did not fit the sink's column.
        var again: Int?
    }

    /// Writes the objects' values as rows of `keys`' columns into `sink`, from where the last
    /// call stopped: up to `limit` objects, or up to the first that starts at `stop` or after it.
    /// Stops early at an object with a key `keys` lacks, or a value the sink refuses.
    mutating func write<Sink: CatalogRowSink>(
        into sink: inout Sink, keys: CatalogJSONKeys, objects limit: Int = .max, stop: Int = .max
    ) throws(CatalogImportError) -> Written {
        var keys = keys
        let columns = keys.names.count
        var values = [Range<Int>?](repeating: nil, count: columns)
        var kinds = [ValueKind](repeating: .null, count: columns)
        var written = Written()
        try forEachObject(limit: limit, stop: stop) { (reader: inout CatalogJSONReader) throws(CatalogImportError) in
            for column in values.indices { values[column] = nil }
            try reader.object(keys: &keys) { column, range, kind in
                guard column < columns else { return }
                values[column] = range
                kinds[column] = kind
            }
            guard keys.names.count == columns else {
                written.newKey = true
                return false
            }
            for column in values.indices {
                guard let range = values[column] else {
                    sink.missing(column: column)
                    continue
                }
                guard reader.write(range, kinds[column], column: column, into: &sink) else {
                    written.again = column
                    return false
                }
            }
            sink.endRow()
            written.rows += 1
            return true
        }
        return written
    }

    /// Calls `body` with the reader at each row's object: the elements of a top-level array, or
    /// objects one after another (JSON Lines), from where the last call stopped: until `limit`
    /// objects, an object that starts at `stop` or after, or `body` returns false.
    private mutating func forEachObject(
        limit: Int = .max, stop: Int = .max, _ body: (inout CatalogJSONReader) throws(CatalogImportError) -> Bool
    ) throws(CatalogImportError) {
        if inArray == nil {
            skipSpace()
            guard index < bytes.count else { throw CatalogImportError(line: 1, reason: .empty) }
            inArray = bytes[index] == UInt8(ascii: "[")
            if inArray == true {
                index += 1
                skipSpace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    throw CatalogImportError(line: 0, reason: .noRows)
                }
            }
        }
        let inArray = self.inArray == true
        var objects = 0
        while !ended && objects < limit && index < stop {
            skipSpace()
            guard index < bytes.count else {
                if inArray { throw problem(tr("the array is never closed"), at: index) }
                ended = true
                return
            }
            guard bytes[index] == UInt8(ascii: "{") else {
                throw problem(tr("expected an object for each row"), at: index)
            }
            guard try body(&self) else { return }
            objectEnd = index
            objects += 1
            try report()
            skipSpace()
            guard inArray else { continue }
            guard index < bytes.count else { throw problem(tr("the array is never closed"), at: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw problem(tr("expected “,” or “]”"), at: index) }
            index += 1
            skipSpace()
            guard index == bytes.count else { throw problem(tr("more text after the array"), at: index) }
            ended = true
        }
    }

    /// Reads the object at `index`, handing each key's column (added to `keys` when new) and its
    /// value's place to `field`.
    private mutating func object(
        keys: inout CatalogJSONKeys, _ field: (Int, Range<Int>, ValueKind) -> Void
    ) throws(CatalogImportError) {
        index += 1
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        var place = 0
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw problem(tr("expected a key in quotes"), at: index)
            }
            let column: Int
            if let expected = keyAsInLastObject(place: place) {
                column = expected
            } else {
                let keyStart = index
                let escaped = try skipString()
                column = try self.column(of: (keyStart + 1)..<(index - 1), escaped: escaped, place: place, &keys)
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw problem(tr("expected “:” after a key"), at: index)
            }
            index += 1
            skipSpace()
            let valueStart = index
            let kind = try skipValue()
            field(column, valueStart..<index, kind)
            place += 1
            skipSpace()
            guard index < bytes.count else { throw problem(tr("an object is never closed"), at: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw problem(tr("expected “,” or “}”"), at: index) }
            index += 1
            return
        }
    }

    /// The column of the key at `index` when it is written as the key at `place` in the last
    /// object was, moving past it; nil, without moving, when it is not. Those bytes were a whole
    /// string once, so they and a closing quote are one again, and need no lexing.
    @inline(__always)
    private mutating func keyAsInLastObject(place: Int) -> Int? {
        guard place < lastOrder.count else { return nil }
        let start = lastKeyEnds[place]
        let length = lastKeyEnds[place + 1] - start
        let end = index + 1 + length
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\"") else {
            return nil
        }
        let same = lastKeyBytes.withUnsafeBufferPointer { key in
            for offset in 0..<length where key[start + offset] != bytes[index + 1 + offset] { return false }
            return true
        }
        guard same else { return nil }
        index = end + 1
        return lastOrder[place]
    }

    private mutating func column(
        of key: Range<Int>, escaped: Bool, place: Int, _ keys: inout CatalogJSONKeys
    ) throws(CatalogImportError) -> Int {
        let written = UnsafeBufferPointer(rebasing: bytes[key])
        let name = escaped ? decoded(key) : String(decoding: written, as: UTF8.self)
        let column: Int
        if let known = keys.columnOfName[name] {
            column = known
        } else {
            column = keys.names.count
            guard column < Catalog.maxColumns else {
                throw CatalogImportError(line: 0, reason: .tooManyColumns(column + 1))
            }
            keys.names.append(name)
            keys.written.append(Array(written))
            keys.columnOfName[name] = column
        }
        if place < lastOrder.count { lastOrder[place] = column } else { lastOrder.append(column) }
        lastKeyBytes.removeAll(keepingCapacity: true)
        lastKeyEnds = [0]
        for column in lastOrder {
            lastKeyBytes.append(contentsOf: keys.written[column])
            lastKeyEnds.append(lastKeyBytes.count)
        }
        return column
    }

    /// Hands the value at `range` to the sink's `column`: its text (a string's without its quotes
    /// and escapes), or a missing value; false if the sink refuses it.
    private mutating func write<Sink: CatalogRowSink>(
        _ range: Range<Int>, _ kind: ValueKind, column: Int, into sink: inout Sink
    ) -> Bool {
        switch kind {
        case .null:
            sink.missing(column: column)
            return true
        case .literal, .nested: return sink.field(UnsafeBufferPointer(rebasing: bytes[range]), column: column)
        case .string(escaped: false):
            return sink.field(
                UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]), column: column)
        case .string(escaped: true):
            decode((range.lowerBound + 1)..<(range.upperBound - 1))
            return scratch.withUnsafeBufferPointer { sink.field($0, column: column) }
        }
    }

    mutating func skipSpace() { lexer.skipSpace() }

    private mutating func decoded(_ range: Range<Int>) -> String {
        decode(range)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The text of a string's escaped contents, into `scratch`.
    private mutating func decode(_ range: Range<Int>) {
        scratch.removeAll(keepingCapacity: true)
        lexer.decode(range, into: &scratch)
    }

    private mutating func report() throws(CatalogImportError) {
        guard index - reported >= CatalogLoading.reportEvery, let loading else { return }
        defer { reported = index }
        guard loading.report(parsedMore: index - reported) else {
            throw CatalogImportError(line: 0, reason: .cancelled)
        }
    }

    /// A problem at byte `offset`, with its line and column (in characters) for people.
    func problem(_ text: String, at offset: Int) -> CatalogImportError {
        Self.problem(.json(text), at: offset, in: bytes)
    }

    /// `reason` at byte `offset` of `bytes`, with its line and column (in characters).
    static func problem(
        _ reason: CatalogImportError.Reason, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> CatalogImportError {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for at in 0..<end where bytes[at] == 10 {
            line += 1
            lineStart = at + 1
        }
        let column = 1 + bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return CatalogImportError(line: line, column: column, reason: reason)
    }
}
