// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Text that another thread writes front to back into memory whose size is known before (a gzip
/// file's, from its last four bytes), parsed as it is written: the parser waits only for the
/// stretch it is about to read (`CatalogCSVParser+ReadAhead.swift`), so decompressing and parsing
/// share the cores instead of taking turns. What the parser has read it gives back (`release`),
/// so that the writer's later pages are those; to read it again, it is written again (`restore`).
public final class CatalogTextInProgress: @unchecked Sendable {
    /// The memory `write` fills; read by the parser only up to what `wrote(upTo:)` has said.
    public let memory: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written and said; the last byte only once `write` has said the text is whole, so
    /// that text a late check refuses (a gzip file's checksum) is never wholly parsed.
    private let written = Atomic<Int>(0)
    private let state = Atomic<Int>(State.writing)
    private var writer: CatalogThread?
    private let write: @Sendable (CatalogTextInProgress) -> Bool
    /// The end of the text's memory given back since it was last written whole; 0 when none was.
    private let releasedEnd = Atomic<Int>(0)
    /// While the text is written again (`restore`), where the writing may stop.
    private var rewriteEnd = Int.max

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
        self.write = write
        writer = CatalogThread { [unowned self] in run() }
    }

    /// The writer's thread: `self` is held for the whole call.
    private func run() {
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

    /// For `write`: true once nothing more is wanted (the parsing ended early, or failed, or what
    /// `restore` writes again is written).
    public var isStopped: Bool {
        state.load(ordering: .relaxed) == State.stopped || written.load(ordering: .relaxed) >= rewriteEnd
    }

    /// Waits until the bytes before `end` are written; false when they never will be.
    public func wait(upTo end: Int) -> Bool {
        while written.load(ordering: .acquiring) < end {
            if state.load(ordering: .acquiring) != State.writing { return written.load(ordering: .acquiring) >= end }
            SystemLibrary.sleep(microseconds: 100)
        }
        return true
    }

    /// Gives back the memory of the whole blocks of `range`, which the parser has read, so that
    /// the writer's next pages can be those (fresh ones cost a virtual machine more than the
    /// writing); returns where the rest of `range` begins. Reading there again before `restore`
    /// gives zeros.
    public func release(_ range: Range<Int>) -> Int {
        let bytes = UnsafeBufferPointer(memory)
        guard let base = memory.baseAddress, let (start, end) = FileSnapshot.wholeBlocks(of: range, in: bytes) else {
            return range.lowerBound
        }
        var known = releasedEnd.load(ordering: .relaxed)
        while known < end {
            (_, known) = releasedEnd.compareExchange(expected: known, desired: end, ordering: .relaxed)
        }
        SystemLibrary.discardPages(base + start, end - start)
        return end
    }

    /// Writes the text again from its start up to the end of what has been given back, once the
    /// writer has ended: false when it cannot be, and the text is then no longer whole (to be
    /// read another way). Only while no other thread reads it.
    public func restore() -> Bool {
        writer?.join()
        writer = nil
        let end = releasedEnd.exchange(0, ordering: .relaxed)
        guard end > 0 else { return true }
        guard isWhole else { return false }
        rewriteEnd = end
        written.store(0, ordering: .relaxed)
        defer { rewriteEnd = .max }
        guard write(self) || written.load(ordering: .relaxed) >= end else {
            state.store(State.notWhole, ordering: .releasing)
            return false
        }
        written.store(memory.count, ordering: .releasing)
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
        var memory = CatalogCSVParser.Memory(
            release: { text.release($0) },
            restore: { () throws(CatalogImportError) in
                guard text.restore() else {
                    if loading?.isCancelled == true { throw CatalogImportError(line: 0, reason: .cancelled) }
                    throw unwritten
                }
            })
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
