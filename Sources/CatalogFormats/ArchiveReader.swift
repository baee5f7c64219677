// SPDX-License-Identifier: GPL-3.0-or-later
internal import CArchive
import FoldoutCore

/// One reading of an archive (or compressed file) in memory through libarchive, entry by entry:
/// a member's data whole (`data`) or piece by piece (`read`), as an XML reader pulls it.
final class ArchiveReader {
    private let handle: OpaquePointer
    /// The format named in errors: "zip", "gzip", "xlsx"…
    let format: String
    let path: String
    private var count = 0
    /// Kept alive while libarchive reads its bytes.
    private let contents: CatalogFileContents

    init(_ contents: CatalogFileContents, format: String) throws(CatalogImportError) {
        guard let handle = archive_read_new() else {
            throw CatalogImportError(line: 0, reason: .unreadable("libarchive"), path: contents.path)
        }
        self.handle = handle
        self.format = format
        self.contents = contents
        path = contents.path
        archive_read_support_filter_all(handle)
        archive_read_support_format_zip(handle)
        archive_read_support_format_tar(handle)
        archive_read_support_format_empty(handle)
        archive_read_support_format_raw(handle)
        let bytes = contents.bytes
        guard archive_read_open_memory(handle, bytes.baseAddress, bytes.count) == ARCHIVE_OK else {
            throw failure()
        }
    }

    deinit { archive_read_free(handle) }

    func nextEntry() throws(CatalogImportError) -> Decompression.Entry? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(handle, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status >= ARCHIVE_WARN, let entry else { throw failure() }
        defer { count += 1 }
        let isRaw = archive_format(handle) == ARCHIVE_FORMAT_RAW
        let name = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)
        return Decompression.Entry(
            index: count, name: name.map { String(cString: $0) } ?? "",
            size: archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : nil,
            isRegularFile: isRaw || archive_entry_filetype(entry) == foldout_archive_regular_file(), isRaw: isRaw)
    }

    /// Moves to the member named `name`; false if the archive has none.
    func seek(to name: String) throws(CatalogImportError) -> Bool {
        while let entry = try nextEntry() {
            if entry.name == name { return true }
        }
        return false
    }

    /// Bytes of the archive itself read so far.
    var archiveBytesRead: Int { Int(archive_filter_bytes(handle, -1)) }

    /// Up to `count` bytes more of the current entry into `buffer`: 0 at its end.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(CatalogImportError) -> Int {
        let read = archive_read_data(handle, buffer, count)
        guard read >= 0 else { throw failure() }
        return read
    }

    /// The current entry's data; `loading` hears the compressed bytes read.
    func data(expected: Int, loading: CatalogLoading?) throws(CatalogImportError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, Catalog.textSizeLimit))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = chunk.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
            if read == 0 { return bytes }
            guard read > 0 else { throw failure() }
            bytes.append(contentsOf: chunk[0..<read])
            guard bytes.count < Catalog.textSizeLimit else {
                throw CatalogImportError(line: 0, reason: .unreadable(tr("the file is larger than 4 GB")), path: path)
            }
            if let loading, !loading.report(read: archiveBytesRead) {
                throw CatalogImportError(line: 0, reason: .cancelled, path: path)
            }
        }
    }

    func failure() -> CatalogImportError {
        let detail = archive_error_string(handle).map { String(cString: $0) } ?? ""
        return CatalogImportError(line: 0, reason: .damaged(format: format, detail: detail), path: path)
    }
}
