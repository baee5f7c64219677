// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk
import XCTest

@testable import FoldoutUI

extension GtkTestCase {
    /// Opens `menu`'s flyout as a click on its button does, and waits until it is laid out for
    /// the window as it is: a flyout opened before its window is drawn (or while it grows) is laid
    /// out again, and that drops a click on an option under way. False if it never is.
    @MainActor func openFlyout(_ menu: FacetMenu) -> Bool {
        guard pump(until: { (menu.button.rootHeight ?? 0) > 0 }) else { return false }
        menu.button.popup()
        return pump {
            menu.popover.isMapped && !menu.optionButtons.isEmpty
                && menu.laidOutForHeight == FacetMenu.availableHeight(windowHeight: menu.button.rootHeight ?? 600)
        }
    }
}
