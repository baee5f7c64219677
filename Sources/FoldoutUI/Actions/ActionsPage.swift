// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The Actions page (seeds 000 and 002): a long list whose rows unfold their detail text and
/// Share / Remove buttons, one row at a time, surviving recycling, scrolled into view.
@MainActor
final class ActionsPage: ActionRowDelegate {
    let root = ScrolledWindow()
    let viewModel: ActionsList
    private let model = IdListModel()
    private let notification: InAppNotification
    private let rows: ListBinder<ActionsPage, ItemID, ActionRow>
    var listView: ListView { rows.listView }
    /// The rows currently showing an item, by item. Recycled rows leave on unbind.
    var boundRows: [ItemID: ActionRow] { rows.boundRows }
    private var observation: ObservationToken?
    private lazy var unfolding = RowUnfolding<ItemID, ActionRow>(
        listView: listView, scrolled: root, keys: (Self.unfoldKey, Self.foldKey),
        rows: { [unowned self] in self.boundRows },
        unfolded: { [unowned self] in self.viewModel.expanded },
        toggle: { [unowned self] id in self.viewModel.toggle(id) },
        fold: { [unowned self] in
            guard self.viewModel.expanded != nil else { return false }
            self.viewModel.fold()
            return true
        })

    static var unfoldKey: KeyBinding {
        KeyBinding("Return|KP_Enter|ISO_Enter|space|KP_Space", tr("Unfold or fold the row"), .actions)
    }
    static var foldKey: KeyBinding { KeyBinding("Escape", tr("Fold the row"), .actions) }
    /// Every key the page answers, as the shortcuts window lists them: GTK's list moves the focus
    /// with the arrows, and Tab goes through a row's buttons (`foldout_list_tab`).
    static var keyBindings: [KeyBinding] {
        [
            KeyBinding("Up|Down", tr("Move between rows"), .actions), unfoldKey, foldKey,
            KeyBinding("Tab", tr("Go to the row’s buttons"), .actions),
        ]
    }

    /// GtkListView 4.8 builds and binds about 200 rows for whatever its model holds, however few
    /// fit in view, as soon as it holds them. So the model is empty until the list is mapped, and
    /// then holds a screenful of items: enough rows of the smallest height to fill the window as it
    /// opens. The rest are added once the window's first frame is painted and the main loop has
    /// nothing more urgent to do.
    static func firstScreenful(height: Int?) -> Int { (height ?? 2_160) / minimumRowHeight + 1 }
    private static let minimumRowHeight = 32

    init(viewModel: ActionsList, notification: InAppNotification) {
        self.viewModel = viewModel
        self.notification = notification
        rows = ListBinder(model: model, makeRow: ActionRow.init) { page, row, item in page.bind(row, to: item) }
        listView.addCSSClass("actions-list")
        listView.setBool("show-separators", true)
        root.child = listView
        root.vexpand = true
        rows.owner = self

        _ = unfolding  // its input handlers, on the list from now on
        observation = viewModel.changes.add { [weak self] change in self?.apply(change) }
        listView.on("map") { [weak self] in self?.listFirstScreenful() }
        if !hasEveryItem { listView.afterNextFrame(priority: .low) { [weak self] in self?.addRemainingItems() } }
    }

    /// Whether the list model holds every item yet: until then it holds the view model's first ones.
    var hasEveryItem: Bool { model.count == viewModel.count }

    /// The items the list model holds, in order.
    var listedIDs: [ItemID] { (0..<model.count).map { ItemID(model.id(at: $0)) } }

    /// Lists the items the window the list opens in can show, unless every item is listed.
    private func listFirstScreenful() {
        guard !hasEveryItem else { return }
        let screenful = min(
            Self.firstScreenful(height: listView.rootOpeningHeight ?? Display.tallestMonitorHeight), viewModel.count)
        guard model.count < screenful else { return }
        model.splice(at: model.count, removing: 0, inserting: viewModel.ids[model.count..<screenful].map(\.raw))
    }

