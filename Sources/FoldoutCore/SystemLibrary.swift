// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    // ucrt has no pread, mmap, mkstemp or threads of this kind: a Windows port replaces this file.
    #error("FoldoutCore needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// The C library, for the whole of FoldoutCore: the one file that imports it, so that a port to
/// another system is a change here. Each function is the system call it names, with Swift types;
/// failures return -1 or nil and leave the reason in `errorNumber`.
enum SystemLibrary {
    static var errorNumber: Int32 { errno }
    static func text(ofError code: Int32) -> String { String(cString: strerror(code)) }

    enum ErrorCode {
        static let interrupted = EINTR
        static let notFound = ENOENT
        static let tooLarge = EFBIG
        static let cancelled = ECANCELED
        static let isDirectory = EISDIR
        static let invalid = EINVAL
        static let exists = EEXIST
        static let notDirectory = ENOTDIR
    }

    // MARK: Files

    /// O_NONBLOCK: opening a FIFO must not wait for a writer.
    static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
    static func openDirectory(_ path: String) -> Int32 { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    static func create(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
    }

    /// A new file from `template` ending in XXXXXX (which becomes the name), readable and writable
    /// as the umask allows; its descriptor and path.
    static func createUnique(_ template: String) -> (descriptor: Int32, path: String) {
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return (descriptor, template) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let mask = umask(0o022)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        return (descriptor, String(cString: bytes.map { UInt8(bitPattern: $0) }))
    }

    @discardableResult static func closeFile(_ descriptor: Int32) -> Int32 { close(descriptor) }
    static func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(descriptor, buffer, count)
    }
    static func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> Int {
        pread(descriptor, buffer, count, off_t(offset))
    }
    static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        write(descriptor, bytes, count)
    }
    static func flush(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
    /// Starts writing `count` bytes at `offset` of a file to the disk, without waiting for them.
    /// Linux's POSIX_FADV_DONTNEED starts the writeback of the range's dirty pages and drops only
    /// the pages already clean, which bytes just written are not (sync_file_range, made for this,
    /// is not in Swift's Glibc module). Elsewhere nothing: `flush` does it all.
    static func startWriting(_ descriptor: Int32, offset: Int, count: Int) {
        #if os(Linux)
            _ = posix_fadvise(descriptor, off_t(offset), off_t(count), POSIX_FADV_DONTNEED)
        #endif
    }
    static func makeDirectory(_ path: String) -> Int32 { mkdir(path, 0o755) }
    static func move(_ source: String, to destination: String) -> Int32 { rename(source, destination) }
    static func removeFile(_ path: String) { _ = unlink(path) }
    static var processID: Int32 { getpid() }

    /// What `stat` says of a file; times in nanoseconds since 1970.
    struct Status {
        enum Kind { case regular, directory, other }
        let kind: Kind
        let size: Int
        let modified: Int
        let changed: Int

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .regular
            case S_IFDIR: kind = .directory
            default: kind = .other
            }
            size = Int(info.st_size)
            #if canImport(Darwin)
                modified = Status.nanoseconds(info.st_mtimespec)
                changed = Status.nanoseconds(info.st_ctimespec)
            #else
                modified = Status.nanoseconds(info.st_mtim)
                changed = Status.nanoseconds(info.st_ctim)
            #endif
        }

        static func nanoseconds(_ time: timespec) -> Int { Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec) }
    }

    static func status(of descriptor: Int32) -> Status? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Status(info) : nil
    }

    /// The status of what `path` names, following a symbolic link unless `ofLink`.
    static func status(atPath path: String, ofLink: Bool = false) -> Status? {
        var info = stat()
        return (ofLink ? lstat(path, &info) : stat(path, &info)) == 0 ? Status(info) : nil
    }

    /// The clock file times come from, which ticks every few milliseconds; in nanoseconds.
    static var fileClock: Int {
        var now = timespec()
        #if os(Linux)
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
        #else
            clock_gettime(CLOCK_REALTIME, &now)
        #endif
        return Status.nanoseconds(now)
    }

    static func sleep(microseconds: UInt32) { _ = usleep(microseconds) }

    // MARK: Memory

    /// Zeroed memory of its own, outside the Swift heap, that can be given back in parts.
    static func allocatePages(_ count: Int) -> UnsafeMutableRawPointer? {
        let base = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0)
        guard let base, base != MAP_FAILED else { return nil }
        #if os(Linux)
            // Huge pages make reading a large file into this memory two to three times as fast.
            madvise(base, count, MADV_HUGEPAGE)
        #endif
        return base
    }

    /// Gives back the pages of `count` bytes at `base`, which read as zeros afterwards.
    static func discardPages(_ base: UnsafeMutableRawPointer, _ count: Int) {
        #if os(Linux)
            madvise(base, count, MADV_DONTNEED)
        #else
            // Darwin's MADV_DONTNEED keeps the contents; mapping the range anew gives zeros.
            _ = mmap(base, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON | MAP_FIXED, -1, 0)
        #endif
    }

    static func freePages(_ base: UnsafeMutableRawPointer, _ count: Int) { munmap(base, count) }

    /// Makes the whole pages of `count` bytes at `base` present and writable now, keeping what
    /// they hold (MADV_POPULATE_WRITE, Linux 5.14 and later); false where the system cannot.
    static func populatePages(_ base: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        #if os(Linux)
            let page = Int(getpagesize())
            let start = (Int(bitPattern: base) + page - 1) / page * page
            let end = (Int(bitPattern: base) + count) / page * page
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return true }
            // MADV_POPULATE_WRITE, by its number: Musl's headers may not name it.
            return madvise(aligned, end - start, 23) == 0
        #else
            return false
        #endif
    }

    // MARK: Threads

    /// Starts `body` on a thread of its own; nil if none could be made.
    static func startThread(_ body: @escaping () -> Void) -> Thread? {
        final class Work {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let started =
            pthread_create(
                &thread, nil,
                { raw in
                    #if canImport(Darwin)
                        Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
                    #else
                        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
                    #endif
                    return nil
                }, work) == 0
        guard started else {
            Unmanaged<Work>.fromOpaque(work).release()
            return nil
        }
        #if canImport(Darwin)
            return thread.map(Thread.init)
        #else
            return Thread(handle: thread)
        #endif
    }

    struct Thread {
        fileprivate let handle: pthread_t
        func join() { pthread_join(handle, nil) }
        /// Lets the thread end without anyone joining it.
        func detach() { pthread_detach(handle) }
    }

    /// Gives the calling thread, and the threads it starts from now on, less of the processor
    /// than the others when they compete (nice 10 with glibc; nothing elsewhere). It cannot be
    /// given back: for a thread made for work that must not slow the user interface.
    static func yieldToOtherThreads() {
        #if canImport(Glibc)
            // Linux keeps a nice value a thread: 0 names the calling thread, not its process.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    // MARK: Numbers

    static func log10(_ value: Double) -> Double {
        #if canImport(Darwin)
            Darwin.log10(value)
        #elseif canImport(Musl)
            Musl.log10(value)
        #else
            Glibc.log10(value)
        #endif
    }

    static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
}
