// SPDX-License-Identifier: GPL-3.0-or-later

/// The files Foldout opens, in one place: their MIME types and file name suffixes. The file
/// chooser's filter, the desktop file's `MimeType=` line (a test compares the two) and the Open
/// Recent menu's choice of other applications' recent files all read this list.
public enum CatalogFileTypes {
    /// One kind of file: its MIME types (the registered one first, then aliases older
    /// shared-mime-info releases use) and its suffixes, without the dot, in lower case.
    public struct Kind: Sendable {
        public let mimeTypes: [String]
        public let suffixes: [String]
    }

    /// Tables, as they are: CSV, TSV, SQLite databases (GeoPackage is one), JSON, JSON Lines, and
    /// spreadsheets (Excel's `.xlsx` and `.xls`, OpenDocument's `.ods`).
    /// A `text/plain` file counts by its name (`*.csv`, `*.tsv`, `*.tab`).
    public static let tables: [Kind] = [
        Kind(mimeTypes: ["text/csv"], suffixes: ["csv"]),
        Kind(mimeTypes: ["text/tab-separated-values"], suffixes: ["tsv", "tab"]),
        Kind(
            mimeTypes: ["application/vnd.sqlite3", "application/x-sqlite3"],
            suffixes: ["sqlite", "sqlite3", "db", "gpkg"]),
        Kind(mimeTypes: ["application/json"], suffixes: ["json"]),
        Kind(mimeTypes: ["application/x-ndjson", "application/jsonl"], suffixes: ["jsonl", "ndjson"]),
        Kind(mimeTypes: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"], suffixes: ["xlsx"]),
        Kind(mimeTypes: ["application/vnd.oasis.opendocument.spreadsheet"], suffixes: ["ods"]),
        Kind(mimeTypes: ["application/vnd.ms-excel"], suffixes: ["xls"]),
    ]

    /// A table compressed, or in a zip archive: `flights.csv.gz`, `flights.csv.zip`.
    public static let compressed: [Kind] = [
        Kind(mimeTypes: ["application/gzip"], suffixes: ["gz"]),
        Kind(mimeTypes: ["application/x-xz"], suffixes: ["xz"]),
        // shared-mime-info 2.2 (Debian bookworm) calls it application/x-bzip; later ones x-bzip2.
        Kind(mimeTypes: ["application/x-bzip2", "application/x-bzip"], suffixes: ["bz2"]),
        Kind(mimeTypes: ["application/zstd"], suffixes: ["zst"]),
        Kind(mimeTypes: ["application/zip"], suffixes: ["zip"]),
    ]

    /// Every MIME type, tables first: the desktop file's `MimeType=` and the file chooser's filter.
    public static var mimeTypes: [String] { (tables + compressed).flatMap(\.mimeTypes) }

    /// Every suffix, without the dot ("csv", …, "gz", …).
    public static var suffixes: [String] { (tables + compressed).flatMap(\.suffixes) }

    /// Every suffix as a file name pattern ("*.csv"), for a file chooser's filter.
    public static var patterns: [String] { suffixes.map { "*." + $0 } }

    /// The file chooser offers `*.txt` too, which Excel's "Unicode Text" (tab-separated UTF-16)
    /// is saved as; other applications' recent `.txt` files are not offered (most are no table).
    public static var fileChooserPatterns: [String] { patterns + ["*.txt"] }

    /// The desktop file's line: `MimeType=text/csv;…;` (the list ends with a semicolon).
    public static var desktopMimeTypeLine: String { "MimeType=" + mimeTypes.map { $0 + ";" }.joined() }

    /// Whether a file named `name`, of type `mimeType`, is one Foldout opens: a table's MIME type,
    /// or a table's suffix, or a table's suffix before a compression's (`flights.csv.gz`). A
    /// compressed file or zip archive named otherwise may hold anything, and does not count.
    public static func isCatalog(name: String, mimeType: String?) -> Bool {
        if let mimeType, tables.contains(where: { $0.mimeTypes.contains(mimeType) }) { return true }
        var parts = name.lowercased().split(separator: ".", omittingEmptySubsequences: false).dropFirst()
        if let last = parts.last, compressed.contains(where: { $0.suffixes.contains(String(last)) }) {
            parts = parts.dropLast()
        }
        guard let suffix = parts.last else { return false }
        return tables.contains { $0.suffixes.contains(String(suffix)) }
    }
}
