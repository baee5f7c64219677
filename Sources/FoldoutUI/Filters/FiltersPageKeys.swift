// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The keys of the Filters page, each declared once (`KeyBinding`); their code installs them, and
/// the shortcuts window lists `keyBindings`, in this order.
extension FiltersPage {
    static var openKey: KeyBinding {
        KeyBinding(
            "<Control>o", tr("Open a table file"), .filters,
            mnemonicOf: tr("_Open…"))
    }
    static var searchKey: KeyBinding {
        KeyBinding("<Control>f", tr("Search"), .filters)
    }
    static var reloadKey: KeyBinding {
        KeyBinding("F5|<Control>r", tr("Reload or retry"), .filters, mnemonicOf: tr("_Reload"))
    }
    static var copyKey: KeyBinding {
        KeyBinding("<Control>c", tr("Copy rows, summary or groups"), .filters)
    }
    static var exportKey: KeyBinding {
        KeyBinding("<Shift><Control>s", tr("Export the results"), .filters)
    }
    static var clearKey: KeyBinding {
        KeyBinding(
            "<Control>BackSpace", tr("Clear the filters"), .filters,
            mnemonicOf: tr("_Clear Filters"))
    }

    /// The banner's, while a table in its server could not answer.
    static var retryKey: KeyBinding {
        KeyBinding(mnemonicOf: tr("_Retry"), tr("Ask the server again"), .filters)
    }

    static var keyBindings: [KeyBinding] {
        // A key listed twice is shown once, with the first title (`KeyboardShortcuts`): Return and
        // Escape come first with titles that cover what they do in the search and the combo rows.
        [openKey, searchKey, reloadKey] + [
            UnfoldedResult.unfoldKey, UnfoldedResult.foldKey, UnfoldedResult.aboveKey, UnfoldedResult.belowKey,
        ] + FiltersSearch.keyBindings + [
            // GTK's list selects with Shift and the arrows, and all with Ctrl+A.
            KeyBinding("<Shift>Up|<Shift>Down", tr("Select results"), .filters),
            KeyBinding("<Control>a", tr("Select all"), .filters), copyKey,
            ResultsSummary.copyKey, ResultsGroups.copyKey, ResultsGroups.foldOutKey, ResultsGroups.foldInKey,
            GroupsContextMenu.menuKey,
            exportKey, clearKey, retryKey, ComboRow.openKey, ComboRow.closeKey,
        ]
    }
}
