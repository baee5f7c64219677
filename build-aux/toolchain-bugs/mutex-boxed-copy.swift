// SPDX-License-Identifier: GPL-3.0-or-later
// The workaround for mutex-zeroed-copy.swift: the struct kept in a final class, whose reference is
// what comes out of Mutex.withLock. Prints ",x" with -O as with -Onone. Checked by check.sh.
import Synchronization

struct Four: Sendable {
    var a = "."
    var b = ","
    var c = "."
    var d = ","
}

final class Boxed: Sendable {
    let value: Four
    init(_ value: Four) { self.value = value }
}

enum Store {
    static let shared = Mutex(Boxed(Four()))
    static var current: Four { shared.withLock { $0 }.value }
}

print(Store.current.b + "x")
