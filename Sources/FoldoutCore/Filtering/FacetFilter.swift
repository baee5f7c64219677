// SPDX-License-Identifier: GPL-3.0-or-later
/// The Filters page's state over a catalog (seed 001's data source, in Swift): which columns are
/// facets, what each filters by — ticked options (or every option but those) for an option facet,
/// a range of values for a number, date or date-time column — the sort order, the matching rows
/// in that order, and each facet's counts as faceted search gives them (a facet's counts and
/// histogram honour every other filter but not its own), narrowed by a text search when there is
/// one. Every effective change sends one change, which says all that changed.
///
/// Each filter is kept as the set of rows it lets through (a bit a row), made again only when
/// that filter changes; the matches are their intersection, and a facet's counts are counted
/// over the intersection of the others. What the filter keeps for a column is one value
/// (`FacetColumnState`), dropped as one. Counting is in FacetFilter+Counting.swift.
public final class FacetFilter: FacetChoosing {
    /// What one change changed.
    public struct Change: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The matches changed (a choice, a range, the sort order, the search or the catalog).
        public static let results = Change(rawValue: 1)
        /// The set of facets changed, and with it the facet bar.
        public static let facets = Change(rawValue: 2)
    }

    public private(set) var catalog: Catalog
    /// The facet columns, in the catalog's column order.
    public private(set) var facetColumns: [Int] = []
    /// Catalog positions of the rows that pass every filter and the search, in `sort`'s order.
    public internal(set) var matches: [UInt32] = []
    public let changes = Observers<Change>()
    /// What the changes inside `batch` have changed so far; nil outside one.
    private var batched: Change?

    /// What is kept for each column looked at, by column.
    var states: [Int: FacetColumnState] = [:]
    /// The rows every filter and the search let through; nil when nothing filters.
    var matching: RowSet?
    /// True while `matches` is the sort order's permutation itself (nothing filters).
    var matchesIsOrder = false
    /// A result buffer kept for reuse while `matches` is the order's permutation.
    var spare: [UInt32] = []
    /// The search index: its one owner, which the page's background searches use too.
    public let searchIndexes = CatalogSearchIndexes()

    /// The text every matching row contains in one of `searchColumns` ("" when not searching).
    public private(set) var searchText = ""
    /// The rows the search finds (nil when not searching).
    public private(set) var searchRows: RowSet?
    /// The columns the search looks in: the title column at first.
    public private(set) var searchColumns: [Int]

    /// The results' order: a column, or the file's order (nil).
    public var sort: CatalogSortKey? {
        get { sortKey }
        set {
            guard newValue != sortKey else { return }
            sortKey = newValue
            changed()
        }
    }
    private var sortKey: CatalogSortKey?

    /// The kept state of `column`, made empty when first asked for.
    func state(_ column: Int) -> FacetColumnState { states[column] ?? FacetColumnState() }

    public init(catalog: Catalog) {
        self.catalog = catalog
        sortKey = catalog.defaultSort
        searchColumns = [catalog.titleColumn]
        facetColumns = catalog.facetColumns
        recompute()
    }

    public var matchCount: Int { matches.count }

    // MARK: Facets

    public func isFacet(_ column: Int) -> Bool { facetColumns.contains(column) }

    /// What `column` filters by as a facet: as it was made one, else options for a yes/no column,
    /// a range for numbers, dates and date-times that the inference did not take for a facet of
    /// options (a month, a rating), else options.
    public func kind(ofColumn column: Int) -> FacetKind {
        if let chosen = states[column]?.chosenKind { return chosen }
        let values = catalog.columns[column]
        if values.distinctCount == 2 && isYesNo(column) { return .options }
        return values.isRangeable && !values.suggestsFacet ? .range : .options
    }

    /// Whether `column` can be a facet: it has at least one value.
    public func canMakeFacet(_ column: Int) -> Bool {
        isFacet(column) || catalog.columns[column].missingCount < catalog.count
    }

    /// Makes `column` a facet (of `kind`, a range only for numbers, dates and date-times), or no
    /// longer one (dropping its filter). Ignored if it cannot be.
    public func setFacet(_ column: Int, _ on: Bool, as kind: FacetKind? = nil) {
        guard on != isFacet(column), !on || canMakeFacet(column) else { return }
        facetColumns = on ? (facetColumns + [column]).sorted() : facetColumns.filter { $0 != column }
        let hadFilter = states[column]?.isFiltering == true
        if on {
            states[column, default: FacetColumnState()].chosenKind =
                kind != .range || catalog.columns[column].isRangeable ? kind : nil
        } else {
            states[column] = nil
        }
        if hadFilter {
            changed([.facets, .results])
        } else {
            invalidateCounts()
            send(.facets)
        }
    }

    // MARK: Options

    func facetCodes(_ column: Int) -> FacetCodes {
        if let made = states[column]?.codes { return made }
        let made = FacetCodes(catalog.columns[column])
        states[column, default: FacetColumnState()].codes = made
        return made
    }

    /// The facet's options in order: numbers and dates by value, text alphabetically. Rows with
    /// no value are the option after these (see `noValueOption`).
    public func options(forColumn column: Int) -> [String] { facetCodes(column).options }

    /// The index of the "No value" option, when some rows have no value in `column`.
    public func noValueOption(forColumn column: Int) -> Int? {
        catalog.columns[column].missingCount > 0 ? options(forColumn: column).count : nil
    }

    public func optionOrder(forColumn column: Int) -> OptionOrder {
        isYesNo(column) ? .yesFirst : facetCodes(column).order
    }

    /// Whether the column's values say yes or no (0/1, true/false, yes/no): its options read
    /// "Yes" and "No", in that order.
    public func isYesNo(_ column: Int) -> Bool { facetCodes(column).isYesNo }

    /// The facet's ticked options; empty when it does not filter.
    public func selection(forColumn column: Int) -> FacetSelection { states[column]?.selection ?? FacetSelection() }

    /// The one chosen option, when exactly one is ticked and not excluded.
    public func choice(forColumn column: Int) -> Int? {
        guard let selection = states[column]?.selection, !selection.excluded, !selection.noValue,
            selection.options.count == 1
        else { return nil }
        return selection.options.first
    }

    public func setSelection(_ selection: FacetSelection, forColumn column: Int) {
        precondition(isFacet(column) && kind(ofColumn: column) == .options, "column \(column) is no option facet")
        let new: FacetSelection? = selection.isEmpty && !selection.excluded ? nil : selection
        guard states[column]?.selection != new else { return }
        states[column, default: FacetColumnState()].selection = new
        refilter(column)
    }

    // MARK: Ranges

    /// The facet's range; nil when it does not filter.
    public func range(forColumn column: Int) -> FacetRange? { states[column]?.range }

    /// Filters by `range` (nil: no longer).
    public func setRange(_ range: FacetRange?, forColumn column: Int) {
        precondition(isFacet(column) && kind(ofColumn: column) == .range, "column \(column) is no range facet")
        let new = range?.isEverything == true ? nil : range
        guard states[column]?.range != new else { return }
        states[column, default: FacetColumnState()].range = new
        refilter(column)
    }

    /// Whether the histogram of `column` is on a logarithmic scale.
    public func isLogarithmic(_ column: Int) -> Bool { states[column]?.logarithmic == true }

    public func setLogarithmic(_ on: Bool, forColumn column: Int) {
        guard on != isLogarithmic(column) else { return }
        states[column, default: FacetColumnState()].logarithmic = on
        states[column]?.forgetBins()
    }

    // MARK: Resetting

    /// Ends the facet's filter.
    public func reset(column: Int) {
        guard states[column]?.dropFilter() == true else { return }
        changed()
    }

    public func resetAll() {
        guard isFiltering else { return }
        for index in states.values.indices { _ = states.values[index].dropFilter() }
        changed()
    }

    /// Whether any facet filters.
    public var isFiltering: Bool { states.values.contains { $0.isFiltering } }

    private func refilter(_ column: Int) {
        updatePassing(column)
        changed()
    }

    /// The rows `column`'s filter lets through, for `recompute` to intersect.
    private func updatePassing(_ column: Int) {
        let state = state(column)
        var passing: RowSet?
        if let selection = state.selection {
            let codes = facetCodes(column)
            let allowed = codes.optionOfCode.map { selection.matches($0 < 0 ? nil : Int($0)) }
            let kept = allowed.indices.filter { allowed[$0] }
            // One option chosen (or one excluded): a compare a row rather than a look-up.
            if kept.count == 1 {
                passing = codes.codes.rows(equalTo: UInt64(kept[0]), true)
            } else if kept.count == allowed.count - 1, let left = allowed.firstIndex(of: false) {
                passing = codes.codes.rows(equalTo: UInt64(left), false)
            } else {
                passing = allowed.withUnsafeBufferPointer { allowed in
                    codes.codes.rows { allowed[Int(truncatingIfNeeded: $0)] }
                }
            }
        } else if let range = state.range {
            passing = catalog.columns[column].rows(in: range)
        }
        states[column, default: FacetColumnState()].passing = passing
    }

    // MARK: Replacing the catalog

    /// Filters `catalog` instead. Its default facets become the facets; a choice is kept where the
    /// new catalog has a facet of the same name with the same options, a range where it has a
    /// facet of that name of the same kind, and the sort order where it has a column of that name.
    /// `prepared`, a search made while the catalog was read, gives the search's results without
    /// searching here (when it is of the text searched now).
    public func replaceCatalog(_ catalog: Catalog, prepared: PreparedSearch? = nil) {
        guard catalog !== self.catalog else { return }
        let old = self.catalog
        let keptSelections = states.compactMap { column, state in
            state.selection.map { (old.columns[column].name, optionTexts(column, $0)) }
        }
        let keptRanges = states.compactMap { column, state in
            state.range.map { (old.columns[column].name, old.columns[column].kind, $0) }
        }
        let sortName = sort.map { old.columns[$0.column].name }
        self.catalog = catalog
        states = [:]
        if let prepared, prepared.text == searchText, prepared.search.catalog === catalog {
            searchIndexes.adopt(prepared.search)
            searchColumns = prepared.search.columns
            searchRows = prepared.rows
        } else {
            searchColumns = [catalog.titleColumn]
            searchRows = CatalogSearch.isBlank(searchText) ? nil : search.rows(matching: searchText)
        }
        facetColumns = catalog.facetColumns
        for (name, texts) in keptSelections {
            guard let column = catalog.column(named: name), kind(ofColumn: column) == .options else { continue }
            let options = self.options(forColumn: column)
            var selection = FacetSelection(excluded: texts.excluded)
            selection.noValue = texts.noValue && noValueOption(forColumn: column) != nil
            selection.options = Set(texts.options.compactMap { options.firstIndex(of: $0) })
            guard !selection.isEmpty else { continue }
            if !isFacet(column) { facetColumns = (facetColumns + [column]).sorted() }
            states[column, default: FacetColumnState()].selection = selection
            updatePassing(column)
        }
        for (name, kind, range) in keptRanges {
            guard let column = catalog.column(named: name), catalog.columns[column].kind == kind,
                self.kind(ofColumn: column) == .range
            else { continue }
            if !isFacet(column) { facetColumns = (facetColumns + [column]).sorted() }
            states[column, default: FacetColumnState()].range = range
            updatePassing(column)
        }
        let sortColumn = sortName.flatMap { catalog.column(named: $0) }
        sortKey =
            sortColumn.map { CatalogSortKey(column: $0, descending: sortKey?.descending ?? false) }
            ?? catalog.defaultSort
        changed([.facets, .results])
    }

    private func optionTexts(_ column: Int, _ selection: FacetSelection) -> (
        options: [String], noValue: Bool, excluded: Bool
    ) {
        let options = self.options(forColumn: column)
        return (selection.options.map { options[$0] }, selection.noValue, selection.excluded)
    }

    // MARK: Searching

    /// The search over `searchColumns`, indexed when first asked for.
    public var search: CatalogSearch { searchIndexes.index(catalog, searchColumns) }

    /// Searches in `columns` instead, searching again for the current text.
    public func setSearchColumns(_ columns: [Int]) {
        guard columns != searchColumns else { return }
        searchColumns = columns
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
        } else if text == searchText && rows == searchRows {
            return
        }
        searchText = text
        searchRows = rows
        changed()
    }

    private func changed(_ change: Change = .results) {
        recompute()
        send(change)
    }

    /// Makes the changes `body` makes, then sends one change that says them all (none if nothing
    /// changed), as a launch's filters are applied.
    public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard batched == nil else { return try body() }
        batched = []
        defer {
            let change = batched ?? []
            batched = nil
            if !change.isEmpty { changes.send(change) }
        }
        return try body()
    }

    private func send(_ change: Change) {
        if batched == nil { changes.send(change) } else { batched?.formUnion(change) }
    }
}
