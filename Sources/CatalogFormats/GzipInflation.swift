// SPDX-License-Identifier: GPL-3.0-or-later
internal import CIsal
import FoldoutCore

/// A gzip file decompressed by ISA-L's inflate, about two and a half times as fast as zlib, which
/// libarchive streams it through. A delimited file of one member is parsed as it is decompressed
/// (`parseAsInflated`): one thread decompresses into memory of the size written in the file's last
/// four bytes while the parser follows it, so the decompression costs the parse's wall time
/// little more than the other core's share. Any other gzip file is decompressed whole first
/// (`inflate`). Damaged data gives nil: libarchive then reads the file and says what is wrong in
/// its words.
enum GzipInflation {
    /// The catalog of delimited UTF-8 text in a gzip file of one member, parsed as it is
    /// decompressed; nil when the file is to be read the other way (`inflate`, then its character
    /// set or JSON): it is JSON or has a byte order mark, its size is not the one written in it
    /// (several members, or a lie), it is damaged, or it is not UTF-8. Its problems are thrown.
    /// `contents` may be read as it is used: the compressed bytes are read just before they are
    /// inflated, into the memory of those inflated before them.
    static func parseAsInflated(
        _ contents: CatalogFileContents, name: String, loading: CatalogLoading?, origin: CatalogOrigin
    ) throws(CatalogImportError) -> Catalog? {
        let compressed = contents.bytes
        guard compressed.count >= 18, contents.readAhead(compressed.count - 4..<compressed.count) else { return nil }
        let size = writtenSize(compressed)
        guard size > 0, size <= compressed.count * 1032, size < Catalog.textSizeLimit,
            let text = CatalogTextInProgress(capacity: size, write: { inflateMember(contents, into: $0, loading) })
        else { return nil }
        defer { _ = text.finish() }
        let head = min(size, 64)
        guard text.wait(upTo: head) else { return nil }
        let headBytes = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(text.memory)[..<head])
        if CatalogReader.looksLikeJSON(name: contents.path, bytes: headBytes)
            || TextEncoding.byteOrderMark(headBytes) != nil
        {
            return nil
        }
        let parsed = Catalog.parseDelimited(text, name: name, loading: loading, origin: origin)
        let whole = text.finish()
        switch parsed {
        case .success(let catalog): return catalog
        case .failure(let error) where error.reason == .cancelled: throw error
        case .failure(let error) where whole && error.reason != .invalidUTF8: throw error
        case .failure:
            loading?.startOver()
            return nil
        }
    }

    /// Fills `text` a step at a time from the one member of `contents`; false when the member
    /// is not all there is, or not of `text`'s size, or damaged, or cannot be read, or the reading
    /// is cancelled or stopped.
    private static func inflateMember(
        _ contents: CatalogFileContents, into text: CatalogTextInProgress, _ loading: CatalogLoading?
    ) -> Bool {
        let compressed = contents.bytes
        let stream = Inflater(compressed, available: 0)
        var written = 0
        while true {
            if stream.available < compressed.count && stream.consumed + inputMargin > stream.available {
                let end = min(compressed.count, stream.consumed + inputWindow)
                guard contents.readAhead(stream.available..<end) else { return false }
                stream.available = end
                contents.release(0..<stream.consumed)
            }
            let room = UnsafeMutableBufferPointer(
                rebasing: text.memory[written..<min(written + step, text.memory.count)])
            let outcome = stream.inflate(into: room)
            written += outcome.produced
            text.wrote(upTo: written)
            if text.isStopped || loading?.report(read: stream.consumed) == false { return false }
            switch outcome {
            case .damaged: return false
            case .memberEnded: return written == text.memory.count && stream.consumed == compressed.count
            case .wrote:
                if written == text.memory.count && outcome.produced == 0 { return false }
            }
        }
    }

    /// The decompressed bytes of every member in turn; nil when ISA-L cannot make them (damaged
    /// data, bytes after the last member that are no member, more than `Catalog.textSizeLimit`).
    /// `loading` hears the compressed bytes read. The size written in the last member gives the
    /// buffer's size, so its bytes are written once and never copied, while another thread makes
    /// the buffer's pages ready ahead of them (`FreshPages`).
    static func inflate(_ compressed: UnsafeBufferPointer<UInt8>, loading: CatalogLoading?, path: String)
        throws(CatalogImportError) -> [UInt8]?
    {
        guard compressed.count >= 18 else { return nil }
        // Deflate makes at most 1,032 bytes of one, so a larger size said is a lie not to believe.
        var capacity = max(min(writtenSize(compressed), compressed.count * 1032), 4096)
        while true {
            var outcome = Whole.damaged
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
                written = 0
                outcome = FreshPages.prepared(output) { inflateMembers(compressed, into: output, &written, loading) }
            }
            switch outcome {
            case .done: return bytes
            case .cancelled: throw CatalogImportError(line: 0, reason: .cancelled, path: path)
            case .damaged: return nil
            case .tooSmall:
                guard capacity < Catalog.textSizeLimit else { return nil }
                capacity = min(capacity * 2, Catalog.textSizeLimit)
            }
        }
    }

    private enum Whole { case done, tooSmall, damaged, cancelled }

    /// Every member in turn, each after the last one's end in `output`.
    private static func inflateMembers(
        _ compressed: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, _ written: inout Int,
        _ loading: CatalogLoading?
    ) -> Whole {
        let stream = Inflater(compressed)
        while true {
            guard written < output.count else { return .tooSmall }
            let outcome = stream.inflate(
                into: UnsafeMutableBufferPointer(rebasing: output[written..<min(written + step, output.count)]))
            written += outcome.produced
            if let loading, !loading.report(read: stream.consumed) { return .cancelled }
            switch outcome {
            case .damaged: return .damaged
            case .memberEnded:
                if stream.consumed == compressed.count { return .done }
                guard stream.startsMember() else { return .damaged }
            case .wrote: break
            }
        }
    }

    /// Decompressed bytes are made this many at a time, between looks at the progress.
    private static let step = 2 << 20

    /// While a file is read as it is inflated, at least `inputMargin` of its bytes are read ahead
    /// of the inflater, up to `inputWindow` when there are fewer.
    private static let inputMargin = 1 << 20, inputWindow = 4 << 20

    /// ISIZE, the last member's size modulo 2³² as its last four bytes say (little-endian): the
    /// whole text's size for the files of one member under 4 GB that nearly everyone has.
    private static func writtenSize(_ compressed: UnsafeBufferPointer<UInt8>) -> Int {
        let end = compressed.count
        guard end >= 4 else { return 0 }
        return (0..<4).reduce(0) { $0 | Int(compressed[end - 4 + $1]) << (8 * $1) }
    }
}

