// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a result row unfolds to: every column of its catalog row, in the file's order, as name
/// and value (written as the region writes them; a missing value said as such; long text wrapped;
/// a web address a link), each with a button that copies it, and a button that copies the whole
/// row: a card on the view's own background, the names in the theme's text colour softened no
/// further than WCAG AA allows. Built the first time a row unfolds, for as many columns as the
/// table has.
@MainActor
final class ResultRecord {
    let revealer = Revealer(.slideDown, durationMS: 250)
    private let grid = Grid(rowSpacing: 2, columnSpacing: 12)
    let copyRow = Button(label: tr("Copy _Row"), mnemonic: true)
    private(set) var fields: [Field] = []
    /// Called with the text to copy and what it is ("dep_delay", or nil for the row).
    private let onCopy: @MainActor (_ text: String, _ what: String?) -> Void
    /// The row shown: what the copy buttons copy.
    private var shownRow: ShownRecord?

    @MainActor final class Field {
        let name = Label()
        let value = Label("", wrap: true)
        let copy = Button(iconName: "edit-copy-symbolic", tooltip: "")

        init() {
            name.xalign = 1
            name.setAlign(vertical: .baseline)
            name.addCSSClass("record-name")
            // The value says "name: value" itself: the name alone would be read twice.
            name.setAccessibleHidden(true)
            value.xalign = 0
            value.setAlign(vertical: .baseline)
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

    /// Shows `record`, every column.
    func show(_ record: ShownRecord) {
        shownRow = record
        show(record.names.indices.map { (record.names[$0], record.shown[$0], record.texts[$0]) })
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
    var rowText: String { shownRow?.rowText ?? "" }

    /// The value of column `index` as a copy button copies it, and the column's name.
    private func copied(_ index: Int) -> (text: String, name: String)? {
        guard let shownRow, shownRow.names.indices.contains(index) else { return nil }
        return (shownRow.texts[index], shownRow.names[index])
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
