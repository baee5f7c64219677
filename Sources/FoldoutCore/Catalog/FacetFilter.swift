// SPDX-License-Identifier: GPL-3.0-or-later
/// The Filters page's state over a catalog (seed 001's data source, in Swift): which columns are
/// facets, what each filters by — ticked options (or every option but those) for an option facet,
/// a range of values for a number, date or date-time column — the sort order, the matching rows
/// in that order, and each facet's counts as faceted search gives them (a facet's counts and
/// histogram honour every other filter but not its own), narrowed by a text search when there is
/// one. Every effective change sends one change.
///
/// Each filter is kept as the set of rows it lets through (a bit a row), made again only when
/// that filter changes; the matches are their intersection, and a facet's counts are counted
/// over the intersection of the others.
public final class FacetFilter {
    public enum Change: Equatable, Sendable {
        /// The matches changed (a choice, a range, the sort order, the search or the catalog).
        case results
        /// The set of facets changed, and with it the facet bar.
        case facets
    }

    /// What a facet filters by.
    public enum FacetKind: Sendable { case options, range }

    /// How a facet's options are ordered: "Yes" before "No" in a yes/no facet.
    public enum OptionOrder: Sendable { case byValue, alphabetical, asGiven, yesFirst }

    public private(set) var catalog: Catalog
    /// The facet columns, in the catalog's column order.
    public private(set) var facetColumns: [Int] = []
    /// Catalog positions of the rows that pass every filter and the search, in `sort`'s order.
    public private(set) var matches: [UInt32] = []
    public let changes = Observers<Change>()

