// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
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
    private let source: () -> RecentFiles
    /// Made at the first refresh: GTK reads the desktop's whole list when it is first asked for.
    private var recentFiles: RecentFiles?
    private var changed: SignalConnection?
    /// Shown as `~` in the folders.
    private let home = System.environment("HOME")

    /// Reads nothing yet: the window calls `refresh()` once its first frame is painted.
    init(recentFiles: @escaping @autoclosure () -> RecentFiles) {
        source = recentFiles
    }

    private func follow() -> RecentFiles {
        let files = source()
        recentFiles = files
        changed = files.onChanged { [weak self] in self?.refresh() }
        return files
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

    /// Lists the recent files as they are now, and from then on follows them; the menu is left
    /// alone when nothing changed.
    func refresh() {
        let recentFiles = recentFiles ?? follow()
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
