// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Runs a closure on a thread of its own; `join` waits for it to finish. For splitting one large
/// job in two, where the caller does the other half and waits.
final class CatalogThread {
    private var thread: SystemLibrary.Thread?

    /// Runs `body` on a new thread, or here and now if no thread can be made.
    init(_ body: @escaping () -> Void) {
        thread = SystemLibrary.startThread(body)
        if thread == nil { body() }
    }

    func join() {
        thread?.join()
        thread = nil
    }
}

extension CatalogThread {
    /// Calls `body` for every index in 0..<count, on this thread and one more, each taking the
    /// next index not yet taken (so that a slow index does not hold the other thread up).
    static func forEachIndex(_ count: Int, _ body: @escaping (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let next = NextIndex()
        let helper = CatalogThread {
            while case let index = next.take(), index < count { body(index) }
        }
        while case let index = next.take(), index < count { body(index) }
        helper.join()
    }

    private final class NextIndex: Sendable {
        private let value = Atomic<Int>(0)
        func take() -> Int { value.add(1, ordering: .relaxed).oldValue }
    }
}
