// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// For a sheet of a workbook, the line that says where the table comes from ("in budget.xlsx —
/// Survey, header in row 5") is a button: its popover sets the row the header is read from, and the sheet
/// is read again from that row. The header found is a guess (a title block above it can fool it),
/// so the place that states the guess is where it is put right.
@MainActor
final class HeaderRowChooser {
    /// Takes the line's room to spare, as the source's label does; the button starts it.
    let root = Box(.horizontal, spacing: 0)
    let button = MenuButton()
    let popover = Popover()
    let row = SpinButton(range: 1...1_048_576)  // a sheet's rows in Excel and LibreOffice
    let readButton = Button(label: tr("Read Again"))
    /// Why the header was read from the row it was, when that row was found, not asked for.
    let reason = Label(wrap: true)
    /// The row the sheet shown was read from.
    private(set) var shownRow = 1
    /// Reads the sheet again with its header in the row given (from 1).
    private let onChoose: @MainActor (Int) -> Void

    init(onChoose: @escaping @MainActor (Int) -> Void) {
        self.onChoose = onChoose
        button.hasFrame = false
        button.shortensLabel(maxCharacters: 80)
        button.setAlign(horizontal: .start)
        root.hexpand = true
        root.append(button)
        button.tooltip = tr("Choose the row the sheet’s header is read from")
        let heading = Label(tr("Header Row"))
        heading.addCSSClass("heading")
        heading.xalign = 0
        let hint = Label(tr("The row that names the columns. The rows below it are read as the table."), wrap: true)
        for label in [hint, reason] {
            label.maxWidthChars = 32
            label.xalign = 0
            label.addCSSClass("dim-label")
        }
        row.setAccessibleLabel(tr("Header row"))
        row.hexpand = true
        readButton.addCSSClass("suggested-action")
        readButton.onClicked { [weak self] in self?.choose() }
        row.onActivate { [weak self] in self?.choose() }
        let line = Box(.horizontal, spacing: 6)
        line.append(row)
        line.append(readButton)
        let content = Box(.vertical, spacing: 6)
        content.addCSSClass("header-row-chooser")
        content.append(heading)
        content.append(hint)
        content.append(reason)
        content.append(line)
        popover.child = content
        button.popover = popover
        popover.onShow { [weak self] in
            guard let self else { return }
            row.value = shownRow
            _ = row.grabFocus()
        }
        root.isVisible = false
    }

    /// Shows the button, saying where `catalog` comes from, when it is a sheet; hides it otherwise.
    /// Whether it shows.
    @discardableResult
    func show(for catalog: Catalog?) -> Bool {
        guard let catalog, case .spreadsheet(_, _, let headerRow, _)? = catalog.origin?.format else {
            root.isVisible = false
            return false
        }
        // No row said: the header is the sheet's first row with anything in it, nearly always row 1.
        shownRow = headerRow ?? 1
        button.label = catalog.sourceText
        reason.text = catalog.headerRowReason ?? ""
        reason.isVisible = catalog.headerRowReason != nil
        root.isVisible = true
        return true
    }

    private func choose() {
        let chosen = row.value
        popover.popdown()
        if chosen != shownRow { onChoose(chosen) }
    }
}
