// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A combo-box row (seed 003): its caption, its current value and an arrow that turns when open.
/// Clicking opens the options as rows beneath it through a revealer, pushing what is below down.
/// The options come from the data and are replaced when the catalog changes.
@MainActor
final class ComboRow {
    /// GTK's: the row's header is a button.
    static var openKey: KeyBinding { KeyBinding("Return|space", tr("Open or close a combo row"), .filters) }
    static var closeKey: KeyBinding { KeyBinding("Escape", tr("Close the combo row"), .filters) }

    let combo: ComboSection.Combo
    let root = Box(.vertical)
    let header: Button
    let revealer = Revealer(.slideDown, durationMS: 200)
    private let value = Label()
    private let arrow = Image(iconName: "pan-end-symbolic")
    private(set) var optionButtons: [Button] = []
    private(set) var options: [String] = []
    private var checks: [Image] = []
    /// What the row opens, closes and chooses in.
    private weak var section: ComboSection?
    private var closeAction: Action?

    init(combo: ComboSection.Combo, section: ComboSection) {
        self.combo = combo
        self.section = section
        let caption = Label(combo.caption)
        caption.addCSSClass("dim-label")
        caption.setSizeRequest(width: 90)
        caption.xalign = 0
        value.xalign = 0
        value.hexpand = true
        value.ellipsizeEnd()
        arrow.addCSSClass("combo-arrow")
        let content = Box(.horizontal, spacing: 12)
        content.append(caption)
        content.append(value)
        content.append(arrow)
        header = Button(child: content)
        header.addCSSClass("flat")
        header.addCSSClass("combo-header")
        header.onClicked { [weak self] in self?.toggle() }
        root.addCSSClass("combo-row")
        root.append(header)
        root.append(revealer)
        // Escape inside the options closes the combo and returns focus to its row. While the
        // combo is closed the action is disabled, so that Escape goes on to what holds the row
        // (View Options' popover closes).
        closeAction = root.installActions(
            "combo",
            [
                KeyedAction("close", Self.closeKey) { [weak self] in
                    guard let self, self.revealer.revealChild else { return }
                    self.header.grabFocus()
                    self.toggle()
                }
            ]
        ).action(named: "close")
        closeAction?.isEnabled = false
    }

    private func toggle() { section?.toggle(combo) }

    private func choose(_ index: Int) { section?.choose(index, in: combo) }

    /// Replaces the options (a long list scrolls). Their rows are built when the combo first opens:
    /// a file of many columns has three options a column in Sort by alone.
    func setOptions(_ options: [String]) {
        guard options != self.options else { return }
        self.options = options
        optionButtons = []
        checks = []
        revealer.child = nil
    }

    private func buildOptionRows() {
        optionButtons = []
        checks = []
        let list = Box(.vertical)
        list.addCSSClass("combo-options")
        for (index, option) in options.enumerated() {
            let check = Image(iconName: "object-select-symbolic")
            let label = Label(option)
            label.xalign = 0
            label.hexpand = true
            let row = Box(.horizontal, spacing: 12)
            row.append(label)
            row.append(check)
            let button = Button(child: row)
            button.addCSSClass("flat")
            button.setAccessibleLabel(option)
            button.onClicked { [weak self] in self?.choose(index) }
            optionButtons.append(button)
            checks.append(check)
            list.append(button)
        }
        let scrolled = ScrolledWindow()
        scrolled.limitHeight(to: 260)
        scrolled.child = list
        revealer.child = scrolled
    }

    var valueText: String { value.text }

    /// Shows the current value, the chosen options and whether the options are open.
    func show(value text: String, chosen: Set<Int>, open: Bool) {
        if open && optionButtons.isEmpty && !options.isEmpty { buildOptionRows() }
        value.text = text
        header.setAccessibleLabel(tr("{caption}: {value}", ["caption": combo.caption, "value": text]))
        header.setAccessibleExpanded(open)
        for (index, check) in checks.enumerated() { check.opacity = chosen.contains(index) ? 1 : 0 }
        if revealer.revealChild != open {
            if !open && revealer.isAncestor(ofFocus: header) { header.grabFocus() }
            revealer.revealChild = open
            closeAction?.isEnabled = open
        }
        if open { arrow.addCSSClass("open") } else { arrow.removeCSSClass("open") }
    }
}
