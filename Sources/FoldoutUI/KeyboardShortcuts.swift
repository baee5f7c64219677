// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Every keyboard shortcut of the app, as the shortcuts window (`?` or Ctrl+?) lists them. Each is
/// installed where it acts (window, rows, combos, pages, mnemonics); `KeyboardShortcutsTests`
/// checks that the two agree.
@MainActor
enum KeyboardShortcuts {
    static func groups() -> [ShortcutsWindow.Group] {
        typealias Shortcut = ShortcutsWindow.Shortcut
        // Mnemonics follow the translated labels ("_Add" is Alt+A in English, "_Hinzufügen" Alt+H).
        func alt(_ label: String) -> String { ShortcutsWindow.mnemonicAccelerator(ofLabel: label) ?? "" }
        let declared = MainWindow.keyBindings + MoviesPage.keyBindings
        let general = ShortcutsWindow.Group(KeyBinding.Group.general.title, listing(declared, in: .general))
        let movies = ShortcutsWindow.Group(KeyBinding.Group.movies.title, listing(declared, in: .movies))
        return [general] + [
            .init(
                tr("Actions page"),
                [
                    Shortcut("Up Down", tr("Move between rows")),
                    Shortcut("Return space", tr("Unfold or fold the row")),
                    Shortcut("Escape", tr("Fold the row")),
                    Shortcut("Tab", tr("Move to the row’s Share and Remove buttons, then out of the list")),
                ]),
            .init(
                tr("Filters page"),
                [
                    Shortcut("<Control>o " + alt(tr("_Open…")), tr("Open a catalog: a CSV or TSV file")),
                    Shortcut("<Control>f", tr("Search the results; typing in the list starts a search too")),
                    Shortcut("F5 <Control>r " + alt(tr("_Reload")), tr("Read the file shown again")),
                    Shortcut("Escape", tr("Clear the search (in the search field)")),
                    Shortcut("Return", tr("Go from the search field to the results")),
                    Shortcut("Return space", tr("Unfold or fold the result’s whole record")),
                    Shortcut("Escape", tr("Fold the record")),
                    Shortcut("<Alt>Up <Alt>Down", tr("Unfold the result above or below instead")),
                    Shortcut("<Shift>Up <Shift>Down <Control>a", tr("Select results")),
                    Shortcut("<Control>c", tr("Copy the selected results as tab-separated text")),
                    MainWindow.exportKey.listing,
                    Shortcut(
                        "<Control>BackSpace " + alt(tr("_Clear Filters")),
                        tr("Clear the choice of every facet and the search")),
                    Shortcut("Return space", tr("Open or close a combo row")),
                    Shortcut("Escape", tr("Close the combo row")),
                ]),
        ] + [movies]
    }

    /// The listing of `bindings` in `group`, in their order; two in a row that do the same (`?` and
    /// Ctrl+?, installed in two ways) are one line.
    private static func listing(_ bindings: [KeyBinding], in group: KeyBinding.Group) -> [ShortcutsWindow.Shortcut] {
        var shortcuts: [ShortcutsWindow.Shortcut] = []
        for binding in bindings where binding.group == group {
            let shortcut = binding.listing
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
