// SPDX-License-Identifier: GPL-3.0-or-later
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
        let created = SystemLibrary.createUnique((folder.isEmpty ? "" : folder + "/") + "." + name + ".XXXXXX")
        guard created.descriptor >= 0 else { throw .current() }
        descriptor = created.descriptor
        temporary = created.path
    }

    private var written = 0, sentToDisk = 0

    /// Appends `bytes`. Every few MiB the disk is asked to start writing what is written, so that
    /// the flush of `commit` waits for little more than the last of it.
    func write(_ bytes: [UInt8]) throws(SystemError) {
        try SystemFile.writeAll(bytes, to: descriptor)
        written += bytes.count
        if written - sentToDisk >= Self.writeBehind {
            SystemLibrary.startWriting(descriptor, offset: sentToDisk, count: written - sentToDisk)
            sentToDisk = written
        }
    }

    private static let writeBehind = 8 << 20

    /// Flushes the file to the disk and puts it in the destination's place.
    func commit() throws(SystemError) {
        defer { descriptor = -1 }
        guard SystemLibrary.flush(descriptor) == 0, SystemLibrary.closeFile(descriptor) == 0 else {
            let error = SystemError.current()
            abandon()
            throw error
        }
        descriptor = -1
        // The file replaced is held open across the rename and let go on a thread of its own:
        // freeing a large file's blocks (26 ms of a 150 ms export of 99 MiB) is then not waited for.
        let replaced = SystemFile.size(of: destination) == nil ? -1 : SystemLibrary.openForReading(destination)
        defer { if replaced >= 0 { Self.closeBehind(replaced) } }
        do {
            try SystemFile.rename(temporary, to: destination)
        } catch {
            SystemFile.remove(temporary)
            throw error
        }
        let folder = SystemFile.parentDirectory(destination)
        SystemFile.syncDirectory(folder.isEmpty ? "." : folder)
    }

    private static func closeBehind(_ descriptor: Int32) {
        guard let thread = SystemLibrary.startThread({ SystemLibrary.closeFile(descriptor) }) else {
            SystemLibrary.closeFile(descriptor)
            return
        }
        thread.detach()
    }

    /// Removes the temporary file.
    func abandon() {
        if descriptor >= 0 { SystemLibrary.closeFile(descriptor) }
        descriptor = -1
        SystemFile.remove(temporary)
    }

    deinit { if descriptor >= 0 { abandon() } }
}
