// SPDX-License-Identifier: GPL-3.0-or-later
/// The file a catalog was read from, as it was then. An export writes the file's own text of each
/// value, so it reads the file again, and only if it is still this version.
public struct CatalogOrigin: Sendable {
    public let path: String
    let version: FileVersion
}