    /// Adds the items past the first screenful, in one items-changed signal.
    func addRemainingItems() {
        guard !hasEveryItem else { return }
        model.splice(at: model.count, removing: 0, inserting: viewModel.ids[model.count...].map(\.raw))
    }

    private func bind(_ row: ActionRow, to item: ListItem) -> ItemID? {
        guard let raw = item.itemID else { return nil }
        let id = ItemID(raw)
        row.delegate = self
        row.bind(viewModel.item(id), expanded: viewModel.isExpanded(id))
        return id
    }

    private func apply(_ change: ActionsList.Change) {
        switch change {
        case .expansion(let folded, let unfolded):
            if let folded { boundRows[folded]?.setExpanded(false) }
            if let unfolded {
                boundRows[unfolded]?.setExpanded(true)
                keepInView(unfolded)
            }
        // Before the remaining items are added, the model stays a prefix of the view model's items.
        case .removed(_, let index):
            if index < model.count { model.splice(at: index, removing: 1) }
        case .inserted(let id, let index):
            if index <= model.count { model.splice(at: index, removing: 0, inserting: [id.raw]) }
        }
    }

    // MARK: Unfolding (the rules shared with the Filters results: `RowUnfolding`)

    /// Whether an unfolding row is still being followed into view.
    var isFollowingUnfold: Bool { unfolding.isFollowing }

    private func keepInView(_ id: ItemID) {
        addRemainingItems()
        unfolding.keepInView(id, listPosition: viewModel.index(of: id))
    }

    /// Returns whether it had to scroll.
    @discardableResult
    func scrollToShow(_ row: ActionRow) -> Bool { unfolding.scrollToShow(row) }

    /// Items of the rows inside the viewport, top to bottom.
    var visibleRowIDs: [ItemID] { unfolding.visibleKeys }

    /// No revealer is moving and no unfolding row is being followed.
    var isSettled: Bool { unfolding.isSettled }

    /// Puts the keyboard focus on a row: the one it was on last, else the unfolded one, else the first.
    func focusFirst() {
        listView.focusRow(otherwise: viewModel.expanded.flatMap { viewModel.index(of: $0) } ?? 0)
    }

    // MARK: ActionRowDelegate

    func rowWantsShare(_ id: ItemID) {
        let item = viewModel.item(id)
        Display.copyToClipboard(item.shareText)
        notification.show(tr("Copied “{title}” to the clipboard", ["title": item.title]))
    }

    func rowWantsRemove(_ id: ItemID) {
        let title = viewModel.item(id).title
        guard let removal = viewModel.remove(id) else { return }
        notification.show(tr("Removed “{title}”", ["title": title])) { [weak self] in self?.restore(removal) }
        focusRow(at: removal.index)
    }

    /// Undoes a removal: the row back in its place, unfolded if it was (which scrolls it into
    /// view as it unfolds), in view and with the keyboard focus.
    func restore(_ removal: ActionsList.Removal) {
        guard viewModel.undo(removal), let index = viewModel.index(of: removal.id) else { return }
        if !removal.wasExpanded {
            if let row = boundRows[removal.id] { scrollToShow(row) } else { listView.scrollTo(position: index) }
        }
        MainLoop.idle { [weak self] in
            guard let self, let row = self.boundRows[removal.id] else { return false }
            if !removal.wasExpanded { self.scrollToShow(row) }
            row.root.grabFocus()
            return false
        }
    }

    /// Puts keyboard focus on the row now at `index` once the list has rebound its rows.
    private func focusRow(at index: Int) {
        MainLoop.idle { [weak self] in
            guard let self, self.viewModel.count > 0 else { return false }
            let id = self.viewModel.id(at: min(index, self.viewModel.count - 1))
            self.boundRows[id]?.root.grabFocus()
            return false
        }
    }
}
