// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// How a small dialog that asks something is answered: Cancel and the suggested button at the end
/// of its content, `accept` the window's default (Enter in a field that activates the default),
/// Escape or closing the window cancel; the answer is given once, the window closed first.
/// Connect to Database… and the password prompt end so.
@MainActor
final class DialogAnswer<Value> {
    private let window: Window
    private let onAnswer: @MainActor (Value?) -> Void
    private var answered = false

    init(_ window: Window, onAnswer: @escaping @MainActor (Value?) -> Void) {
        self.window = window
        self.onAnswer = onAnswer
    }

    /// Puts Cancel and `accept` at the end of `content`, and `content` in the window.
    func finish(content: Box, accept: Button, cancel: Button, onAccept: @escaping @MainActor () -> Void) {
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlign(horizontal: .end)
        buttons.append(cancel)
        buttons.append(accept)
        accept.addCSSClass("suggested-action")
        cancel.onClicked { [weak self] in self?.give(nil) }
        accept.onClicked(onAccept)
        content.append(buttons)
        content.installActions("dialog", [KeyedAction("cancel", keys: "Escape") { [weak self] in self?.give(nil) }])
        window.child = content
        window.setDefaultWidget(accept)
        window.onCloseRequest { [weak self] in
            self?.give(nil)
            return false
        }
    }

    /// Closes the window and answers `value` (nil: cancelled), unless it has answered already.
    func give(_ value: Value?) {
        guard !answered else { return }
        answered = true
        window.setTransient(for: nil)
        window.destroy()
        onAnswer(value)
    }
}
