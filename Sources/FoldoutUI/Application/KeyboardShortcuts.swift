// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The shortcuts window (`?` or Ctrl+?), built from the keys each part declares (`KeyBinding`) where
/// it installs them (window, rows, combos, pages, mnemonics); `KeyboardShortcutsTests` checks that
/// the window answers no key it does not list.
@MainActor
enum KeyboardShortcuts {
    static func groups() -> [ShortcutsWindow.Group] {
        let declared =
            MainWindow.keyBindings + ActionsPage.keyBindings + FiltersPage.keyBindings + MoviesPage.keyBindings
        return KeyBinding.Group.allCases.map { group in
            ShortcutsWindow.Group(group.title, listing(declared, in: group))
        }
    }

    /// The listing of `bindings` in `group`, in their order, each key once: a key declared again
    /// (Escape clears the search, folds a record and closes a combo row) stays on its first line,
    /// whose title says so, and a line left with no key is dropped; two in a row that do the same
    /// (`?` and Ctrl+?, installed in two ways) are one line.
    static func listing(_ bindings: [KeyBinding], in group: KeyBinding.Group) -> [ShortcutsWindow.Shortcut] {
        var shortcuts: [ShortcutsWindow.Shortcut] = []
        var listed = Set<String>()
        for binding in bindings where binding.group == group {
            let keys = binding.listing.accelerators.split(separator: " ").map(String.init).filter {
                !listed.contains($0)
            }
            guard !keys.isEmpty else { continue }
            listed.formUnion(keys)
            let shortcut = ShortcutsWindow.Shortcut(keys.joined(separator: " "), binding.title)
            if let last = shortcuts.last, last.title == shortcut.title {
                shortcuts[shortcuts.count - 1] = .init(last.accelerators + " " + shortcut.accelerators, last.title)
            } else {
                shortcuts.append(shortcut)
            }
        }
        return shortcuts
    }

    static func makeWindow(transientFor parent: Window) -> ShortcutsWindow {
        let shortcuts = ShortcutsWindow(groups: groups())
        shortcuts.title = tr("Keyboard Shortcuts")  // what a screen reader names the dialog
        shortcuts.setTransient(for: parent)
        return shortcuts
    }
}
