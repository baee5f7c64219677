// SPDX-License-Identifier: GPL-3.0-or-later
/// A table as the Filters page filters it, whichever engine answers: a catalog read into memory
/// (`FacetFilter`) or a table filtered in its database server (`DatabaseFacets`, in
/// CatalogFormats). The page's parts (the facet bar, the flyouts, the active filters, the empty
/// state) ask this and never which engine it is; what an engine cannot answer yet, it says here
/// (`facetsBeingMade`, `isCounting`), and the page shows it the same way for both.
public protocol FilteredTable: FacetChoosing, RangeChoosing {
    /// Every column's name, in the table's order.
    var columnNames: [String] { get }
    /// Every column as a measure names it and writes its figures.
    var measurableColumns: [MeasurableColumn] { get }
    /// What the facets' options and bins are made from: the same object while only the filter
    /// changes, another when the rows are another catalog's (a file read again): flyouts made anew.
    var facetSource: AnyObject { get }
    /// The column a result is titled by at first, and those its details line shows
    /// (`Catalog.chooseTitle`, `chooseDetails`).
    var titleColumn: Int { get }
    var detailColumns: [Int] { get }
    /// What the table's views (a table's columns and widths) are kept by on its page.
    var tableName: String { get }
    /// Every row of the table, matching or not.
    var rowCount: Int { get }
    /// How many of the matches can be listed now, in order: all of a catalog's; the rows fetched
    /// so far of a table in its server.
    var listedCount: Int { get }
    /// The value of `column` in the match listed at `listPosition` as the page shows it
    /// (`ResultValue.shown`); nil when it has none or is not listed.
    func shownValue(atListPosition listPosition: Int, column: Int) -> String?
    /// How many characters `column`'s values are shown in, at most, among a sample: how wide a
    /// table's column would like to be (`ResultValue.widest`).
    func typicalCharacters(ofColumn column: Int) -> Int
    /// The facets whose flyouts can be made now, in column order.
    var facetColumns: [Int] { get }
    /// The columns asked to be facets whose options or bins are still being worked out, in
    /// column order: their buttons wait, greyed out (none for a catalog in memory).
    var facetsBeingMade: [Int] { get }
    /// Whether `column` is a facet, or is being made one.
    func isFacet(_ column: Int) -> Bool
    /// What `column` filters by as a facet.
    func kind(ofColumn column: Int) -> FacetKind
    /// The options as a flyout lists them: the values, or "Yes" and "No".
    func optionLabels(forColumn column: Int) -> [String]
    func optionOrder(forColumn column: Int) -> OptionOrder
    /// Makes `column` a facet (of `kind` if given, else the kind its values suggest), or no
    /// longer one, dropping its filter. Ignored where `facetRefusal` says why not.
    func setFacet(_ column: Int, _ on: Bool, as kind: FacetKind?)
    /// Why `column` cannot be a facet, in a few words; nil when it can.
    func facetRefusal(ofColumn column: Int) -> String?
    /// What the Facets menu says of `column`: "genre (text, 12 values)".
    func facetDescription(ofColumn column: Int) -> String
    /// The text every match contains in a searched column ("" when not searching).
    var searchText: String { get }
    /// Ends every facet's filter; the search stays (its field owns it).
    func resetAll()
    /// What the summary of the matches now is made from: equal for the same matches, so that a
    /// summary shown is not worked out again.
    var summarySource: AnyHashable { get }
    /// Works out the summary of every column of the matches now, off the caller's thread, and
    /// hands it to `answer` on the thread it was made on; none once `isCancelled` (a newer one
    /// was asked), or with the reason it could not be made.
    func summarize(
        isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[ColumnSummary], CatalogImportError>) -> Void)
    /// Works out the groups of `grouping` at each of `paths` (the keys of the groups opened at
    /// the outer levels; [] for the outermost) among the matches now (`FacetFilter.groups`), off
    /// the caller's thread, and hands them to `answer` by path on a thread of its own; none once
    /// `isCancelled`, or the reason they could not be had. What they are made from is
    /// `summarySource`: equal for the same matches.
    func groups(
        _ grouping: Grouping, at paths: [[GroupKey]], isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[[GroupKey]: [GroupRow]], CatalogImportError>) -> Void)
    /// Up to `limit` of the matches in the innermost group at `path` of `grouping`, after the
    /// first `offset`, in the order the matches are listed (`sort`), each as its record shows
    /// it: what the group folds out into. Off the caller's thread, as `groups` answers.
    func groupMembers(
        _ grouping: Grouping, at path: [GroupKey], offset: Int, limit: Int,
        isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[ShownRecord], CatalogImportError>) -> Void)
    /// Works out every match as one group, with `grouping`'s measures over them all (the Groups
    /// view's total row), as `groups` answers.
    func groupsTotal(
        _ grouping: Grouping, isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<GroupRow, CatalogImportError>) -> Void)
    /// Works out every innermost group of `grouping` among the matches now, as `groups` does.
    func innermostGroups(
        _ grouping: Grouping, isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[FoldedGroup], CatalogImportError>) -> Void)
    /// The order the table opened in (nil: its own, a file's or the server's key).
    var defaultSort: CatalogSortKey? { get }
    /// What Sort by calls the table's own order: "File order", "Table order".
    var ownOrderName: String { get }
    /// The facets, their choices, ranges and scales, the `measures` shown (by facet column) and
    /// the sort, as a view is kept (by column name and option text); the page adds what it shows.
    func viewState(measures: [Int: FacetMeasureChoice]) -> CatalogViewState
    /// Gives the table the facets, choices, ranges and scales `state` kept, where it still has
    /// those columns and options, and says how the sort kept is set.
    func restore(_ state: CatalogViewState) -> KeptSort
    /// Makes the facets the table opened with its facets again, and only those.
    func resetFacets()
    /// Whether the counts and the match count are an earlier filter's, newer ones being worked out.
    var isCounting: Bool { get }
    /// Whether a measure's figures are being worked out.
    var isMeasuring: Bool { get }
    /// Calls `body` after every change, on the main thread, until the token goes.
    func observe(_ body: @escaping (TableChange) -> Void) -> ObservationToken

    // MARK: The matches, listed

    /// The order the matches are listed in (nil: the table's own).
    var sort: CatalogSortKey? { get set }
    /// Whether `matchCount` is counted (a server's first count may still be on its way).
    var isMatchCountKnown: Bool { get }
    /// Whether more matches are being fetched to list (a server's next page).
    var isFetchingRows: Bool { get }
    /// Whether every match is listed (`listedCount == matchCount` once counted).
    var hasAllListed: Bool { get }
    /// Asks for more matches to list, unless they are on their way or all listed.
    func fetchMore()
    /// What names the record of the match listed at `listPosition` while it is unfolded: the
    /// same row keeps its key while the filters change (a catalog's position), or gets another
    /// (a server's row as fetched for one filter); nil when not listed.
    func rowKey(atListPosition listPosition: Int) -> Int?
    /// The title of the match listed at `listPosition`, from `column`.
    func title(atListPosition listPosition: Int, column: Int) -> ListedTitle
    /// The whole record of row `key` as known now; nil when it is no longer listed.
    func record(ofRow key: Int) -> ShownRecord?
    /// Reads row `key`'s record again where it lives and hands it to `answer` if it changed
    /// there (a server's); a catalog in memory has it already and answers nothing.
    func readRecord(ofRow key: Int, answer: @escaping @MainActor (ShownRecord) -> Void)
    /// The matches listed at `listPositions` as tab-separated text with a header line, every
    /// column, as a copy puts them on the clipboard, and how many; nil when none is listed.
    func rowsText(atListPositions listPositions: [Int]) -> (text: String, count: Int)?

    // MARK: Searching

    /// The columns a search "in every text column" searches.
    var searchableColumns: [Int] { get }
    /// Narrows the matches to the rows whose `columns` contain `text` if the table searches
    /// itself (a server, in SQL) and says true; false when the page finds the rows instead (a
    /// catalog in memory, off the main thread: `FiltersSearch`).
    func search(for text: String, inColumns columns: [Int]) -> Bool

    // MARK: What a launch asks

    /// Makes a facet of every column `query` filters by or opens that is none yet (a server's
    /// are made off the main thread: `areFacetsMade` says when).
    func makeFacets(for query: CatalogQuery)
    /// Whether every facet asked for is made and counted, so a launch's request can be applied.
    var areFacetsMade: Bool { get }
    /// Applies `query`'s filters and sort as `--export` does (what filtered before goes first when
    /// it names results), sorting through `sorting` (the page's Sort by); every problem, in order.
    func apply(_ query: CatalogQuery, sorting: @escaping (CatalogSortKey) -> Void) -> [String]

    // MARK: Where it lives

    /// Why the last answer could not be had, in one line (a server that went away); nil when
    /// every answer came.
    var failure: String? { get }
    /// Asks again what could not be answered.
    func retry()
    /// Stops every piece of work under way, for closing.
    func close()
}

