// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// View Options, beside the switch between rows, table and summary (as Files' view options sit
/// beside its view switch): a popover holding the combo rows (seed 003: Sort by, Title and
/// Details, each opening its options inline) and whether the search reads every text column.
/// Only what changes the view shown is in it: the summary is not sorted, and the table shows its
/// own columns, not a title and details.
@MainActor
final class ViewOptions {
    let button = MenuButton()
    let popover = Popover()
    private let combos: ComboRows

    init(combos: ComboRows, everyColumn: CheckButton) {
        self.combos = combos
        button.setIconName("view-sort-descending-symbolic")
        button.tooltip = tr("View Options")
        button.setAccessibleLabel(tr("View Options"))
        button.popover = popover
        popover.addCSSClass("view-options")
        let content = Box(.vertical, spacing: 6)
        let scrolled = ScrolledWindow()
        scrolled.child = combos.root
        scrolled.limitHeight(to: 420)
        scrolled.setSizeRequest(width: 300)
        content.append(scrolled)
        content.append(Separator(.horizontal))
        content.append(everyColumn)
        popover.child = content
    }

    /// Shows the combo rows that change `view`; in the summary and the groups only the search's
    /// column check.
    func show(for view: ResultsView) {
        for row in combos.rows {
            row.root.isVisible = row.combo == .sort ? view == .rows || view == .table : view == .rows
        }
    }
}
