// SPDX-License-Identifier: GPL-3.0-or-later
/// Splits CSV text into fields, RFC 4180 style: a delimiter (comma, tab or semicolon); optional double
/// quotes, with "" for a quote, around fields that may then hold commas and line breaks; LF or CRLF
/// record ends.
/// Fields are byte ranges of the input; only quoted fields with escapes are copied, to `scratch`.
/// Lenient where RFC 4180 is silent: a quote inside an unquoted field is kept as text, and text
/// after a closing quote is appended to the field.
struct CatalogCSVScanner {
    enum Terminator { case delimiter, endOfRecord }

    struct Field {
        var start = 0, end = 0
        var inScratch = false
        /// The line the field starts on.
        var line = 0
    }

    private static let quote: UInt8 = 34, lf: UInt8 = 10, cr: UInt8 = 13

    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private(set) var index: Int
    /// The 1-based line of `index`.
    private(set) var line = 1
    /// Unescaped quoted fields of the current record; clear it between records.
    var scratch: [UInt8] = []
    /// The input before this offset has been checked to be UTF-8.
    private(set) var checkedUpTo: Int
    /// The input before this offset has been read, when it is read as it is parsed: the scanner
    /// may run past it only in a record longer than what is read ahead, which its reader checks.
    var readable: Int
    /// A record's start and its line, from which errors are placed: the input before it may have
    /// been given back.
    private var origin = (index: 0, line: 1)

