// SPDX-License-Identifier: GPL-3.0-or-later
/// Values appended one at a time while a file is read, by the one column builder that owns them.
/// An `Array` asks the Swift runtime on every append whether its storage is shared (a call, 6% of
/// a CSV load's samples); this buffer is never shared, so it does not ask.
///
/// Copying a buffer that holds values would share them: only empty buffers are copied (a builder's
/// copies are of empty builders), and an empty buffer makes its own memory when it first grows.
struct CatalogAppendBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    private(set) var count = 0
    private var capacity = 0
    private var base: UnsafeMutablePointer<Element>?
    /// Frees the memory when the last copy of the buffer is gone.
    private var owner: Owner?

    private final class Owner {
        let base: UnsafeMutablePointer<Element>
        init(_ base: UnsafeMutablePointer<Element>) { self.base = base }
        deinit { base.deallocate() }
    }

    init() {}

    init(_ values: [Element]) {
        values.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow(to: max(64, capacity * 2)) }
        base.unsafelyUnwrapped[count] = value
        count += 1
    }

    mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
        guard let source = values.baseAddress, !values.isEmpty else { return }
        if count + values.count > capacity { grow(to: max(count + values.count, capacity * 2)) }
        (base.unsafelyUnwrapped + count).initialize(from: source, count: values.count)
        count += values.count
    }

    /// Appends `count` values that `initialize` writes.
    mutating func append(count added: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
        guard added > 0 else { return }
        if count + added > capacity { grow(to: max(count + added, capacity * 2)) }
        initialize(UnsafeMutableBufferPointer(start: base.unsafelyUnwrapped + count, count: added))
        count += added
    }

    /// `transform(value)` of every value, in a new buffer.
    func map<T: BitwiseCopyable>(_ transform: (Element) -> T) -> CatalogAppendBuffer<T> {
        var mapped = CatalogAppendBuffer<T>()
        withUnsafeBufferPointer { values in
            mapped.append(count: values.count) { mapped in
                for index in values.indices { mapped[index] = transform(values[index]) }
            }
        }
        return mapped
    }

    /// Makes room for `total` values in all.
    mutating func reserve(_ total: Int) {
        if total > capacity { grow(to: total) }
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The values as an array (a copy).
    var array: [Element] { withUnsafeBufferPointer { Array($0) } }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base { grown.initialize(from: base, count: count) }
        base = grown
        owner = Owner(grown)
        capacity = newCapacity
    }
}
