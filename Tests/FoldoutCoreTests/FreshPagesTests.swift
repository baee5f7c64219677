// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

@testable import FoldoutCore

/// Pages made ready by another thread while a job writes them (`FreshPages`): whatever the two
/// threads' timing, every byte the job wrote is there afterwards, and its answer or error comes
/// back.
final class FreshPagesTests: XCTestCase {
    func testWhatTheJobWritesIsKept() {
        let count = (24 << 20) + 1_234
        // A block of a prime length, copied along: the writer runs ahead of the other thread.
        let block = (0..<4_093).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let result = FreshPages.prepared(buffer) { () -> Int in
                var offset = 0
                while offset < count {
                    let length = min(block.count, count - offset)
                    block.withUnsafeBufferPointer {
                        (buffer.baseAddress! + offset).update(from: $0.baseAddress!, count: length)
                    }
                    offset += length
                }
                return offset
            }
            XCTAssertEqual(result, count)
            initialized = count
        }
        var expected = Data(capacity: count)
        while expected.count < count { expected.append(contentsOf: block.prefix(count - expected.count)) }
        XCTAssertTrue(Data(bytes) == expected, "a byte the job wrote was lost")
    }

    func testTheJobsErrorComesBack() {
        struct Refused: Error {}
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 20 << 20)
        defer { buffer.deallocate() }
        XCTAssertThrowsError(try FreshPages.prepared(buffer) { () throws(Refused) in throw Refused() }) {
            XCTAssertTrue($0 is Refused)
        }
    }
}
