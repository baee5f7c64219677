// SPDX-License-Identifier: GPL-3.0-or-later
/// A failed system call: its `errno` and the C library's text for it ("Permission denied").
struct SystemError: Error, Equatable, Sendable {
    let code: Int32

    static func current() -> SystemError { SystemError(code: SystemLibrary.errorNumber) }

    var text: String { SystemLibrary.text(ofError: code) }

    /// ENOENT: nothing at the path.
    var isNotFound: Bool { code == SystemLibrary.ErrorCode.notFound }

    /// EFBIG: more bytes than the caller would read.
    var isTooLarge: Bool { code == SystemLibrary.ErrorCode.tooLarge }
}

/// The few file operations the catalog import and the library store need, on `SystemLibrary`,
/// errors as `SystemError`.
enum SystemFile {
    private typealias C = SystemLibrary
    private typealias Code = SystemLibrary.ErrorCode

    /// The whole content of the regular file at `path`. A directory, FIFO or device is refused
    /// without reading (EISDIR or EINVAL); so is a file larger than `limit` bytes (EFBIG).
    /// `progress` hears the bytes read so far after each chunk; when it returns false the reading
    /// stops with ECANCELED.
    static func contents(of path: String, limit: Int, progress: (Int) -> Bool = { _ in true }) throws(SystemError)
        -> [UInt8]
    {
        let (descriptor, expected) = try openRegularFile(path, limit: limit)
        defer { C.closeFile(descriptor) }
        // Read straight into the array's storage; then on in chunks, for a file that grew.
        var failure: SystemError?
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            initialized = 0
            while initialized < expected {
                let count = C.readSome(
                    descriptor, buffer.baseAddress! + initialized, min(expected - initialized, 1 << 22))
                if count == 0 { return }
                if count < 0 {
                    if C.errorNumber == Code.interrupted { continue }
                    failure = .current()
                    return
                }
                initialized += count
                guard progress(initialized) else {
                    failure = SystemError(code: Code.cancelled)
                    return
                }
            }
        }
        if let failure { throw failure }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { C.readSome(descriptor, $0.baseAddress!, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if C.errorNumber == Code.interrupted { continue }
                throw .current()
            }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else { throw SystemError(code: Code.tooLarge) }
            guard progress(bytes.count) else { throw SystemError(code: Code.cancelled) }
        }
    }

    /// Up to `count` bytes from the start of the regular file at `path`.
    static func firstBytes(of path: String, count: Int) throws(SystemError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path, limit: Int.max)
        defer { C.closeFile(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(count, size))
        var done = 0
        while done < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                C.readSome(descriptor, $0.baseAddress! + done, $0.count - done, at: done)
            }
            if read == 0 { break }
            if read < 0 {
                if C.errorNumber == Code.interrupted { continue }
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
        let descriptor = C.openForReading(path)
        guard descriptor >= 0 else { throw .current() }
        let problem: SystemError?
        let status = C.status(of: descriptor)
        switch status?.kind {
        case nil: problem = .current()
        case .regular: problem = status!.size <= limit ? nil : SystemError(code: Code.tooLarge)
        case .directory: problem = SystemError(code: Code.isDirectory)
        case .other: problem = SystemError(code: Code.invalid)
        }
        if let problem {
            C.closeFile(descriptor)
            throw problem
        }
        return (descriptor, status!.size)
    }

    /// Creates `path` and any missing parents (mode 0755 less the umask). An existing directory
    /// is fine; an existing non-directory fails with ENOTDIR.
    static func makeDirectories(_ path: String) throws(SystemError) {
        if C.makeDirectory(path) == 0 { return }
        let error = SystemError.current()
        switch error.code {
        case Code.exists:
            guard isDirectory(path) else { throw SystemError(code: Code.notDirectory) }
        case Code.notFound:
            let parent = parentDirectory(path)
            guard !parent.isEmpty, parent != path else { throw error }
            try makeDirectories(parent)
            guard C.makeDirectory(path) == 0 || (C.errorNumber == Code.exists && isDirectory(path)) else {
                throw .current()
            }
        default:
            throw error
        }
    }

    /// Creates (or truncates) `path`, writes `bytes` and flushes them to the disk.
    static func writeDurably(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let descriptor = C.create(path)
        guard descriptor >= 0 else { throw .current() }
        do throws(SystemError) {
            try writeAll(bytes, to: descriptor)
            guard C.flush(descriptor) == 0 else { throw .current() }
        } catch {
            C.closeFile(descriptor)
            throw error
        }
        guard C.closeFile(descriptor) == 0 else { throw .current() }
    }

    /// Writes all of `bytes` to `descriptor`, again after an interrupted call.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { C.writeSome(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if C.errorNumber == Code.interrupted { continue }
                throw .current()
            }
            written += count
        }
    }

    /// Flushes a directory's entries (a rename in it) to the disk. Best effort: some file
    /// systems refuse to sync directories, and the rename has happened either way.
    static func syncDirectory(_ path: String) {
        let descriptor = C.openDirectory(path)
        guard descriptor >= 0 else { return }
        _ = C.flush(descriptor)
        C.closeFile(descriptor)
    }

    static func rename(_ source: String, to destination: String) throws(SystemError) {
        guard C.move(source, to: destination) == 0 else { throw .current() }
    }

    static func remove(_ path: String) { C.removeFile(path) }

    /// The size of the regular file at `path`, nil if there is none.
    static func size(of path: String) -> Int? {
        guard let status = C.status(atPath: path), status.kind == .regular else { return nil }
        return status.size
    }

    /// Whether anything (a file, directory or dangling symbolic link) is at `path`.
    static func exists(_ path: String) -> Bool {
        C.status(atPath: path, ofLink: true) != nil || C.errorNumber != Code.notFound
    }

    static func isDirectory(_ path: String) -> Bool { C.status(atPath: path)?.kind == .directory }

    static func processID() -> Int32 { C.processID }

    /// Everything before the last "/" ("/" for "/a", "" for "a"), ignoring trailing slashes.
    static func parentDirectory(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}
