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
        return [
            .init(
                tr("General"),
                [
                    Shortcut("question <Control>question", tr("Show keyboard shortcuts")),
                    Shortcut("<Control>z " + alt(tr("_Undo")), tr("Undo the last removal or deletion")),
                    Shortcut("F10", tr("Open the main menu")),
                    Shortcut("<Control>w", tr("Close the window")),
                    Shortcut("<Control>q", tr("Quit")),
                ] + Page.allCases.map { Shortcut($0.accelerator, tr("Show the {page} page", ["page": $0.title])) }),
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
                    Shortcut("<Shift><Control>s", tr("Export the results to a CSV or TSV file")),
                    Shortcut(
                        "<Control>BackSpace " + alt(tr("_Clear Filters")),
                        tr("Clear the choice of every facet and the search")),
                    Shortcut("Return space", tr("Open or close a combo row")),
                    Shortcut("Escape", tr("Close the combo row")),
                ]),
            .init(
                tr("Movies page"),
                [
                    Shortcut("<Control>e " + alt(tr("_Edit")), tr("Show or hide the Edit pane")),
                    Shortcut("Escape", tr("Close the Edit pane")),
                    Shortcut("<Alt>Left", tr("Back to the movie list (in a narrow window)")),
                    Shortcut(alt(tr("_Add")), tr("Add a movie")),
                    Shortcut(alt(tr("_Delete")), tr("Delete the selected movie")),
                ]),
        ]
    }

    static func makeWindow(transientFor parent: Window) -> ShortcutsWindow {
        let shortcuts = ShortcutsWindow(groups: groups())
        shortcuts.title = tr("Keyboard Shortcuts")  // what a screen reader names the dialog
        shortcuts.setTransient(for: parent)
        return shortcuts
    }
}
