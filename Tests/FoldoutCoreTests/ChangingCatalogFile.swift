// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Glibc
import Synchronization

/// Another program writing one catalog file, on a thread of its own, at seeded random moments: it
/// cuts the file short, adds rows, rewrites it from the start with another version (in pieces, a
/// little apart), or writes another version beside it and renames it over. The file is always the
/// start of one version's text: whole rows between its writes, cut anywhere (where the kernel has
/// got to) during one.
final class ChangingCatalogFile: Sendable {
    static let versions = 1...6
    static let header = "id,version,value,name\n"

    static func rowCount(ofVersion version: Int) -> Int { 30_000 + version * 20_000 }

    /// The fields of a row of a version, as the catalog gives them back. In even versions a late
    /// value is not a number: a reading that met it reads the file again, as text.
    static func fields(_ row: Int, version: Int) -> [String] {
        let value =
            version % 2 == 0 && row == 80_000 ? "none" : String((row &* 7919 &+ version &* 104_729) % 1_000_003)
        return [String(row), String(version), value, "r\(row)v\(version)"]
    }

    let path: String
    private let seed: UInt64
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Each version's text, and where each of its rows ends (`[0]`: the end of the header).
    private let texts: [(bytes: [UInt8], rowEnds: [Int])]

    /// Writes the whole first version and starts changing it.
    init(path: String, seed: UInt64) {
        self.path = path
        self.seed = seed
        texts = Self.versions.map(Self.text)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(file >= 0, "cannot write \(path)")
        Self.write(file, texts[0].bytes[...], at: 0)
        close(file)
        Thread { [self] in
            run()
            finished.signal()
        }.start()
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        finished.wait()
        unlink(path)
        unlink(path + ".new")
    }

    private static func text(ofVersion version: Int) -> (bytes: [UInt8], rowEnds: [Int]) {
        var bytes = Array(header.utf8)
        var rowEnds = [bytes.count]
        for row in 0..<rowCount(ofVersion: version) {
            bytes += fields(row, version: version).joined(separator: ",").utf8
            bytes.append(10)
            rowEnds.append(bytes.count)
        }
        return (bytes, rowEnds)
    }

    private func run() {
        var random = SeededGenerator(seed: seed)
        var file = open(path, O_WRONLY | O_CLOEXEC)
        var version = 1
        var rows = Self.rowCount(ofVersion: version)
        while !stopped.load(ordering: .relaxed) {
            let text = texts[version - 1]
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                rows = Int.random(in: 0...rows, using: &random)
                ftruncate(file, off_t(text.rowEnds[rows]))
            case 4..<7:
                let more = Int.random(in: rows...Self.rowCount(ofVersion: version), using: &random)
                Self.write(file, text.bytes[text.rowEnds[rows]..<text.rowEnds[more]], at: text.rowEnds[rows])
                rows = more
            case 7..<9:
                version = Self.versions.filter { $0 != version }.randomElement(using: &random)!
                rows = Int.random(in: 0...Self.rowCount(ofVersion: version), using: &random)
                ftruncate(file, 0)
                let text = texts[version - 1]
                var written = 0
                repeat {
                    let start = written == 0 ? 0 : text.rowEnds[written]
                    let next = min(rows, written + Int.random(in: 1...20_000, using: &random))
                    Self.write(file, text.bytes[start..<text.rowEnds[next]], at: start)
                    written = next
                    usleep(UInt32.random(in: 0..<300, using: &random))
                } while written < rows
            default:
                version = Self.versions.filter { $0 != version }.randomElement(using: &random)!
                rows = Self.rowCount(ofVersion: version)
                let replacement = open(path + ".new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                Self.write(replacement, texts[version - 1].bytes[...], at: 0)
                close(replacement)
                rename(path + ".new", path)
                close(file)
                file = open(path, O_WRONLY | O_CLOEXEC)
            }
            let quiet = Int.random(in: 0..<6, using: &random) == 0
            usleep(UInt32.random(in: quiet ? 5_000..<30_000 : 0..<1_000, using: &random))
        }
        close(file)
    }

    private static func write(_ file: Int32, _ bytes: ArraySlice<UInt8>, at offset: Int) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(file, $0.baseAddress! + done, $0.count - done, off_t(offset + done))
            }
            precondition(count > 0 || errno == EINTR, "cannot write: \(String(cString: strerror(errno)))")
            done += max(count, 0)
        }
    }
}
