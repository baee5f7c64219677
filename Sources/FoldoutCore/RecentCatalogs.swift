// SPDX-License-Identifier: GPL-3.0-or-later

/// One entry of the desktop's recently used files, as Open Recent weighs it.
public struct RecentFile: Sendable, Equatable {
    public let path: String
    public let mimeType: String?
    /// When the entry last changed (added, or opened again by any application), in microseconds
    /// since 1970.
    public let modified: Int64
    /// Whether Foldout itself opened it.
    public let openedByFoldout: Bool

    public init(path: String, mimeType: String?, modified: Int64, openedByFoldout: Bool) {
        self.path = path
        self.mimeType = mimeType
        self.modified = modified
        self.openedByFoldout = openedByFoldout
    }
}

/// What Open Recent lists: the files Foldout opened and other applications' recent files of its
/// types (`CatalogFileTypes`), newest first, and how each is named in the menu.
public enum RecentCatalogs {
    /// How many the menu lists.
    public static let limit = 10

    /// The files to list, newest first, at most `limit`, leaving out those that `isThere` says are
    /// gone (by default, a path where no regular file is now). Only the newest candidates are
    /// looked for on disk, not the whole list.
    public static func choose(
        from files: [RecentFile], limit: Int = limit, isThere: (String) -> Bool = isRegularFile
    ) -> [RecentFile] {
        let candidates = files.filter { file in
            file.openedByFoldout
                || CatalogFileTypes.isCatalog(name: Catalog.fileName(of: file.path), mimeType: file.mimeType)
        }
        // Ties in the path's order, so that the menu does not reorder itself.
        let sorted = candidates.sorted { ($0.modified, $1.path) > ($1.modified, $0.path) }
        var chosen: [RecentFile] = []
        for file in sorted where chosen.count < limit && isThere(file.path) { chosen.append(file) }
        return chosen
    }

    /// Whether a regular file is at `path` now (a symbolic link to one counts); a database's
    /// table is taken to be there (asking its server would make the menu wait).
    public static func isRegularFile(_ path: String) -> Bool {
        DatabaseAddress.isAddress(path) || SystemFile.size(of: path) != nil
    }

    /// "flights.csv — ~/data/nycflights13": the name, then its folder (`~` for the home folder,
    /// only the last folders of a long path), as a menu item's label. A menu label's `_` marks a
    /// mnemonic, so each underscore of the name and folder is doubled.
    /// A database's table is named by its table, database and host.
    public static func menuLabel(forPath path: String, home: String?) -> String {
        if DatabaseAddress.isAddress(path) { return Catalog.fileName(of: path).replacing("_", with: "__") }
        let label = tr(
            "{file} — {folder}", ["file": Catalog.fileName(of: path), "folder": folderText(forPath: path, home: home)])
        return label.replacing("_", with: "__")
    }

    /// The folder of `path` as it is shown: `~/data` below the home folder, `/` for the root, and a
    /// long one as its last folders after `…/`.
    public static func folderText(forPath path: String, home: String?, maximumLength: Int = 36) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).dropLast()
        var prefix = "/"
        if let home, !home.isEmpty {
            let homeComponents = home.split(separator: "/").map(String.init)
            if components.starts(with: homeComponents) {
                components = components.dropFirst(homeComponents.count)
                prefix = "~/"
            }
        }
        let whole = prefix + components.joined(separator: "/")
        if whole.count <= maximumLength || components.count <= 1 {
            return prefix == "~/" && components.isEmpty ? "~" : whole
        }
        var kept: [String] = []
        for component in components.reversed() {
            let next = ([component] + kept).joined(separator: "/")
            if !kept.isEmpty && next.count + 2 > maximumLength { break }
            kept.insert(component, at: 0)
        }
        return "…/" + kept.joined(separator: "/")
    }
}
