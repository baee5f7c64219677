// SPDX-License-Identifier: GPL-3.0-or-later
/// The Filters page's state over a catalog (seed 001's data source, in Swift): which columns are
/// facets, at most one chosen option per facet, the sort order, the matching rows in that order,
/// and each option's count as faceted search gives it (a facet's counts honour every other facet's
/// choice but not its own), narrowed by a text search when there is one. Every effective change
/// sends one change.
public final class FacetFilter {
    public enum Change: Equatable, Sendable {
        /// The matches changed (a choice, the sort order or the catalog).
        case results
        /// The set of facets changed, and with it the facet bar.
        case facets
    }

    public private(set) var catalog: Catalog
    /// The facet columns, in the catalog's column order.
    public private(set) var facetColumns: [Int]
    /// Catalog positions of the rows that have every chosen option, in `sort`'s order.
    public private(set) var matches: [UInt32] = []
    public let changes = Observers<Change>()
    private var layout: FacetLayout
    /// Every row's facet word, in the order of `wordsOrder` (one copy: counting needs no order,
    /// matching needs the sort order, so the words follow the sort order).
    private var words: FacetWords
    private var wordsOrder: CatalogSortKey?
    private var options: [Int: [String]] = [:]
    /// The chosen option of each facet that has one, by column.
    private var choices: [Int: Int] = [:]
    private var cachedCounts: [Int: [Int]]?
    /// Counts over every row the search finds (every row when not searching), which are a facet's
    /// counts whenever no other facet has a choice.
    private var unfilteredCounts: [Int: [Int]]?
    /// True while `matches` is the sort order's permutation itself (no facet chosen).
    private var matchesIsOrder = false
    /// A result buffer kept for reuse while `matches` is the order's permutation.
    private var spare: [UInt32] = []
    /// True while `replaceCatalog` sets the sort order, which then sends no change of its own.
    private var replacing = false
    private var searcher: CatalogSearch?

    /// The text every matching row contains in one of `searchColumns` ("" when not searching).
    public private(set) var searchText = ""
    /// The rows the search finds (nil when not searching).
    public private(set) var searchRows: RowSet?
    /// The columns the search looks in: the title column at first.
    public private(set) var searchColumns: [Int]

    /// The results' order: a column, or the file's order (nil).
    public var sort: CatalogSortKey? {
        didSet { if sort != oldValue && !replacing { changed() } }
    }

    public init(catalog: Catalog) {
        self.catalog = catalog
        facetColumns = catalog.facetColumns
        sort = catalog.defaultSort
        searchColumns = [catalog.titleColumn]
        layout = FacetLayout(catalog, columns: catalog.facetColumns)
        words = FacetWords(catalog, layout: layout)
        wordsOrder = nil
        recompute()
    }

    public var matchCount: Int { matches.count }

    // MARK: Facets and options

    public func isFacet(_ column: Int) -> Bool { layout.field(of: column) != nil }

    /// The facet's options in order: numbers and dates by value, text alphabetically.
    public func options(forColumn column: Int) -> [String] {
        if let cached = options[column] { return cached }
        guard case .coded(let coded) = catalog.columns[column].values else { return [] }
        var labels = [String](repeating: "", count: coded.dictionary.count - 1)
        for (entry, rank) in coded.ranks.enumerated() where entry > 0 {
            labels[Int(rank)] = coded.dictionary.name(entry)
        }
        options[column] = labels
        return labels
    }

    /// How a facet's options are ordered.
    public enum OptionOrder: Sendable { case byValue, alphabetical, asGiven }

    public func optionOrder(forColumn column: Int) -> OptionOrder {
        guard case .coded(let coded) = catalog.columns[column].values else { return .byValue }
        return coded.keepsOrder ? .asGiven : coded.numbers == nil ? .alphabetical : .byValue
    }

    public func choice(forColumn column: Int) -> Int? { choices[column] }

    /// What the facet's button says: the chosen option, or the column's name.
    public func label(forColumn column: Int) -> String {
        choices[column].map { options(forColumn: column)[$0] } ?? catalog.columns[column].name
    }

    /// The chosen options, in facet order, as (column name, option).
    public var activeChoices: [(name: String, option: String)] {
        facetColumns.compactMap { column in
            choices[column].map { (catalog.columns[column].name, options(forColumn: column)[$0]) }
        }
    }

