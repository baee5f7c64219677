// SPDX-License-Identifier: GPL-3.0-or-later
/// One text column made searchable, at about four bytes a row beside the catalog's own text.
///
/// Mostly-distinct text (titles) keeps its text where it is: each row gets a 32-bit signature of
/// the letters its folded text holds (a to z exactly; digits, other ASCII and non-ASCII in a few
/// shared bits), which rules most rows out before any text is read, and a single-letter query is
/// answered by the signatures alone. ASCII text is compared as it is, lowering letters on the fly;
/// only rows with other characters get a folded copy. A dictionary column is searched in its
/// dictionary, and its rows by their codes.
struct SearchColumnIndex: Sendable {
    private enum Storage: Sendable {
        case texts(TextRows)
        case coded(codes: CatalogUnsignedColumn, folded: CatalogNameTable)
    }

    private struct TextRows: Sendable {
        let text: CatalogNameTable
        let signatures: [UInt32]
        /// A bit per row that has a folded copy, and the number of such rows before each word.
        let foldedBits: [UInt64]
        let foldedBefore: [UInt32]
        let folded: CatalogNameTable
    }

    private let storage: Storage
    let rowCount: Int

    /// Signature bit 31: the row has characters beyond ASCII (and a folded copy). Computed, as
    /// the constants below: a stored static is a lazily made global, checked at every use.
    static var beyondASCII: UInt32 { 1 << 31 }

