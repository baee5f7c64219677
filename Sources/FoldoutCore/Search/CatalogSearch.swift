// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Search as you type over some text columns of a catalog: the rows where any of them contains
/// the query, ignoring case and accents. Each query starts from the smallest earlier result that
/// must hold all its matches (an earlier query it contains: typing on narrows, Backspace finds its
/// answer remembered), and a large search runs on two threads. While the user pauses,
/// `prepareNext` notes for each row found which letters follow the query in it, so that the next
/// letter typed is answered without reading any text. Safe to use from any thread.
public final class CatalogSearch: Sendable {
    public let catalog: Catalog
    public let columns: [Int]
    private let indexes: [SearchColumnIndex]
    private let recent = Mutex<[(needle: [UInt8], rows: RowSet)]>([])
    private static let remembered = 16
    /// Signatures few enough to read on the main thread.
    private static let quickSignatures = 1_000_000
    /// Rows enough to be worth a second thread.
    private static let manyRows = 50_000
    /// Rows enough to be worth preparing for the next letter: rows scattered over the text cost
    /// a few cache misses each (2,410 of a million titles take 0.7 ms to read), a few hundred not.
    private static let rowsToPrepare = 256
    private let prepared = Mutex<Followers?>(nil)
    /// The fewest rows a result needs for `prepareNext` to note what follows in them.
    private let preparingFrom: Int

    /// What follows `needle` in the rows of `rows` (see `prepareNext`): for each signature bit,
    /// the rows where a byte with that bit follows it, so that the next letter's rows are one set.
    private struct Followers: Sendable {
        let needle: [UInt8]
        let rows: RowSet
        let byBit: [RowSet]
    }

    /// Indexes `columns` (those of text); about 40 ms for a million titles.
    public convenience init(catalog: Catalog, columns: [Int]) {
        self.init(catalog: catalog, columns: columns, preparingFrom: Self.rowsToPrepare)
    }

    init(catalog: Catalog, columns: [Int], preparingFrom: Int) {
        self.catalog = catalog
        self.columns = columns
        self.preparingFrom = preparingFrom
        var folder = TextFolder()
        indexes = columns.compactMap { column in
            catalog.columns[column].kind == .text
                ? SearchColumnIndex(catalog.columns[column], rows: catalog.count, folder: &folder) : nil
        }
    }

    /// The catalog's text columns, the columns "every text column" searches.
    public static func textColumns(of catalog: Catalog) -> [Int] {
        catalog.columns.indices.filter { catalog.columns[$0].kind == .text }
    }

    /// Bytes per row held by the search beyond the catalog itself, remembered results included.
    public var bytesPerItem: Double {
        guard catalog.count > 0 else { return 0 }
        let results = recent.withLock { $0.reduce(0) { $0 + $1.rows.words.count * 8 } }
        let followers = prepared.withLock { $0?.byBit.reduce(0) { $0 + $1.words.count * 8 } ?? 0 }
        return Double(indexes.reduce(0) { $0 + $1.byteCount } + results + followers) / Double(catalog.count)
    }

    /// Whether `query` searches for nothing (it is empty, or only accents).
    public static func isBlank(_ query: String) -> Bool {
        var folder = TextFolder()
        return folder.fold(query).isEmpty
    }

    /// The rows containing `query` in any of the columns; nil if `isCancelled` said so first.
    /// A blank query matches every row.
    public func rows(matching query: String, isCancelled: () -> Bool = { false }) -> RowSet? {
        var folder = TextFolder()
        return rows(containing: folder.fold(query), isCancelled: isCancelled)
    }

    private func rows(containing needle: [UInt8], isCancelled: () -> Bool) -> RowSet? {
        let count = catalog.count
        guard !needle.isEmpty else { return RowSet(capacity: count, words: Self.allRows(count)) }
        if let known = known(needle) { return known }
        let within = followedRows(needle)?.candidates ?? narrowest(containing: needle)
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        let finished = words.withUnsafeMutableBufferPointer { out in
            inHalves(out.count, candidates: within?.count ?? count) { range in
                indexes.allSatisfy {
                    $0.search(needle, within: within, words: range, into: out, isCancelled: isCancelled)
                }
            }
        }
        guard finished else { return nil }
        let rows = RowSet(capacity: count, words: words)
        remember(needle, rows)
        return rows
    }

    /// The rows containing `query` when finding them reads no text, quick enough for the main
    /// thread: remembered, prepared by `prepareNext` for this letter a to z, or one letter a to z
    /// that the rows' signatures alone answer when there are at most a million (1 to 2 ms).
    public func quickRows(matching query: String) -> RowSet? {
        var folder = TextFolder()
        let needle = folder.fold(query)
        guard !needle.isEmpty else { return nil }
        if let known = known(needle) { return known }
        guard needle.count == 1, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(needle[0]),
            catalog.count * indexes.count <= Self.quickSignatures
        else { return nil }
        return rows(containing: needle, isCancelled: { false })
    }