/// A catalog's matches, as a summary is made of them (the catalog is alive while the filter is).
private struct SummarySource: Hashable {
    let catalog: ObjectIdentifier
    let matches: [UInt32]
}

/// How a view kept gives its sort back (`FilteredTable.restore`).
public enum KeptSort: Equatable, Sendable {
    /// The page sets it now (in memory a new order is worked out off the main thread).
    case now(CatalogSortKey?)
    /// The table sets it itself once it has made the facets kept; the page's Sort by follows.
    case byTheTable
}

/// A facet that filters, as the empty state names it.
public struct ActiveFacet: Equatable, Sendable {
    public let column: Int
    public let name: String
    /// What it filters by: "JFK, LGA", "≥ 60".
    public let text: String
}

extension FilteredTable {
    /// Makes `column` a facet of the kind its values suggest, or no longer one.
    public func setFacet(_ column: Int, _ on: Bool) { setFacet(column, on, as: nil) }

    /// The facets that filter, in column order.
    public var activeFacets: [ActiveFacet] {
        facetColumns.compactMap { column -> ActiveFacet? in
            guard !selection(forColumn: column).isEmpty || range(forColumn: column) != nil else { return nil }
            return ActiveFacet(
                column: column, name: columnNames[column], text: filterText(forColumn: column, listingAll: false))
        }
    }

