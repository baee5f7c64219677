// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What Foldout keeps between runs, and where: the window's size and page and the catalog opened
/// last (`RememberedState`, GSettings), the catalogs opened (the desktop's recent files), each
/// catalog's view ($XDG_STATE_HOME/foldout/views) and the movie library ($XDG_DATA_HOME/foldout).
/// Persistent, or ephemeral for a one-shot run (a screenshot, a benchmark), which must neither
/// depend on what the user did last nor change it: decided once, here. The library is the user's
/// data, not a memory of the last run: it is read from its place either way.
@MainActor
final class Session {
    let isPersistent: Bool
    /// Read when first needed: a launch that only exports never opens the settings.
    private(set) lazy var remembered: RememberedState = isPersistent ? .load() : .none

    init(persistent: Bool) { isPersistent = persistent }

    /// Where each catalog's view is kept; nil when nothing is kept.
    func makeViewStore() -> CatalogViewStore? {
        guard isPersistent else { return nil }
        return CatalogViewStore(directory: CatalogViewStore.defaultDirectory(environment: Self.environment))
    }

    /// The movie library (~/.var/app/dev.foldout.Foldout/data/foldout in the Flatpak).
    static var libraryStore: LibraryStore {
        LibraryStore(directory: LibraryStore.defaultDirectory(environment: environment))
    }

    /// The catalog opened last, if there was one: `missing` when it can no longer be read (it is
    /// then forgotten). A database's address is not checked here; opening it will.
    func lastCatalog() -> (path: String?, missing: String?) {
        guard let path = remembered.lastCatalog else { return (nil, nil) }
        guard DatabaseAddress.isAddress(path) || System.problemReading(path) == nil else {
            remembered.lastCatalog = nil
            return (nil, path)
        }
        return (path, nil)
    }

    /// Keeps `path` as the catalog opened last and among the recent files.
    func opened(_ path: String) {
        remembered.lastCatalog = path
        if isPersistent { RecentFiles.shared.add(path) }
    }

    /// Gives `window` what it had when it was closed last, and keeps what it has when it closes.
    func restore(_ window: MainWindow) {
        remembered.restore(window)
        window.viewStore = makeViewStore()
        window.onCatalogFileOpened = { [unowned self] path in opened(path) }
        window.window.onCloseRequest { [unowned self, unowned window] in
            save(window)
            return false
        }
    }

    func save(_ window: MainWindow) { remembered.save(window) }

    private static var environment: [String: String] {
        var environment: [String: String] = [:]
        for key in ["XDG_DATA_HOME", "XDG_STATE_HOME", "HOME"] { environment[key] = System.environment(key) }
        return environment
    }
}
