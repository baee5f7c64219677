// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import FoldoutCore

/// The row sets a chosen or excluded option makes from its codes, and the sorted matches taken
/// from a set, against the obvious loops: every byte value (the eight-bytes-at-a-time compare's
/// edge cases, 0x00, 0x7F, 0x80 and 0xFF among them), wider codes, and lengths that are not a
/// multiple of 64.
final class RowSetBuildingTests: XCTestCase {
    func testEqualCodesMakeTheRowsAComparePerRowMakes() {
        var random = SeededGenerator(seed: 7)
        for count in [0, 1, 63, 64, 65, 200, 4_099] {
            let bytes = (0..<count).map { _ in
                // Runs of one value and neighbours of 0x80 as well as any byte.
                Int.random(in: 0..<3, using: &random) == 0
                    ? UInt8(0x7F + Int.random(in: 0..<3, using: &random)) : UInt8.random(in: 0...255, using: &random)
            }
            let wide = bytes.map { UInt16($0) << 4 | 0xA }
            for value in 0...255 {
                for equal in [true, false] {
                    let expected = bytes.indices.filter { (bytes[$0] == UInt8(value)) == equal }
                    let made = bytes.withUnsafeBufferPointer { RowSet.rows(of: $0, equalTo: UInt8(value), equal) }
                    XCTAssertEqual(made.rows, expected, "\(count) bytes, \(value), equal \(equal)")
                    XCTAssertEqual(made.count, expected.count)
                    let widened = wide.withUnsafeBufferPointer {
                        RowSet.rows(of: $0, equalTo: UInt16(value) << 4 | 0xA, equal)
                    }
                    XCTAssertEqual(widened.rows, expected, "\(count) 16-bit codes, \(value), equal \(equal)")
                }
            }
        }
    }
}
