// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Memory about to be written for the first time, page by page, by one long job (a gzip file
/// decompressed into it): the kernel clears each fresh page when it is first written, on the
/// thread that writes it. A second thread makes the pages present ahead of the writer, on the
/// other core, keeping whatever is in them (so it may run behind the writer too).
public enum FreshPages {
    /// Runs `body`, which writes `buffer` from its start, while another thread makes `buffer`'s
    /// pages present, a block at a time, until `body` returns. A small buffer is left as it is.
    public static func prepared<Result, Failure: Error>(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, while body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard buffer.count >= smallest, let base = buffer.baseAddress else { return try body() }
        let done = Flag()
        let helper = CatalogThread { [count = buffer.count] in
            var offset = 0
            while offset < count && !done.value.load(ordering: .relaxed) {
                let length = min(block, count - offset)
                guard SystemLibrary.populatePages(UnsafeMutableRawPointer(base + offset), length) else { return }
                offset += length
            }
        }
        defer {
            done.value.store(true, ordering: .relaxed)
            helper.join()
        }
        return try body()
    }

    private static let smallest = 16 << 20, block = 2 << 20

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
}
