// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a result row unfolds to: every column of its catalog row, in the file's order, as name
/// and value (written as the region writes them; a missing value said as such; long text wrapped;
/// a web address a link), each with a button that copies it, and a button that copies the whole
/// row. Built the first time a row unfolds, for as many columns as the catalog has.
@MainActor
final class ResultRecord {
    let revealer = Revealer(.slideDown, durationMS: 250)
    private let grid = Grid(rowSpacing: 2, columnSpacing: 12)
    let copyRow = Button(label: tr("Copy _Row"), mnemonic: true)
    private(set) var fields: [Field] = []
    /// Called with the text to copy and what it is ("dep_delay", or nil for the row).
    private let onCopy: @MainActor (_ text: String, _ what: String?) -> Void
    /// The row shown: what the copy buttons copy, its values as the catalog holds them.
    private var shownRow: (catalog: Catalog, position: Int)?

    @MainActor final class Field {
        let name = Label()
        let value = Label("", wrap: true)
        let copy = Button(iconName: "edit-copy-symbolic", tooltip: "")

        init() {
            name.xalign = 1
            name.setAlign(vertical: .start)
            name.addCSSClass("dim-label")
            name.addCSSClass("record-name")
            // The value says "name: value" itself: the name alone would be read twice.
            name.setAccessibleHidden(true)
            value.xalign = 0
            value.hexpand = true
            value.setSelectable(true)
            value.addCSSClass("record-value")
            copy.addCSSClass("flat")
            copy.setAlign(vertical: .start)
        }
    }

    init(onCopy: @escaping @MainActor (_ text: String, _ what: String?) -> Void) {
        self.onCopy = onCopy
        let box = Box(.vertical, spacing: 8)
        box.addCSSClass("unfolded")
        box.addCSSClass("record")
        box.append(grid)
        copyRow.setAlign(horizontal: .end)
        copyRow.tooltip = tr("Copy the row’s names and values as tab-separated text (Ctrl+C)")
        copyRow.onClicked { [weak self] in
            guard let self else { return }
            self.onCopy(self.rowText, nil)
        }
        box.append(copyRow)
        revealer.child = box
    }

    /// Shows the row at `position` of `catalog`.
    func show(position: Int, in catalog: Catalog) {
        if fields.count != catalog.columns.count { build(count: catalog.columns.count) }
        shownRow = (catalog, position)
        for (index, field) in fields.enumerated() {
            let name = catalog.columns[index].name
            let shown = ResultValue.shown(catalog, column: index, at: position)
            field.name.text = name
            if let shown {
                field.value.setMarkup(Self.markup(shown, link: catalog.text(index, at: position)))
                field.value.setAccessibleLabel(tr("{column}: {value}", ["column": name, "value": shown]))
            } else {
                field.value.setMarkup("<i>" + Label.escape(tr("no value")) + "</i>")
                field.value.setAccessibleLabel(tr("{column}: no value", ["column": name]))
            }
            field.copy.tooltip = tr("Copy {column}", ["column": name])
            field.copy.setAccessibleLabel(tr("Copy {column}", ["column": name]))
            field.copy.isSensitive = shown != nil
        }
    }

    /// The row as two tab-separated lines, the names and the values, as a spreadsheet pastes them.
    var rowText: String {
        guard let (catalog, position) = shownRow else { return "" }
        return CatalogExport(catalog: catalog, rows: [UInt32(position)], format: .tsv).valuesText()
    }

    private func build(count: Int) {
        for field in fields {
            grid.remove(field.name)
            grid.remove(field.value)
            grid.remove(field.copy)
        }
        fields = (0..<count).map { index in
            let field = Field()
            grid.attach(field.name, column: 0, row: Int32(index))
            grid.attach(field.value, column: 1, row: Int32(index))
            grid.attach(field.copy, column: 2, row: Int32(index))
            field.copy.onClicked { [weak self] in
                guard let self, let (catalog, position) = self.shownRow, index < catalog.columns.count else { return }
                self.onCopy(catalog.text(index, at: position), catalog.columns[index].name)
            }
            return field
        }
    }

    /// A shown value's markup; a link when the value is a web address.
    private static func markup(_ shown: String, link value: String) -> String {
        let isLink =
            (value.hasPrefix("https://") || value.hasPrefix("http://"))
            && !value.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.isBidiControl
            }
        guard isLink else { return Label.escape(shown) }
        return "<a href=\"" + Label.escape(value) + "\">" + Label.escape(shown) + "</a>"
    }
}
