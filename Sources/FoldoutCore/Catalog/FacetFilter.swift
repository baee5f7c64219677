/// The facet menu's state over a catalog: at most one chosen option per facet, a sort order, and
/// the positions of the matching items in that order. Every effective change sends one `.results`.
public final class FacetFilter {
    public enum Change: Equatable, Sendable { case results }

    public private(set) var catalog: Catalog
    /// Catalog positions of the items that have every chosen option, ordered by `sortOrder`.
    public private(set) var matches: [UInt32] = []
    public let changes = Observers<Change>()
    private var choices = [Int?](repeating: nil, count: Facet.allCases.count)
    /// True while `matches` is the sorted view's permutation itself (no facet chosen).
    private var matchesIsView = false
    /// A result buffer kept for reuse while `matches` is the view's permutation.
    private var spare: [UInt32] = []

    public init(catalog: Catalog) {
        self.catalog = catalog
        recompute()
    }

    public var categories: [Facet] { Facet.allCases }
    public var matchCount: Int { matches.count }

    public func options(for facet: Facet) -> [String] { facet.optionTitles }
    public func choice(for facet: Facet) -> Int? { choices[facet.rawValue] }

    /// What the facet's button says: the chosen option, or the facet's title.
    public func label(for facet: Facet) -> String { choice(for: facet).map { facet.optionTitle($0) } ?? facet.title }

    public var sortOrder: SortOrder = .name {
        didSet { if sortOrder != oldValue { changed() } }
    }

    public func select(option: Int, in facet: Facet) {
        precondition(facet.options.indices.contains(option), "option \(option) is not one of \(facet.title)'s")
        guard choices[facet.rawValue] != option else { return }
        choices[facet.rawValue] = option
        changed()
    }

    public func reset(_ facet: Facet) {
        guard choices[facet.rawValue] != nil else { return }
        choices[facet.rawValue] = nil
        changed()
    }

    public func resetAll() {
        guard choices.contains(where: { $0 != nil }) else { return }
        choices = [Int?](repeating: nil, count: choices.count)
        changed()
    }

    /// Filters `catalog` instead, keeping the choices and the sort order.
    public func replaceCatalog(_ catalog: Catalog) {
        guard catalog !== self.catalog else { return }
        self.catalog = catalog
        changed()
    }

    private func changed() {
        recompute()
        changes.send(.results)
    }

    /// One sequential pass over the sorted view's facet words: count the matches, then copy
    /// their positions. The result goes into the previous result's buffer when nothing else holds
    /// it, because writing to memory that is already mapped is several times faster than to
    /// fresh pages; a no-facet result is the sorted view's own permutation, shared, not copied.
    private func recompute() {
        var mask: UInt16 = 0, wanted: UInt16 = 0
        for facet in Facet.allCases {
            guard let option = choices[facet.rawValue] else { continue }
            mask |= facet.packedMask
            wanted |= facet.packed(option)
        }
        let view = catalog.sortedView(sortOrder)
        var buffer: [UInt32] = []
        if matchesIsView { swap(&buffer, &spare) } else { swap(&buffer, &matches) }
        guard mask != 0 else {
            spare = buffer
            matches = view.positions
            matchesIsView = true
            return
        }
        matchesIsView = false
        FacetFilter.filter(view, mask: mask, wanted: wanted, into: &buffer)
        matches = buffer
    }

    /// The positions of `view` whose facet word has `wanted` under `mask`, in view order.
    private static func filter(_ view: CatalogSortedView, mask: UInt16, wanted: UInt16, into buffer: inout [UInt32]) {
        /// 1 when `word` matches, else 0, without a branch (matches are unpredictable).
        func hit(_ word: UInt16) -> Int { Int((UInt32((word & mask) ^ wanted) &- 1) >> 31) }
        let total = view.packed.withUnsafeBufferPointer { packed in packed.reduce(0) { $0 &+ hit($1) } }
        // Every position is written to the next free slot, which advances only on a match: one
        // spare slot at the end, and the same cost at any selectivity.
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: total + 1))
        view.packed.withUnsafeBufferPointer { packed in
            view.positions.withUnsafeBufferPointer { positions in
                buffer.withUnsafeMutableBufferPointer { out in
                    guard let out = out.baseAddress, let packed = packed.baseAddress,
                          let positions = positions.baseAddress else { return }
                    var next = 0
                    for index in 0..<view.positions.count {
                        out[next] = positions[index]
                        next &+= hit(packed[index])
                    }
                }
            }
        }
        buffer.removeLast()
    }
}