    private func known(_ needle: [UInt8]) -> RowSet? {
        if let rows = remembered(needle) { return rows }
        guard let followed = followedRows(needle), followed.exact else { return nil }
        remember(needle, followed.candidates)
        return followed.candidates
    }

    private func remember(_ needle: [UInt8], _ rows: RowSet) {
        recent.withLock { recent in
            recent.append((needle, rows))
            if recent.count > Self.remembered { recent.removeFirst() }
        }
    }

    /// The remembered result of `needle`, now the most recent.
    private func remembered(_ needle: [UInt8]) -> RowSet? {
        recent.withLock { recent in
            guard let known = recent.firstIndex(where: { $0.needle == needle }) else { return nil }
            let entry = recent.remove(at: known)
            recent.append(entry)
            return entry.rows
        }
    }

    /// Forgets the results remembered and prepared so far.
    public func forgetResults() {
        recent.withLock { $0.removeAll() }
        prepared.withLock { $0 = nil }
    }

    /// Notes, for each row that `query` found (when it found many), the letters that follow it
    /// there: the next letter typed is then answered from these notes, without reading any text
    /// (exactly for a to z; other characters narrow the rows to read). Meant for the pause after
    /// a keystroke, away from the main thread; stops early if `isCancelled` says so.
    public func prepareNext(after query: String, isCancelled: () -> Bool = { false }) {
        var folder = TextFolder()
        let needle = folder.fold(query)
        guard !needle.isEmpty, prepared.withLock({ $0?.needle != needle }),
            let rows = remembered(needle), rows.count >= preparingFrom
        else { return }
        let wordCount = rows.words.count
        var sets = [UInt64](repeating: 0, count: 32 * wordCount)
        let indexes = indexes
        let finished = sets.withUnsafeMutableBufferPointer { out in
            inHalves(wordCount, candidates: rows.count) { range in
                indexes.allSatisfy {
                    $0.followers(of: needle, in: rows, words: range, into: out, isCancelled: isCancelled)
                }
            }
        }
        guard finished, !isCancelled() else { return }
        let byBit = (0..<32).map {
            RowSet(capacity: rows.capacity, words: Array(sets[$0 * wordCount..<($0 + 1) * wordCount]))
        }
        prepared.withLock { $0 = Followers(needle: needle, rows: rows, byBit: byBit) }
    }

    /// `prepareNext` on a thread of its own that gives way to the others (the user interface's
    /// above all, drawing the results just found), started now and not waited for.
    public func prepareNextBehind(after query: String, isCancelled: @escaping @Sendable () -> Bool) {
        SystemLibrary.startThread {
            SystemLibrary.yieldToOtherThreads()
            self.prepareNext(after: query, isCancelled: isCancelled)
        }?.detach()
    }

    /// The rows that may contain `needle`, from the letters noted to follow the needle less its
    /// last byte; exact when that byte is a letter a to z.
    private func followedRows(_ needle: [UInt8]) -> (candidates: RowSet, exact: Bool)? {
        guard let followers = prepared.withLock({ $0 }), needle.count == followers.needle.count + 1,
            needle.starts(with: followers.needle)
        else { return nil }
        let last = needle[needle.count - 1]
        let bit = SearchColumnIndex.signatureBits[Int(last)].trailingZeroBitCount
        return (followers.byBit[bit], (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(last))
    }

    /// The smallest remembered result of a query that `needle` contains.
    private func narrowest(containing needle: [UInt8]) -> RowSet? {
        recent.withLock { recent in
            recent.filter { $0.needle.count < needle.count && Self.contains(needle, $0.needle) }.min {
                $0.rows.count < $1.rows.count
            }?.rows
        }
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { text in part.withUnsafeBufferPointer { TextMatching.contains(text, $0) } }
    }

    /// Runs `body` over the words 0..<wordCount: on this thread alone, or, when there are enough
    /// `candidates` rows to be worth it, half on this thread and half on one more. True when
    /// both halves returned true.
    private func inHalves(_ wordCount: Int, candidates: Int, _ body: (Range<Int>) -> Bool) -> Bool {
        guard candidates >= Self.manyRows, wordCount >= 2 else { return body(0..<wordCount) }
        let middle = wordCount / 2
        let second = Outcome()
        // The helper is joined before this returns, so the closure does not outlive the call.
        return withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            let helper = CatalogThread { second.finished = work(middle..<wordCount) }
            let firstFinished = body(0..<middle)
            helper.join()
            return firstFinished && second.finished
        }
    }

    /// The words of a set holding every one of `count` rows.
    static func allRows(_ count: Int) -> [UInt64] {
        var words = [UInt64](repeating: ~0, count: (count + 63) / 64)
        if count & 63 != 0 { words[words.count - 1] = (1 << UInt64(count & 63)) - 1 }
        return words
    }

    /// Whether the second thread finished, read after it is joined.
    private final class Outcome: @unchecked Sendable { var finished = true }
}
