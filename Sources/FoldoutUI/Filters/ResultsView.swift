// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// How the Filters page shows its results: its view switcher's four pages.
enum ResultsView: String, CaseIterable {
    case rows, table, summary, groups

    /// The view `stack` (the results' stack) shows.
    @MainActor init(shownIn stack: Stack) { self = ResultsView(rawValue: stack.visibleChildName ?? "") ?? .rows }

    @MainActor func show(in stack: Stack) { stack.visibleChildName = rawValue }
}
