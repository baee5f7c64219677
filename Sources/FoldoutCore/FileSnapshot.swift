// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// A regular file read whole, with `pread`, into memory of its own: one version of the file,
/// whatever another program does to it meanwhile. (A mapping of the file would not do: reading a
/// mapped page past the end of a file that has since been truncated kills the process, SIGBUS.)
/// The memory of what has been used can be given back (`release`) and read again (`restore`),
/// from the same file, which must still be that version. A snapshot made `asUsed` reads each
/// stretch only when asked to (`readAhead`, in FileSnapshot+ReadAhead.swift).
final class FileSnapshot: @unchecked Sendable {
    enum Failure: Error {
        case system(SystemError)
        /// The file was written to, truncated or extended while it was read.
        case changed
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The version read: an export reads the file again only if it is still this one.
    let version: FileVersion
    let descriptor: Int32
    private let released = Atomic<Bool>(false)
    /// Which blocks are read, while the file is read as it is used; nil when it is read whole.
    let blocks: Blocks?

    /// Reads the regular file at `path`; a directory, FIFO or device is refused (EISDIR, EINVAL),
    /// and so is a file larger than `limit` bytes (EFBIG). `progress` hears the bytes read so far
    /// after each chunk; when it returns false the reading stops with ECANCELED. `asUsed` reads
    /// nothing yet: each stretch is read when `readAhead` asks for it.
    init(path: String, limit: Int, asUsed: Bool = false, progress: (Int) -> Bool = { _ in true }) throws(Failure) {
        do { (descriptor, _) = try SystemFile.openRegularFile(path, limit: limit) } catch { throw .system(error) }
        var memory = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        do throws(Failure) {
            version = try FileVersion.settled(descriptor)
            guard version.size <= limit else { throw .system(SystemError(code: SystemLibrary.ErrorCode.tooLarge)) }
            if version.size > 0 {
                guard let base = SystemLibrary.allocatePages(version.size) else { throw .system(.current()) }
                memory = UnsafeMutableBufferPointer(
                    start: base.assumingMemoryBound(to: UInt8.self), count: version.size)
            }
            if !asUsed { try Self.read(descriptor, into: memory, as: version, progress: progress) }
        } catch {
            if let base = memory.baseAddress { SystemLibrary.freePages(base, memory.count) }
            SystemLibrary.closeFile(descriptor)
            throw error
        }
        bytes = UnsafeBufferPointer(memory)
        blocks = asUsed ? Blocks(count: Self.blockIndex(memory.count, base: memory.baseAddress) + 1) : nil
    }

    /// Memory is given back in blocks of this size, which the kernel may back by huge pages.
    static let block = 2 << 20

    /// Gives back the memory of the whole blocks in `range` (up to its end, if that is the end of
    /// the file): reading there again before `restore` gives zeros. Returns where the rest of
    /// `range` begins. Safe from any thread.
    @discardableResult
    func release(_ range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress else { return range.upperBound }
        guard let (start, end) = Self.wholeBlocks(of: range, in: bytes) else { return range.lowerBound }
        if let blocks,
            blocks.release(Self.blockIndex(start, base: base)...Self.blockIndex(end - 1, base: base), in: self)
        {
            return end
        }
        released.store(true, ordering: .relaxed)
        SystemLibrary.discardPages(UnsafeMutableRawPointer(mutating: base + start), end - start)
        return end
    }

    /// The part of `range` of `bytes` that whole blocks cover (to its end, if that is the end of
    /// `bytes`); nil when none do.
    static func wholeBlocks(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        let address = Int(bitPattern: bytes.baseAddress)
        let start = (address + range.lowerBound + block - 1) / block * block - address
        let end =
            range.upperBound == bytes.count ? range.upperBound : (address + range.upperBound) / block * block - address
        return end > start ? (start, end) : nil
    }

    /// Reads the file again into what has been released, checking that it is the version first
    /// read. Only while no other thread reads `bytes`.
    func restore() throws(Failure) {
        guard released.exchange(false, ordering: .relaxed) else { return }
        try Self.read(
            descriptor, into: UnsafeMutableBufferPointer(mutating: bytes), as: version, progress: { _ in true })
    }

    /// Reads the whole file into `bytes`, and checks that it is still `version`: as many bytes as
    /// it had, none after them, and the same size and times after reading. A large file is read in
    /// two halves at once: most of a read's time is the kernel clearing fresh pages for the copy,
    /// which two cores do in half the time.
    private static func read(
        _ descriptor: Int32, into bytes: UnsafeMutableBufferPointer<UInt8>, as version: FileVersion,
        progress: (Int) -> Bool
    ) throws(Failure) {
        let middle = bytes.count >= splitSize ? bytes.count / 2 : bytes.count
        let second = SecondHalf()
        let helper =
            middle < bytes.count
            ? CatalogThread { [descriptor] in
                second.failure = readRange(descriptor, into: bytes, middle..<bytes.count, stop: second.stop) {
                    second.done.store($0, ordering: .relaxed)
                    return true
                }
            } : nil
        let failure = readRange(descriptor, into: bytes, 0..<middle, stop: second.stop) {
            progress($0 + second.done.load(ordering: .relaxed))
        }
        if failure != nil { second.stop.store(true, ordering: .relaxed) }
        helper?.join()
        if let failure = failure ?? second.failure { throw failure }
        try checkUnchanged(descriptor, as: version, size: bytes.count)
    }

    /// Checks that the file is still `version`: `size` bytes, none after them, the same times.
    static func checkUnchanged(_ descriptor: Int32, as version: FileVersion, size: Int) throws(Failure) {
        var after: UInt8 = 0
        guard SystemLibrary.readSome(descriptor, &after, 1, at: size) == 0 else { throw .changed }
        guard try FileVersion(descriptor) == version else { throw .changed }
    }

    /// A file at least this large is read in two halves at once.
    private static let splitSize = 16 << 20

    /// What the thread reading a file's second half has done, and the flag that stops it.
    private final class SecondHalf: @unchecked Sendable {
        let done = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        /// Written by the second half's thread before it ends, read after it is joined.
        var failure: Failure?
    }

    /// Reads `range` of the file into the same bytes of `bytes`, a chunk at a time, asking
    /// `progress` (given the bytes of the range read so far) after each whether to go on.
    static func readRange(
        _ descriptor: Int32, into bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>,
        stop: borrowing Atomic<Bool>, progress: (Int) -> Bool
    ) -> Failure? {
        var offset = range.lowerBound
        while offset < range.upperBound {
            if stop.load(ordering: .relaxed) { return .system(SystemError(code: SystemLibrary.ErrorCode.cancelled)) }
            let count = SystemLibrary.readSome(
                descriptor, bytes.baseAddress! + offset, min(range.upperBound - offset, 1 << 22), at: offset)
            if count == 0 { return .changed }
            if count < 0 {
                if SystemLibrary.errorNumber == SystemLibrary.ErrorCode.interrupted { continue }
                return .system(.current())
            }
            offset += count
            guard progress(offset - range.lowerBound) else {
                return .system(SystemError(code: SystemLibrary.ErrorCode.cancelled))
            }
        }
        return nil
    }

    deinit {
        if let base = bytes.baseAddress {
            SystemLibrary.freePages(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
        SystemLibrary.closeFile(descriptor)
    }
}
