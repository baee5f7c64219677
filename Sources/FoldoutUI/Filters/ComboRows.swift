// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The combo rows under the facets (seed 003): Sort by, Title and Details, each opening its
/// options inline; `refresh` shows what `section` holds after each of its changes.
@MainActor
final class ComboRows {
    let root = Box(.vertical)
    let rows: [ComboRow]
    private let section: ComboSection

    init(section: ComboSection) {
        self.section = section
        rows = ComboSection.Combo.allCases.map { ComboRow(combo: $0, section: section) }
        root.addCSSClass("combo-section")
        for row in rows { root.append(row.root) }
    }

    /// Whether the rows take input: not before a catalog is shown.
    func setSensitive(_ sensitive: Bool) {
        for row in rows { row.root.isSensitive = sensitive }
    }

    func refresh() {
        for row in rows {
            row.setOptions(section.options(for: row.combo))
            row.show(
                value: section.value(for: row.combo), chosen: section.chosen(row.combo), open: section.isOpen(row.combo)
            )
        }
    }
}
