// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A quiet bar above the results when the file shown changes on disk: "flights.csv changed on
/// disk" with Reload (also F5 and Ctrl+R), or that it was deleted or moved. Nothing is read again
/// until the user asks: what is shown stays.
@MainActor
final class FileChangedBar {
    let root = Box(.horizontal, spacing: 8)
    let message = Label("", wrap: true)
    let reloadButton = Button(label: tr("_Reload"), mnemonic: true)
    private let onReload: @MainActor () -> Void

    init(onReload: @escaping @MainActor () -> Void) {
        self.onReload = onReload
        root.addCSSClass("file-changed")
        message.xalign = 0
        message.hexpand = true
        root.append(message)
        reloadButton.tooltip = tr("Read the file again, keeping the filters that still apply (F5)")
        reloadButton.onClicked { [weak self] in self?.onReload() }
        root.append(reloadButton)
        root.isVisible = false
    }

    var isShown: Bool { root.isVisible }

    func showChanged(_ file: String) {
        message.text = tr("“{file}” changed on disk.", ["file": file])
        reloadButton.isVisible = true
        root.isVisible = true
    }

    func showGone(_ file: String) {
        message.text = tr("“{file}” was deleted or moved; what is shown stays.", ["file": file])
        reloadButton.isVisible = false
        root.isVisible = true
    }

    func hide() { root.isVisible = false }
}
