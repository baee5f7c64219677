// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

extension Label {
    /// Makes the label a line's dimmed caption, taking the room left and cut short at its end
    /// (where the results come from; how many columns a summary or groups a grouping has).
    func makeDimCaption() {
        xalign = 0
        hexpand = true
        ellipsizeEnd()
        addCSSClass("dim-label")
    }
}
