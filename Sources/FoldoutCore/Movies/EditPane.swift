// SPDX-License-Identifier: GPL-3.0-or-later
/// The Edit pane's state (seed 004): open or closed. Starts closed.
public final class EditPane {
    public enum Change: Equatable, Sendable { case opened, closed }

    public private(set) var isOpen = false
    public let changes = Observers<Change>()

    public init() {}

    public func toggle() {
        if isOpen { close() } else { open() }
    }

    /// Opens the pane; does nothing (and sends nothing) if it is open.
    public func open() {
        guard !isOpen else { return }
        isOpen = true
        changes.send(.opened)
    }

    /// Closes the pane; does nothing (and sends nothing) if it is closed.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        changes.send(.closed)
    }
}
