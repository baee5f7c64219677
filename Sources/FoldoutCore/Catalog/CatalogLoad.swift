// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

extension Catalog {
    /// The last part of `path`, as messages and titles name a file (and as `name` is set).
    /// A database's address is named by its table, database and host ("flights on db@host").
    public static func fileName(of path: String) -> String {
        if let address = DatabaseAddress(path) { return address.displayName(table: address.table) }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder of `path` ("" for a bare name).
    public static func folder(of path: String) -> String { SystemFile.parentDirectory(path) }

    /// The size in bytes of the file at `path`, 0 if it cannot be known.
    public static func fileSize(_ path: String) -> Int { SystemFile.size(of: path) ?? 0 }

    /// Reads the file at `path` and parses it (`parseCSV`) as it reads it, a stretch at a time,
    /// giving back the memory of what has been parsed. A file that cannot be read throws
    /// `.unreadable`, and one that another program changes while it is read `.changedWhileRead`,
    /// with line 0. `loading`, when given, follows the bytes parsed and can cancel.
    public static func load(path: String, loading: CatalogLoading? = nil) throws(CatalogImportError) -> Catalog {
        let file = try CatalogFile.snapshot(of: path, loading: loading, asUsed: true)
        if loading?.isCancelled == true { throw CatalogImportError(line: 0, reason: .cancelled) }
        loading?.readAsParsed()
        @Sendable func failure(_ error: FileSnapshot.Failure) -> CatalogImportError {
            CatalogFile.error(error, path: path, loading: loading)
        }
        var memory = CatalogCSVParser.Memory(release: file.release) { () throws(CatalogImportError) in
            do throws(FileSnapshot.Failure) { try file.restore() } catch { throw failure(error) }
        }
        memory.readAhead = CatalogCSVParser.ReadAhead(
            read: { range throws(CatalogImportError) in
                do throws(FileSnapshot.Failure) { try file.readAhead(range) } catch { throw failure(error) }
            },
            readWhole: { () throws(CatalogImportError) in
                do throws(FileSnapshot.Failure) { try file.readWhole() } catch { throw failure(error) }
            })
        let origin = CatalogOrigin(path: path, version: file.version)
        let parsed = CatalogCSVParser.parse(
            file.bytes, name: fileName(of: path), loading: loading, memory: memory, origin: origin)
        // A problem found in a file that changed meanwhile may be a mix of two versions': the
        // change is what is said.
        do throws(FileSnapshot.Failure) { try file.checkUnchanged() } catch { throw failure(error) }
        return try parsed.get()
    }
}

/// The progress of one file being read and parsed, shared between the thread that reads it and
/// the one that shows it; and the way to cancel it.
public final class CatalogLoading: Sendable {
    static let reportEvery = 1 << 20
    public let totalBytes: Int
    private let read = Atomic<Int>(0)
    private let parsed = Atomic<Int>(0)
    /// The bytes of text to parse, when they are not the file's (a compressed file, a database).
    private let textBytes = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    /// The file is read as it is parsed: the parsing is all there is to follow.
    private let readWhileParsed = Atomic<Bool>(false)

    public init(totalBytes: Int) { self.totalBytes = totalBytes }

    /// From 0 to 1: reading the file (or decompressing it, or reading its table) is the first
    /// half, parsing its text the second.
    public var fraction: Double {
        guard totalBytes > 0 else { return 0 }
        if readWhileParsed.load(ordering: .relaxed) {
            let text = textBytes.load(ordering: .relaxed)
            return min(1, Double(max(0, parsed.load(ordering: .relaxed))) / Double(text > 0 ? text : totalBytes))
        }
        let parsed = Double(max(0, self.parsed.load(ordering: .relaxed)))
        let text = Double(textBytes.load(ordering: .relaxed))
        let read = Double(self.read.load(ordering: .relaxed)) / Double(totalBytes)
        return min(1, (read + parsed / (text > 0 ? text : Double(totalBytes))) / 2)
    }

    /// The file is read, and what is parsed next is `bytes` of text made from it.
    public func beginParsing(bytes: Int) {
        read.store(totalBytes, ordering: .relaxed)
        textBytes.store(bytes, ordering: .relaxed)
    }

    /// The file is read (or its `textBytes` of text made) as it is parsed, not first.
    func readAsParsed(textBytes: Int = 0) {
        self.textBytes.store(textBytes, ordering: .relaxed)
        readWhileParsed.store(true, ordering: .relaxed)
    }

    /// The reading starts over another way (a compressed file decompressed whole after parsing
    /// it as it was decompressed did not do): nothing is read or parsed yet.
    public func startOver() {
        readWhileParsed.store(false, ordering: .relaxed)
        read.store(0, ordering: .relaxed)
        parsed.store(0, ordering: .relaxed)
        textBytes.store(0, ordering: .relaxed)
    }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Records progress through the file: `bytes` of `totalBytes` read; false once cancelled.
    public func report(read bytes: Int) -> Bool {
        read.store(bytes, ordering: .relaxed)
        return !isCancelled
    }

    /// Adds `bytes` parsed (by any of the threads that parse); false once cancelled.
    @discardableResult
    func report(parsedMore bytes: Int) -> Bool {
        read.store(totalBytes, ordering: .relaxed)
        parsed.add(bytes, ordering: .relaxed)
        return !isCancelled
    }

    /// All `bytes` are parsed.
    func report(parsed bytes: Int) {
        read.store(totalBytes, ordering: .relaxed)
        parsed.store(bytes, ordering: .relaxed)
    }
}

/// Whole-file reading (`FileSnapshot`), errors as `CatalogImportError`.
enum CatalogFile {
    /// The file at `path`, read into memory (or, `asUsed`, to be read as it is used).
    static func snapshot(of path: String, loading: CatalogLoading?, asUsed: Bool = false) throws(CatalogImportError)
        -> FileSnapshot
    {
        do {
            return try FileSnapshot(path: path, limit: Catalog.textSizeLimit, asUsed: asUsed) { read in
                loading?.report(read: read) ?? true
            }
        } catch {
            throw Self.error(error, path: path, loading: loading)
        }
    }

    static func error(_ failure: FileSnapshot.Failure, path: String, loading: CatalogLoading?) -> CatalogImportError {
        switch failure {
        case .changed: CatalogImportError(line: 0, reason: .changedWhileRead, path: path)
        case .system(let error):
            loading?.isCancelled == true
                ? CatalogImportError(line: 0, reason: .cancelled, path: path)
                : CatalogImportError(line: 0, reason: .unreadable(error.text), path: path)
        }
    }
}
