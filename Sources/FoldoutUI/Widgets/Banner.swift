// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// A message across the top of a page that stays until the situation changes (a damaged file, a
/// folder that cannot be written), unlike the in-window notification, which goes away by itself.
/// A one-line summary over a one-line detail, each ellipsized with the whole text as tooltip:
/// wrapping labels in a revealer trip GTK 4.8's height-for-width checks.
@MainActor
final class Banner {
    let root = Revealer(.slideDown, durationMS: 200)
    let summary = Label()
    let detail = Label()

    /// `action`, if given, stands at the banner's end (Retry).
    init(action: Button? = nil) {
        let box = Box(.horizontal, spacing: 10)
        box.addCSSClass("warning-banner")
        box.append(Image(iconName: "dialog-warning-symbolic"))
        let texts = Box(.vertical, spacing: 2)
        texts.hexpand = true
        for label in [summary, detail] {
            label.xalign = 0
            label.ellipsizeEnd()
            texts.append(label)
        }
        summary.addCSSClass("banner-summary")
        box.append(texts)
        if let action {
            action.setAlign(vertical: .center)
            box.append(action)
        }
        root.child = box
    }

    var isShown: Bool { root.revealChild }
    var text: String { summary.text + "\n" + detail.text }

    func show(_ summary: String, detail: String) {
        self.summary.text = summary
        self.summary.tooltip = summary
        self.detail.text = detail
        self.detail.tooltip = detail
        root.revealChild = true
    }

    func hide() { root.revealChild = false }
}
