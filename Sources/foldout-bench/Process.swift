import Glibc

/// Runs a program to completion; returns its wall time in milliseconds and its exit status.
func timedRun(_ path: String, _ arguments: [String]) -> (milliseconds: Double, status: Int32) {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = monotonicNanoseconds()
    let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
    guard spawned == 0 else { return (0, -1) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let elapsed = Double(monotonicNanoseconds() - start) / 1_000_000
    return (elapsed, (status >> 8) & 0xff)
}

func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The folder of this executable: the other programs under test are built beside it.
func executableFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

func progress(_ text: String) {
    var bytes = Array("\r\u{1B}[K\(text)".utf8)
    _ = write(2, &bytes, bytes.count)
}
