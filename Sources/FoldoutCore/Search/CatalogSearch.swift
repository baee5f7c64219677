import Synchronization

/// Search as you type over some text columns of a catalog: the rows where any of them contains
/// the query, ignoring case and accents. Each query starts from the smallest earlier result that
/// must hold all its matches (an earlier query it contains: typing on narrows, Backspace finds its
/// answer remembered), and a large search runs on two threads. Safe to use from any thread.
public final class CatalogSearch: Sendable {
    public let catalog: Catalog
    public let columns: [Int]
    private let indexes: [SearchColumnIndex]
    private let recent = Mutex<[(needle: [UInt8], rows: RowSet)]>([])
    private static let remembered = 16

    /// Indexes `columns` (those of text); about 40 ms for a million titles.
    public init(catalog: Catalog, columns: [Int]) {
        self.catalog = catalog
        self.columns = columns
        var folder = TextFolder()
        indexes = columns.compactMap { column in
            catalog.columns[column].kind == .text ? SearchColumnIndex(catalog.columns[column], rows: catalog.count, folder: &folder) : nil
        }
    }

    /// The catalog's text columns, the columns "every text column" searches.
    public static func textColumns(of catalog: Catalog) -> [Int] { catalog.columns.indices.filter { catalog.columns[$0].kind == .text } }

    /// Bytes per row held by the search beyond the catalog itself, remembered results included.
    public var bytesPerItem: Double {
        guard catalog.count > 0 else { return 0 }
        let results = recent.withLock { $0.reduce(0) { $0 + $1.rows.words.count * 8 } }
        return Double(indexes.reduce(0) { $0 + $1.byteCount } + results) / Double(catalog.count)
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
        let needle = folder.fold(query)
        let count = catalog.count
        guard !needle.isEmpty else { return RowSet(capacity: count, words: Self.allRows(count)) }
        let start = recent.withLock { recent -> RowSet?? in
            if let known = recent.firstIndex(where: { $0.needle == needle }) {
                let entry = recent.remove(at: known)
                recent.append(entry)
                return .some(entry.rows)
            }
            return .none
        }
        if case .some(let rows?) = start { return rows }
        let within = narrowest(containing: needle)
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        let finished = words.withUnsafeMutableBufferPointer { out in search(needle, within: within, into: out, isCancelled: isCancelled) }
        guard finished else { return nil }
        let rows = RowSet(capacity: count, words: words)
        recent.withLock { recent in
            recent.append((needle, rows))
            if recent.count > Self.remembered { recent.removeFirst() }
        }
        return rows
    }

    /// Forgets the results remembered so far.
    public func forgetResults() { recent.withLock { $0.removeAll() } }

    /// The smallest remembered result of a query that `needle` contains.
    private func narrowest(containing needle: [UInt8]) -> RowSet? {
        recent.withLock { recent in
            recent.filter { $0.needle.count < needle.count && Self.contains(needle, $0.needle) }.min { $0.rows.count < $1.rows.count }?.rows
        }
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { text in part.withUnsafeBufferPointer { TextMatching.contains(text, $0) } }
    }

    /// Searches every column, splitting the rows between this thread and one more when there are
    /// enough of them to be worth a thread.
    private func search(_ needle: [UInt8], within: RowSet?, into out: UnsafeMutableBufferPointer<UInt64>, isCancelled: () -> Bool) -> Bool {
        let wordCount = out.count
        let candidates = within?.count ?? catalog.count
        guard candidates >= 50_000, wordCount >= 2 else {
            return indexes.allSatisfy { $0.search(needle, within: within, words: 0..<wordCount, into: out, isCancelled: isCancelled) }
        }
        let middle = wordCount / 2
        let shared = SharedOutput(out)
        let indexes = self.indexes
        let second = Outcome()
        // The helper is joined before this returns, so the closure does not outlive the call.
        return withoutActuallyEscaping(isCancelled) { isCancelled in
            nonisolated(unsafe) let cancelled = isCancelled
            let helper = CatalogThread {
                second.finished = indexes.allSatisfy { $0.search(needle, within: within, words: middle..<wordCount, into: shared.buffer, isCancelled: cancelled) }
            }
            let firstFinished = indexes.allSatisfy { $0.search(needle, within: within, words: 0..<middle, into: out, isCancelled: isCancelled) }
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

    /// The output buffer handed to the second thread, which writes only its own words of it.
    private struct SharedOutput: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<UInt64>
        init(_ buffer: UnsafeMutableBufferPointer<UInt64>) { self.buffer = buffer }
    }
}
