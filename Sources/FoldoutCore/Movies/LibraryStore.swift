// SPDX-License-Identifier: GPL-3.0-or-later
/// Reads and writes the library file: $XDG_DATA_HOME/foldout/library.json.
///
/// Saving is atomic: the movies go to a temporary file in the same directory, which is flushed to
/// the disk and then renamed over the library file, so a crash or a full disk leaves either the old
/// file or the new one, never a mix. A file that cannot be read as a library is moved aside, never
/// overwritten or deleted.
public struct LibraryStore: Sendable {
    public static let formatVersion = 1
    /// Files larger than this are not read (and count as corrupt).
    static let maxFileSize = 512 << 20

    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// `directory` + "/library.json".
    public var path: String { directory + "/library.json" }

    /// `$XDG_DATA_HOME/foldout` if that is an absolute path (the XDG spec ignores a relative one),
    /// else `$HOME/.local/share/foldout` (relative to the working directory without `$HOME`).
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return trimmingSlashes(data) + "/foldout"
        }
        let home = environment["HOME"].map(trimmingSlashes) ?? ""
        return (home.isEmpty ? "" : home + "/") + ".local/share/foldout"
    }

    public enum LoadResult: Equatable, Sendable {
        case loaded([Movie])
        /// No file yet (the first start).
        case missing
        /// The file was not a library (unparsable, another format version, invalid content) and
        /// was renamed to `movedTo`: library.json.corrupt-<now>, with -1, -2 … appended if taken.
        case corrupt(movedTo: String, reason: String)
        /// The file could not be read (permission denied, a directory…), or was corrupt and could
        /// not be moved aside. It was left alone; saving now would replace it.
        case unreadable(reason: String)
    }

    /// Reads the library file. `now` (seconds since 1970) names a corrupt file moved aside.
    public func load(now: Int64) -> LoadResult {
        let bytes: [UInt8]
        do {
            bytes = try SystemFile.contents(of: path, limit: Self.maxFileSize)
        } catch let error where error.isNotFound {
            return .missing
        } catch let error where error.isTooLarge {
            return moveAside(
                now: now, reason: tr("The file is larger than {size} MiB.", ["size": String(Self.maxFileSize >> 20)]))
        } catch {
            return .unreadable(reason: error.text)
        }
        do {
            return .loaded(try LibraryFileFormat.decode(bytes))
        } catch {
            return moveAside(now: now, reason: error.reason)
        }
    }

    /// Why a save failed: the C library's text for the error, e.g. "Permission denied".
    public struct SaveError: Error, Equatable, Sendable {
        public let reason: String

        public init(reason: String) { self.reason = reason }
    }

    /// Writes `movies` atomically: creates the directory if needed, writes and flushes
    /// library.json.tmp-<pid>, renames it over library.json and flushes the directory. On failure
    /// the temporary file is removed and the previous library.json is left as it was.
    public func save(_ movies: [Movie]) throws(SaveError) {
        try save(movies, stopBeforeRename: false)
    }

    /// `save`, or with `stopBeforeRename` everything up to the rename, as if the app died there:
    /// the temporary file stays behind and library.json is untouched. For tests.
    func save(_ movies: [Movie], stopBeforeRename: Bool) throws(SaveError) {
        let temporary = path + ".tmp-\(SystemFile.processID())"
        do {
            try SystemFile.makeDirectories(directory)
            try SystemFile.writeDurably(LibraryFileFormat.encode(movies), to: temporary)
            if stopBeforeRename { return }
            try SystemFile.rename(temporary, to: path)
        } catch {
            SystemFile.remove(temporary)
            throw SaveError(reason: error.text)
        }
        SystemFile.syncDirectory(directory)
    }

    /// Renames the library file to the first free library.json.corrupt-<now>[-n].
    private func moveAside(now: Int64, reason: String) -> LoadResult {
        let base = path + ".corrupt-\(now)"
        for attempt in 0...10_000 {
            let candidate = attempt == 0 ? base : base + "-\(attempt)"
            guard !SystemFile.exists(candidate) else { continue }
            do {
                try SystemFile.rename(path, to: candidate)
                return .corrupt(movedTo: candidate, reason: reason)
            } catch {
                return .unreadable(
                    reason: reason + " " + tr("It could not be moved aside: {reason}", ["reason": error.text]))
            }
        }
        return .unreadable(reason: reason + " " + tr("It could not be moved aside: there are too many damaged files."))
    }

    private static func trimmingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : String(path)
    }
}
