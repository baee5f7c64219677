// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// How to read a file, where it cannot be told from the file: its character set, and which
/// table of a database or file of an archive.
public struct CatalogReadOptions: Sendable, Equatable {
    /// A character set name GLib's conversion knows ("WINDOWS-1252"); nil to tell from the file.
    public var encoding: String?
    /// A database's table or view, a workbook's sheet, or an archive's member; nil when there is
    /// only one.
    public var table: String?
    /// Where a PostgreSQL table is filtered; nil: in its server when it is large
    /// (`DatabaseTable.staysInServer`).
    public var residence: Residence?
    /// What is done with a CSV record with more or fewer fields than the header.
    public var raggedRows: RaggedRows
    /// The row of a spreadsheet's sheet (from 1) that holds its header; nil: the row found.
    public var headerRow: Int?
    /// The header rows chosen before for a workbook's sheets, by sheet name (kept with the view):
    /// the sheet read is read from its row when `headerRow` asks for none.
    public var keptHeaderRows: [String: Int] = [:]

    public enum RaggedRows: String, Sendable, Equatable, CaseIterable {
        /// The file is refused, with the record's line (the default).
        case refuse
        /// A record with too few fields is padded with empty ones, one with too many left out.
        case pad
    }

    public enum Residence: Sendable, Equatable {
        /// Read into memory, however large.
        case inMemory
        /// Filtered where it lives, however small.
        case inDatabase
    }

    public init(
        encoding: String? = nil, table: String? = nil, residence: Residence? = nil, raggedRows: RaggedRows = .refuse,
        headerRow: Int? = nil
    ) {
        self.encoding = encoding
        self.table = table
        self.residence = residence
        self.raggedRows = raggedRows
        self.headerRow = headerRow
    }
}

/// Reads a catalog from any file Foldout opens: CSV or TSV text (UTF-8, UTF-16 with a byte order
/// mark, or a legacy 8-bit character set), JSON or JSON Lines, each plain or compressed (gzip, xz,
/// bzip2, zstd, or in a zip or tar archive), a table of a SQLite database, or a sheet of a
/// spreadsheet (`.xlsx`, `.ods`, `.xls`). The format is told from the file's first bytes (and a
/// JSON file's name), never from its name alone. A "path" that is a PostgreSQL URI
/// (`DatabaseAddress`) names a table of a database server instead.
public enum CatalogReader {
    public static func load(
        path: String, options: CatalogReadOptions = CatalogReadOptions(), loading: CatalogLoading? = nil
    ) throws(CatalogImportError) -> Catalog {
        if let address = DatabaseAddress(path) {
            if options.headerRow != nil { throw headerRowOfNoSheet }
            return try PostgresTable.catalog(address: address, table: options.table, loading: loading)
        }
        let head = try CatalogFileContents.firstBytes(of: path, count: 64)
        if SQLiteDatabase.isDatabase(head) {
            if options.headerRow != nil { throw headerRowOfNoSheet }
            return try SQLiteDatabase.catalog(path: path, table: options.table, loading: loading)
        }
        if Spreadsheet.isOLE2(head) {
            return try Spreadsheet.catalog(.xls, path: path, contents: nil, options: options, loading: loading)
        }
        if let compression = Decompression.Kind(head) {
            // A gzip file may be read as it is inflated and parsed (`parsedAsDecompressed`).
            let asUsed = compression == .gzip && options.table == nil
            let contents = try CatalogFileContents(path: path, loading: nil, asUsed: asUsed)
            if compression == .zip, let kind = Spreadsheet.kind(ofZip: contents) {
                return try Spreadsheet.catalog(kind, path: path, contents: contents, options: options, loading: loading)
            }
            if options.headerRow != nil { throw Self.headerRowOfNoSheet }
            if options.table == nil, options.raggedRows == .refuse,
                let catalog = try Decompression.parsedAsDecompressed(
                    contents, kind: compression, encoding: options.encoding, loading: loading)
            {
                return catalog
            }
            if asUsed { try contents.readWhole() }
            let inner = try Decompression.read(contents, kind: compression, member: options.table, loading: loading)
            let isJSON = looksLikeJSON(name: inner.member ?? path, bytes: inner.bytes)
            let format = CatalogFileFormat.compressed(
                compression.name, member: inner.member, inner: isJSON ? .json : .delimited)
            return try inner.bytes.withUnsafeBufferPointer { (bytes) throws(CatalogImportError) in
                try text(
                    bytes, json: isJSON, encoding: options.encoding, name: Catalog.name(of: path, part: inner.member),
                    loading: loading, raggedRows: options.raggedRows, origin: { contents.origin(format, encoding: $0) })
            }
        }
        if let refusal = CatalogFileSignature.refusal(path: path, head: head) { throw refusal }
        if options.headerRow != nil { throw Self.headerRowOfNoSheet }
        let isJSON = looksLikeJSON(name: path, bytes: head)
        if !isJSON && TextEncoding.isUTF8(options.encoding) && TextEncoding.byteOrderMark(head) == nil
            && options.raggedRows == .refuse
        {
            do {
                return try Catalog.load(path: path, loading: loading)
            } catch  where error.reason == .invalidUTF8 && options.encoding == nil {
                // Read again, as the region's legacy character set (below).
            }
        }
        let contents = try CatalogFileContents(path: path, loading: loading)
        return try text(
            contents.bytes, json: isJSON, encoding: options.encoding, name: Catalog.fileName(of: path),
            loading: loading, raggedRows: options.raggedRows,
            origin: { contents.origin(isJSON ? .json : .delimited, encoding: $0) })
    }