    /// The signature bits of each folded byte.
    static let signatureBits: [UInt32] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 1 << UInt32(byte - 97)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): 1 << UInt32(byte - 65)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 1 << UInt32(26 + (byte - 48) % 4)
        case 0x80...: beyondASCII
        default: 1 << 30
        }
    }

    init?(_ column: CatalogColumn, rows: Int, folder: inout TextFolder) {
        rowCount = rows
        switch column.values {
        case .coded(let coded):
            var folded = CatalogNameTable()
            var bytes: [UInt8] = []
            coded.dictionary.withUnsafeText { text, ends in
                for entry in 0..<ends.count {
                    bytes.removeAll(keepingCapacity: true)
                    let start = entry == 0 ? 0 : Int(ends[entry - 1])
                    folder.fold(UnsafeBufferPointer(rebasing: text[start..<Int(ends[entry])]), into: &bytes)
                    bytes.withUnsafeBufferPointer { folded.append($0) }
                }
            }
            storage = .coded(codes: coded.codes, folded: folded)
        case .texts(let texts):
            storage = .texts(Self.index(texts.table, folder: &folder))
        case .integers, .reals:
            return nil
        }
    }

    private static func index(_ table: CatalogNameTable, folder: inout TextFolder) -> TextRows {
        let count = table.count
        var signatures = [UInt32](repeating: 0, count: count)
        var foldedBits = [UInt64](repeating: 0, count: (count + 63) / 64)
        var foldedBefore = [UInt32](repeating: 0, count: foldedBits.count)
        var folded = CatalogNameTable()
        var bytes: [UInt8] = []
        table.withUnsafeText { text, ends in
            signatureBits.withUnsafeBufferPointer { bits in
                var start = 0
                for row in 0..<count {
                    let end = Int(ends[row])
                    if row & 63 == 0 { foldedBefore[row >> 6] = UInt32(folded.count) }
                    var signature: UInt32 = 0
                    for index in start..<end { signature |= bits[Int(text[index])] }
                    if signature & beyondASCII != 0 {
                        bytes.removeAll(keepingCapacity: true)
                        folder.fold(UnsafeBufferPointer(rebasing: text[start..<end]), into: &bytes)
                        signature = beyondASCII
                        for byte in bytes { signature |= bits[Int(byte)] }
                        bytes.withUnsafeBufferPointer { folded.append($0) }
                        foldedBits[row >> 6] |= 1 << UInt64(row & 63)
                    }
                    signatures[row] = signature
                    start = end
                }
            }
        }
        return TextRows(
            text: table, signatures: signatures, foldedBits: foldedBits, foldedBefore: foldedBefore, folded: folded)
    }

    /// Bytes held beyond the catalog's own: signatures, the folded copies and dictionaries.
    var byteCount: Int {
        switch storage {
        case .texts(let rows): rows.signatures.count * 4 + rows.foldedBits.count * 12 + rows.folded.byteCount
        case .coded(_, let folded): folded.byteCount
        }
    }

    /// The signature a row must have all the bits of to contain `needle` (folded).
    static func signature(of needle: [UInt8]) -> UInt32 { needle.reduce(0) { $0 | signatureBits[Int($1)] } }

    /// Sets, in `out`, the bits of the rows in the words `wordRange` whose text contains `needle`
    /// (folded, not empty), considering only rows in `within` when given. False if cancelled.
    func search(
        _ needle: [UInt8], within: RowSet?, words wordRange: Range<Int>, into out: UnsafeMutableBufferPointer<UInt64>,
        isCancelled: () -> Bool
    ) -> Bool {
        switch storage {
        case .texts(let rows):
            return searchTexts(rows, needle, within, wordRange, out, isCancelled)
        case .coded(let codes, let folded):
            let hits = needle.withUnsafeBufferPointer { needle in
                Self.mapEntries(folded) { text, readable in TextMatching.contains(text, needle, readable: readable) }
            }
            return forEachCandidate(within, wordRange, out, isCancelled) { row in hits[Int(codes[row])] }
        }
    }

    private func searchTexts(
        _ rows: TextRows, _ needle: [UInt8], _ within: RowSet?, _ wordRange: Range<Int>,
        _ out: UnsafeMutableBufferPointer<UInt64>, _ isCancelled: () -> Bool
    ) -> Bool {
        let wanted = Self.signature(of: needle)
        // One ASCII letter: the signatures are the answer.
        let exact = needle.count == 1 && wanted & ((1 << 26) - 1) != 0
        return needle.withUnsafeBufferPointer { needle in
            Self.withRows(rows) { signatures, text in
                forEachCandidate(within, wordRange, out, isCancelled) { row in
                    let signature = signatures[row]
                    guard signature & wanted == wanted else { return false }
                    if exact { return true }
                    let (bytes, readable) = text(row)
                    return TextMatching.contains(bytes, needle, readable: readable)
                }
            }
        }
    }

    /// Notes, for each row of `rows` in the words `wordRange`, the signature bits of the bytes
    /// that follow `needle` (folded, not empty) in its text: `out` holds a set of rows for each of
    /// the 32 bits, `rows.words.count` words each, and the row joins the set of each bit it has.
    /// False if cancelled.
    func followers(
        of needle: [UInt8], in rows: RowSet, words wordRange: Range<Int>, into out: UnsafeMutableBufferPointer<UInt64>,
        isCancelled: () -> Bool
    ) -> Bool {
        let wordCount = rows.words.count
        @inline(__always) func note(_ signature: UInt32, _ row: Int) {
            var signature = signature
            while signature != 0 {
                out[signature.trailingZeroBitCount * wordCount + row >> 6] |= 1 << UInt64(row & 63)
                signature &= signature - 1
            }
        }
        return Self.signatureBits.withUnsafeBufferPointer { bits in
            needle.withUnsafeBufferPointer { needle in
                rows.words.withUnsafeBufferPointer { candidates in
                    switch storage {
                    case .texts(let texts):
                        return Self.withRows(texts) { _, text in
                            forEachCandidate(candidates, wordRange, isCancelled) { row in
                                let (bytes, readable) = text(row)
                                note(
                                    TextMatching.followers(bytes, needle, readable: readable, bits: bits.baseAddress!),
                                    row)
                                return false
                            }
                        }
                    case .coded(let codes, let folded):
                        let entries = Self.mapEntries(folded) { text, readable in
                            TextMatching.followers(text, needle, readable: readable, bits: bits.baseAddress!)
                        }
                        return forEachCandidate(candidates, wordRange, isCancelled) { row in
                            note(entries[Int(codes[row])], row)
                            return false
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the rows' signatures and a lookup of each row's text as it is compared
    /// (the folded copy for a row beyond ASCII), with how many bytes may be read from its start;
    /// everything as plain pointers, so the row loops do no reference counting.
    @inline(__always)
    private static func withRows<R>(
        _ rows: TextRows, _ body: (UnsafeBufferPointer<UInt32>, (Int) -> (UnsafeBufferPointer<UInt8>, Int)) -> R
    ) -> R {
        rows.signatures.withUnsafeBufferPointer { signatures in
            rows.foldedBits.withUnsafeBufferPointer { foldedBits in
                rows.foldedBefore.withUnsafeBufferPointer { foldedBefore in
                    rows.text.withUnsafeText { text, ends in
                        rows.folded.withUnsafeText { foldedText, foldedEnds in
                            body(signatures) { row in
                                if signatures[row] & beyondASCII != 0 {
                                    let index =
                                        Int(foldedBefore[row >> 6])
                                        + (foldedBits[row >> 6] & ((1 << UInt64(row & 63)) - 1)).nonzeroBitCount
                                    let start = index == 0 ? 0 : Int(foldedEnds[index - 1])
                                    return (
                                        UnsafeBufferPointer(rebasing: foldedText[start..<Int(foldedEnds[index])]),
                                        foldedText.count - start
                                    )
                                }
                                let start = row == 0 ? 0 : Int(ends[row - 1])
                                return (UnsafeBufferPointer(rebasing: text[start..<Int(ends[row])]), text.count - start)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `transform` of each entry of a dictionary, with how many bytes may be read from its start.
    private static func mapEntries<T>(_ table: CatalogNameTable, _ transform: (UnsafeBufferPointer<UInt8>, Int) -> T)
        -> [T]
    {
        table.withUnsafeText { text, ends in
            (0..<ends.count).map { entry in
                let start = entry == 0 ? 0 : Int(ends[entry - 1])
                return transform(UnsafeBufferPointer(rebasing: text[start..<Int(ends[entry])]), text.count - start)
            }
        }
    }

    /// Calls `test` for each row of the words in `wordRange` (those in `within` only, when given)
    /// and sets its bit in `out` when it passes. Checks for cancelling every 64 K rows.
    @inline(__always)
    private func forEachCandidate(
        _ within: RowSet?, _ wordRange: Range<Int>, _ out: UnsafeMutableBufferPointer<UInt64>,
        _ isCancelled: () -> Bool, _ test: (Int) -> Bool
    ) -> Bool {
        let all = within == nil ? CatalogSearch.allRows(rowCount) : []
        return (within?.words ?? all).withUnsafeBufferPointer { candidateWords in
            forEachCandidate(candidateWords, wordRange, out, isCancelled, test)
        }
    }

    @inline(__always)
    private func forEachCandidate(
        _ candidateWords: UnsafeBufferPointer<UInt64>, _ wordRange: Range<Int>,
        _ out: UnsafeMutableBufferPointer<UInt64>, _ isCancelled: () -> Bool, _ test: (Int) -> Bool
    ) -> Bool {
        for word in wordRange {
            if word & 1023 == 0 && isCancelled() { return false }
            out[word] |= matches(candidateWords[word], word, test)
        }
        return true
    }

    /// The same, without a set of rows to add the passing ones to.
    @inline(__always)
    private func forEachCandidate(
        _ candidateWords: UnsafeBufferPointer<UInt64>, _ wordRange: Range<Int>, _ isCancelled: () -> Bool,
        _ test: (Int) -> Bool
    ) -> Bool {
        for word in wordRange {
            if word & 1023 == 0 && isCancelled() { return false }
            _ = matches(candidateWords[word], word, test)
        }
        return true
    }

    /// The bits of `candidates`, rows of the word `word`, that pass `test`.
    @inline(__always)
    private func matches(_ candidates: UInt64, _ word: Int, _ test: (Int) -> Bool) -> UInt64 {
        var candidates = candidates
        var found: UInt64 = 0
        while candidates != 0 {
            let bit = candidates.trailingZeroBitCount
            if test(word << 6 | bit) { found |= 1 << UInt64(bit) }
            candidates &= candidates - 1
        }
        return found
    }

}
