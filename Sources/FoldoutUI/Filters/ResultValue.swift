// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A catalog value as the Filters page shows it.
enum ResultValue {
    /// The value of `column` at `position` as the region writes it (numbers with its separators,
    /// money as money, dates in its order), isolated (FSI…PDI) so that direction controls in it
    /// cannot reorder the text around it; nil when missing.
    static func shown(_ catalog: Catalog, column: Int, at position: Int) -> String? {
        let text = catalog.text(column, at: position)
        guard !text.isEmpty else { return nil }
        let value =
            switch catalog.columns[column].kind {
            case .number: NumberText.decimal(text, monetary: catalog.columns[column].isMonetary)
            case .date: RegionFormat.current.date(text)
            case .dateTime, .text: text
            }
        return isolated(value)
    }

    /// `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
    static func isolated(_ text: String) -> String { "\u{2068}" + text + "\u{2069}" }
}
