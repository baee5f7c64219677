// SPDX-License-Identifier: GPL-3.0-or-later
internal import CArchive
internal import CGLib
import FoldoutCore

/// Compressed files and archives, through libarchive: a `.gz`, `.xz`, `.bz2` or `.zst` file is
/// decompressed whole (a `.gz` by ISA-L, `GzipInflation`, unless it cannot; one of delimited text
/// is parsed as it is decompressed, `parsedAsDecompressed`); a zip archive (or
/// a compressed tar) gives the one CSV, TSV or JSON file it holds, or the one asked for by name.
/// Read from the file's bytes in memory, so that a file changed meanwhile cannot be read half old
/// and half new.
enum Decompression {
    enum Kind {
        case gzip, xz, bzip2, zstd, zip

        /// The compression whose signature `head` starts with.
        init?(_ head: [UInt8]) {
            func starts(_ signature: [UInt8]) -> Bool { head.starts(with: signature) }
            if starts([0x1F, 0x8B]) {
                self = .gzip
            } else if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
                self = .xz
            } else if starts([0x42, 0x5A, 0x68]) {
                self = .bzip2
            } else if starts([0x28, 0xB5, 0x2F, 0xFD]) {
                self = .zstd
            } else if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
                self = .zip
            } else {
                return nil
            }
        }

        var name: String {
            switch self {
            case .gzip: "gzip"
            case .xz: "xz"
            case .bzip2: "bzip2"
            case .zstd: "zstd"
            case .zip: "zip"
            }
        }
    }

    struct Inner {
        var bytes: [UInt8]
        /// The archive member read; nil for a compressed file.
        var member: String?
    }

    /// The text inside: the compressed file's, or the archive member's (`member`, or the only one
    /// that can be a catalog).
    static func read(
        _ contents: CatalogFileContents, kind: Kind, member: String?, loading: CatalogLoading?
    ) throws(CatalogImportError) -> Inner {
        let candidates = try entries(contents, kind: kind).filter(\.isCandidate)
        let chosen: Entry
        if let member {
            guard let named = candidates.first(where: { $0.name == member || $0.fileName == member }) else {
                throw CatalogImportError(
                    line: 0, reason: .noSuchTable(member, candidates.map(\.name)), path: contents.path)
            }
            chosen = named
        } else if candidates.count == 1 {
            chosen = candidates[0]
        } else {
            throw CatalogImportError(
                line: 0, reason: candidates.isEmpty ? .noTables : .severalTables(candidates.map(\.name)),
                path: contents.path)
        }
        if kind == .gzip && chosen.isRaw,
            let bytes = try GzipInflation.inflate(contents.bytes, loading: loading, path: contents.path)
        {
            return Inner(bytes: bytes, member: nil)
        }
        let archive = try ArchiveReader(contents, format: kind.name)
        while let entry = try archive.nextEntry() {
            guard entry.index == chosen.index else { continue }
            let bytes = try archive.data(expected: entry.size ?? contents.bytes.count * 4, loading: loading)
            return Inner(bytes: bytes, member: entry.isRaw ? nil : entry.name)
        }
        throw CatalogImportError(line: 0, reason: .noTables, path: contents.path)
    }

    /// The catalog in a compressed file (not an archive) read as it is decompressed, where that
    /// can be done (`GzipInflation.parseAsInflated`: a gzip file of delimited UTF-8 text); nil
    /// where the file is to be decompressed whole first (`read`, after `contents.readWhole()`
    /// when it is read as it is used).
    static func parsedAsDecompressed(
        _ contents: CatalogFileContents, kind: Kind, encoding: String?, loading: CatalogLoading?
    ) throws(CatalogImportError) -> Catalog? {
        // libarchive tells a compressed tar from a compressed file by the first bytes inflated.
        guard kind == .gzip, TextEncoding.isUTF8(encoding), contents.readAhead(0..<min(contents.bytes.count, 4 << 20)),
            (try? entries(contents, kind: kind).first?.isRaw) == true,
            let catalog = try GzipInflation.parseAsInflated(
                contents, name: Catalog.fileName(of: contents.path), loading: loading,
                origin: contents.origin(.compressed(kind.name, member: nil, inner: .delimited)))
        else { return nil }
        try contents.checkUnchanged()
        return catalog
    }

    /// The members that can be catalogs, with their sizes; empty for a compressed file.
    static func members(_ contents: CatalogFileContents, kind: Kind) throws(CatalogImportError) -> [CatalogPart] {
        try entries(contents, kind: kind).filter { $0.isCandidate && !$0.isRaw }.map { entry in
            CatalogPart(name: entry.name, size: entry.size.map(formatSize) ?? "")
        }
    }

    private static func entries(_ contents: CatalogFileContents, kind: Kind) throws(CatalogImportError) -> [Entry] {
        let archive = try ArchiveReader(contents, format: kind.name)
        var entries: [Entry] = []
        while let entry = try archive.nextEntry() {
            entries.append(entry)
            // A compressed file is one stream: looking for a next entry would decompress it all.
            if entry.isRaw { break }
        }
        return entries
    }

    private static func formatSize(_ bytes: Int) -> String {
        guard let text = g_format_size(guint64(bytes)) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    struct Entry {
        let index: Int
        let name: String
        let size: Int?
        let isRegularFile: Bool
        /// A compressed file, not an archive: its one "member" has no name.
        let isRaw: Bool

        var fileName: String { Catalog.fileName(of: name) }

        /// A file that can be a catalog: CSV, TSV, text or JSON, and not macOS's metadata.
        var isCandidate: Bool {
            guard isRegularFile else { return false }
            if isRaw { return true }
            let lower = fileName.lowercased()
            guard !name.hasPrefix("__MACOSX/") && !lower.hasPrefix(".") else { return false }
            return [".csv", ".tsv", ".tab", ".txt", ".json", ".jsonl", ".ndjson"].contains { lower.hasSuffix($0) }
        }
    }
}
