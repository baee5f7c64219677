// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A GNOME-style in-window notification (a toast): rises from the bottom of the window, where it
/// covers no field being typed into (the Edit pane and the search are at the top), says one
/// thing, optionally offers Undo, and goes away after a few seconds.
@MainActor
final class InAppNotification {
    let root = Revealer(.slideUp, durationMS: 200)
    let message = Label(wrap: true)
    let undoButton = Button(label: tr("_Undo"), mnemonic: true)
    private let closeButton = Button(iconName: "window-close-symbolic", tooltip: tr("Dismiss"))
    private var undo: (() -> Void)?
    private weak var window: Window?
    /// The focused text field and its text when the notification was shown.
    private var fieldWhenShown: (identity: Int, text: String)?
    private var hideTimer: SourceToken?
    /// Counts the notifications shown, so that a frame painted for an earlier one starts no timer.
    private var shownCount = 0
    static let defaultSeconds: UInt32 = 5

    init() {
        root.setAlign(horizontal: .center, vertical: .end)
        let box = Box(.horizontal, spacing: 12)
        box.addCSSClass("app-notification")
        message.hexpand = true
        box.append(message)
        box.append(undoButton)
        closeButton.addCSSClass("flat")
        box.append(closeButton)
        root.child = box
        root.isVisible = false

        undoButton.onClicked { [weak self] in self?.performUndo() }
        closeButton.onClicked { [weak self] in self?.dismiss() }
    }

    var isShown: Bool { root.revealChild }
    var text: String { message.text }
    var offersUndo: Bool { undoButton.isVisible && isShown }
    /// Whether the seconds until it goes are running: from the first frame that shows it.
    var isCountingDown: Bool { hideTimer?.isActive ?? false }

    /// Shows `text`, replacing what was shown; with `undo`, an Undo button that calls it.
    func show(_ text: String, seconds: UInt32 = defaultSeconds, undo: (() -> Void)? = nil) {
        message.text = text
        self.undo = undo
        fieldWhenShown = window?.focusedTextField
        undoButton.isVisible = undo != nil
        root.isVisible = true
        root.revealChild = true
        hideTimer?.cancel()
        hideTimer = nil
        shownCount += 1
        let count = shownCount
        // The seconds count from the first frame that shows it: a window that is slow to paint, or
        // not on screen yet, does not lose its Undo before anyone could see it.
        root.afterNextFrame { [weak self] in
            guard let self, self.shownCount == count, self.isShown else { return }
            self.hideTimer = MainLoop.timeout(milliseconds: seconds * 1000) { [weak self] in
                self?.dismiss()
                return false
            }
        }
    }

    static var undoKey: KeyBinding {
        KeyBinding("<Control>z", tr("Undo"), .general, mnemonicOf: tr("_Undo"))
    }

    /// Ctrl+Z anywhere in `window` runs the offered Undo; in a text field, only if it had the
    /// focus when the notification came and still holds what it held then (else Ctrl+Z undoes
    /// the typing, the field's own undo). GTK's text fields take Ctrl+Z for themselves even with
    /// nothing to undo, so the window looks at it first.
    func installUndoShortcut(in window: Window) {
        self.window = window
        let shortcuts = ShortcutController()
        shortcuts.setPhase(.capture)
        shortcuts.add(Self.undoKey) { [weak self, weak window] in
            guard let self, self.offersUndo else { return false }
            if let field = window?.focusedTextField {
                guard let before = self.fieldWhenShown, field == before else { return false }
            }
            self.performUndo()
            return true
        }
        window.add(shortcuts)
    }

    /// Runs the offered Undo, if there is one.
    func performUndo() {
        guard offersUndo, let undo else { return }
        dismiss()
        undo()
    }

    func dismiss() {
        hideTimer?.cancel()
        hideTimer = nil
        undo = nil
        root.revealChild = false
    }
}
