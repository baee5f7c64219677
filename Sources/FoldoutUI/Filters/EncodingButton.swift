// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// Beside the file's name when its text was not UTF-8: "Read as Windows-1252", a button whose
/// popover lists the other character sets; choosing one reads the file again in it.
@MainActor
final class EncodingButton {
    let root = MenuButton()
    let popover = Popover()
    /// One per character set of `TextEncoding.choices`, in its order.
    private(set) var buttons: [Button] = []
    /// Reads the file again in the character set named (iconv's name).
    private let onChoose: @MainActor (String) -> Void

    init(onChoose: @escaping @MainActor (String) -> Void) {
        self.onChoose = onChoose
        root.addCSSClass("flat")
        // In a narrow window the label gives way to the rows' count and the view's buttons.
        root.shortensLabel(maxCharacters: 40)
        root.tooltip = tr("Read the file again in another character set")
        let list = Box(.vertical, spacing: 0)
        for (name, label) in TextEncoding.choices {
            let button = Button(label: label)
            button.addCSSClass("flat")
            button.onClicked { [weak self] in
                self?.popover.popdown()
                self?.onChoose(name)
            }
            list.append(button)
            buttons.append(button)
        }
        let scrolled = ScrolledWindow()
        scrolled.child = list
        scrolled.limitHeight(to: 360)
        popover.child = scrolled
        root.popover = popover
        root.isVisible = false
    }

    /// Shows the character set the catalog was converted from, or hides for UTF-8.
    func show(encoding: String?) {
        root.isVisible = encoding != nil
        guard let encoding else { return }
        root.label = tr("Read as {encoding}", ["encoding": TextEncoding.label(of: encoding)])
    }
}
