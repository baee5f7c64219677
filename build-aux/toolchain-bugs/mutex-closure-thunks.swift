// SPDX-License-Identifier: GPL-3.0-or-later
// Swift 6.3.1 (x86_64 Linux), with -O and -Onone alike: a closure kept in a Mutex and read with
// `withLock { $0 }` comes back wrapped in one more reabstraction thunk each time it is read, so
// each call is slower than the one before (the thunks call each other; perf shows them nested
// hundreds deep). Prints how many times slower the 4,000th call is than the first; 1 when fixed.
// Localization keeps its closure in a final class instead (mutex-closure-boxed.swift).
// Checked by check.sh.
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

typealias LookUp = @Sendable (String) -> String

enum Store {
    static let installed = Mutex<LookUp?>(nil)
    static var current: LookUp? { installed.withLock { $0 } }
}

func microseconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    for _ in 0..<500 { body() }
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e6 + Double(end.tv_nsec - start.tv_nsec) / 1e3
}

Store.installed.withLock { $0 = { $0 } }
var count = 0
let first = microseconds { count += Store.current?("x").count ?? 0 }
for _ in 0..<3_000 { count += Store.current?("x").count ?? 0 }
let later = microseconds { count += Store.current?("x").count ?? 0 }
print(Int((later / first).rounded()))
