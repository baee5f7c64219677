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

    /// What the Filters page shows first for `request`: the catalog it names (`startCatalog` when
    /// it was read before the window opened), or the one opened last, or the built-in one; and the
    /// catalog opened last if it is gone (it is then forgotten).
    func catalogSource(for request: LaunchRequest, startCatalog: Catalog?) -> (CatalogSource, missing: String?) {
        switch request.catalog {
        case .file(let path, let options, let atStart)?:
            if atStart, let startCatalog { return (.loaded(startCatalog), nil) }
            return (.file(path: path, options: options), nil)
        case .generated(let count)?:
            return (.generated(count: count), nil)
        case nil:
            let last = lastCatalog()
            return (last.path.map { .file(path: $0) } ?? .generated(count: Catalog.generatedCount), last.missing)
        }
    }

    /// Keeps the catalog `--catalog` named as the one opened last, and has `window` watch its file.
    func openedAtStart(_ request: LaunchRequest, startCatalog: Catalog?, in window: MainWindow) {
        guard case .file(let path, _, atStart: true)? = request.catalog else { return }
        let isAddress = DatabaseAddress.isAddress(path)
        window.catalogPath = isAddress ? path : Resources.canonical(path)
        let opened = isAddress ? DatabaseAddress.withoutPassword(path) : Resources.canonical(path)
        self.opened(startCatalog.map { FiltersPage.keptPath(of: $0, openedFrom: opened) } ?? opened)
    }

    /// Keeps `path` as the catalog opened last and among the recent files.
    func opened(_ path: String) {
        remembered.lastCatalog = path
        if isPersistent { RecentFiles.shared.add(path) }
    }

    /// Gives `window` what it had when it was closed last, and keeps what it has when it closes;
    /// tells in it that the catalog opened last, `gone`, is no longer there.
    func restore(_ window: MainWindow, tellingGone gone: String?) {
        remembered.restore(window)
        if let gone {
            window.notification.show(
                tr(
                    "“{file}” is no longer there; the built-in catalog is shown instead.",
                    ["file": Catalog.fileName(of: gone)]))
        }
        window.viewStore = makeViewStore()
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
