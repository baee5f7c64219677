// SPDX-License-Identifier: GPL-3.0-or-later
/// What writing to a file changes: its size, and its modification and status change times.
struct FileVersion: Equatable, Sendable {
    let size: Int
    /// The modification time, in nanoseconds.
    let modified: Int
    /// The status change time (which, unlike the modification time, no program can set).
    let changed: Int
    /// The last change is so recent that another may leave the times as they are.
    let recent: Bool

    init(_ descriptor: Int32) throws(FileSnapshot.Failure) {
        // A file's times come from this clock, which ticks every few milliseconds (on Linux before
        // 6.13 at least): a change in the tick of the last one leaves the times as they are.
        let now = SystemLibrary.fileClock
        guard let status = SystemLibrary.status(of: descriptor) else { throw .system(.current()) }
        size = status.size
        modified = status.modified
        changed = status.changed
        let sinceChange = now - changed
        recent = sinceChange <= 0 && sinceChange > -1_000_000_000
    }

    /// No file's version: what a catalog from a database server has.
    static let none = FileVersion(size: 0, modified: 0, changed: 0, recent: true)

    private init(size: Int, modified: Int, changed: Int, recent: Bool) {
        (self.size, self.modified, self.changed, self.recent) = (size, modified, changed, recent)
    }

    /// The version of the regular file at `path` now.
    init(path: String) throws(FileSnapshot.Failure) {
        let descriptor: Int32
        do { (descriptor, _) = try SystemFile.openRegularFile(path, limit: Int.max) } catch { throw .system(error) }
        defer { SystemLibrary.closeFile(descriptor) }
        try self.init(descriptor)
    }

    /// The same size and times (however recent).
    static func == (a: FileVersion, b: FileVersion) -> Bool {
        a.size == b.size && a.modified == b.modified && a.changed == b.changed
    }

    /// The file's version once its last change is in a past tick of the clock, so that any later
    /// change shows (or after 50 ms of changes, the last).
    static func settled(_ descriptor: Int32) throws(FileSnapshot.Failure) -> FileVersion {
        var version = try FileVersion(descriptor)
        for _ in 0..<25 where version.recent {
            SystemLibrary.sleep(microseconds: 2_000)
            version = try FileVersion(descriptor)
        }
        return version
    }
}
