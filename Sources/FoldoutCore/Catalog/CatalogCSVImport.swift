// SPDX-License-Identifier: GPL-3.0-or-later
extension Catalog {
    /// Reads a catalog from CSV or TSV text (see `CatalogCSVParser`). All or nothing: any problem
    /// throws an error naming its line, and no catalog is made.
    public static func parseCSV(_ bytes: [UInt8], name: String = "", loading: CatalogLoading? = nil)
        throws(CatalogImportError) -> Catalog
    {
        try bytes.withUnsafeBufferPointer { CatalogCSVParser.parse($0, name: name, loading: loading) }.get()
    }
}

/// Parses delimited text of any shape: a header row naming the columns, then one record per row
/// with exactly as many fields. The delimiter (comma, tab or semicolon) is found from the first
/// lines. Quoted fields may hold delimiters, `""` and line breaks; CRLF, a carriage return alone
/// (`CatalogLineEnds`) and a UTF-8 byte order mark are accepted; blank lines are skipped. Each
/// column's kind is inferred from its values.
enum CatalogCSVParser {
    /// Gives back the memory of what it can of a stretch of input that has been read (whole
    /// blocks of it); returns where the rest of it begins.
    typealias Release = @Sendable (Range<Int>) -> Int

    /// Input whose memory can be given back as it is read (a file read into memory), and had back
    /// (read again) before it is read anew. With `readAhead`, the input is read as it is parsed:
    /// each stretch just before it is parsed (`CatalogCSVParser+ReadAhead.swift`).
    struct Memory: Sendable {
        let release: Release
        let restore: @Sendable () throws(CatalogImportError) -> Void
        var readAhead: ReadAhead? = nil
        /// True once the whole input can be read without waiting; nil when it always can (a file).
        /// Until then the input is read on one thread: the rest is still being written (text
        /// decompressed by a thread of its own), and a second half would take the writer's core.
        var isWhole: (@Sendable () -> Bool)? = nil
    }