    /// A header row asked for where there is no sheet: a CSV's or JSON's header is its first line.
    static var headerRowOfNoSheet: CatalogImportError {
        CatalogImportError(line: 0, reason: .unreadable(tr("only a spreadsheet's header can be read from another row")))
    }

    /// The tables of a database, the sheets of a workbook, or the files of an archive, that `load`
    /// can open, each with its size in words ("336,776 rows", "31 MB"); empty for a file that is
    /// one table.
    public static func parts(of path: String) throws(CatalogImportError) -> [CatalogPart] {
        if let address = DatabaseAddress(path) { return try PostgresTable.tables(address: address) }
        let head = try CatalogFileContents.firstBytes(of: path, count: 64)
        if SQLiteDatabase.isDatabase(head) { return try SQLiteDatabase.tables(path: path) }
        if Spreadsheet.isOLE2(head) { return try Spreadsheet.sheets(.xls, path: path, contents: nil) }
        if let kind = Decompression.Kind(head) {
            let contents = try CatalogFileContents(path: path, loading: nil)
            if kind == .zip, let spreadsheet = Spreadsheet.kind(ofZip: contents) {
                return try Spreadsheet.sheets(spreadsheet, path: path, contents: contents)
            }
            return try Decompression.members(contents, kind: kind)
        }
        return []
    }

    /// Parses text in memory: in `encoding`, or the one its byte order mark names, or UTF-8 and
    /// failing that the region's legacy character set. `origin` makes the catalog's origin from
    /// the character set converted from (nil for UTF-8).
    static func text(
        _ bytes: UnsafeBufferPointer<UInt8>, json: Bool, encoding: String?, name: String, loading: CatalogLoading?,
        raggedRows: CatalogReadOptions.RaggedRows = .refuse, origin: @escaping (String?) -> CatalogOrigin
    ) throws(CatalogImportError) -> Catalog {
        let parse = { (text: UnsafeBufferPointer<UInt8>, encoding: String?) throws(CatalogImportError) -> Catalog in
            json
                ? try Catalog.parseJSON(text, name: name, loading: loading, origin: origin(encoding))
                : raggedRows == .pad
                    ? try Catalog.parseDelimitedPaddingRows(
                        text, name: name, loading: loading, origin: origin(encoding))
                    : try Catalog.parseDelimited(text, name: name, loading: loading, origin: origin(encoding))
        }
        let chosen = TextEncoding.byteOrderMark(bytes) ?? encoding
        if TextEncoding.isUTF8(chosen) {
            do {
                return try parse(bytes, nil)
            } catch  where error.reason == .invalidUTF8 && chosen == nil {
                // Read as the region's legacy character set (below).
            }
        }
        let from = chosen ?? TextEncoding.legacy
        let converted = try TextEncoding.convert(bytes, from: from)
        return try converted.withUnsafeBufferPointer { (text) throws(CatalogImportError) in try parse(text, from) }
    }

    /// JSON by its name (`.json`, `.jsonl`, `.ndjson`, after any compression's suffix), or by an
    /// object or an array of objects at its start.
    static func looksLikeJSON(name: String, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lower = Catalog.fileName(of: name).lowercased()
        for suffix in [".gz", ".xz", ".bz2", ".zst"] where lower.hasSuffix(suffix) { lower.removeLast(suffix.count) }
        if [".json", ".jsonl", ".ndjson"].contains(where: { lower.hasSuffix($0) }) { return true }
        let text = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard let first = text.first else { return false }
        if first == UInt8(ascii: "{") { return true }
        return first == UInt8(ascii: "[")
            && text.dropFirst().first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    static func looksLikeJSON(name: String, bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { looksLikeJSON(name: name, bytes: UnsafeBufferPointer(rebasing: $0.prefix(64))) }
    }
}

/// A table of a database or a file of an archive, as a list to choose from names it.
public struct CatalogPart: Sendable, Equatable {
    public let name: String
    /// Its size in words: "336,776 rows", "31 MB".
    public let size: String

    public init(name: String, size: String) {
        self.name = name
        self.size = size
    }
}
