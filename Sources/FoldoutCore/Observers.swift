// SPDX-License-Identifier: GPL-3.0-or-later
/// Change notification for view models: the UI subscribes, the model calls `send` after each change.
public final class Observers<Change> {
    private var handlers: [Int: (Change) -> Void] = [:]
    private var nextKey = 0

    public init() {}

    /// Calls `handler` after every change until the returned token is cancelled or released.
    public func add(_ handler: @escaping (Change) -> Void) -> ObservationToken {
        let key = nextKey
        nextKey += 1
        handlers[key] = handler
        return ObservationToken { [weak self] in self?.handlers[key] = nil }
    }

    public func send(_ change: Change) {
        for key in handlers.keys.sorted() {
            handlers[key]?(change)
        }
    }

    public var count: Int { handlers.count }
}

/// Ends an observation when cancelled or when it goes away.
public final class ObservationToken {
    private var cancellation: (() -> Void)?

    init(_ cancellation: @escaping () -> Void) { self.cancellation = cancellation }

    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    deinit { cancel() }
}
