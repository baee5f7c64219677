// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a result row unfolds to: every column of its catalog row, in the file's order, as name
/// and value (written as the region writes them; a missing value said as such; long text wrapped;
/// a web address a link), each with a button that copies it, and a button that copies the whole
/// row. Built the first time a row unfolds, for as many columns as the catalog has. A table
/// filtered in its server gives its record as names and values, shown as the server wrote them.
@MainActor
final class ResultRecord {
    let revealer = Revealer(.slideDown, durationMS: 250)
    private let grid = Grid(rowSpacing: 2, columnSpacing: 12)
    let copyRow = Button(label: tr("Copy _Row"), mnemonic: true)
    private(set) var fields: [Field] = []
    /// Called with the text to copy and what it is ("dep_delay", or nil for the row).
    private let onCopy: @MainActor (_ text: String, _ what: String?) -> Void
    /// The row shown: what the copy buttons copy.
    private var shownRow: Shown?

    private enum Shown {
        /// A catalog's row, its values as the catalog holds them.
        case catalog(Catalog, position: Int)
        /// A server's row, by column name.
        case values(names: [String], values: [String?])
    }

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
        shownRow = .catalog(catalog, position: position)
        show(
            catalog.columns.indices.map { index in
                (
                    catalog.columns[index].name, ResultValue.shown(catalog, column: index, at: position),
                    catalog.text(index, at: position)
                )
            })
    }

    /// Shows a row given as its columns' names, kinds and values (nil: none), each value written
    /// as a catalog's (`ResultValue.shown`).
    func show(names: [String], kinds: [CatalogColumn.Kind], values: [String?]) {
        shownRow = .values(names: names, values: values)
        show(names.indices.map { (names[$0], ResultValue.shown(values[$0], kind: kinds[$0]), values[$0] ?? "") })
    }

    private func show(_ columns: [(name: String, shown: String?, value: String)]) {
        if fields.count != columns.count { build(count: columns.count) }
        for (field, column) in zip(fields, columns) {
            let name = column.name
            field.name.text = name
            if let shown = column.shown {
                field.value.setMarkup(Self.markup(shown, link: column.value))
                field.value.setAccessibleLabel(tr("{column}: {value}", ["column": name, "value": shown]))
            } else {
                field.value.setMarkup("<i>" + Label.escape(tr("no value")) + "</i>")
                field.value.setAccessibleLabel(tr("{column}: no value", ["column": name]))
            }
            field.copy.tooltip = tr("Copy {column}", ["column": name])
            field.copy.setAccessibleLabel(tr("Copy {column}", ["column": name]))
            field.copy.isSensitive = column.shown != nil
        }
    }

    /// The row as two tab-separated lines, the names and the values, as a spreadsheet pastes them.
    var rowText: String {
        switch shownRow {
        case .catalog(let catalog, let position):
            return CatalogExport(catalog: catalog, rows: [UInt32(position)], format: .tsv).valuesText()
        case .values(let names, let values):
            return CatalogExport.text(of: [names, values.map { $0 ?? "" }], format: .tsv)
        case nil:
            return ""
        }
    }

    /// The value of column `index` as a copy button copies it, and the column's name.
    private func copied(_ index: Int) -> (text: String, name: String)? {
        switch shownRow {
        case .catalog(let catalog, let position) where index < catalog.columns.count:
            return (catalog.text(index, at: position), catalog.columns[index].name)
        case .values(let names, let values) where index < names.count:
            return (values[index] ?? "", names[index])
        default:
            return nil
        }
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
                guard let self, let copied = self.copied(index) else { return }
                self.onCopy(copied.text, copied.name)
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
