// SPDX-License-Identifier: GPL-3.0-or-later
/// A catalog file read whole into memory, one version of it whatever another program does to the
/// file meanwhile (`FileSnapshot`): what the readers of compressed files, databases and other
/// encodings start from.
public final class CatalogFileContents: Sendable {
    private let snapshot: FileSnapshot
    public let path: String

    /// Reads the file at `path`; `loading` hears the bytes read and can cancel. `asUsed` reads
    /// nothing yet: each stretch is read when `readAhead` asks for it (a gzip file inflated as it
    /// is parsed), and `readWhole` before anything else reads `bytes`.
    public init(path: String, loading: CatalogLoading?, asUsed: Bool = false) throws(CatalogImportError) {
        self.path = path
        snapshot = try CatalogFile.snapshot(of: path, loading: loading, asUsed: asUsed)
    }

    public var bytes: UnsafeBufferPointer<UInt8> { snapshot.bytes }

    /// Reads `range` of a file read as it is used, into the pages that the stretch given back
    /// before it has just freed (fresh pages cost a virtual machine more than the copy); false
    /// when it cannot be read, which `readWhole` then says in words. Safe from any thread.
    public func readAhead(_ range: Range<Int>) -> Bool { (try? snapshot.readAhead(range)) != nil }

    /// Gives back the memory of what has been used of a file read as it is used (whole blocks of
    /// `range`); `readWhole` reads it again.
    public func release(_ range: Range<Int>) { snapshot.release(range) }

    /// Makes every byte readable (reading again what was given back) and checks that the file is
    /// still the version read at first.
    public func readWhole() throws(CatalogImportError) {
        do throws(FileSnapshot.Failure) {
            try snapshot.readWhole()
            try snapshot.checkUnchanged()
        } catch {
            throw CatalogFile.error(error, path: path, loading: nil)
        }
    }

    /// Checks that a file read as it was used is still the version read at first.
    public func checkUnchanged() throws(CatalogImportError) {
        do throws(FileSnapshot.Failure) { try snapshot.checkUnchanged() } catch {
            throw CatalogFile.error(error, path: path, loading: nil)
        }
    }

    /// The file as read, and how.
    public func origin(_ format: CatalogFileFormat, encoding: String? = nil) -> CatalogOrigin {
        CatalogOrigin(path: path, version: snapshot.version, format: format, encoding: encoding)
    }

    /// The file at `path` as it is now, read in `format` by a reader that does not keep its bytes.
    public static func origin(of path: String, _ format: CatalogFileFormat) throws(CatalogImportError) -> CatalogOrigin
    {
        do {
            return CatalogOrigin(path: path, version: try FileVersion(path: path), format: format)
        } catch {
            throw CatalogFile.error(error, path: path, loading: nil)
        }
    }

    /// The first `count` bytes of the file at `path` (fewer in a shorter file), to tell its format.
    public static func firstBytes(of path: String, count: Int) throws(CatalogImportError) -> [UInt8] {
        do {
            return try SystemFile.firstBytes(of: path, count: count)
        } catch {
            throw CatalogImportError(line: 0, reason: .unreadable(error.text), path: path)
        }
    }
}

extension Catalog {
    /// Parses delimited UTF-8 text in memory, as `load(path:)` parses a file: the text of a file
    /// that was decompressed or converted from another character set, or a database's CSV.
    /// `delimiter`, when given, is not looked for; `textColumns` are text whatever their values
    /// look like (a database's text columns of digits).
    public static func parseDelimited(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, loading: CatalogLoading?, origin: CatalogOrigin?,
        delimiter: UInt8? = nil, textColumns: Set<Int> = []
    ) throws(CatalogImportError) -> Catalog {
        loading?.beginParsing(bytes: bytes.count)
        return try CatalogCSVParser.parse(
            bytes, name: name, loading: loading, origin: origin, delimiter: delimiter, textColumns: textColumns
        ).get()
    }

    /// How a catalog read from memory is named: its file's name, with the table or archive member
    /// it came from ("flights.sqlite — flights").
    public static func name(of path: String, part: String?) -> String {
        guard let part, !part.isEmpty else { return fileName(of: path) }
        return tr("{file} — {part}", ["file": fileName(of: path), "part": part])
    }
}
