// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// Open Recent: the catalogs opened lately, from the desktop's recently used files
/// (`GtkRecentManager`, through `RecentFiles`): the files Foldout opened and other applications'
/// recent files of its types, newest first, at most ten, files that are gone left out
/// (`RecentCatalogs`). One menu model, the submenu of the main menu and of the Open button's menu;
/// it is filled again when the list changes and each time one of those menus opens (a file may
/// have gone since). Each item activates `recent.open` with the file's path.
@MainActor
final class RecentCatalogsMenu {
    let menu = Menu()
    /// The files listed, in the menu's order.
    private(set) var files: [RecentFile] = []
    private let recentFiles: RecentFiles
    private var changed: SignalConnection?
    /// Shown as `~` in the folders.
    private let home = getenv("HOME").map { String(cString: $0) }

    init(recentFiles: RecentFiles) {
        self.recentFiles = recentFiles
        changed = recentFiles.onChanged { [weak self] in self?.refresh() }
        refresh()
    }

    #if compiler(>=6.2)
        isolated deinit { changed?.disconnect() }
    #else
        deinit { MainActor.assumeIsolated { changed?.disconnect() } }
    #endif

    /// Installs `recent.open` on `widget`, so that the menus inside it open the file chosen with `open`.
    func installAction(on widget: Widget, open: @escaping @MainActor (String) -> Void) {
        let group = ActionGroup()
        group.add("open", text: open)
        widget.insertActionGroup("recent", group)
    }

    /// Lists the recent files as they are now; the menu is left alone when nothing changed.
    func refresh() {
        let chosen = RecentCatalogs.choose(
            from: recentFiles.files.map {
                RecentFile(path: $0.path, mimeType: $0.mimeType, modified: $0.modified, openedByFoldout: $0.addedHere)
            })
        guard chosen != files || menu.count == 0 else { return }
        files = chosen
        menu.removeAll()
        // An item whose action does not exist is shown dimmed: the empty menu says why it is empty.
        if chosen.isEmpty { menu.append(tr("No Recent Catalogs"), action: "recent.none") }
        for file in chosen {
            menu.append(
                RecentCatalogs.menuLabel(forPath: file.path, home: home), action: "recent.open", target: file.path)
        }
    }
}
