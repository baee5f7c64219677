// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// The number of the newest piece of background work of one kind (a search, a summary), read by
/// the older ones to stop early: each new request supersedes the ones before.
final class WorkGeneration: Sendable {
    private let value = Atomic<Int>(0)
    func set(_ request: Int) { value.store(request, ordering: .relaxed) }
    func isNewest(_ request: Int) -> Bool { value.load(ordering: .relaxed) == request }
}
