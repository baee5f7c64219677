// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A line that says what long work is doing: what (a label), how far (a progress bar, or a
/// spinner when that is not known) and a Cancel button. Hidden until shown.
@MainActor
final class ProgressStrip {
    let root = Box(.horizontal, spacing: 8)
    let label = Label()
    let spinner = Spinner()
    let progressBar = ProgressBar()
    let cancelButton = Button(label: tr("Cancel"))

    init(cancelTooltip: String, onCancel: @escaping @MainActor () -> Void) {
        root.append(spinner)
        // A long name ("Opening flights on nycflights@/run/postgresql…") is shortened, whole in
        // the tooltip: the strip shares its line with the results' status.
        label.ellipsizeEnd()
        label.hexpand = true
        label.xalign = 0
        root.append(label)
        progressBar.setSizeRequest(width: 160)
        progressBar.setAlign(vertical: .center)
        root.append(progressBar)
        cancelButton.tooltip = cancelTooltip
        cancelButton.onClicked(onCancel)
        root.append(cancelButton)
        root.isVisible = false
    }

    /// Shows `text`, with a progress bar from 0 and Cancel, or with a spinner.
    func show(_ text: String, progress: Bool) {
        label.text = text
        label.tooltip = text
        spinner.isVisible = !progress
        spinner.spinning = !progress
        progressBar.isVisible = progress
        progressBar.fraction = 0
        cancelButton.isVisible = progress
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
        spinner.spinning = false
    }
}