    init(bytes: UnsafeBufferPointer<UInt8>, startingAt index: Int, delimiter: UInt8 = 44) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.index = index
        checkedUpTo = index
        readable = bytes.count
    }

    /// Goes to `offset`, the start of a record found before, to read it again.
    mutating func restart(at offset: Int) {
        index = offset
        checkedUpTo = max(checkedUpTo, offset)
        scratch.removeAll(keepingCapacity: true)
    }

    /// Skips empty lines. False when the input is used up.
    mutating func skipBlankLines() -> Bool {
        while index < bytes.count {
            if bytes[index] == Self.lf {
                index += 1
                line += 1
            } else if bytes[index] == Self.cr && (index + 1 == bytes.count || bytes[index + 1] == Self.lf) {
                index += 1
            } else {
                return true
            }
        }
        return false
    }

    /// The next field; `column` (1-based) names it in an error.
    mutating func nextField(column: Int) throws(CatalogImportError) -> (Field, Terminator) {
        if index < bytes.count && bytes[index] == Self.quote { return try quotedField(column: column) }
        let start = index
        let fieldLine = line
        var end = firstWord(holding: delimiter, or: Self.lf, from: start)
        while end < bytes.count && bytes[end] != delimiter && bytes[end] != Self.lf { end += 1 }
        return finish(Field(start: start, end: end, line: fieldLine), contentEnd: end)
    }

    /// Moves past the record at `index` to after its line feed (or to the end of the input) when
    /// its line holds no quote, so that no field of it is quoted and the line is the record;
    /// false, without moving, when it holds one. Eight bytes at a time.
    mutating func skipUnquotedRecord() -> Bool {
        var offset = firstWord(holding: Self.quote, or: Self.lf, from: index)
        while offset < bytes.count && bytes[offset] != Self.lf {
            if bytes[offset] == Self.quote { return false }
            offset += 1
        }
        index = offset < bytes.count ? offset + 1 : offset
        line += 1
        return true
    }

    /// Checks that the input is UTF-8 a stretch ahead of the scanner, up to at least `offset`, as
    /// it reads: the text is read once, and by each thread that reads a part of it. Invalid text
    /// throws, naming the line and field of the first bad byte.
    mutating func checkUTF8(through offset: Int) throws(CatalogImportError) {
        guard offset >= checkedUpTo && checkedUpTo < bytes.count else { return }
        var end = min(bytes.count, max(offset, checkedUpTo + (1 << 20)))
        if end > readable {
            // Up to the last ASCII byte read: the character after it is whole, or not read yet.
            end = readable
            while end > checkedUpTo && bytes[end - 1] >= 0x80 { end -= 1 }
        }
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        if let bad = CatalogUTF8.firstInvalidOffset(bytes, in: checkedUpTo..<end) {
            let (line, column) = CatalogCSVParser.place(of: bad, in: bytes, from: origin, delimiter: delimiter)
            throw CatalogImportError(line: line, column: column, reason: .invalidUTF8)
        }
        checkedUpTo = end
    }

    /// Errors are placed counting from here, the start of a record: the input before it may be
    /// given back.
    mutating func placeFromHere() { origin = (index, line) }

    /// Skips eight bytes at a time while none of them is `first` or `second`: the offset of the
    /// first that is (or of the bytes after the last whole word, for a byte loop to finish).
    @inline(__always)
    private func firstWord(holding first: UInt8, or second: UInt8, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let firsts = UInt64(first) &* ones
        let seconds = UInt64(second) &* ones
        var offset = start
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            let x = word ^ firsts
            let y = word ^ seconds
            // A byte of x or y is zero where the word holds `first` or `second`; the lowest high
            // bit set marks the first (a borrow can set bits only above a zero byte).
            let found = ((x &- ones) & ~x | (y &- ones) & ~y) & highs
            if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
            offset += 8
        }
        return offset
    }

    /// Calls `body` with the bytes of a field of the current record.
    func withBytes<R>(of field: Field, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if !field.inScratch { return body(UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])) }
        return scratch.withUnsafeBufferPointer { scratch in
            body(UnsafeBufferPointer(rebasing: scratch[field.start..<field.end]))
        }
    }

    private mutating func quotedField(column: Int) throws(CatalogImportError) -> (Field, Terminator) {
        let openingLine = line
        let scratchStart = scratch.count
        var cursor = index + 1
        var segment = cursor
        var copied = false
        while true {
            while cursor < bytes.count && bytes[cursor] != Self.quote {
                if bytes[cursor] == Self.lf { line += 1 }
                cursor += 1
            }
            guard cursor < bytes.count else {
                throw CatalogImportError(line: openingLine, column: column, reason: .unterminatedQuote)
            }
            guard cursor + 1 < bytes.count && bytes[cursor + 1] == Self.quote else { break }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment...cursor]))
            copied = true
            cursor += 2
            segment = cursor
        }
        let contentEnd = cursor
        cursor += 1
        let trailingStart = cursor
        while cursor < bytes.count && bytes[cursor] != delimiter && bytes[cursor] != Self.lf { cursor += 1 }
        var trailingEnd = cursor
        if trailingEnd > trailingStart && bytes[trailingEnd - 1] == Self.cr
            && (cursor == bytes.count || bytes[cursor] == Self.lf)
        {
            trailingEnd -= 1
        }
        var field = Field(start: segment, end: contentEnd, line: openingLine)
        if copied || trailingEnd > trailingStart {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<contentEnd]))
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[trailingStart..<trailingEnd]))
            field = Field(start: scratchStart, end: scratch.count, inScratch: true, line: openingLine)
        }
        return finish(field, contentEnd: cursor, stripCR: false)
    }

    /// Consumes the terminator at `contentEnd` (the delimiter, LF or the end of input).
    private mutating func finish(_ field: Field, contentEnd: Int, stripCR: Bool = true) -> (Field, Terminator) {
        var field = field
        if contentEnd < bytes.count && bytes[contentEnd] == delimiter {
            index = contentEnd + 1
            return (field, .delimiter)
        }
        if stripCR && field.end > field.start && bytes[field.end - 1] == Self.cr { field.end -= 1 }
        if contentEnd < bytes.count {
            line += 1
            index = contentEnd + 1
        } else {
            index = contentEnd
        }
        return (field, .endOfRecord)
    }
}
