import CGtk
import FoldoutCore
import Gtk

/// What a row asks of its page. Rows never change state themselves: they are recycled.
@MainActor
protocol ActionRowDelegate: AnyObject {
    func rowWantsToggle(_ id: ItemID)
    func rowWantsFold()
    func rowWantsShare(_ id: ItemID)
    func rowWantsRemove(_ id: ItemID)
}

/// One recycled row of the Actions page: author and title, and beneath them a revealer with the
/// detail text and the Share and Remove buttons.
@MainActor
final class ActionRow {
    let root = Box(GTK_ORIENTATION_VERTICAL, role: GTK_ACCESSIBLE_ROLE_BUTTON)
    let revealer = Revealer(GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN, durationMS: 250)
    let share = Button(label: "Share")
    let remove = Button(label: "Remove")
    private let author = Label()
    private let title = Label()
    private let detail = Label(wrap: true)
    private let actions = ActionGroup()
    private(set) var itemID: ItemID?
    weak var delegate: ActionRowDelegate?

    init() {
        root.isFocusable = true
        root.addCSSClass("action-row")

        let header = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        header.addCSSClass("header")
        for label in [author, title] {
            label.xalign = 0
            label.ellipsizeEnd()
            header.append(label)
        }
        author.addCSSClass("author")
        title.addCSSClass("title")
        root.append(header)

        detail.xalign = 0
        detail.addCSSClass("detail")
        let actionBar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        actionBar.addCSSClass("action-bar")
        actionBar.setAlign(horizontal: GTK_ALIGN_END)
        remove.addCSSClass("destructive-action")
        actionBar.append(share)
        actionBar.append(remove)
        let unfolded = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        unfolded.addCSSClass("unfolded")
        unfolded.append(detail)
        unfolded.append(actionBar)
        revealer.child = unfolded
        root.append(revealer)

        connectInput()
    }

    private func connectInput() {
        share.onClicked { [weak self] in
            guard let self, let id = self.itemID else { return }
            self.delegate?.rowWantsShare(id)
        }
        remove.onClicked { [weak self] in
            guard let self, let id = self.itemID else { return }
            self.delegate?.rowWantsRemove(id)
        }
        // Buttons claim their own clicks, so this only sees clicks on the row itself.
        let click = GestureClick()
        click.onReleased { [weak self] presses, _, _ in
            guard let self, presses == 1, let id = self.itemID else { return }
            self.root.grabFocus()
            self.delegate?.rowWantsToggle(id)
        }
        root.add(click)

        actions.add("toggle") { [weak self] in
            guard let self, let id = self.itemID else { return }
            self.delegate?.rowWantsToggle(id)
        }
        actions.add("fold") { [weak self] in self?.delegate?.rowWantsFold() }
        root.insertActionGroup("row", actions)
        let keys = ShortcutController()
        keys.add(accelerators: "Return|KP_Enter|ISO_Enter|space|KP_Space", action: "row.toggle")
        keys.add(accelerators: "Escape", action: "row.fold")
        root.add(keys)
    }

    /// Shows `item` in its state at once: a recycled row must not animate.
    func bind(_ item: FeedItem, expanded: Bool) {
        itemID = item.id
        author.text = item.author
        title.text = item.title
        detail.text = item.detail
        root.setAccessibleLabel("\(item.title), by \(item.author)")
        revealer.setRevealedImmediately(expanded)
        markExpanded(expanded)
    }

    func unbind() {
        itemID = nil
    }

    /// Folds or unfolds with the revealer's animation (none when GTK's animations are off).
    func setExpanded(_ expanded: Bool) {
        if !expanded && revealer.isAncestor(ofFocus: root) {
            root.grabFocus() // keep keyboard focus on the row, not on a button about to hide
        }
        revealer.revealChild = expanded
        markExpanded(expanded)
    }

    private func markExpanded(_ expanded: Bool) {
        root.setAccessibleExpanded(expanded)
        if expanded { root.addCSSClass("expanded") } else { root.removeCSSClass("expanded") }
    }
}
