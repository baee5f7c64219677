extension Catalog {
    /// Reads the file at `path` and parses it as CSV (`parseCSV`). A file that cannot be read
    /// throws `.unreadable` with line 0.
    public static func load(path: String) throws(CatalogImportError) -> Catalog {
        try parseCSV(try CatalogFile.contents(of: path))
    }
}

/// Whole-file reading (`SystemFile`), errors as `CatalogImportError.unreadable`.
enum CatalogFile {
    /// Bigger than any catalog the 32-bit positions of `Catalog` can hold.
    static let sizeLimit = Int(UInt32.max)

    static func contents(of path: String) throws(CatalogImportError) -> [UInt8] {
        do {
            return try SystemFile.contents(of: path, limit: sizeLimit)
        } catch {
            throw CatalogImportError(line: 0, reason: .unreadable(error.text), path: path)
        }
    }
}
