// SPDX-License-Identifier: GPL-3.0-or-later
/// Saves the library after every change (except a change of selection); remembers a failure and
/// retries on the next change, which writes the whole library, so nothing edited meanwhile is lost.
public final class LibraryAutosave {
    public enum Status: Equatable, Sendable {
        case saved
        /// The last save failed; `reason` is the C library's text, e.g. "Permission denied".
        case failing(reason: String)
    }

    public enum Change: Equatable, Sendable { case status(Status) }

    /// `.saved` until a save fails.
    public private(set) var status: Status = .saved
    /// Sent when `status` changes, not on every save.
    public let changes = Observers<Change>()

    private let library: MovieLibrary
    private let store: LibraryStore
    private var observation: ObservationToken?

    /// Saves nothing yet; the first change of `library` does.
    public init(library: MovieLibrary, store: LibraryStore) {
        self.library = library
        self.store = store
        observation = library.changes.add { [weak self] change in
            if case .selected = change { return }
            self?.saveNow()
        }
    }

    /// Saves the library now, with the same status handling.
    public func saveNow() {
        let newStatus: Status
        do {
            try store.save(library.movies)
            newStatus = .saved
        } catch {
            newStatus = .failing(reason: error.reason)
        }
        guard newStatus != status else { return }
        status = newStatus
        changes.send(.status(newStatus))
    }
}
