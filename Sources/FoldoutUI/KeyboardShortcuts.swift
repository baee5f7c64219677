import FoldoutCore
import Gtk

/// Every keyboard shortcut of the app, as the shortcuts window (`?` or Ctrl+?) lists them, and
/// the window-wide ones this installs. The rows', combos' and pages' own shortcuts are installed
/// where they act; `KeyboardShortcutsTests` checks that each one installed is listed here.
@MainActor
enum KeyboardShortcuts {
    static func groups() -> [ShortcutsWindow.Group] {
        typealias Shortcut = ShortcutsWindow.Shortcut
        return [
            .init(tr("General"), [
                Shortcut("question <Control>question", tr("Show keyboard shortcuts")),
                Shortcut("<Control>z <Alt>u", tr("Undo the last removal or deletion")),
                Shortcut("<Control>q", tr("Quit")),
            ]),
            .init(tr("Actions page"), [
                Shortcut("Up Down", tr("Move between rows")),
                Shortcut("Return space", tr("Unfold or fold the row")),
                Shortcut("Escape", tr("Fold the row")),
                Shortcut("Tab", tr("Move to the row’s Share and Remove buttons")),
            ]),
            .init(tr("Filters page"), [
                Shortcut("<Control>o <Alt>o", tr("Open a catalog CSV file")),
                Shortcut("Return space", tr("Open or close a combo row")),
                Shortcut("Escape", tr("Close the combo row")),
            ]),
            .init(tr("Movies page"), [
                Shortcut("<Control>e <Alt>e", tr("Show or hide the Edit pane")),
                Shortcut("Escape", tr("Close the Edit pane")),
                Shortcut("<Alt>a", tr("Add a movie")),
                Shortcut("<Alt>d", tr("Delete the selected movie")),
            ]),
        ]
    }

    /// The shortcuts window as `window`'s help overlay, and the window-wide keys: `?` and Ctrl+?
    /// show it (in the bubble phase, so `?` typed into an entry stays text), Ctrl+Q quits.
    static func install(in window: ApplicationWindow) {
        ShortcutsWindow(groups: groups()).install(in: window)
        let keys = ShortcutController()
        keys.add(accelerators: "question|<Control>question", action: "win.show-help-overlay")
        keys.add(accelerators: "<Control>q", action: "app.quit")
        window.add(keys)
    }
}