/// One gzip file's members decompressed in turn, each checked against its checksum and size.
private final class Inflater {
    private let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
    private let input: UnsafeBufferPointer<UInt8>
    /// The compressed bytes used so far.
    private(set) var consumed = 0
    /// The bytes of `input` that can be read: all of them, unless the file is read as it is used.
    var available: Int

    init(_ input: UnsafeBufferPointer<UInt8>, available: Int? = nil) {
        self.input = input
        self.available = available ?? input.count
        startMember()
    }

    deinit { state.deallocate() }

    enum Outcome {
        /// Bytes made, with more of the member to come.
        case wrote(Int)
        /// The member's last bytes made and its checksum right.
        case memberEnded(Int)
        /// Not a gzip member, damaged, or cut short.
        case damaged

        var produced: Int {
            switch self {
            case .wrote(let count), .memberEnded(let count): count
            case .damaged: 0
            }
        }
    }

    /// True when the bytes after the member just ended begin another.
    func startsMember() -> Bool {
        guard consumed + 1 < input.count, input[consumed] == 0x1F, input[consumed + 1] == 0x8B else { return false }
        startMember()
        return true
    }

    private func startMember() {
        isal_inflate_init(state)
        state.pointee.crc_flag = UInt32(ISAL_GZIP)
    }

    /// Decompresses into `output` as much as fits, or up to the member's end.
    func inflate(into output: UnsafeMutableBufferPointer<UInt8>) -> Outcome {
        guard let base = input.baseAddress else { return .damaged }
        // ISA-L counts in 32 bits: a larger input is given a gigabyte at a time.
        let given = min(available - consumed, 1 << 30)
        let room = min(output.count, 1 << 30)
        state.pointee.next_in = UnsafeMutablePointer(mutating: base + consumed)
        state.pointee.avail_in = UInt32(given)
        state.pointee.next_out = output.baseAddress
        state.pointee.avail_out = UInt32(room)
        let result = isal_inflate(state)
        consumed += given - Int(state.pointee.avail_in)
        let produced = room - Int(state.pointee.avail_out)
        guard result >= 0 else { return .damaged }
        if state.pointee.block_state == ISAL_BLOCK_FINISH { return .memberEnded(produced) }
        // Input used up before the member's end: the file is cut short.
        if consumed == input.count && produced < room { return .damaged }
        return .wrote(produced)
    }
}
