// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// A row of a list that a `ListBinder` binds: its widget goes into GTK's list item.
@MainActor
protocol ListRow: AnyObject {
    var root: Box { get }
    /// Called when GTK takes the row off its item (it is recycled for another one, or dropped).
    func unbind()
}

/// The plumbing every page's list shares: a list view over `model` whose rows are made once per
/// GTK list item (about 200 are kept alive however long the list) and recycled, and the rows bound
/// now by key. A page declares only how a row is made and how it shows an item.
@MainActor
final class ListBinder<Owner: AnyObject, Key: Hashable, Row: ListRow> {
    let listView: ListView
    /// The rows showing an item now, by the key their `bind` returned.
    private(set) var boundRows: [Key: Row] = [:]
    private var keys: [ObjectIdentifier: Key] = [:]
    private var factory: ListItemFactory<Row>!
    /// The page, once it exists: rows made during its init are bound only after.
    weak var owner: Owner?

    /// `bind` shows the item of `ListItem` in the row and returns the key it is bound under, or nil
    /// if there is nothing to show.
    init(
        model: ListModel, selection: ListView.SelectionMode = .none, activatable: Bool = false,
        makeRow: @escaping @MainActor () -> Row, bind: @escaping @MainActor (Owner, Row, ListItem) -> Key?
    ) {
        let binder = Unowned<ListBinder>()
        factory = ListItemFactory<Row>(
            setup: { item in
                item.setActivatable(activatable)
                let row = makeRow()
                item.setFocusable(!row.root.isFocusable)
                item.setChild(row.root)
                return row
            },
            bind: { row, item in
                guard let binder = binder.value, let owner = binder.owner, let key = bind(owner, row, item) else {
                    return
                }
                binder.boundRows[key] = row
                binder.keys[ObjectIdentifier(row)] = key
            },
            unbind: { row, _ in binder.value?.unbind(row) }
        )
        listView = ListView(model: model, factory: factory, selection: selection)
        binder.value = self
    }

    private func unbind(_ row: Row) {
        if let key = keys.removeValue(forKey: ObjectIdentifier(row)), boundRows[key] === row { boundRows[key] = nil }
        row.unbind()
    }
}

/// Lets the factory's closures, made before the binder exists, reach it without keeping it alive.
private final class Unowned<Value: AnyObject> {
    weak var value: Value?
}
