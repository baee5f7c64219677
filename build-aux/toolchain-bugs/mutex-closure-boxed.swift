// SPDX-License-Identifier: GPL-3.0-or-later
// The workaround for mutex-closure-thunks.swift: the closure kept in a final class, whose
// reference is what comes out of Mutex.withLock. The 4,000th call costs what the first does
// (prints 1). Checked by check.sh.
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

typealias LookUp = @Sendable (String) -> String

final class Installed: Sendable {
    let lookUp: LookUp
    init(_ lookUp: @escaping LookUp) { self.lookUp = lookUp }
}

enum Store {
    static let installed = Mutex<Installed?>(nil)
    static var current: Installed? { installed.withLock { $0 } }
}

func microseconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    for _ in 0..<500 { body() }
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e6 + Double(end.tv_nsec - start.tv_nsec) / 1e3
}

let box = Installed { $0 }
Store.installed.withLock { $0 = box }
var count = 0
let first = microseconds { count += Store.current?.lookUp("x").count ?? 0 }
for _ in 0..<3_000 { count += Store.current?.lookUp("x").count ?? 0 }
let later = microseconds { count += Store.current?.lookUp("x").count ?? 0 }
print(Int((later / first).rounded()))
