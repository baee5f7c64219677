// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written beside its destination under a hidden temporary name and renamed onto it only
/// when it is complete (`commit`): a failed or cancelled write (`abandon`) leaves nothing behind,
/// and whatever was at the destination stays until the new file replaces it whole.
final class ReplacingFile {
    let destination: String
    private let temporary: String
    private var descriptor: Int32

    init(replacing destination: String) throws(SystemError) {
        self.destination = destination
        let folder = SystemFile.parentDirectory(destination)
        let name = Catalog.fileName(of: destination)
        var template = Array(((folder.isEmpty ? "" : folder + "/") + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .current() }
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        temporary = String(cString: template.map { UInt8(bitPattern: $0) })
        // mkstemp makes the file readable by its owner only; an export is an ordinary file.
        let mask = umask(0o022)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    func write(_ bytes: [UInt8]) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { writeSome(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current()
            }
            written += count
        }
    }

    /// Flushes the file to the disk and puts it in the destination's place.
    func commit() throws(SystemError) {
        defer { descriptor = -1 }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let error = SystemError.current()
            abandon()
            throw error
        }
        descriptor = -1
        do {
            try SystemFile.rename(temporary, to: destination)
        } catch {
            SystemFile.remove(temporary)
            throw error
        }
        let folder = SystemFile.parentDirectory(destination)
        SystemFile.syncDirectory(folder.isEmpty ? "." : folder)
    }

    /// Removes the temporary file.
    func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        SystemFile.remove(temporary)
    }

    deinit { if descriptor >= 0 { abandon() } }
}

/// `write(2)`, which the methods named `write` hide.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