    /// Whether any facet filters or the search narrows the rows.
    public var isNarrowed: Bool { !activeFacets.isEmpty || !searchText.isEmpty }

    /// The column of that very name.
    public func column(named name: String) -> Int? { columnNames.firstIndex(of: name) }

    /// The column a user means by `name` (`Catalog.column(matching:among:)`).
    public func column(matching name: String) -> Int? { Catalog.column(matching: name, among: columnNames) }
}

extension FacetFilter: FilteredTable {
    public var columnNames: [String] { catalog.columns.map(\.name) }
    public var measurableColumns: [MeasurableColumn] { catalog.columns.map(MeasurableColumn.init) }
    public var facetSource: AnyObject { catalog }
    public var titleColumn: Int { catalog.titleColumn }
    public var detailColumns: [Int] { catalog.detailColumns }
    public var tableName: String { catalog.name }
    public var rowCount: Int { catalog.count }
    public var listedCount: Int { matchCount }

    public func shownValue(atListPosition listPosition: Int, column: Int) -> String? {
        // While a new catalog replaces the old, the matches can still be the old one's, and its
        // results can come before its columns.
        guard listPosition < matches.count, column < catalog.columns.count else { return nil }
        let position = Int(matches[listPosition])
        guard position < catalog.count else { return nil }
        return ResultValue.shown(catalog, column: column, at: position)
    }

    public func typicalCharacters(ofColumn column: Int) -> Int {
        ResultValue.typicalCharacters(catalog, column: column)
    }
    public var facetsBeingMade: [Int] { [] }
    public var isCounting: Bool { false }
    public var isMeasuring: Bool { false }

    public func facetRefusal(ofColumn column: Int) -> String? {
        canMakeFacet(column) ? nil : tr("No row has a value here")
    }

    public var defaultSort: CatalogSortKey? { catalog.defaultSort }
    public var ownOrderName: String { tr("File order") }

    public var summarySource: AnyHashable { SummarySource(catalog: ObjectIdentifier(catalog), matches: matches) }

