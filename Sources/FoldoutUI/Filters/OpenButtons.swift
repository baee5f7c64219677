// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Open… and, linked beside it, a menu button with Open… and Open Recent, shown once the window
/// offers its recent files (`offerRecent`). Both run the page's `filters.open` action.
@MainActor
final class OpenButtons {
    let root = Box(.horizontal)
    let openButton = Button(label: tr("_Open…"), mnemonic: true)
    let menuButton = MenuButton()

    /// `open` asks for a file to open.
    init(open: @escaping @MainActor () -> Void) {
        openButton.tooltip = tr("Open a catalog: CSV, TSV, JSON, a SQLite database, or any of them compressed")
        openButton.onClicked(open)
        root.addCSSClass("linked")
        root.append(openButton)
        menuButton.tooltip = tr("Open a recent catalog")
        menuButton.setAccessibleLabel(tr("Open Recent"))
        menuButton.isVisible = false
        root.append(menuButton)
    }

    /// Shows the menu button: Open…, and `recent` as its Open Recent submenu; `refresh` brings
    /// `recent` up to date each time the menu opens.
    func offerRecent(_ recent: Menu, refresh: @escaping @MainActor () -> Void) {
        let open = Menu()
        open.append(tr("_Open…"), action: "\(FiltersPage.prefix).open")
        open.appendSubmenu(tr("Open _Recent"), recent)
        menuButton.setMenu(open)
        menuButton.onPopup(refresh)
        menuButton.isVisible = true
    }
}
