// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The file behind the page: Open… and Open Recent, and watching the file shown so that a change
/// on disk is said and can be read again.
extension FiltersPage {
    func chooseFile() { opening.chooseFile() }

    /// Shows the Open button's menu: Open…, and `recent` as its Open Recent submenu; `refresh`
    /// brings `recent` up to date each time the menu opens.
    func offerRecent(_ recent: Menu, refresh: @escaping @MainActor () -> Void) {
        let open = Menu()
        open.append(tr("_Open…"), action: "filters.open")
        open.appendSubmenu(tr("Open _Recent"), recent)
        openMenuButton.setMenu(open)
        openMenuButton.onPopup(refresh)
        openMenuButton.isVisible = true
    }

    /// What Open Recent and the next start keep of the catalog read from `path`: the path, or a
    /// database's address without its password, naming the table read.
    static func keptPath(of catalog: Catalog, openedFrom path: String) -> String {
        guard let origin = catalog.origin, case .postgresql = origin.format else { return path }
        return origin.path
    }

    /// Watches `path`, the file shown, and says in the bar above the results when it changes. A
    /// database's table is not watched; its address is kept (in memory only) to read it again.
    func watch(path: String) {
        monitor?.cancel()
        fileBar.hide()
        watchedPath = path
        guard !DatabaseAddress.isAddress(path) else {
            monitor = nil
            return
        }
        monitor = FileMonitor(path: path)
        monitor?.onEvent { [weak self] event in
            let name = Catalog.fileName(of: path)
            switch event {
            case .changed: self?.fileBar.showChanged(name)
            case .gone: self?.fileBar.showGone(name)
            }
        }
    }

    /// Reads the file shown again; the filters, sort and search that still apply are kept.
    func reload() {
        guard let watchedPath, !opening.isOpening else { return }
        fileBar.hide()
        open(path: watchedPath, options: opening.lastOptions)
    }
}
