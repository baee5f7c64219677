// SPDX-License-Identifier: GPL-3.0-or-later
// Swift 6.3.1 (x86_64 Linux), -O: a struct of four Strings copied out of Mutex.withLock comes back
// zeroed, so this prints "x" instead of ",x" (with -Onone it prints ",x"). Three Strings come back
// whole; so does a class reference, which is why RegionFormat keeps its value in a box
// (mutex-boxed-copy.swift). No unsafe code is involved. Checked by check.sh.
import Synchronization

struct Four: Sendable {
    var a = "."
    var b = ","
    var c = "."
    var d = ","
}

enum Store {
    static let shared = Mutex(Four())
    static var current: Four { shared.withLock { $0 } }
}

print(Store.current.b + "x")
