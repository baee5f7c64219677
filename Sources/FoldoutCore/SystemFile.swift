// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: its `errno` and the C library's text for it ("Permission denied").
struct SystemError: Error, Equatable, Sendable {
    let code: Int32

    static func current() -> SystemError { SystemError(code: errno) }

    var text: String { String(cString: strerror(code)) }

    /// ENOENT: nothing at the path.
    var isNotFound: Bool { code == ENOENT }

    /// EFBIG: more bytes than the caller would read.
    var isTooLarge: Bool { code == EFBIG }
}

/// The few file operations the catalog import and the library store need, on the C library,
/// errors as `SystemError`.
enum SystemFile {
    /// The whole content of the regular file at `path`. A directory, FIFO or device is refused
    /// without reading (EISDIR or EINVAL); so is a file larger than `limit` bytes (EFBIG).
    /// `progress` hears the bytes read so far after each chunk; when it returns false the reading
    /// stops with ECANCELED.
    static func contents(of path: String, limit: Int, progress: (Int) -> Bool = { _ in true }) throws(SystemError)
        -> [UInt8]
    {
        let (descriptor, expected) = try openRegularFile(path, limit: limit)
        defer { close(descriptor) }
        // Read straight into the array's storage; then on in chunks, for a file that grew.
        var failure: SystemError?
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = 0
            while initialized < expected {
                let count = read(descriptor, buffer.baseAddress! + initialized, min(expected - initialized, 1 << 22))
                if count == 0 { return }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = .current()
                    return
                }
                initialized += count
                guard progress(initialized) else {
                    failure = SystemError(code: ECANCELED)
                    return
                }
            }
        }
        if let failure { throw failure }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current()
            }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else { throw SystemError(code: EFBIG) }
            guard progress(bytes.count) else { throw SystemError(code: ECANCELED) }
        }
    }

    /// Up to `count` bytes from the start of the regular file at `path`.
    static func firstBytes(of path: String, count: Int) throws(SystemError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path, limit: Int.max)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(count, size))
        var done = 0
        while done < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(done))
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw .current()
            }
            done += read
        }
        return Array(bytes[0..<done])
    }

    /// Opens the regular file at `path` for reading: its descriptor (close it) and its size. A
    /// directory, FIFO or device is refused (EISDIR or EINVAL), and so is a file larger than
    /// `limit` bytes (EFBIG).
    static func openRegularFile(_ path: String, limit: Int) throws(SystemError) -> (descriptor: Int32, size: Int) {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .current() }
        var info = stat()
        let problem: SystemError?
        if fstat(descriptor, &info) != 0 {
            problem = .current()
        } else {
            switch info.st_mode & S_IFMT {
            case S_IFREG: problem = info.st_size <= limit ? nil : SystemError(code: EFBIG)
            case S_IFDIR: problem = SystemError(code: EISDIR)
            default: problem = SystemError(code: EINVAL)
            }
        }
        if let problem {
            close(descriptor)
            throw problem
        }
        return (descriptor, Int(info.st_size))
    }

    /// Creates `path` and any missing parents (mode 0755 less the umask). An existing directory
    /// is fine; an existing non-directory fails with ENOTDIR.
    static func makeDirectories(_ path: String) throws(SystemError) {
        if mkdir(path, 0o755) == 0 { return }
        let error = SystemError.current()
        switch error.code {
        case EEXIST:
            guard isDirectory(path) else { throw SystemError(code: ENOTDIR) }
        case ENOENT:
            let parent = parentDirectory(path)
            guard !parent.isEmpty, parent != path else { throw error }
            try makeDirectories(parent)
            guard mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) else { throw .current() }
        default:
            throw error
        }
    }

    /// Creates (or truncates) `path`, writes `bytes` and flushes them to the disk.
    static func writeDurably(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
        guard descriptor >= 0 else { throw .current() }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = SystemError.current()
                close(descriptor)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let error = SystemError.current()
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw .current() }
    }

    /// Flushes a directory's entries (a rename in it) to the disk. Best effort: some file
    /// systems refuse to sync directories, and the rename has happened either way.
    static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    static func rename(_ source: String, to destination: String) throws(SystemError) {
        #if canImport(Glibc)
            guard Glibc.rename(source, destination) == 0 else { throw .current() }
        #elseif canImport(Musl)
            guard Musl.rename(source, destination) == 0 else { throw .current() }
        #else
            guard Darwin.rename(source, destination) == 0 else { throw .current() }
        #endif
    }

    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Whether anything (a file, directory or dangling symbolic link) is at `path`.
    /// The size of the regular file at `path`, nil if there is none.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 || errno != ENOENT
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func processID() -> Int32 { getpid() }

    /// Everything before the last "/" ("/" for "/a", "" for "a"), ignoring trailing slashes.
    static func parentDirectory(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}