    /// `delimiter`, when given, is not looked for; `textColumns` are read as text whatever
    /// their values look like.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, loading: CatalogLoading?, memory: Memory? = nil,
        origin: CatalogOrigin? = nil, delimiter: UInt8? = nil, textColumns: Set<Int> = []
    ) -> Result<Catalog, CatalogImportError> {
        var memory = memory
        if let ahead = memory?.readAhead {
            do throws(CatalogImportError) {
                try ahead.read(0..<min(bytes.count, CatalogLineEnds.headSize + 3))
                if CatalogLineEnds.mayBeCarriageReturns(bytes) {
                    // Such text is read as a copy (below): the whole of it first.
                    try ahead.readWhole()
                    memory?.readAhead = nil
                }
            } catch {
                return .failure(error)
            }
        }
        if CatalogLineEnds.areCarriageReturns(bytes) {
            // Read as a copy with line feeds; its records are not the file's to copy on export.
            return CatalogLineEnds.withLineFeeds(bytes).withUnsafeBufferPointer { text in
                parse(
                    text, name: name, loading: loading, origin: origin?.readWithLineFeeds, delimiter: delimiter,
                    textColumns: textColumns)
            }
        }
        do throws(CatalogImportError) {
            return .success(
                try parseOrThrow(
                    bytes, name: name, loading: loading, memory: memory, origin: origin, delimiter: delimiter,
                    textColumns: textColumns))
        } catch {
            return .failure(error)
        }
    }

    private static func parseOrThrow(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, loading: CatalogLoading?, memory: Memory?,
        origin: CatalogOrigin?, delimiter fixedDelimiter: UInt8?, textColumns givenTextColumns: Set<Int>
    ) throws(CatalogImportError) -> Catalog {
        guard bytes.count < Catalog.textSizeLimit else {
            throw CatalogImportError(line: 0, reason: .unreadable(tr("the file is larger than 4 GB")))
        }
        var memory = memory
        let found = layout(of: bytes)
        let start = found.start
        let delimiter = fixedDelimiter ?? found.delimiter
        var textColumns = givenTextColumns
        var inHalves = true
        while true {
            let outcome: Outcome
            do throws(CatalogImportError) {
                outcome = try read(
                    bytes, from: start, delimiter: delimiter, textColumns: textColumns, inHalves: inHalves,
                    loading: loading, memory: memory)
            } catch  where memory?.readAhead != nil && error.reason != .cancelled {
                // The problem may be a record that ran past what was read: with the input read
                // whole, it is found again (and named as before) or not.
                outcome = .readWhole
            }
            switch outcome {
            case .read(let columns, let rows): return Catalog(columns: columns, count: rows, name: name, origin: origin)
            case .again(let column): textColumns.insert(column)
            case .alone: inHalves = false
            case .readWhole:
                try memory?.readAhead?.readWhole()
                memory?.readAhead = nil
            }
            try memory?.restore()
        }
    }

    private enum Outcome {
        case read([CatalogColumn], rows: Int)
        /// A column's parsed values met one that does not parse: read again with it as text.
        case again(textColumn: Int)
        /// Read again, on one thread.
        case alone
        /// A record ran past what was read ahead: read again with the input read whole.
        case readWhole
    }

    /// Files larger than this are read in two halves at once, one on each of two cores; columns of
    /// at least `parallelRows` rows are finished two at a time.
    static let parallelThreshold = 4 << 20, parallelRows = 50_000

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8, textColumns: Set<Int>, inHalves: Bool,
        loading: CatalogLoading?, memory: Memory?
    ) throws(CatalogImportError) -> Outcome {
        let release = memory?.release
        let ahead = memory?.readAhead
        var scanner = try makeScanner(bytes, from: start, delimiter: delimiter, ahead: ahead)
        try scanner.checkUTF8(through: start)
        guard scanner.skipBlankLines() else { throw CatalogImportError(line: 1, reason: .empty) }
        let names = try readHeader(&scanner)
        if scanner.index > scanner.readable { return .readWhole }
        try scanner.checkUTF8(through: scanner.index)
        var builders = [CatalogColumnBuilder](repeating: CatalogColumnBuilder(), count: names.count)
        for column in textColumns where column < builders.count { builders[column].isText = true }
        var rows = 0
        // The sample decides each column's mode; the rest is read in those modes.
        let sampleStart = scanner.index
        var part = try records(
            &scanner, &builders, rowLimit: CatalogColumnBuilder.sampleRows, stop: bytes.count, loading: loading,
            release: release, ahead: ahead)
        if part.overran { return .readWhole }
        if let column = part.again { return .again(textColumn: column) }
        rows += part.rows
        if rows == CatalogColumnBuilder.sampleRows {
            let expectedRows =
                rows + (bytes.count - scanner.index) / max((scanner.index - sampleStart) / rows, 1) * 21 / 20
            CatalogColumnBuilder.chooseModes(
                &builders, sampleRows: rows, textColumns: textColumns, expectedRows: expectedRows)
        }
        let halves =
            inHalves
            ? try readSecondHalfAtOnce(&scanner, &builders, rowsSoFar: rows, loading: loading, memory: memory)
            : .readOnAlone(0)
        switch halves {
        case .merged(let read):
            rows += read
        case .again(let column):
            return .again(textColumn: column)
        case .alone:
            return .alone
        case .readWhole:
            return .readWhole
        case .readOnAlone(let read):
            rows += read
            part = try records(
                &scanner, &builders, rowLimit: Int.max, stop: scanner.bytes.count, loading: loading, release: release,
                ahead: ahead)
            if part.overran { return .readWhole }
            if let column = part.again { return .again(textColumn: column) }
            rows += part.rows
        }
        guard rows > 0 else { throw CatalogImportError(line: 2, reason: .noRows) }
        loading?.report(parsed: bytes.count)
        _ = release?(0..<bytes.count)
        return .read(CatalogColumnBuilder.finish(&builders, names: names, rows: rows), rows: rows)
    }

    private enum Halves {
        /// Both halves were read and merged: the rows read.
        case merged(Int)
        /// A column's parsed mode met a value that does not parse.
        case again(Int)
        /// The rows read so far (none, or the first half's); the rest is to be read from the
        /// scanner's position.
        case readOnAlone(Int)
        /// What the first half read cannot be trusted: the whole is to be read again, on one thread.
        case alone
        /// The first half ran past what it read ahead.
        case readWhole
    }

    /// What the second half has read this far past the split it keeps, and gives back the rest:
    /// farther than the first half reads ahead (UTF-8) before it reaches the split.
    static let keptPastSplit = 2 << 20

    /// Reads what is left of a large file in two halves at once: this thread up to the first
    /// record ending at or past the middle, another, which finds the line break there itself,
    /// from it to the end, into builders merged afterwards. Text still being written
    /// (`Memory.isWhole`) is read on this thread alone until it is whole, and what is left
    /// then is halved. Where the first half ends checks that guess of a record's
    /// start; when it was wrong, or the second half met an error (whose line only a reading from
    /// the start can name), the caller reads on alone. With `memory`, the second half gives back
    /// what it reads past `keptPastSplit`: a first half that read there, or failed, is read again.
    private static func readSecondHalfAtOnce(
        _ scanner: inout CatalogCSVScanner, _ builders: inout [CatalogColumnBuilder], rowsSoFar: Int,
        loading: CatalogLoading?, memory: Memory?
    ) throws(CatalogImportError) -> Halves {
        let bytes = scanner.bytes
        let ahead = memory?.readAhead
        var rowsBefore = 0
        if let isWhole = memory?.isWhole {
            while !isWhole() && bytes.count - scanner.index >= parallelThreshold {
                let part = try records(
                    &scanner, &builders, rowLimit: Int.max, stop: scanner.index + readMargin, loading: loading,
                    release: memory?.release, ahead: ahead)
                if part.overran { return .readWhole }
                if let column = part.again { return .again(column) }
                rowsBefore += part.rows
            }
        }
        guard bytes.count - scanner.index >= parallelThreshold else { return .readOnAlone(rowsBefore) }
        // The first half stops at the first record end at or past `split`: after the first line
        // break at or past `split - 1`, where the second half starts if the guess is right.
        let split = scanner.index + (bytes.count - scanner.index) / 2
        let rowsRead = rowsSoFar + rowsBefore
        let expectedRows = (bytes.count - split) / max(scanner.index / max(rowsRead, 1), 1) * 21 / 20
        var secondBuilders = CatalogColumnBuilder.emptyCopies(of: builders, rows: expectedRows)
        let keptEnd = split + keptPastSplit
        let secondRelease = memory.map { memory in
            { @Sendable (range: Range<Int>) in
                range.upperBound > keptEnd
                    ? memory.release(max(range.lowerBound, keptEnd)..<range.upperBound) : range.lowerBound
            }
        }
        nonisolated(unsafe) var secondScanner: CatalogCSVScanner?
        nonisolated(unsafe) var secondStart = 0
        nonisolated(unsafe) var second: Result<RecordsRead, CatalogImportError>?
        let worker = CatalogThread { [delimiter = scanner.delimiter] in
            second = Result { () throws(CatalogImportError) in
                let searchEnd = ahead == nil ? bytes.count : min(bytes.count, split + readWindow)
                try ahead?.read(split - 1..<searchEnd)
                var lineBreak = split - 1
                while lineBreak < searchEnd && bytes[lineBreak] != 10 { lineBreak += 1 }
                guard lineBreak + 1 < searchEnd else { return RecordsRead() }
                secondStart = lineBreak + 1
                secondScanner = try makeScanner(bytes, from: secondStart, delimiter: delimiter, ahead: ahead)
                return try records(
                    &secondScanner!, &secondBuilders, rowLimit: Int.max, stop: bytes.count, loading: loading,
                    release: secondRelease, ahead: ahead)
            }
        }
        let first = Result { () throws(CatalogImportError) in
            try records(
                &scanner, &builders, rowLimit: Int.max, stop: split, loading: loading, release: memory?.release,
                ahead: ahead)
        }
        worker.join()
        let firstFailed = (try? first.get()) == nil && loading?.isCancelled != true
        if memory != nil && (firstFailed || max(scanner.index, scanner.checkedUpTo) > keptEnd) { return .alone }
        let firstHalf = try first.get()
        if firstHalf.overran { return .readWhole }
        if let column = firstHalf.again { return .again(column) }
        guard let secondRead = secondScanner, scanner.index == secondStart, case .success(let secondHalf)? = second,
            secondHalf.again == nil, !secondHalf.overran
        else {
            // The second half's progress is undone: its bytes will be read again, and what it
            // gave back past `keptEnd` read again before this scanner reads there.
            if let secondRead = secondScanner { loading?.report(parsedMore: -(secondRead.index - secondStart)) }
            try memory?.restore()
            if ahead != nil { scanner.readable = min(scanner.readable, keptEnd) }
            return .readOnAlone(rowsBefore + firstHalf.rows)
        }
        CatalogColumnBuilder.absorb(&builders, &secondBuilders)
        scanner = secondRead
        return .merged(rowsBefore + firstHalf.rows + secondHalf.rows)
    }

    private struct RecordsRead {
        var rows = 0
        /// A column whose parsed mode met a value that does not parse.
        var again: Int?
        /// A record ran past what was read ahead: what was read cannot be trusted.
        var overran = false
    }

    /// Reads records into `builders` until `rowLimit` rows are read, the input ends, or the
    /// scanner reaches `stop`.
    private static func records(
        _ scanner: inout CatalogCSVScanner, _ builders: inout [CatalogColumnBuilder], rowLimit: Int, stop: Int,
        loading: CatalogLoading?, release: Release?, ahead: ReadAhead?
    ) throws(CatalogImportError) -> RecordsRead {
        // Swift 6.0's withUnsafeMutableBufferPointer rethrows `any Error`: the typed error rides
        // out in a Result.
        let read: Result<RecordsRead, CatalogImportError> = builders.withUnsafeMutableBufferPointer { builders in
            do throws(CatalogImportError) {
                return .success(
                    try records(
                        &scanner, builders, rowLimit: rowLimit, stop: stop, loading: loading, release: release,
                        ahead: ahead))
            } catch {
                return .failure(error)
            }
        }
        return try read.get()
    }

    private static func records(
        _ scanner: inout CatalogCSVScanner, _ builders: UnsafeMutableBufferPointer<CatalogColumnBuilder>, rowLimit: Int,
        stop: Int, loading: CatalogLoading?, release: Release?, ahead: ReadAhead?
    ) throws(CatalogImportError) -> RecordsRead {
        var read = RecordsRead()
        var reported = scanner.index
        // The input from here on has not been given back.
        var kept = scanner.index
        let columns = builders.count
        while read.rows < rowLimit && scanner.index < stop {
            try readAhead(&scanner, ahead)
            guard scanner.skipBlankLines() else { break }
            if scanner.index + (1 << 16) > scanner.checkedUpTo { try scanner.checkUTF8(through: scanner.index) }
            let recordLine = scanner.line
            scanner.scratch.removeAll(keepingCapacity: true)
            var column = 0
            var terminator = CatalogCSVScanner.Terminator.delimiter
            while terminator == .delimiter {
                let field: CatalogCSVScanner.Field
                (field, terminator) = try scanner.nextField(column: column + 1)
                guard column < columns else {
                    let found = terminator == .delimiter ? try countFields(&scanner, from: column + 1) : column + 1
                    throw CatalogImportError(
                        line: recordLine, column: column + 1, reason: .wrongFieldCount(expected: columns, found: found))
                }
                let fits = scanner.withBytes(of: field) { builders[column].append(CatalogASCII.trimmed($0)) }
                if !fits {
                    if scanner.index > scanner.readable { read.overran = true } else { read.again = column }
                    return read
                }
                column += 1
            }
            guard column == columns else {
                throw CatalogImportError(
                    line: recordLine, column: column + 1, reason: .wrongFieldCount(expected: columns, found: column))
            }
            if scanner.index > scanner.readable {
                read.overran = true
                return read
            }
            read.rows += 1
            if scanner.index - reported >= CatalogLoading.reportEvery {
                if let loading, !loading.report(parsedMore: scanner.index - reported) {
                    throw CatalogImportError(line: recordLine, reason: .cancelled)
                }
                if let release {
                    // What is given back has been checked, and places are counted from here on.
                    try scanner.checkUTF8(through: scanner.index)
                    kept = release(kept..<scanner.index)
                    scanner.placeFromHere()
                }
                reported = scanner.index
            }
        }
        try scanner.checkUTF8(through: scanner.index)
        loading?.report(parsedMore: scanner.index - reported)
        return read
    }

    /// The fields of the rest of a too-long record, for the message.
    private static func countFields(_ scanner: inout CatalogCSVScanner, from counted: Int) throws(CatalogImportError)
        -> Int
    {
        var count = counted
        var terminator = CatalogCSVScanner.Terminator.delimiter
        while terminator == .delimiter {
            (_, terminator) = try scanner.nextField(column: count + 1)
            count += 1
        }
        return count
    }

    /// The column names, trimmed; an empty one becomes "Column N", a repeated one "name (2)".
    private static func readHeader(_ scanner: inout CatalogCSVScanner) throws(CatalogImportError) -> [String] {
        var names: [String] = []
        var terminator = CatalogCSVScanner.Terminator.delimiter
        while terminator == .delimiter {
            let field: CatalogCSVScanner.Field
            (field, terminator) = try scanner.nextField(column: names.count + 1)
            names.append(scanner.withBytes(of: field) { String(decoding: $0, as: UTF8.self) })
            guard names.count <= Catalog.maxColumns else {
                let found = terminator == .delimiter ? try countFields(&scanner, from: names.count) : names.count
                throw CatalogImportError(line: 1, reason: .tooManyColumns(found))
            }
        }
        return columnNames(names)
    }
}
