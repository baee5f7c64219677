// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Reading a file as it is used: a snapshot made `asUsed` reads a block only when `readAhead`
/// asks for it, so that a parser reads each stretch of the file just before it parses it, from
/// memory the cache still holds, into pages given back a moment ago by the stretch before (fresh
/// pages for a whole file cost more than the copy itself on a virtual machine: 40 to 290 ms for
/// 99 MiB, against 33). `checkUnchanged` confirms at the end that it was one version throughout.
extension FileSnapshot {
    /// Each block's state, while the file is read as it is used.
    final class Blocks: Sendable {
        enum State: UInt8 { case unread, reading, read }

        private struct Guarded {
            var states: [State]
            /// False once the whole file has been read (`readWhole`): from then on it is a
            /// snapshot read whole.
            var asUsed = true
        }

        private let guarded: Mutex<Guarded>

        init(count: Int) { guarded = Mutex(Guarded(states: Array(repeating: .unread, count: count))) }

        /// Marks the unread blocks of `range` as being read by the caller, which returns them; true
        /// in `waiting` when another thread is reading one of them.
        fileprivate func claim(_ range: ClosedRange<Int>) -> (mine: [Int], waiting: Bool) {
            guarded.withLock { guarded in
                var mine: [Int] = []
                var waiting = false
                guard guarded.asUsed else { return (mine, waiting) }
                for block in range {
                    switch guarded.states[block] {
                    case .unread:
                        guarded.states[block] = .reading
                        mine.append(block)
                    case .reading: waiting = true
                    case .read: break
                    }
                }
                return (mine, waiting)
            }
        }

        fileprivate func mark(_ blocks: some Sequence<Int>, _ state: State) {
            guarded.withLock { guarded in
                for block in blocks { guarded.states[block] = state }
            }
        }

        fileprivate func readWhole() { guarded.withLock { $0.asUsed = false } }

        /// Gives back the blocks of `range` that are read, which become unread; not those another
        /// thread is reading. False, doing nothing, once the file has been read whole.
        func release(_ range: ClosedRange<Int>, in snapshot: FileSnapshot) -> Bool {
            guarded.withLock { guarded in
                guard guarded.asUsed else { return false }
                for block in range where guarded.states[block] == .read {
                    let bytes = snapshot.range(ofBlock: block)
                    SystemLibrary.discardPages(
                        UnsafeMutableRawPointer(mutating: snapshot.bytes.baseAddress! + bytes.lowerBound), bytes.count)
                    guarded.states[block] = .unread
                }
                return true
            }
        }
    }

    /// The block that holds byte `offset`: blocks are aligned in memory, so the first may be short.
    static func blockIndex(_ offset: Int, base: UnsafeRawPointer?) -> Int {
        let address = Int(bitPattern: base)
        return (address + offset) / block - address / block
    }

    /// The bytes of the file in block `index`.
    func range(ofBlock index: Int) -> Range<Int> {
        let address = Int(bitPattern: bytes.baseAddress)
        let first = (address / Self.block + index) * Self.block - address
        return max(0, first)..<min(bytes.count, first + Self.block)
    }

    /// Reads the blocks of `stretch` that are not read yet (all of them are read already unless
    /// the snapshot was made `asUsed`), waiting for any that another thread is reading. Safe from
    /// any thread.
    func readAhead(_ stretch: Range<Int>) throws(Failure) {
        guard let blocks, !stretch.isEmpty, stretch.lowerBound < bytes.count else { return }
        let base = bytes.baseAddress
        let last = min(stretch.upperBound, bytes.count) - 1
        let wanted = Self.blockIndex(stretch.lowerBound, base: base)...Self.blockIndex(last, base: base)
        while true {
            let (mine, waiting) = blocks.claim(wanted)
            for (done, block) in mine.enumerated() {
                let never = Atomic<Bool>(false)
                if let failure = Self.readRange(
                    descriptor, into: UnsafeMutableBufferPointer(mutating: bytes), range(ofBlock: block), stop: never,
                    progress: { _ in true })
                {
                    blocks.mark(mine[done...], .unread)
                    throw failure
                }
                blocks.mark(CollectionOfOne(block), .read)
            }
            guard waiting else { return }
            // Another thread is reading a block of the range (the two halves of a file meet in
            // one): it is done within a read's time. If it failed, the block is unread again.
            SystemLibrary.sleep(microseconds: 100)
        }
    }

    /// Reads what is not read yet and makes this a snapshot read whole: what is given back from
    /// now on is read again by `restore`.
    func readWhole() throws(Failure) {
        try readAhead(0..<bytes.count)
        blocks?.readWhole()
    }

    /// Checks that the file is still the version first read (as many bytes, the same times): a
    /// file read as it is used is checked once it has all been used.
    func checkUnchanged() throws(Failure) {
        try Self.checkUnchanged(descriptor, as: version, size: bytes.count)
    }
}
