// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// A regular file read whole, with `pread`, into memory of its own: one version of the file,
/// whatever another program does to it meanwhile. (A mapping of the file would not do: reading a
/// mapped page past the end of a file that has since been truncated kills the process, SIGBUS.)
/// The memory of what has been used can be given back (`release`) and read again (`restore`),
/// from the same file, which must still be that version.
final class FileSnapshot: @unchecked Sendable {
    enum Failure: Error {
        case system(SystemError)
        /// The file was written to, truncated or extended while it was read.
        case changed
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private let descriptor: Int32
    /// The version read: an export reads the file again only if it is still this one.
    let version: FileVersion
    private let released = Atomic<Bool>(false)

    /// Reads the regular file at `path`; a directory, FIFO or device is refused (EISDIR, EINVAL),
    /// and so is a file larger than `limit` bytes (EFBIG). `progress` hears the bytes read so far
    /// after each chunk; when it returns false the reading stops with ECANCELED.
    init(path: String, limit: Int, progress: (Int) -> Bool = { _ in true }) throws(Failure) {
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
            try Self.read(descriptor, into: memory, as: version, progress: progress)
        } catch {
            if let base = memory.baseAddress { SystemLibrary.freePages(base, memory.count) }
            SystemLibrary.closeFile(descriptor)
            throw error
        }
        bytes = UnsafeBufferPointer(memory)
    }

    /// Memory is given back in blocks of this size, which the kernel may back by huge pages.
    static let block = 2 << 20

    /// Gives back the memory of the whole blocks in `range` (up to its end, if that is the end of
    /// the file): reading there again before `restore` gives zeros. Returns where the rest of
    /// `range` begins. Safe from any thread.
    @discardableResult
    func release(_ range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress else { return range.upperBound }
        let address = Int(bitPattern: base)
        let start = (address + range.lowerBound + Self.block - 1) / Self.block * Self.block - address
        let end =
            range.upperBound == bytes.count
            ? range.upperBound : (address + range.upperBound) / Self.block * Self.block - address
        guard end > start else { return range.lowerBound }
        released.store(true, ordering: .relaxed)
        SystemLibrary.discardPages(UnsafeMutableRawPointer(mutating: base + start), end - start)
        return end
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
        var after: UInt8 = 0
        guard SystemLibrary.readSome(descriptor, &after, 1, at: bytes.count) == 0 else { throw .changed }
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
    private static func readRange(
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

/// What writing to a file changes: its size, and its modification and status change times.
struct FileVersion: Equatable, Sendable {
    let size: Int
    /// The modification time, in nanoseconds.
    let modified: Int
    /// The status change time (which, unlike the modification time, no program can set).
    let changed: Int
    /// The last change is so recent that another may leave the times as they are.
    let recent: Bool

    init(_ descriptor: Int32) throws(FileSnapshot.Failure) {
        // A file's times come from this clock, which ticks every few milliseconds (on Linux before
        // 6.13 at least): a change in the tick of the last one leaves the times as they are.
        let now = SystemLibrary.fileClock
        guard let status = SystemLibrary.status(of: descriptor) else { throw .system(.current()) }
        size = status.size
        modified = status.modified
        changed = status.changed
        let sinceChange = now - changed
        recent = sinceChange <= 0 && sinceChange > -1_000_000_000
    }

    /// No file's version: what a catalog from a database server has.
    static let none = FileVersion(size: 0, modified: 0, changed: 0, recent: true)

    private init(size: Int, modified: Int, changed: Int, recent: Bool) {
        (self.size, self.modified, self.changed, self.recent) = (size, modified, changed, recent)
    }

    /// The version of the regular file at `path` now.
    init(path: String) throws(FileSnapshot.Failure) {
        let descriptor: Int32
        do { (descriptor, _) = try SystemFile.openRegularFile(path, limit: Int.max) } catch { throw .system(error) }
        defer { SystemLibrary.closeFile(descriptor) }
        try self.init(descriptor)
    }

    /// The same size and times (however recent).
    static func == (a: FileVersion, b: FileVersion) -> Bool {
        a.size == b.size && a.modified == b.modified && a.changed == b.changed
    }

    /// The file's version once its last change is in a past tick of the clock, so that any later
    /// change shows (or after 50 ms of changes, the last).
    static func settled(_ descriptor: Int32) throws(FileSnapshot.Failure) -> FileVersion {
        var version = try FileVersion(descriptor)
        for _ in 0..<25 where version.recent {
            SystemLibrary.sleep(microseconds: 2_000)
            version = try FileVersion(descriptor)
        }
        return version
    }
}