    private var codes: [Int: FacetCodes] = [:]
    /// The kind each facet was made with, where it was chosen.
    private var kinds: [Int: FacetKind] = [:]
    private var bins: [Int: RangeBins] = [:]
    private var logarithmic: Set<Int> = []
    private var selections: [Int: FacetSelection] = [:]
    private var ranges: [Int: FacetRange] = [:]
    /// The rows each active filter lets through, by column.
    private(set) var passing: [Int: RowSet] = [:]
    /// The rows every filter and the search let through; nil when nothing filters.
    private(set) var matching: RowSet?
    /// Counts by code over every row, by column: what a facet counts when nothing else filters.
    private var everyRowCounts: [Int: [Int]] = [:]
    private var everyRowBins: [Int: [Int]] = [:]
    private var cachedCounts: [Int: [Int]] = [:]
    private var cachedHistograms: [Int: FacetHistogram] = [:]
    /// Measures beside options (`measures(_:forColumn:)`), until the rows change.
    var cachedMeasures: [MeasureKey: [MeasureFigure]] = [:]
    /// True while `matches` is the sort order's permutation itself (nothing filters).
    private var matchesIsOrder = false
    /// A result buffer kept for reuse while `matches` is the order's permutation.
    private var spare: [UInt32] = []
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
        if let chosen = kinds[column] { return chosen }
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
        kinds[column] = on && (kind != .range || catalog.columns[column].isRangeable) ? kind : nil
        facetColumns = on ? (facetColumns + [column]).sorted() : facetColumns.filter { $0 != column }
        let hadFilter = dropFilter(column)
        if !on {
            codes[column] = nil
            bins[column] = nil
            everyRowCounts[column] = nil
            everyRowBins[column] = nil
        }
        changes.send(.facets)
        if hadFilter { changed() } else { invalidateCounts() }
    }

    // MARK: Options

    func facetCodes(_ column: Int) -> FacetCodes {
        if let made = codes[column] { return made }
        let made = FacetCodes(catalog.columns[column])
        codes[column] = made
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

    /// The options as a flyout shows them: the values, or "Yes" and "No".
    public func optionLabels(forColumn column: Int) -> [String] {
        isYesNo(column) ? [tr("Yes"), tr("No")] : options(forColumn: column)
    }

    /// The facet's ticked options; empty when it does not filter.
    public func selection(forColumn column: Int) -> FacetSelection { selections[column] ?? FacetSelection() }

    /// The one chosen option, when exactly one is ticked and not excluded.
    public func choice(forColumn column: Int) -> Int? {
        guard let selection = selections[column], !selection.excluded, !selection.noValue,
            selection.options.count == 1
        else { return nil }
        return selection.options.first
    }

    /// Chooses `option` alone (the "No value" option too), as a single click in a flyout does.
    public func select(option: Int, inColumn column: Int) {
        let noValue = option == noValueOption(forColumn: column)
        precondition(
            noValue || (0..<options(forColumn: column).count).contains(option),
            "option \(option) is not one of column \(column)'s")
        setSelection(FacetSelection(options: noValue ? [] : [option], noValue: noValue), forColumn: column)
    }

    /// Ticks `option` or unticks it, keeping the others.
    public func toggle(option: Int, inColumn column: Int) {
        var selection = self.selection(forColumn: column)
        if option == noValueOption(forColumn: column) {
            selection.noValue.toggle()
        } else if selection.options.remove(option) == nil {
            selection.options.insert(option)
        }
        setSelection(selection, forColumn: column)
    }

    /// Turns the ticked options into "every option but these", or back.
    public func setExcluded(_ excluded: Bool, inColumn column: Int) {
        var selection = self.selection(forColumn: column)
        selection.excluded = excluded
        setSelection(selection, forColumn: column)
    }

    public func setSelection(_ selection: FacetSelection, forColumn column: Int) {
        precondition(isFacet(column) && kind(ofColumn: column) == .options, "column \(column) is no option facet")
        let old = selections[column]
        let new: FacetSelection? = selection.isEmpty && !selection.excluded ? nil : selection
        guard old != new else { return }
        selections[column] = new
        refilter(column)
    }

    // MARK: Ranges

    /// The facet's range; nil when it does not filter.
    public func range(forColumn column: Int) -> FacetRange? { ranges[column] }

    /// Filters by `range` (nil: no longer).
    public func setRange(_ range: FacetRange?, forColumn column: Int) {
        precondition(isFacet(column) && kind(ofColumn: column) == .range, "column \(column) is no range facet")
        let new = range?.isEverything == true ? nil : range
        guard ranges[column] != new else { return }
        ranges[column] = new
        refilter(column)
    }

    /// Whether the histogram of `column` is on a logarithmic scale.
    public func isLogarithmic(_ column: Int) -> Bool { logarithmic.contains(column) }

    public func setLogarithmic(_ on: Bool, forColumn column: Int) {
        guard on != isLogarithmic(column) else { return }
        if on { logarithmic.insert(column) } else { logarithmic.remove(column) }
        bins[column] = nil
        everyRowBins[column] = nil
        cachedHistograms[column] = nil
    }

    private func rangeBins(_ column: Int) -> RangeBins {
        if let made = bins[column] { return made }
        let made = RangeBins(catalog.columns[column], logarithmic: isLogarithmic(column))
        bins[column] = made
        return made
    }

    /// The histogram of `column`'s values among the rows every other filter and the search match.
    public func histogram(forColumn column: Int) -> FacetHistogram {
        if let cached = cachedHistograms[column] { return cached }
        let bins = rangeBins(column)
        let byCode = RowCounting.count(bins.codes, rows: rowsPassing(allBut: column), slots: bins.edges.count) {
            if let counted = everyRowBins[column] { return counted }
            var counted = [Int](repeating: 0, count: bins.edges.count)
            RowCounting.count(bins.codes, rows: nil, into: &counted)
            everyRowBins[column] = counted
            return counted
        }
        let histogram = FacetHistogram(
            edges: bins.edges, unit: bins.unit, logarithmic: bins.logarithmic, counts: Array(byCode.dropFirst()),
            missing: byCode[0])
        cachedHistograms[column] = histogram
        return histogram
    }

    // MARK: Resetting

    /// Ends the facet's filter.
    public func reset(column: Int) {
        guard dropFilter(column) else { return }
        changed()
    }

    public func resetAll() {
        guard !selections.isEmpty || !ranges.isEmpty else { return }
        selections = [:]
        ranges = [:]
        passing = [:]
        changed()
    }

    /// Whether any facet filters.
    public var isFiltering: Bool { !selections.isEmpty || !ranges.isEmpty }

    private func dropFilter(_ column: Int) -> Bool {
        let had = selections.removeValue(forKey: column) != nil || ranges.removeValue(forKey: column) != nil
        passing[column] = nil
        return had
    }

    private func refilter(_ column: Int) {
        updatePassing(column)
        changed()
    }

    /// The rows `column`'s filter lets through, for `recompute` to intersect.
    private func updatePassing(_ column: Int) {
        if let selection = selections[column] {
            let codes = facetCodes(column)
            let allowed = codes.optionOfCode.map { selection.matches($0 < 0 ? nil : Int($0)) }
            passing[column] = allowed.withUnsafeBufferPointer { allowed in
                codes.codes.rows { allowed[Int(truncatingIfNeeded: $0)] }
            }
        } else if let range = ranges[column] {
            passing[column] = catalog.columns[column].rows(in: range)
        } else {
            passing[column] = nil
        }
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
        let keptSelections = selections.map { (old.columns[$0.key].name, optionTexts($0.key, $0.value)) }
        let keptRanges = ranges.map { (old.columns[$0.key].name, old.columns[$0.key].kind, $0.value) }
        let sortName = sort.map { old.columns[$0.column].name }
        self.catalog = catalog
        codes = [:]
        kinds = [:]
        bins = [:]
        logarithmic = []
        selections = [:]
        ranges = [:]
        passing = [:]
        everyRowCounts = [:]
        everyRowBins = [:]
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
            selections[column] = selection
            updatePassing(column)
        }
        for (name, kind, range) in keptRanges {
            guard let column = catalog.column(named: name), catalog.columns[column].kind == kind,
                self.kind(ofColumn: column) == .range
            else { continue }
            if !isFacet(column) { facetColumns = (facetColumns + [column]).sorted() }
            ranges[column] = range
            updatePassing(column)
        }
        let sortColumn = sortName.flatMap { catalog.column(named: $0) }
        sortKey =
            sortColumn.map { CatalogSortKey(column: $0, descending: sortKey?.descending ?? false) }
            ?? catalog.defaultSort
        changes.send(.facets)
        changed()
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

    private func changed() {
        recompute()
        changes.send(.results)
    }

    // MARK: Counting

    /// The rows the search and every filter but `column`'s let through; nil for every row.
    func rowsPassing(allBut column: Int?) -> RowSet? {
        var sets = passing.filter { $0.key != column }.map(\.value)
        if let searchRows { sets.append(searchRows) }
        return sets.isEmpty ? nil : RowSet.intersection(of: sets, capacity: catalog.count)
    }

    /// How many rows have each option of the facet `column`, given every other filter and the search.
    public func counts(forColumn column: Int) -> [Int] { Array(countsWithNoValue(column).dropLast()) }

    /// How many rows have no value in `column`, given every other filter and the search.
    public func noValueCount(forColumn column: Int) -> Int { countsWithNoValue(column).last ?? 0 }

    private func countsWithNoValue(_ column: Int) -> [Int] {
        if let cached = cachedCounts[column] { return cached }
        let codes = facetCodes(column)
        let rows = passing[column] == nil ? matching : rowsPassing(allBut: column)
        let byCode = RowCounting.count(codes.codes, rows: rows, slots: codes.codeCount) {
            if let counted = everyRowCounts[column] { return counted }
            var counted = [Int](repeating: 0, count: codes.codeCount)
            RowCounting.count(codes.codes, rows: nil, into: &counted)
            everyRowCounts[column] = counted
            return counted
        }
        let counts = codes.optionCounts(byCode)
        cachedCounts[column] = counts
        return counts
    }

    /// Every option facet's counts and every range facet's histogram, by column.
    public func allCounts() -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for column in facetColumns {
            switch kind(ofColumn: column) {
            case .options: result[column] = counts(forColumn: column)
            case .range: result[column] = histogram(forColumn: column).counts
            }
        }
        return result
    }

    private func invalidateCounts() {
        cachedCounts = [:]
        cachedHistograms = [:]
        cachedMeasures = [:]
    }

    // MARK: Matching

    /// The matches in the sort order. The result goes into the previous result's buffer when
    /// nothing else holds it, because writing to memory that is already mapped is several times
    /// faster than to fresh pages; an unfiltered result is the sort order's own permutation,
    /// shared, not copied.
    private func recompute() {
        invalidateCounts()
        matching = rowsPassing(allBut: nil)
        let order = sort.map { catalog.positions(sortedBy: $0) } ?? catalog.filePositions
        var buffer: [UInt32] = []
        if matchesIsOrder { swap(&buffer, &spare) } else { swap(&buffer, &matches) }
        guard let matching else {
            spare = buffer
            matches = order
            matchesIsOrder = true
            return
        }
        matchesIsOrder = false
        if sort == nil {
            matching.positions(into: &buffer)
        } else {
            FacetMatching.matches(order: order, rows: matching, into: &buffer)
        }
        matches = buffer
    }

    /// Bytes per row held by the catalog (with the sort orders used), the facets' codes made for
    /// columns without a dictionary, the histograms' bins and the filters' row sets.
    public var bytesPerItem: Double {
        guard catalog.count > 0 else { return 0 }
        var bytes = 0
        for (column, made) in codes {
            if case .coded = catalog.columns[column].values { continue }
            bytes += made.codes.byteCount
        }
        bytes += bins.values.reduce(0) { $0 + $1.codes.byteCount }
        bytes += (passing.count + (matching == nil ? 0 : 1)) * (catalog.count + 7) / 8
        return catalog.bytesPerItem + Double(bytes) / Double(catalog.count)
    }
}
