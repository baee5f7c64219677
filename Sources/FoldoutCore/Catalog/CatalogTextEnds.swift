// SPDX-License-Identifier: GPL-3.0-or-later
/// The end offsets of a name table's names in half the space: each end as a 16-bit distance from
/// its block's base (a block is 64 names, its base the end before its first name), while a block
/// spans less than 64 KiB of text, as every block of titles, names and notes does; 32 bits each
/// from the first block that spans more. Two bytes a row instead of four, read in constant time.
struct CatalogTextEnds: Sendable {
    static let blockShift = 6
    private var bases: [UInt32] = []
    private var near: [UInt16] = []
    /// Every end, once a block spans more than `UInt16.max` bytes.
    private var wide: [UInt32]?
    private var last: UInt32 = 0

    var count: Int { wide?.count ?? near.count }

    var byteCount: Int { wide.map { $0.count * 4 } ?? (near.count * 2 + bases.count * 4) }

    subscript(index: Int) -> UInt32 {
        if let wide { return wide[index] }
        return bases[index >> Self.blockShift] &+ UInt32(near[index])
    }

    mutating func reserveCapacity(_ count: Int) {
        if wide == nil {
            near.reserveCapacity(count)
            bases.reserveCapacity((count >> Self.blockShift) + 1)
        } else {
            wide?.reserveCapacity(count)
        }
    }

    mutating func append(_ end: UInt32) {
        defer { last = end }
        if wide != nil {
            wide!.append(end)
            return
        }
        let index = near.count
        if index & ((1 << Self.blockShift) - 1) == 0 { bases.append(last) }
        let distance = end &- bases[index >> Self.blockShift]
        guard distance <= UInt32(UInt16.max) else {
            wide = (0..<index).map { self[$0] } + [end]
            bases = []
            near = []
            return
        }
        near.append(UInt16(truncatingIfNeeded: distance))
    }

    /// Calls `body` with a view of the ends that reads them without copying or checking.
    func withUnsafeEnds<R>(_ body: (View) -> R) -> R {
        if let wide { return wide.withUnsafeBufferPointer { body(View(wide: $0, bases: nil, near: nil)) } }
        return bases.withUnsafeBufferPointer { bases in
            near.withUnsafeBufferPointer { near in body(View(wide: nil, bases: bases, near: near)) }
        }
    }

    /// The ends as `withUnsafeEnds` lends them: valid only inside its closure.
    struct View {
        fileprivate let wide: UnsafeBufferPointer<UInt32>?
        fileprivate let bases: UnsafeBufferPointer<UInt32>?
        fileprivate let near: UnsafeBufferPointer<UInt16>?

        var count: Int { wide?.count ?? near!.count }

        @inline(__always)
        subscript(index: Int) -> UInt32 {
            if let wide { return wide[index] }
            return bases.unsafelyUnwrapped[index >> CatalogTextEnds.blockShift]
                &+ UInt32(near.unsafelyUnwrapped[index])
        }
    }
}
