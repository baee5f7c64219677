// SPDX-License-Identifier: GPL-3.0-or-later
/// A value as the Filters page shows it, whichever engine gave it.
public enum ResultValue {
    /// The value of `column` at `position` as the region writes it (`shown(_:kind:monetary:)`).
    public static func shown(_ catalog: Catalog, column: Int, at position: Int) -> String? {
        let values = catalog.columns[column]
        return shown(values.text(at: position), kind: values.kind, monetary: values.isMonetary)
    }

    /// `text`, a value of a column of `kind`, as the region writes it (numbers with its
    /// separators, money as money, dates in its order), isolated (FSI…PDI) so that direction
    /// controls in it cannot reorder the text around it; nil when missing.
    public static func shown(_ text: String?, kind: CatalogColumn.Kind, monetary: Bool = false) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let value =
            switch kind {
            case .number: NumberText.decimal(text, monetary: monetary)
            case .date: RegionFormat.current.date(text)
            case .dateTime, .text: text
            }
        return isolated(value)
    }

    /// How many characters `column`'s values are shown in, at most, among a sample spread over the
    /// catalog: how wide a table's column would like to be (`widest`).
    public static func typicalCharacters(_ catalog: Catalog, column: Int) -> Int {
        let step = max(1, catalog.count / samples)
        return widest(stride(from: 0, to: catalog.count, by: step).lazy.map { shown(catalog, column: column, at: $0) })
    }

    /// The most characters of the first 200 of `texts` (isolated or not), capped so that a column
    /// of long texts does not push the others out of view.
    public static func widest(_ texts: some Sequence<String?>) -> Int {
        let widest = texts.prefix(samples).lazy.map { text in
            guard let text else { return 0 }
            return text.hasPrefix("\u{2068}") ? text.count - 2 : text.count
        }.max()
        return min(widest ?? 0, mostCharacters)
    }

    private static let samples = 200, mostCharacters = 24

    /// `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
    public static func isolated(_ text: String) -> String { "\u{2068}" + text + "\u{2069}" }
}
