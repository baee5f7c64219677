// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
            guard version.size <= limit else { throw .system(SystemError(code: EFBIG)) }
            if version.size > 0 {
                let base = mmap(nil, version.size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                guard let base, base != MAP_FAILED else { throw .system(.current()) }
                madvise(base, version.size, MADV_HUGEPAGE)
                memory = UnsafeMutableBufferPointer(
                    start: base.assumingMemoryBound(to: UInt8.self), count: version.size)
            }
            try Self.read(descriptor, into: memory, as: version, progress: progress)
        } catch {
            if let base = memory.baseAddress { munmap(base, memory.count) }
            close(descriptor)
            throw error
        }
        bytes = UnsafeBufferPointer(memory)
    }

    /// Memory is given back in blocks of this size, which the kernel may back by huge pages: they
    /// make reading a large file into memory two to three times as fast.
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
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
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
    /// it had, none after them, and the same size and times after reading.
    private static func read(
        _ descriptor: Int32, into bytes: UnsafeMutableBufferPointer<UInt8>, as version: FileVersion,
        progress: (Int) -> Bool
    ) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let count = pread(descriptor, bytes.baseAddress! + done, min(bytes.count - done, 1 << 22), off_t(done))
            if count == 0 { throw .changed }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(.current())
            }
            done += count
            guard progress(done) else { throw .system(SystemError(code: ECANCELED)) }
        }
        var after: UInt8 = 0
        guard pread(descriptor, &after, 1, off_t(done)) == 0 else { throw .changed }
        guard try FileVersion(descriptor) == version else { throw .changed }
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
        close(descriptor)
    }
}

/// What writing to a file changes: its size, and its modification and status change times.
struct FileVersion: Equatable, Sendable {
    let size: Int
    let modified: timespec
    /// The status change time (which, unlike the modification time, no program can set).
    let changed: timespec
    /// The last change is so recent that another may leave the times as they are.
    let recent: Bool

    init(_ descriptor: Int32) throws(FileSnapshot.Failure) {
        // A file's times come from this clock, which ticks every few milliseconds (on Linux before
        // 6.13 at least): a change in the tick of the last one leaves the times as they are.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(.current()) }
        size = Int(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
        let sinceChange = (now.tv_sec - info.st_ctim.tv_sec) * 1_000_000_000 + now.tv_nsec - info.st_ctim.tv_nsec
        recent = sinceChange <= 0 && sinceChange > -1_000_000_000
    }

    /// The version of the regular file at `path` now.
    init(path: String) throws(FileSnapshot.Failure) {
        let descriptor: Int32
        do { (descriptor, _) = try SystemFile.openRegularFile(path, limit: Int.max) } catch { throw .system(error) }
        defer { close(descriptor) }
        try self.init(descriptor)
    }

    /// The same size and times (however recent).
    static func == (a: FileVersion, b: FileVersion) -> Bool {
        a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }

    /// The file's version once its last change is in a past tick of the clock, so that any later
    /// change shows (or after 50 ms of changes, the last).
    static func settled(_ descriptor: Int32) throws(FileSnapshot.Failure) -> FileVersion {
        var version = try FileVersion(descriptor)
        for _ in 0..<25 where version.recent {
            usleep(2_000)
            version = try FileVersion(descriptor)
        }
        return version
    }
}
