// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What Foldout remembers between runs, in the GSettings schema `dev.foldout.Foldout`: the window's
/// size and whether it is maximized, the page shown, the Movies page's divider and the last catalog
/// file opened. Without the schema (a build that did not compile it) nothing is remembered.
@MainActor
final class RememberedState {
    private let settings: StoredSettings?

    init(settings: StoredSettings?) { self.settings = settings }

    /// The settings from the schema compiled beside the executable (a build tree), in the install
    /// prefix's data folder, or where GLib looks.
    static func load() -> RememberedState {
        let folders = Resources.executableDirectory.map { [$0, $0 + "/../share/glib-2.0/schemas"] } ?? []
        let settings = StoredSettings(schema: Foldout.applicationID, searching: folders)
        if settings == nil { Log.debug("no GSettings schema \(Foldout.applicationID): nothing is remembered") }
        return RememberedState(settings: settings)
    }

    /// Remembers nothing and changes nothing: for screenshots and benchmarks, which must not
    /// depend on what the user did last.
    static let none = RememberedState(settings: nil)

    var page: Page? { settings.flatMap { Page(rawValue: $0.text("page")) } }

    /// The last catalog file opened, if one was.
    var lastCatalog: String? {
        get { settings.map { $0.text("last-catalog") }.flatMap { $0.isEmpty ? nil : $0 } }
        set { settings?.setText("last-catalog", newValue ?? "") }
    }

    /// Gives `window` the size and maximized state it had when it was closed last.
    func restore(_ window: MainWindow) {
        guard let settings else { return }
        window.window.setDefaultSize(
            width: Int32(settings.integer("window-width")), height: Int32(settings.integer("window-height")))
        if settings.boolean("window-maximized") { window.window.maximize() }
        window.moviesDivider = settings.integer("movies-divider")
    }

    /// Keeps what `window` shows now for the next start.
    func save(_ window: MainWindow) {
        guard let settings else { return }
        let size = window.window.defaultSize
        if size.width > 0 && size.height > 0 {
            settings.setInteger("window-width", max(size.width, 360))
            settings.setInteger("window-height", max(size.height, 200))
        }
        settings.setBoolean("window-maximized", window.window.isMaximized)
        settings.setText("page", window.page.rawValue)
        if let divider = window.movies?.paned.position, divider > 0 {
            settings.setInteger("movies-divider", Int(divider))
        }
        StoredSettings.sync()
    }
}
