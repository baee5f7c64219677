// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// What a row's buttons ask of the page. Rows never change state themselves: they are recycled.
/// Clicks on the row and its keys (Return, space, Escape) are handled once, by the page's list.
@MainActor
protocol ActionRowDelegate: AnyObject {
    func rowWantsShare(_ id: ItemID)
    func rowWantsRemove(_ id: ItemID)
}

/// One recycled row of the Actions page: author and title, and beneath them a revealer with the
/// detail text and the Share and Remove buttons. GtkListView keeps about 200 rows alive, so the
/// unfolding part is built only the first time a row has to show it.
@MainActor
final class ActionRow: UnfoldingRow {
    let root = Box(.vertical, role: .button)
    /// Author (bold) over title in one inscription: GtkListView 4.8 keeps ~200 rows alive, and
    /// every widget per row, and every time its text is shaped, shows in the start-up time.
    let heading = Inscription()
    private var unfoldingPart: UnfoldingPart?
    private var detailText = ""
    private(set) var itemID: ItemID?
    weak var delegate: ActionRowDelegate?

    /// The revealer and what it unfolds: the detail text and the action bar.
    @MainActor final class UnfoldingPart {
        let revealer = Revealer(.slideDown, durationMS: 250)
        let detail = Label(wrap: true)
        let share = Button(label: tr("Share"))
        let remove = Button(label: tr("Remove"))

        init() {
            detail.xalign = 0
            detail.addCSSClass("detail")
            let actionBar = Box(.horizontal, spacing: 6)
            actionBar.setAlign(horizontal: .end)
            remove.addCSSClass("destructive-action")
            actionBar.append(share)
            actionBar.append(remove)
            let box = Box(.vertical, spacing: 8)
            box.addCSSClass("unfolded")
            box.append(detail)
            box.append(actionBar)
            revealer.child = box
        }
    }

    init() {
        root.isFocusable = true
        root.addCSSClass("action-row")
        heading.setLines(2)
        heading.addCSSClass("row-heading")
        heading.hexpand = true
        // The row's affordance: an arrow that turns as the row unfolds, as the combo rows' do.
        let arrow = Image(iconName: "pan-end-symbolic")
        arrow.addCSSClass("expander-arrow")
        arrow.setAlign(vertical: .center)
        let top = Box(.horizontal, spacing: 8)
        top.append(heading)
        top.append(arrow)
        root.append(top)
    }

    /// The unfolding part, built on first use.
    var unfolding: UnfoldingPart {
        if let unfoldingPart { return unfoldingPart }
        let part = UnfoldingPart()
        part.detail.text = detailText
        part.share.onClicked { [weak self] in
            guard let self, let id = self.itemID else { return }
            self.delegate?.rowWantsShare(id)
        }
        part.remove.onClicked { [weak self] in
            guard let self, let id = self.itemID else { return }
            self.delegate?.rowWantsRemove(id)
        }
        root.append(part.revealer)
        unfoldingPart = part
        return part
    }

    var toggleArea: Widget { root }

    /// Unfolded or unfolding.
    var isUnfolded: Bool { unfoldingPart?.revealer.revealChild ?? false }
    /// Whether the revealer has finished moving towards its state.
    var isSettled: Bool { unfoldingPart.map { $0.revealer.childRevealed == $0.revealer.revealChild } ?? true }
    /// Fully unfolded, animation finished.
    var isFullyUnfolded: Bool { unfoldingPart?.revealer.childRevealed ?? false }

    /// Shows `item` in its state at once: a recycled row must not animate.
    func bind(_ item: FeedItem, expanded: Bool) {
        itemID = item.id
        heading.setText(bold: item.author, plain: "\n" + item.title)
        detailText = item.detail
        let name = tr("{title}, by {author}", ["title": item.title, "author": item.author])
        root.setAccessibleLabel(name)
        root.setParentAccessibleLabel(name)
        if expanded || unfoldingPart != nil {
            unfolding.detail.text = item.detail
            unfolding.revealer.setRevealedImmediately(expanded)
        }
        markUnfolded(expanded)
    }

    func unbind() {
        itemID = nil
    }

    /// Folds or unfolds with the revealer's animation (none when GTK's animations are off).
    func setExpanded(_ expanded: Bool) {
        guard expanded || unfoldingPart != nil else { return }
        reveal(unfolding.revealer, expanded)
    }
}
