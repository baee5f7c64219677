// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The file the Filters page shows, watched so that a change on disk is said in the bar above the
/// results and the file can be read again. A database's table is not watched; its address is kept
/// (in memory only) to read it again.
@MainActor
final class WatchedCatalogFile {
    private let bar: FileChangedBar
    private var monitor: FileMonitor?
    /// The file shown, while it is watched.
    private(set) var path: String?

    init(bar: FileChangedBar) {
        self.bar = bar
    }

    /// Watches `path`, the file shown, and says in the bar when it changes.
    func watch(path: String) {
        monitor?.cancel()
        bar.hide()
        self.path = path
        guard !DatabaseAddress.isAddress(path) else {
            monitor = nil
            return
        }
        monitor = FileMonitor(path: path)
        monitor?.onEvent { [weak bar] event in
            let name = Catalog.fileName(of: path)
            switch event {
            case .changed: bar?.showChanged(name)
            case .gone: bar?.showGone(name)
            }
        }
    }
}