    /// Whether `column` could be made a facet now: few enough values, and room in the layout.
    public func canMakeFacet(_ column: Int) -> Bool {
        isFacet(column) || FacetLayout.fits(catalog.columns, facetColumns + [column])
    }

    /// Makes `column` a facet, or no longer one (dropping its choice). Ignored if it cannot be.
    public func setFacet(_ column: Int, _ on: Bool) {
        guard on != isFacet(column), !on || canMakeFacet(column) else { return }
        let columns = on ? (facetColumns + [column]).sorted() : facetColumns.filter { $0 != column }
        let hadChoice = choices.removeValue(forKey: column) != nil
        rebuildFacets(columns)
        changes.send(.facets)
        if hadChoice { changed() }
    }

    private func rebuildFacets(_ columns: [Int]) {
        facetColumns = columns
        layout = FacetLayout(catalog, columns: columns)
        words = FacetWords(catalog, layout: layout)
        wordsOrder = nil
        cachedCounts = nil
        unfilteredCounts = nil
    }

    // MARK: Choosing

    public func select(option: Int, inColumn column: Int) {
        guard let field = layout.field(of: column) else { preconditionFailure("column \(column) is not a facet") }
        precondition((0..<field.optionCount).contains(option), "option \(option) is not one of column \(column)'s")
        guard choices[column] != option else { return }
        choices[column] = option
        changed()
    }

    public func reset(column: Int) {
        guard choices.removeValue(forKey: column) != nil else { return }
        changed()
    }

    public func resetAll() {
        guard !choices.isEmpty else { return }
        choices = [:]
        changed()
    }

    /// Filters `catalog` instead. Its default facets become the facets; a choice is kept where the
    /// new catalog has a facet of the same name with the same option, and the sort order where it
    /// has a column of that name.
    public func replaceCatalog(_ catalog: Catalog) {
        guard catalog !== self.catalog else { return }
        let kept = activeChoices
        let sortName = sort.map { self.catalog.columns[$0.column].name }
        self.catalog = catalog
        options = [:]
        choices = [:]
        searcher = nil
        searchColumns = [catalog.titleColumn]
        searchRows = CatalogSearch.isBlank(searchText) ? nil : search.rows(matching: searchText)
        rebuildFacets(catalog.facetColumns)
        for (name, option) in kept {
            guard let column = catalog.column(named: name), isFacet(column),
                let index = options(forColumn: column).firstIndex(of: option)
            else { continue }
            choices[column] = index
        }
        let sortColumn = sortName.flatMap { catalog.column(named: $0) }
        replacing = true
        sort =
            sortColumn.map { CatalogSortKey(column: $0, descending: sort?.descending ?? false) } ?? catalog.defaultSort
        replacing = false
        changes.send(.facets)
        changed()
    }

    // MARK: Searching

    /// The search over `searchColumns`, indexed when first asked for.
    public var search: CatalogSearch {
        if let searcher { return searcher }
        let made = CatalogSearch(catalog: catalog, columns: searchColumns)
        searcher = made
        return made
    }

    /// The search over `searchColumns` if it has been indexed.
    public var builtSearch: CatalogSearch? { searcher }

    /// Searches in `columns` instead, searching again for the current text.
    public func setSearchColumns(_ columns: [Int]) {
        guard columns != searchColumns else { return }
        searchColumns = columns
        searcher = nil
        if !searchText.isEmpty { setSearch(searchText) }
    }

    /// Narrows the matches to the rows containing `text` (ignoring case and accents) in a search
    /// column; "" ends the search. Searches on this thread: see `applySearch` for the other way.
    public func setSearch(_ text: String) {
        applySearch(text, rows: CatalogSearch.isBlank(text) ? nil : search.rows(matching: text))
    }

    /// Applies the result of searching for `text` in `columns` (the search columns from now on),
    /// found on another thread.
    public func applySearch(_ text: String, rows: RowSet?, in columns: [Int]? = nil) {
        if let columns, columns != searchColumns {
            searchColumns = columns
            searcher = nil
        } else if text == searchText && rows == searchRows {
            return
        }
        searchText = text
        searchRows = rows
        unfilteredCounts = nil
        changed()
    }

    private func changed() {
        recompute()
        changes.send(.results)
    }

    // MARK: Counting

