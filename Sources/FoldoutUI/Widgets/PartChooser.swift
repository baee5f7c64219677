// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// Asks which table of a database, or which file of a zip archive, to open: a small modal window
/// with a button for each (its name and size: "flights — 336,776 rows") and Cancel (or Escape).
@MainActor
final class PartChooser {
    let window = Window()
    /// One per table, in the order listed.
    private(set) var buttons: [Button] = []
    /// The name chosen, or nil when cancelled. Called once.
    private let onChosen: @MainActor (String?) -> Void
    private var answered = false

    init(parent: Window?, file: String, parts: [CatalogPart], onChosen: @escaping @MainActor (String?) -> Void) {
        self.onChosen = onChosen
        window.title = tr("Open a Table of “{file}”", ["file": file])
        window.isModal = true
        window.setTransient(for: parent)
        window.setDefaultSize(width: 420, height: -1)
        window.setTitlebar(HeaderBar())
        let content = Box(.vertical, spacing: 12)
        content.addCSSClass("part-chooser")
        let heading = Label(
            trn(
                "“{file}” holds {count} table. Which one do you want to open?",
                "“{file}” holds {count} tables. Which one do you want to open?", parts.count,
                ["file": file, "count": String(parts.count)]), wrap: true)
        heading.xalign = 0
        content.append(heading)
        let list = Box(.vertical, spacing: 4)
        for part in parts {
            let button = Button(label: part.size.isEmpty ? part.name : part.name + " — " + part.size)
            button.setAccessibleLabel(
                part.size.isEmpty ? part.name : tr("{table}, {size}", ["table": part.name, "size": part.size]))
            button.onClicked { [weak self] in self?.answer(part.name) }
            list.append(button)
            buttons.append(button)
        }
        let scrolled = ScrolledWindow()
        scrolled.child = list
        scrolled.limitHeight(to: 420)
        content.append(scrolled)
        let cancel = Button(label: tr("_Cancel"), mnemonic: true)
        cancel.setAlign(horizontal: .end)
        cancel.onClicked { [weak self] in self?.answer(nil) }
        content.append(cancel)
        content.installActions("chooser", [KeyedAction("cancel", keys: "Escape") { [weak self] in self?.answer(nil) }])
        window.child = content
        window.onCloseRequest { [weak self] in
            self?.answer(nil)
            return false
        }
    }

    func present() { window.present() }

    private func answer(_ part: String?) {
        guard !answered else { return }
        answered = true
        window.setTransient(for: nil)
        window.destroy()
        onChosen(part)
    }
}
