// SPDX-License-Identifier: GPL-3.0-or-later
/// Why an export did not happen. Nothing is left behind by a failed or cancelled export.
public struct CatalogExportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The catalog's file is not the version that was read (or is gone): its text cannot be
        /// written back.
        case sourceChanged
        /// The source could not be read again: the system's reason.
        case sourceUnreadable(String)
        /// The destination could not be written: the system's reason.
        case unwritable(String)
        case cancelled
    }

    public let reason: Reason
    /// The file the reason is about: the catalog's file or the destination.
    public let path: String

    public var description: String {
        let name = Catalog.fileName(of: path)
        return switch reason {
        case .sourceChanged:
            tr("“{file}” changed on disk since it was opened; reload it, then export again", ["file": name])
        case .sourceUnreadable(let why): tr("cannot read “{file}” again: {reason}", ["file": name, "reason": why])
        case .unwritable(let why): tr("cannot write “{file}”: {reason}", ["file": path, "reason": why])
        case .cancelled: tr("the export was cancelled")
        }
    }
}
