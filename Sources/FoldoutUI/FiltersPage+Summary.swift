// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// How the Filters page shows its results: its view switcher's three pages.
enum ResultsView: String, CaseIterable {
    case rows, table, summary
}

/// The summary of every column (`ResultsSummary`), worked out again whenever the matches change
/// while it is shown, and when it is shown; a click on a column's row opens that column's flyout.
extension FiltersPage {
    func connectSummary() {
        summary.table.onActivate = { [weak self] column in
            guard let self, let filter = self.filter else { return }
            self.openMenu(named: filter.catalog.columns[column].name)
        }
    }

    /// Summarizes the matches now if the summary is shown; else it is worked out when it is.
    func refreshSummary() {
        guard resultsView == .summary, let filter else { return }
        summary.update(filter)
    }
}
