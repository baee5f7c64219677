// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What the Groups view shows below an innermost group: its rows, each titled and detailed as the
/// rows view does, their records' fields, and the row that lists more; and how each is heard.
extension GroupsTable {
    /// A group's row: its title, and its own values under the measures.
    func showMember(_ cell: Cell, _ id: UInt32) {
        clear(cell)
        guard let record = tree.record(id) else { return }
        switch cell.part {
        case .key:
            let title = record.shown.indices.contains(titleColumn) ? record.shown[titleColumn] : nil
            cell.text.text = title ?? tr("No value")
            cell.text.tooltip = cell.text.text
            cell.text.setCSSClass("dim-label", title == nil)
            cell.expander?.setAccessibleLabel(heardMember(record, id))
        case .count:
            cell.text.text = ResultRow.detailsText(
                detailColumns.filter(record.shown.indices.contains).compactMap { column in
                    record.shown[column].map { (record.names[column], $0) }
                })
            cell.text.tooltip = cell.text.text
            cell.text.xalign = 0
            cell.text.setCSSClass("dim-label", true)
        case .measure(let index):
            cell.text.text = memberValue(record, index) ?? "—"
        }
    }

    func memberValue(_ record: ShownRecord, _ index: Int) -> String? {
        let column = tree.grouping.measures[index].column
        return record.shown.indices.contains(column) ? record.shown[column] : nil
    }

    /// A field of a row's record: its name under the keys, its value beside it.
    func showField(_ cell: Cell, _ id: UInt32, _ index: Int) {
        clear(cell)
        guard let record = tree.record(id), record.names.indices.contains(index) else { return }
        let value = record.shown[index] ?? tr("No value")
        switch cell.part {
        case .key:
            cell.text.text = record.names[index]
            cell.text.tooltip = record.names[index]
            cell.text.setCSSClass("dim-label", true)
            cell.expander?.setAccessibleLabel(
                record.names[index] + ": " + Self.heardValue(record, index, none: tr("No value")))
        case .count:
            cell.text.text = value
            cell.text.xalign = 0
            cell.text.setCSSClass("dim-label", record.shown[index] == nil)
        case .measure: break
        }
    }

    /// The row under a group's listed rows that lists more of them.
    func showMore(_ cell: Cell, _ path: [GroupKey]) {
        clear(cell)
        guard case .key = cell.part, let button = cell.moreButton else { return }
        let count = tree.group(at: path)?.count ?? 0
        let left = count - tree.listedMemberCount(path)
        let next = min(left, GroupTree.memberPage)
        button.label = trn(
            "Show {next} more of {left} row", "Show {next} more of {left} rows", left,
            ["next": NumberText.grouped(next), "left": NumberText.grouped(left)])
        button.isVisible = true
    }

    /// A value as a screen reader hears it: as held, without the marks that isolate it when shown.
    static func heardValue(_ record: ShownRecord, _ column: Int, none: String) -> String {
        let text = record.texts.indices.contains(column) ? record.texts[column] : ""
        return text.isEmpty ? none : text
    }

    /// "N14228, row 3 of UA, EWR, arr_delay 11, level 3".
    func heardMember(_ record: ShownRecord, _ id: UInt32) -> String {
        let title = Self.heardValue(record, titleColumn, none: tr("No value"))
        guard case .member(let path, _, let index) = tree.node(id) else { return title }
        let labels = path.indices.compactMap { tree.group(at: Array(path.prefix($0 + 1)))?.label }
        let place = ["row": NumberText.grouped(index + 1), "group": labels.joined(separator: ", ")]
        var parts = [title, tr("row {row} of {group}", place)]
        for index in tree.grouping.measures.indices {
            let column = tree.grouping.measures[index].column
            guard columns.indices.contains(column) else { continue }
            parts.append(columns[column].name + " " + Self.heardValue(record, column, none: tr("no value")))
        }
        parts.append(tr("level {level}", ["level": String(tree.level(of: id))]))
        return parts.joined(separator: ", ")
    }
}