    /// How many rows have each option of the facet `column`, given every other facet's choice.
    public func counts(forColumn column: Int) -> [Int] { allCounts()[column] ?? [] }

    /// Every facet's counts, by column: one pass for the facets without a choice and one for each
    /// facet with one (skipped when no other facet has a choice: then the counts over every row,
    /// computed once, are the answer).
    public func allCounts() -> [Int: [Int]] {
        if let cachedCounts { return cachedCounts }
        var result: [Int: [Int]] = [:]
        let (mask, wanted) = maskAndWanted()
        let free = layout.fields.filter { choices[$0.column] == nil }
        if !free.isEmpty {
            let counted =
                mask == 0
                ? unfiltered().filter { entry in free.contains { $0.column == entry.key } } : count(free, mask, wanted)
            result.merge(counted) { $1 }
        }
        for field in layout.fields where choices[field.column] != nil {
            let otherMask = mask & ~field.mask
            let counted =
                otherMask == 0
                ? [field.column: unfiltered()[field.column]!] : count([field], otherMask, wanted & ~field.mask)
            result.merge(counted) { $1 }
        }
        cachedCounts = result
        return result
    }

    private func unfiltered() -> [Int: [Int]] {
        if let unfilteredCounts { return unfilteredCounts }
        let counts = count(layout.fields, 0, 0)
        unfilteredCounts = counts
        return counts
    }

    private func count(_ fields: [FacetLayout.Field], _ mask: UInt64, _ wanted: UInt64) -> [Int: [Int]] {
        var offsets: [Int] = []
        var total = 0
        for field in fields {
            offsets.append(total)
            total += field.optionCount + 1
        }
        var counts = [Int](repeating: 0, count: total)
        let positions = searchRows == nil ? [] : wordsOrder.map { catalog.positions(sortedBy: $0) } ?? []
        FacetMatching.count(
            words, mask: mask, wanted: wanted, fields: fields, offsets: offsets, rows: searchRows, positions: positions,
            into: &counts)
        var result: [Int: [Int]] = [:]
        for (index, field) in fields.enumerated() {
            result[field.column] = Array(counts[offsets[index]..<offsets[index] + field.optionCount])
        }
        return result
    }

    // MARK: Matching

    private func maskAndWanted() -> (UInt64, UInt64) {
        var mask: UInt64 = 0
        var wanted: UInt64 = 0
        for field in layout.fields {
            guard let option = choices[field.column] else { continue }
            mask |= field.mask
            wanted |= UInt64(option) << UInt64(field.shift)
        }
        return (mask, wanted)
    }

    /// One sequential pass over the facet words in the sort order. The result goes into the
    /// previous result's buffer when nothing else holds it, because writing to memory that is
    /// already mapped is several times faster than to fresh pages; a no-facet result is the sort
    /// order's own permutation, shared, not copied.
    private func recompute() {
        cachedCounts = nil
        let (mask, wanted) = maskAndWanted()
        let order = sort.map { catalog.positions(sortedBy: $0) } ?? catalog.filePositions
        var buffer: [UInt32] = []
        if matchesIsOrder { swap(&buffer, &spare) } else { swap(&buffer, &matches) }
        guard mask != 0 || searchRows != nil else {
            spare = buffer
            matches = order
            matchesIsOrder = true
            return
        }
        matchesIsOrder = false
        if mask == 0, let searchRows {
            // In the file's order the set's own order is the answer: no pass over every row.
            if sort == nil {
                searchRows.positions(into: &buffer)
            } else {
                FacetMatching.matches(order: order, rows: searchRows, into: &buffer)
            }
            matches = buffer
            return
        }
        if wordsOrder != sort {
            // Built afresh from the columns, so that only one copy is ever kept.
            words = FacetWords(catalog, layout: layout)
            if sort != nil { words = words.gathered(order) }
            wordsOrder = sort
        }
        FacetMatching.matches(
            words, positions: sort == nil ? [] : order, mask: mask, wanted: wanted, rows: searchRows, into: &buffer)
        matches = buffer
    }

    /// Bytes per row held by the catalog (with the sort orders used) and the facet words.
    public var bytesPerItem: Double {
        guard catalog.count > 0 else { return 0 }
        let facetBytes = words.byteCount
        return catalog.bytesPerItem + Double(facetBytes) / Double(catalog.count)
    }
}
