// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// A list row that unfolds through a revealer (an Actions row, a Filters result).
@MainActor
protocol UnfoldingRow: ListRow {
    /// Where a click toggles the row: all of it, or its heading when what unfolds can be clicked.
    var toggleArea: Widget { get }
    /// Whether the revealer has finished moving towards its state.
    var isSettled: Bool { get }
    /// Fully unfolded, animation finished.
    var isFullyUnfolded: Bool { get }
}

extension UnfoldingRow {
    /// Folds or unfolds `revealer` with its animation (none when GTK's animations are off),
    /// keeping the keyboard focus on the row rather than on a button about to hide.
    func reveal(_ revealer: Revealer, _ unfolded: Bool) {
        if !unfolded && revealer.isAncestor(ofFocus: root) { root.grabFocus() }
        revealer.revealChild = unfolded
        markUnfolded(unfolded)
    }

    /// Tells assistive technologies and the style sheet whether the row is unfolded.
    func markUnfolded(_ unfolded: Bool) {
        root.setAccessibleExpanded(unfolded)
        if unfolded { root.addCSSClass("expanded") } else { root.removeCSSClass("expanded") }
    }
}

/// The rules every unfolding list of Foldout keeps, in one place: one row unfolded at a time (the
/// page's state says which); a click on a row (without Ctrl or Shift, which select), or Return or
/// space on the focused row, toggles it; Escape in a row folds it; and the unfolding row is
/// followed frame by frame until all of it is in view. Input is handled once, on the list, rather
/// than on each of the ~200 rows GTK keeps; the keys in the capture phase, before GTK's list item
/// handles Return and space itself.
@MainActor
final class RowUnfolding<Key: Hashable, Row: UnfoldingRow> {
    private let listView: ListView
    private let scrolled: ScrolledWindow
    private let rows: () -> [Key: Row]
    /// The key of the unfolded row, if one is.
    private let unfolded: () -> Key?
    /// Toggles the row shown under a key.
    private let toggle: (Key) -> Void
    /// Folds the unfolded row, if any; false if none is.
    private let fold: () -> Bool
    private var followTick: TickToken?

    /// The keys that toggle the focused row and fold the unfolded one, as the page lists them.
    private let keys: (toggle: KeyBinding, fold: KeyBinding)

    /// `rows` are the rows bound now, by key; the page's state says which is `unfolded`, and
    /// changes as `toggle` and `fold` ask.
    init(
        listView: ListView, scrolled: ScrolledWindow, keys: (toggle: KeyBinding, fold: KeyBinding),
        rows: @escaping () -> [Key: Row], unfolded: @escaping () -> Key?, toggle: @escaping (Key) -> Void,
        fold: @escaping () -> Bool
    ) {
        self.keys = keys
        self.listView = listView
        self.scrolled = scrolled
        self.rows = rows
        self.unfolded = unfolded
        self.toggle = toggle
        self.fold = fold
        connectInput()
    }

    private func connectInput() {
        let click = GestureClick()
        click.onReleased { [weak self, weak click] presses, x, y in
            guard let self, presses == 1, click?.isSelectingModifierHeld != true else { return }
            let rows = Array(self.rows())
            guard
                let index = self.listView.indexOfCandidate(holdingPointAt: x, y, among: rows.map(\.value.toggleArea))
            else { return }
            rows[index].value.root.grabFocus()
            self.toggle(rows[index].key)
        }
        listView.add(click)
        let controller = ShortcutController()
        controller.setPhase(.capture)
        controller.add(keys.toggle) { [weak self] in self?.toggleFocusedRow() ?? false }
        controller.add(keys.fold) { [weak self] in
            guard let self, self.unfolded() != nil,
                self.rows().values.contains(where: { $0.root.isAncestor(ofFocus: self.listView) })
            else { return false }
            return self.fold()
        }
        listView.add(controller)
    }

    /// Toggles the row that has the keyboard focus itself (not one of its buttons); false if none has.
    private func toggleFocusedRow() -> Bool {
        guard let (key, _) = rows().first(where: { $0.value.root.isFocus }) else { return false }
        toggle(key)
        return true
    }

    // MARK: Following the unfolded row into view

    /// Whether an unfolding row is still being followed into view.
    var isFollowing: Bool { followTick?.isActive ?? false }

    /// Follows the row unfolding under `key` frame by frame until it has settled, scrolling the
    /// least amount that shows all of it (or its top, if it is taller than the view). A row not
    /// bound now is first scrolled to by its list position.
    func keepInView(_ key: Key, listPosition: Int?) {
        followTick?.remove()
        if rows()[key] == nil, let listPosition { listView.scrollTo(position: listPosition) }
        var settledFrames = 0
        var unplacedFrames = 0
        var followed = 0.0
        followTick = listView.addTickCallback { [weak self] _ in
            guard let self, self.unfolded() == key else { return false }
            guard let row = self.rows()[key], row.root.isMapped else {
                // GTK 4.8 cannot scroll to a position before the list's first allocation, and may
                // keep the row bound but unplaced, off screen: scroll to its position again now.
                guard let listPosition, unplacedFrames < 10 else { return false }
                if self.listView.height > 0 { unplacedFrames += 1 }
                self.listView.scrollTo(position: listPosition)
                return true
            }
            let moved = self.scrollToShow(row, takingBack: followed)
            if moved { followed += self.lastScroll }
            settledFrames = row.isFullyUnfolded && !moved ? settledFrames + 1 : 0
            return settledFrames < 3
        }
    }

    /// Scrolls the least amount that shows all of `row`; returns whether it had to. Up to
    /// `takingBack` pixels scrolled down for it before are taken back where they were too many (the
    /// list re-estimates the rows above while the row unfolds, and its bottom ends above the edge).
    @discardableResult
    func scrollToShow(_ row: Row, takingBack: Double = 0) -> Bool {
        lastScroll = 0
        guard let bounds = row.root.bounds(in: listView) else { return false }
        let viewHeight = Double(listView.height)
        let top = bounds.y
        let bottom = bounds.y + bounds.height
        var delta = 0.0
        if bottom > viewHeight { delta = min(bottom - viewHeight, top) }
        if bottom < viewHeight, takingBack > 0 { delta = max(bottom - viewHeight, -takingBack) }
        if top < 0 { delta = top }
        guard abs(delta) >= 0.5 else { return false }
        let before = scrolled.verticalAdjustment.value
        scrolled.verticalAdjustment.value += delta
        lastScroll = scrolled.verticalAdjustment.value - before
        return lastScroll != 0
    }

    /// How far the last `scrollToShow` scrolled.
    private var lastScroll = 0.0

    /// Keys of the rows inside the viewport, top to bottom.
    var visibleKeys: [Key] {
        let height = Double(listView.height)
        return rows().compactMap { key, row -> (Key, Double)? in
            guard let bounds = row.root.bounds(in: listView), bounds.y >= 0, bounds.y + bounds.height <= height else {
                return nil
            }
            return (key, bounds.y)
        }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// No revealer is moving and no unfolding row is being followed.
    var isSettled: Bool { !isFollowing && rows().values.allSatisfy(\.isSettled) }
}
