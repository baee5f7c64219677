// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The inside of a Facets menu: "Show a flyout for", then a check box per column, ticked when it
/// is a facet, in a scrolled window no taller than `height`. A check only asks (`onToggled`);
/// its owner then shows what was done (`show`), so a refused facet unticks itself.
@MainActor
final class FacetChecks {
    let root = ScrolledWindow()
    let checks: [CheckButton]

    init(
        labels: [String], height: Int32, isActive: (Int) -> Bool,
        onToggled: @escaping @MainActor (_ column: Int, _ on: Bool) -> Void
    ) {
        let list = Box(.vertical, spacing: 2)
        let heading = Label(tr("Show a flyout for"))
        heading.addCSSClass("dim-label")
        heading.xalign = 0
        list.append(heading)
        checks = labels.enumerated().map { index, label in
            let check = CheckButton(label: label)
            check.isActive = isActive(index)
            list.append(check)
            return check
        }
        // Connected once every check shows its state: setting one to the state it has asks nothing.
        for (index, check) in checks.enumerated() {
            check.onToggled { [weak check] in
                guard let check else { return }
                onToggled(index, check.isActive)
            }
        }
        root.limitHeight(to: height)
        root.child = list
    }

    /// Makes `button` the Facets menu's: its label and tooltip, and `popover`, whose list
    /// `onShow` makes each time it opens.
    static func dress(_ button: MenuButton, popover: Popover, onShow: @escaping @MainActor () -> Void) {
        button.setAlign(vertical: .start)
        button.label = tr("Facets")
        button.tooltip = tr("Choose which columns are facets")
        button.popover = popover
        popover.onShow(onShow)
    }

    /// Each check ticked as `isActive` says, sensitive unless `refusal` gives why not (its tooltip).
    func show(isActive: (Int) -> Bool, refusal: (Int) -> String?) {
        for (index, check) in checks.enumerated() {
            check.isActive = isActive(index)
            let refused = refusal(index)
            check.isSensitive = refused == nil
            check.tooltip = refused
        }
    }
}
