// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Text that another thread writes front to back into memory whose size is known before (a gzip
/// file's, from its last four bytes), parsed as it is written: the parser waits only for the
/// stretch it is about to read (`CatalogCSVParser+ReadAhead.swift`), so decompressing and parsing
/// share the cores instead of taking turns.
public final class CatalogTextInProgress: @unchecked Sendable {
    /// The memory `write` fills; read by the parser only up to what `wrote(upTo:)` has said.
    public let memory: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written and said; the last byte only once `write` has said the text is whole, so
    /// that text a late check refuses (a gzip file's checksum) is never wholly parsed.
    private let written = Atomic<Int>(0)
    private let state = Atomic<Int>(State.writing)
    private var writer: CatalogThread?

    private enum State {
        static let writing = 0, whole = 1, notWhole = 2, stopped = 3
    }

    /// Starts `write` on a thread of its own, to fill `capacity` bytes of fresh memory; it
    /// returns true when it wrote them all and the text is sound, false when it could not (the
    /// text is then read another way) or `isStopped`. Nil when no memory can be had. Whoever
    /// makes it calls `finish()` before letting it go, so that the writer never outlives it.
    public init?(capacity: Int, write: @escaping @Sendable (CatalogTextInProgress) -> Bool) {
        guard capacity > 0, let base = SystemLibrary.allocatePages(capacity) else { return nil }
        memory = UnsafeMutableBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: capacity)
        writer = CatalogThread { [unowned self] in run(write) }
    }

    /// The writer's thread: `self` is held for the whole call.
    private func run(_ write: (CatalogTextInProgress) -> Bool) {
        let whole = write(self)
        if whole { written.store(memory.count, ordering: .releasing) }
        state.store(whole ? State.whole : State.notWhole, ordering: .releasing)
    }

    deinit {
        _ = finish()
        if let base = memory.baseAddress { SystemLibrary.freePages(base, memory.count) }
    }

    /// For `write`: the bytes before `end` are written.
    public func wrote(upTo end: Int) { written.store(min(end, memory.count - 1), ordering: .releasing) }

    /// True once the writer has said the text is whole: every byte can be read without waiting.
    public var isWhole: Bool { state.load(ordering: .acquiring) == State.whole }

    /// For `write`: true once nothing more is wanted (the parsing ended early, or failed).
    public var isStopped: Bool { state.load(ordering: .relaxed) == State.stopped }

    /// Waits until the bytes before `end` are written; false when they never will be.
    public func wait(upTo end: Int) -> Bool {
        while written.load(ordering: .acquiring) < end {
            if state.load(ordering: .acquiring) != State.writing { return written.load(ordering: .acquiring) >= end }
            SystemLibrary.sleep(microseconds: 100)
        }
        return true
    }

    /// Stops the writing if it is still going on and waits for it to end: true when the text
    /// was written whole.
    public func finish() -> Bool {
        _ = state.compareExchange(expected: State.writing, desired: State.stopped, ordering: .relaxed)
        writer?.join()
        writer = nil
        return state.load(ordering: .acquiring) == State.whole
    }
}

extension Catalog {
    /// Parses delimited UTF-8 text as it is written, as `parseDelimited` parses text in memory.
    /// A failure where the text was not written whole may be that, not the text's: say so by
    /// `text.finish()` before trusting it.
    public static func parseDelimited(
        _ text: CatalogTextInProgress, name: String, loading: CatalogLoading?, origin: CatalogOrigin?
    ) -> Result<Catalog, CatalogImportError> {
        loading?.readAsParsed(textBytes: text.memory.count)
        let unwritten = CatalogImportError(line: 0, reason: .unreadable(tr("the text could not be read whole")))
        var memory = CatalogCSVParser.Memory(release: { $0.lowerBound }, restore: {})
        memory.readAhead = CatalogCSVParser.ReadAhead(
            read: { range throws(CatalogImportError) in
                guard text.wait(upTo: range.upperBound) else { throw unwritten }
            },
            readWhole: { () throws(CatalogImportError) in
                guard text.wait(upTo: text.memory.count) else { throw unwritten }
            })
        memory.isWhole = { text.isWhole }
        return CatalogCSVParser.parse(
            UnsafeBufferPointer(text.memory), name: name, loading: loading, memory: memory, origin: origin)
    }
}
