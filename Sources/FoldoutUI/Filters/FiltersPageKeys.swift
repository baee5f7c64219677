// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The keys of the Filters page, each declared once (`KeyBinding`); their code installs them, and
/// the shortcuts window lists `keyBindings`, in this order.
extension FiltersPage {
    static var openKey: KeyBinding {
        KeyBinding(
            "<Control>o", tr("Open a catalog: CSV, TSV, JSON, SQLite or a spreadsheet, compressed too"), .filters,
            mnemonicOf: tr("_Open…"))
    }
    static var searchKey: KeyBinding {
        KeyBinding("<Control>f", tr("Search the results; typing in the list starts a search too"), .filters)
    }
    static var reloadKey: KeyBinding {
        KeyBinding("F5|<Control>r", tr("Read the file shown again"), .filters, mnemonicOf: tr("_Reload"))
    }
    static var copyKey: KeyBinding {
        KeyBinding("<Control>c", tr("Copy the selected results as tab-separated text"), .filters)
    }
    static var exportKey: KeyBinding {
        KeyBinding("<Shift><Control>s", tr("Export the results to a CSV or TSV file"), .filters)
    }
    static var clearKey: KeyBinding {
        KeyBinding(
            "<Control>BackSpace", tr("Clear the choice of every facet and the search"), .filters,
            mnemonicOf: tr("_Clear Filters"))
    }

    /// The banner's, while a table in its server could not answer.
    static var retryKey: KeyBinding {
        KeyBinding(mnemonicOf: tr("_Retry"), tr("Ask the database server again, once it could not answer"), .filters)
    }

    static var keyBindings: [KeyBinding] {
        [openKey, searchKey, reloadKey] + FiltersSearch.keyBindings + [
            UnfoldedResult.unfoldKey, UnfoldedResult.foldKey, UnfoldedResult.aboveKey, UnfoldedResult.belowKey,
            // GTK's list selects with Shift and the arrows, and Ctrl+A.
            KeyBinding("<Shift>Up|<Shift>Down|<Control>a", tr("Select results"), .filters), copyKey,
            ResultsSummary.copyKey, exportKey, clearKey, retryKey, ComboRow.openKey, ComboRow.closeKey,
        ]
    }
}
