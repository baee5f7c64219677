// SPDX-License-Identifier: GPL-3.0-or-later
/// The file a catalog was read from, as it was then, and how it was read. An export writes the
/// file's own text of each value, so it reads the file again, and only if it is still this
/// version; a file whose text is not the table's (compressed, in another encoding, a database, JSON)
/// is exported from the catalog's values instead.
public struct CatalogOrigin: Sendable {
    public let path: String
    let version: FileVersion
    public let format: CatalogFileFormat
    /// The character set the text was converted from; nil for UTF-8.
    public let encoding: String?
    /// The file's lines end with carriage returns alone, read as line feeds (`CatalogLineEnds`).
    private(set) var carriageReturns = false
    /// The lines of records with more or fewer fields than the header, read padded or left out
    /// (`Catalog.parseDelimitedPaddingRows`); empty when the file was read as written.
    public private(set) var irregularLines: [Int] = []

    init(path: String, version: FileVersion, format: CatalogFileFormat = .delimited, encoding: String? = nil) {
        self.path = path
        self.version = version
        self.format = format
        self.encoding = encoding
    }

    /// A table of a database server, at `address` (its URI without the password, naming the table).
    public init(database address: String, table: String) {
        self.init(path: address, version: .none, format: .postgresql(table: table))
    }

    /// The file's records are the catalog's rows, in UTF-8 CSV or TSV: an export can copy them.
    var holdsRecords: Bool {
        format == .delimited && encoding == nil && !carriageReturns && irregularLines.isEmpty
    }

    /// The same file, its text read with line feeds for its carriage returns.
    var readWithLineFeeds: CatalogOrigin {
        var origin = self
        origin.carriageReturns = true
        return origin
    }

    /// The same file, the records at `lines` padded or left out.
    func withIrregularLines(_ lines: [Int]) -> CatalogOrigin {
        var origin = self
        origin.irregularLines = lines
        return origin
    }
}

/// What a catalog file is, as the readers found it.
public enum CatalogFileFormat: Equatable, Sendable {
    /// CSV or TSV text.
    case delimited
    /// Delimited text or JSON inside a compressed file or a zip archive: the compression
    /// ("gzip", "xz", "bzip2", "zstd", "zip") and, in an archive, the member read.
    case compressed(String, member: String?, inner: InnerFormat)
    /// A table or view of a SQLite database.
    case sqlite(table: String)
    /// A table or view of a PostgreSQL database; `path` is its address.
    case postgresql(table: String)
    /// An array of JSON objects, or JSON Lines.
    case json
    /// A sheet of a spreadsheet ("xlsx", "ods", "xls"); `headerRow` is the sheet's row (from 1)
    /// its header was read from when rows above it were left out as a title or the row was
    /// `asked` for (`--header-row`), nil otherwise.
    case spreadsheet(String, sheet: String, headerRow: Int?, asked: Bool = false)

    /// What a compressed file holds.
    public enum InnerFormat: Equatable, Sendable {
        case delimited, json
    }
}