    public func summarize(
        isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[ColumnSummary], CatalogImportError>) -> Void
    ) {
        let catalog = self.catalog
        // Every row, in whatever order: the catalog's own order reads its columns straight through.
        let rows = matches.count == catalog.count ? nil : matches
        Task.detached {
            guard let summaries = CatalogSummary.summarize(catalog, rows: rows, isCancelled: isCancelled) else {
                return
            }
            answer(.success(summaries))
        }
    }

    public func groups(
        _ grouping: Grouping, at paths: [[GroupKey]], isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[[GroupKey]: [GroupRow]], CatalogImportError>) -> Void
    ) {
        let folding = folding(grouping)
        Task.detached {
            var found: [[GroupKey]: [GroupRow]] = [:]
            for path in paths where path.count < grouping.levels.count {
                guard !isCancelled() else { return }
                found[path] = folding.groups(within: path)
            }
            if !isCancelled() { answer(.success(found)) }
        }
    }

    public func groupMembers(
        _ grouping: Grouping, at path: [GroupKey], offset: Int, limit: Int,
        isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[ShownRecord], CatalogImportError>) -> Void
    ) {
        let folding = folding(grouping)
        let listed = matches
        Task.detached {
            let rows = folding.members(within: path, listed: listed, offset: offset, limit: limit)
            let records = rows.map { ShownRecord(folding.catalog, row: $0) }
            if !isCancelled() { answer(.success(records)) }
        }
    }

    public func groupsTotal(
        _ grouping: Grouping, isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<GroupRow, CatalogImportError>) -> Void
    ) {
        let folding = folding(grouping)
        Task.detached {
            let total = folding.total()
            if !isCancelled() { answer(.success(total)) }
        }
    }

    public func innermostGroups(
        _ grouping: Grouping, isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[FoldedGroup], CatalogImportError>) -> Void
    ) {
        let folding = folding(grouping)
        Task.detached {
            let found = folding.innermost()
            if !isCancelled() { answer(.success(found)) }
        }
    }

    public func viewState(measures: [Int: FacetMeasureChoice]) -> CatalogViewState {
        CatalogViewState(
            self, title: catalog.titleColumn, details: [], showsTable: false, widths: [:], measures: measures)
    }

    public func restore(_ state: CatalogViewState) -> KeptSort { .now(state.apply(to: self).sort) }

    public func resetFacets() {
        for column in facetColumns where !catalog.facetColumns.contains(column) { setFacet(column, false) }
        for column in catalog.facetColumns { setFacet(column, true) }
    }

    public func observe(_ body: @escaping (TableChange) -> Void) -> ObservationToken {
        changes.add { change in
            var heard: TableChange = []
            if change.contains(.results) { heard.formUnion([.filter, .counts, .rows]) }
            if change.contains(.facets) { heard.insert(.facets) }
            body(heard)
        }
    }

    public var isMatchCountKnown: Bool { true }
    public var isFetchingRows: Bool { false }
    public var hasAllListed: Bool { true }
    public func fetchMore() {}

    public func rowKey(atListPosition listPosition: Int) -> Int? {
        matches.indices.contains(listPosition) ? Int(matches[listPosition]) : nil
    }

    public func title(atListPosition listPosition: Int, column: Int) -> ListedTitle {
        guard let position = rowKey(atListPosition: listPosition), position < catalog.count else {
            return ListedTitle("", isValue: false)
        }
        let text = column < catalog.columns.count ? catalog.text(column, at: position) : ""
        // As a server's row says it: neither engine numbers the rows it lists.
        return text.isEmpty ? ListedTitle(tr("No value"), isValue: false) : ListedTitle(text, isValue: true)
    }

    public func record(ofRow key: Int) -> ShownRecord? {
        guard key >= 0, key < catalog.count else { return nil }
        return ShownRecord(catalog, row: key)
    }

    public func readRecord(ofRow key: Int, answer: @escaping @MainActor (ShownRecord) -> Void) {}

    public func rowsText(atListPositions listPositions: [Int]) -> (text: String, count: Int)? {
        let rows = listPositions.filter { $0 < matches.count }.map { matches[$0] }
        guard !rows.isEmpty else { return nil }
        return (CatalogExport(catalog: catalog, rows: rows, format: .tsv).valuesText(), rows.count)
    }

    public var searchableColumns: [Int] { CatalogSearch.textColumns(of: catalog) }
    public func search(for text: String, inColumns columns: [Int]) -> Bool { false }

    public func makeFacets(for query: CatalogQuery) {}
    public var areFacetsMade: Bool { true }

    public func apply(_ query: CatalogQuery, sorting: @escaping (CatalogSortKey) -> Void) -> [String] {
        if query.namesResults { resetAll() }
        return query.apply(to: self, sorting: sorting).map(\.message)
    }

    public var failure: String? { nil }
    public func retry() {}
    public func close() {}

    public func facetDescription(ofColumn column: Int) -> String {
        let values = catalog.columns[column]
        guard let distinct = values.distinctCount else {
            return tr("{column} ({kind})", ["column": values.name, "kind": values.kind.label])
        }
        let count = trn("{count} value", "{count} values", distinct, ["count": NumberText.grouped(distinct)])
        return tr("{column} ({kind}, {values})", ["column": values.name, "kind": values.kind.label, "values": count])
    }
}
