// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// What one run of a program under test gave.
struct RunResult {
    let milliseconds: Double
    let status: Int32
    let output: String
    /// Peak resident memory (ru_maxrss), in MiB.
    let peakMiB: Double

    /// The last line of output that is a JSON object, as numbers by key.
    var jsonNumbers: [String: Double] {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else { return [:] }
        return numbers(ofJSONLine: line)
    }
}

/// A flat JSON object on one line, `{"key": number, …}`, as numbers by key.
func numbers(ofJSONLine line: Substring) -> [String: Double] {
    var numbers: [String: Double] = [:]
    for field in line.dropFirst().dropLast().split(separator: ",") {
        let parts = field.split(separator: ":")
        guard parts.count == 2, let value = Double(parts[1].trimmingCharacters(in: " ")) else { continue }
        numbers[String(parts[0].trimmingCharacters(in: " \""))] = value
    }
    return numbers
}

/// Runs a program to completion, capturing its standard output; wall time from spawn to exit.
/// `environment` adds to (or replaces in) this process's environment.
func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) -> RunResult {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let envp = spawnEnvironment(adding: environment)
    defer { for variable in envp { free(variable) } }
    var pipeEnds: [Int32] = [0, 0]
    pipe(&pipeEnds)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    defer { posix_spawn_file_actions_destroy(&actions) }

    var pid = pid_t()
    let start = monotonicNanoseconds()
    guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else {
        return RunResult(milliseconds: 0, status: -1, output: "", peakMiB: 0)
    }
    close(pipeEnds[1])
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipeEnds[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[..<count]
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = Double(monotonicNanoseconds() - start) / 1_000_000
    return RunResult(
        milliseconds: elapsed, status: (status >> 8) & 0xff, output: String(decoding: output, as: UTF8.self),
        peakMiB: Double(usage.ru_maxrss) / 1024)
}

/// This process's environment with `environment` added (or replacing), as `posix_spawn` takes it:
/// strings to `free`, then nil.
func spawnEnvironment(adding environment: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
    var inherited: [String] = []
    var entry = environ
    while let variable = entry.pointee {
        let text = String(cString: variable)
        if !environment.keys.contains(where: { text.hasPrefix($0 + "=") }) { inherited.append(text) }
        entry += 1
    }
    return (inherited + environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
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

/// The path of a program built beside this one; stops the bench if it is missing.
func sibling(_ name: String) -> String {
    let path = "\(executableFolder())/\(name)"
    if access(path, X_OK) != 0 { fatal("\(path) is missing; run swift build -c release first") }
    return path
}

/// A program under test as users run it: a copy beside the built one without its debug information
/// (flatpak-builder and distribution packages install binaries so). SwiftPM's release build keeps
/// DWARF, which costs Foldout about 20 ms of start-up. The built program itself if `strip` fails.
func program(_ name: String) -> String {
    let built = sibling(name)
    let copy = built + "-stripped"
    guard run("/usr/bin/strip", ["--strip-debug", "-o", copy, built]).status == 0 else {
        warn("cannot strip \(name); measuring it with its debug information")
        return built
    }
    return copy
}

func progress(_ text: String) {
    var bytes = Array("\r\u{1B}[K\(text)".utf8)
    _ = write(2, &bytes, bytes.count)
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
