// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A table filtered in its database server, as the Filters page shows it: the filter the user
/// builds, the newest counts and the matching rows fetched so far, every one asked of the server
/// off the main thread and answered through `post` on the main thread. While a count is under way
/// the old counts stay (`isCounting`: the page dims them); a newer change cancels the older query.
/// Counts, rows and records each have a session (a connection) of their own, so that scrolling or
/// unfolding never cancels a count. Like `FacetFilter`, it is used on the main thread only; the
/// sessions' answers reach it there through `post`. (Marking it `@MainActor` needs its
/// conformances isolated to the main actor, a Swift 6.2 feature the 6.0 build cannot take.)
public final class DatabaseFacets {
    public private(set) var table: DatabaseTable
    public private(set) var filter = DatabaseFilter()
    /// The newest counts received; nil before the first.
    public private(set) var counts: DatabaseCounts?
    /// Whether the counts shown are an older filter's, a newer count being under way.
    public private(set) var isCounting = false
    /// The matching rows fetched so far, in the sort order: each row's values as shown.
    public private(set) var rows: [[String?]] = []
    /// Each fetched row's key in the table, to read its record again by.
    private(set) var keys: [[String]] = []
    private var next: DatabaseCursor?
    /// Counts the first pages fetched: a row's key (`rowKey`) is its place in one of them.
    private(set) var listing = 0
    /// Whether a page of rows is being fetched (the rows shown may be an older filter's).
    public private(set) var isFetchingRows = false
    /// What went wrong with the last query, in one line; nil when the last answers came.
    public private(set) var problem: CatalogImportError?
    /// What changed, as the Filters page hears it (`TableChange`: the filter, the counts, the
    /// first page of rows or a further one, the facets made, a measure's figures, a problem).
    public let changes = Observers<TableChange>()
    /// The facets some of whose rows have no value, from the first counts: their flyouts list "No value".
    private var lacksValues: Set<Int> = []
    /// Each range facet's rows with no value, from the first counts.
    private var missingAtFirst: [Int: Int] = [:]
    private let countSession: DatabaseSession
    private let rowSession: DatabaseSession
    let recordSession: DatabaseSession
    /// Makes the range facets left when the table opened, and those added.
    private let surveySession: DatabaseSession
    /// Summarizes every column of the matches (`summarize`).
    private let summarySession: DatabaseSession
    /// Folds the matches into groups (`groups`), each request for every group shown.
    private let groupSession: DatabaseSession
    /// The measures beside the options, on a session of their own.
    private let measureFigures: DatabaseFacetMeasures
    /// Whether facets are being made (`facetsBeingMade`).
    public private(set) var isSurveying = false
    /// The columns made facets from the Facets menu or by a launch, until they are made, with
    /// the kind a launch wants (nil: the column's own).
    private var addedFacets: [Int: FacetKind?] = [:]
    /// The columns that cannot be facets: texts of too many values (`DatabaseTable.addFacet`).
    public private(set) var refusedFacets: Set<Int> = []
    /// The title and details a catalog of these columns would get, chosen when the table opened.
    public let titleColumn: Int
    public let detailColumns: [Int]
    /// The facets the table opened with, for Reset View.
    let firstFacets: Set<Int>
    /// A view kept, given back once its facets are made (`restore`).
    var keptView: CatalogViewState?
    /// Runs a closure on the main thread (the main loop's, in the app).
    let post: @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void
    /// Counts each filter and each retry; an answer for an older one is dropped.
    private var generation = 0
    public nonisolated static let pageSize = 100

    public init(table: DatabaseTable, post: @escaping @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void) {
        self.table = table
        self.post = post
        countSession = DatabaseSession(table: table)
        rowSession = DatabaseSession(table: table)
        recordSession = DatabaseSession(table: table)
        surveySession = DatabaseSession(table: table)
        summarySession = DatabaseSession(table: table)
        groupSession = DatabaseSession(table: table)
        measureFigures = DatabaseFacetMeasures(table: table)
        let candidates = table.columns.indices.map { column in
            let values = table.columns[column]
            return TitleCandidate(
                name: values.name, kind: values.kind, suggestsFacet: table.facets[column] == .options,
                distinctCount: table.options[column]?.count)
        }
        titleColumn = Catalog.chooseTitle(among: candidates)
        detailColumns = Catalog.chooseDetails(among: candidates, title: titleColumn)
        firstFacets = Set(table.facets.keys).union(table.pendingRanges)
        filter.searchColumns = table.textColumns
        ask()
        makeFacets()
    }

    /// The option facets, in the table's column order.
    public var optionFacets: [Int] { table.facets.filter { $0.value == .options }.keys.sorted() }
    /// The range facets, in the table's column order.
    public var rangeFacets: [Int] { table.facets.filter { $0.value == .range }.keys.sorted() }
    /// The range facets left when the table opened and the columns added from the Facets menu,
    /// until their options, or bounds and histograms, are counted.
    private var pendingFacets: Set<Int> { Set(table.pendingRanges).union(addedFacets.keys) }

    /// The facets whose flyouts can be made: every facet counted, once the first counts have come
    /// (which say which facets list "No value").
    public var facetColumns: [Int] { counts == nil ? [] : table.facets.keys.sorted() }

    /// The facets still being made, in column order: every facet until the first counts come.
    public var facetsBeingMade: [Int] { counts == nil ? wantedFacets : pendingFacets.sorted() }

    /// Every facet, made or being made, in column order.
    public var wantedFacets: [Int] { Set(table.facets.keys).union(pendingFacets).sorted() }

    /// Whether `column` is a facet, or is being made one.
    public func isFacet(_ column: Int) -> Bool { table.facets[column] != nil || pendingFacets.contains(column) }

    /// Makes `column` a facet (counted in the server, then `.facets`; a text of too many values
    /// is refused: `refusedFacets`), of kind `kind` if given, or gives it up, with its filter.
    public func setFacet(_ column: Int, _ on: Bool, as kind: FacetKind? = nil) {
        guard on != isFacet(column), !(on && refusedFacets.contains(column)) else { return }
        if on {
            addedFacets[column] = .some(kind)
        } else {
            addedFacets[column] = nil
            let wasMade = table.facets[column] != nil
            table.removeFacet(column)
            for session in sessions { session.update(table) }
            lacksValues.remove(column)
            missingAtFirst[column] = nil
            if wasMade && filter.filters(column) {
                filter.selections[column] = nil
                filter.ranges[column] = nil
                filterChanged()
            }
        }
        changes.send(.facets)
        // Asked again of the table as it is now: an answer under way would bring back a facet
        // given up meanwhile, or lack one asked for.
        isSurveying = false
        makeFacets()
    }

    public func options(forColumn column: Int) -> [String] { table.options[column] ?? [] }

    private var reference: MainThreadReference { MainThreadReference(facets: self, post: post) }

    /// Whether every matching row has been fetched.
    public var hasAllListed: Bool { next == nil && !isFetchingRows }

    /// "JFK, LGA", "3 options", "not UA"; for a range "≥ 60", "10–50", "June 2013".
    public func filterText(forColumn column: Int, listingAll: Bool = false) -> String {
        if let range = filter.ranges[column] { return FacetValueText.rangeText(range, valueShape(ofColumn: column)) }
        let options = options(forColumn: column)
        return selection(forColumn: column).described(listingAll: listingAll) {
            options.indices.contains($0) ? options[$0] : tr("No value")
        }
    }

    /// Filters by `filter` (its search columns kept as the table's), as a launch asks.
    public func setFilter(_ filter: DatabaseFilter) {
        var filter = filter
        filter.searchColumns = self.filter.searchColumns
        guard filter != self.filter else { return }
        replaceFilter(filter)
    }

    /// Filters by `filter` as it is (its search columns too).
    func replaceFilter(_ filter: DatabaseFilter) {
        self.filter = filter
        filterChanged()
    }

    /// Makes a facet of each column `requests` filter by, or `flyout` names, that is none yet,
    /// of the kind each asks (`--range` a range, `--choose` options).
    func makeFacets(for requests: [FilterRequest], flyout: String?) {
        for request in requests {
            guard let column = table.column(matching: request.facet), !isFacet(column) else { continue }
            setFacet(column, true, as: request.kind == .range ? .range : .options)
        }
        if let flyout, let column = table.column(matching: flyout), !isFacet(column) { setFacet(column, true) }
    }

    /// The problem with `requests` for this table: a column that is not one of its facets of
    /// that kind (one made otherwise, or one that could not be made), in one line.
    func unfitFacet(_ requests: [FilterRequest]) -> String? {
        for request in requests {
            guard let column = table.column(matching: request.facet) else { continue }
            let wanted: FacetKind = request.kind == .range ? .range : .options
            guard table.facets[column] != wanted else { continue }
            let facets = table.facets.keys.sorted().map { table.columns[$0].name }.joined(separator: ", ")
            return tr(
                "“{column}” cannot be a facet of that kind here (the facets: {facets})",
                ["column": table.columns[column].name, "facets": facets])
        }
        return nil
    }

    /// Orders the rows by `sort` (nil: by the table's key).
    public func setSort(_ sort: CatalogSortKey?) {
        guard sort != filter.sort else { return }
        filter.sort = sort
        filterChanged()
    }

    /// Ends every facet's filter; the search stays.
    public func resetAll() {
        guard !filter.selections.isEmpty || !filter.ranges.isEmpty else { return }
        filter.selections = [:]
        filter.ranges = [:]
        filterChanged()
    }

    /// Asks again what the last query could not answer (the server back, the password right).
    public func retry() {
        problem = nil
        changes.send(.problem)
        // An older query's failure may still be on its way to the main thread: not this one's.
        generation += 1
        ask()
        makeFacets()
    }

    /// Fetches the next page of matching rows, unless one is on its way or every row is here.
    public func fetchMore() {
        guard let cursor = next, !isFetchingRows, problem == nil else { return }
        fetchRows(after: cursor, generation: generation)
    }

    /// Stops every query, for closing: none is left running on the server.
    public func close() {
        for session in sessions { session.cancel() }
    }

    private var sessions: [DatabaseSession] {
        [countSession, rowSession, recordSession, surveySession, summarySession, groupSession, measureFigures.session]
    }

    /// Whether the server is working out a measure's figures.
    public var isMeasuring: Bool { measureFigures.isMeasuring }

    func measured(
        _ result: Result<[MeasureFigure], CatalogImportError>, _ measure: FacetMeasure, forColumn column: Int,
        _ generation: Int
    ) {
        switch result {
        case .success(let figures):
            if measureFigures.take(figures, measure, forColumn: column, generation) {
                changes.send(answered(.measures))
            }
        case .failure(let error):
            measureFigures.forget()
            failed(error)
        }
    }

    /// The new filter's answers asked for first, so that who hears the change sees them coming.
    private func filterChanged() {
        generation += 1
        ask()
        changes.send(.filter)
    }

    /// Asks the counts and the first page of rows for the filter now.
    private func ask() {
        askCounts()
        fetchRows(after: nil, generation: generation)
    }

    private func askCounts() {
        let generation = self.generation
        isCounting = true
        let reference = self.reference
        countSession.counts(filter) { result in
            reference.post { reference.facets?.counted(result, generation) }
        }
    }

    /// The facets being made, on a session of their own: the range facets the table opened
    /// without, then the columns added.
    private func makeFacets() {
        guard !isSurveying else { return }
        guard !table.pendingRanges.isEmpty || !addedFacets.isEmpty else { return surveySession.cancel() }
        isSurveying = true
        let table = self.table
        let added = addedFacets
        let reference = self.reference
        surveySession.run(
            { (connection) throws(CatalogImportError) in
                var surveyed = table
                try surveyed.surveyPendingRanges(connection)
                var refused: Set<Int> = []
                for (column, kind) in added.sorted(by: { $0.key < $1.key }) {
                    if try !surveyed.addFacet(column, as: kind, connection) { refused.insert(column) }
                }
                return MadeFacets(table: surveyed, added: added, refused: refused)
            },
            answer: { result in reference.post { reference.facets?.surveyed(result) } })
    }

    private struct MadeFacets: Sendable {
        let table: DatabaseTable
        let added: [Int: FacetKind?]
        let refused: Set<Int>
    }

    private func surveyed(_ result: Result<MadeFacets, CatalogImportError>) {
        isSurveying = false
        switch result {
        case .success(let answer):
            var surveyed = answer.table
            let made = Set(surveyed.facets.keys).subtracting(table.facets.keys)
            // A scale chosen while the pass ran, on the table it started from.
            for column in rangeFacets where isLogarithmic(column) { surveyed.setLogarithmic(true, forColumn: column) }
            table = surveyed
            for column in answer.added.keys { addedFacets[column] = nil }
            refusedFacets.formUnion(answer.refused)
            for session in sessions { session.update(surveyed) }
            for column in made {
                if let histogram = surveyed.openingCounts?.histograms[column] {
                    missingAtFirst[column] = histogram.missing
                }
                if (surveyed.openingCounts?.counts[column]?.last ?? 0) > 0 { lacksValues.insert(column) }
            }
            // Before the change is heard: a launch's request waiting for the facets comes after.
            giveBackKeptView()
            // The counts shown are the unfiltered table's: its histograms are those just counted.
            if var counts, answer.added.isEmpty, table.filtersNothing(filter), !isCounting {
                counts.histograms.merge(surveyed.openingCounts?.histograms ?? [:]) { old, _ in old }
                self.counts = counts
                changes.send([.facets, .counts])
            } else {
                changes.send(.facets)
                askCounts()
            }
        case .failure(let error):
            failed(error)
        }
    }

    private func fetchRows(after cursor: DatabaseCursor?, generation: Int) {
        isFetchingRows = true
        let reference = self.reference
        rowSession.page(filter, after: cursor, limit: Self.pageSize) { result in
            reference.post { reference.facets?.fetched(result, first: cursor == nil, generation) }
        }
    }

    private func counted(_ result: Result<DatabaseCounts, CatalogImportError>, _ generation: Int) {
        guard generation == self.generation else { return }
        isCounting = false
        switch result {
        case .success(let counts):
            let isFirst = self.counts == nil
            if isFirst {
                lacksValues = Set(counts.counts.compactMap { ($0.value.last ?? 0) > 0 ? $0.key : nil })
                missingAtFirst.merge(counts.histograms.mapValues(\.missing)) { old, _ in old }
            }
            self.counts = counts
            giveBackKeptView()
            // The facets' flyouts can be made once the first counts are here (`facetColumns`).
            changes.send(answered(isFirst ? [.counts, .facets] : .counts))
        case .failure(let error):
            failed(error)
        }
    }

    private func fetched(_ result: Result<DatabasePage, CatalogImportError>, first: Bool, _ generation: Int) {
        guard generation == self.generation else { return }
        isFetchingRows = false
        switch result {
        case .success(let page):
            if first {
                listing += 1
                rows = page.rows
                keys = page.keys
            } else {
                rows += page.rows
                keys += page.keys
            }
            next = page.next
            changes.send(answered(first ? .rows : .moreRows))
        case .failure(let error):
            failed(error)
        }
    }

    /// `change`, and the problem gone if there was one: the server answers again.
    private func answered(_ change: TableChange) -> TableChange {
        guard problem != nil else { return change }
        problem = nil
        return change.union(.problem)
    }

    private func failed(_ error: CatalogImportError) {
        guard error.reason != .cancelled else { return }
        problem = error
        changes.send(.problem)
    }
}

extension DatabaseFacets: FilteredTable {
    public var columnNames: [String] { table.columns.map(\.name) }
    public var facetSource: AnyObject { self }
    public var tableName: String { table.name }
    public var defaultSort: CatalogSortKey? { nil }
    public var summarySource: AnyHashable { filter }

    /// `DatabaseTable.summary`, on a session of its own.
    public func summarize(
        isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[ColumnSummary], CatalogImportError>) -> Void
    ) {
        let table = self.table
        let filter = self.filter
        summarySession.run(
            { (connection) throws(CatalogImportError) in try table.summary(filter, connection) },
            answer: { result in if !isCancelled() { answer(result) } })
    }

    /// On a session of their own: each request asks for every group shown, so the newest is all.
    public func groups(
        _ grouping: Grouping, at paths: [[GroupKey]], isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[[GroupKey]: [GroupRow]], CatalogImportError>) -> Void
    ) {
        let table = self.table
        let filter = self.filter
        groupSession.run(
            { (connection) throws(CatalogImportError) in
                var found: [[GroupKey]: [GroupRow]] = [:]
                for path in paths where path.count < grouping.levels.count {
                    found[path] = try table.groups(grouping, within: path, filter, connection)
                }
                return found
            }, answer: { result in if !isCancelled() { answer(result) } })
    }

    public func groupsTotal(
        _ grouping: Grouping, isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<GroupRow, CatalogImportError>) -> Void
    ) {
        let table = self.table
        let filter = self.filter
        groupSession.run(
            { (connection) throws(CatalogImportError) in try table.groupsTotal(grouping, filter, connection) },
            answer: { result in if !isCancelled() { answer(result) } })
    }

    public func groupMembers(
        _ grouping: Grouping, at path: [GroupKey], offset: Int, limit: Int,
        isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[ShownRecord], CatalogImportError>) -> Void
    ) {
        let table = self.table
        let filter = self.filter
        groupSession.run(
            { (connection) throws(CatalogImportError) in
                try table.members(grouping, within: path, filter, offset: offset, limit: limit, connection)
                    .map(table.shownRecord)
            }, answer: { result in if !isCancelled() { answer(result) } })
    }

    public func innermostGroups(
        _ grouping: Grouping, isCancelled: @escaping @Sendable () -> Bool,
        answer: @escaping @Sendable (Result<[FoldedGroup], CatalogImportError>) -> Void
    ) {
        let table = self.table
        let filter = self.filter
        groupSession.run(
            { (connection) throws(CatalogImportError) in try table.innermostGroups(grouping, filter, connection) },
            answer: { result in if !isCancelled() { answer(result) } })
    }

    public var rowCount: Int { table.rowCount }
    public var listedCount: Int { rows.count }

    public func shownValue(atListPosition listPosition: Int, column: Int) -> String? {
        guard rows.indices.contains(listPosition), rows[listPosition].indices.contains(column) else { return nil }
        return ResultValue.shown(rows[listPosition][column], kind: table.columns[column].kind)
    }

    /// Among the rows fetched so far.
    public func typicalCharacters(ofColumn column: Int) -> Int {
        ResultValue.widest(rows.lazy.map { $0.indices.contains(column) ? $0[column] : nil })
    }
    public var searchText: String { filter.search }

    /// A facet's kind as made, as asked for, else options for text and a range for the rest.
    public func kind(ofColumn column: Int) -> FacetKind {
        table.facets[column] ?? addedFacets[column]?.flatMap { $0 }
            ?? (table.pendingRanges.contains(column) || table.columns[column].kind != .text ? .range : .options)
    }

    public func optionLabels(forColumn column: Int) -> [String] { options(forColumn: column) }

    public func optionOrder(forColumn column: Int) -> OptionOrder {
        table.columns[column].kind == .text ? .alphabetical : .byValue
    }

    public func facetRefusal(ofColumn column: Int) -> String? {
        refusedFacets.contains(column) ? tr("Too many different values for a flyout") : nil
    }

    public func facetDescription(ofColumn column: Int) -> String {
        let values = table.columns[column]
        return tr("{column} ({kind})", ["column": values.name, "kind": values.kind.label])
    }
}

extension DatabaseFacets: FacetChoosing {
    public func selection(forColumn column: Int) -> FacetSelection { filter.selections[column] ?? FacetSelection() }

    public func setSelection(_ selection: FacetSelection, forColumn column: Int) {
        let before = filter.selections[column]
        filter.select(selection, inColumn: column)
        if filter.selections[column] != before { filterChanged() }
    }

    public func noValueOption(forColumn column: Int) -> Int? {
        lacksValues.contains(column) ? options(forColumn: column).count : nil
    }

    public func counts(forColumn column: Int) -> [Int] { Array((counts?.counts[column] ?? []).dropLast()) }

    public func noValueCount(forColumn column: Int) -> Int { counts?.counts[column]?.last ?? 0 }

    public func reset(column: Int) {
        guard filter.filters(column) else { return }
        filter.selections[column] = nil
        filter.ranges[column] = nil
        filterChanged()
    }

    /// The figures worked out by the server for the filter of now; until they come, the last
    /// ones of that measure (the first time, none).
    public func measures(_ measure: FacetMeasure, forColumn column: Int) -> [MeasureFigure] {
        let figures = measureFigures.figures(
            measure, forColumn: column, filter: filter, generation: generation, reference: reference)
        return noValueOption(forColumn: column) == nil ? Array(figures.dropLast()) : figures
    }
}

extension DatabaseFacets: RangeChoosing {
    public func columnName(_ column: Int) -> String { table.columns[column].name }

    public func valueShape(ofColumn column: Int) -> FacetValueShape { table.valueShape(ofColumn: column) }

    /// The histogram's span: its bins were made over the column's values when the table opened.
    public func extent(ofColumn column: Int) -> ClosedRange<Double>? {
        guard let edges = table.bins[column]?.edges, let first = edges.first, let last = edges.last else { return nil }
        return first...last
    }

    public func missingCount(ofColumn column: Int) -> Int { missingAtFirst[column] ?? 0 }

    public func canBeLogarithmic(_ column: Int) -> Bool { table.canBeLogarithmic(column) }
    public func isLogarithmic(_ column: Int) -> Bool { table.bins[column]?.logarithmic == true }

    /// Bins on the other scale, counted again by the server (the old counts dimmed meanwhile).
    public func setLogarithmic(_ on: Bool, forColumn column: Int) {
        guard on != isLogarithmic(column), canBeLogarithmic(column) else { return }
        table.setLogarithmic(on, forColumn: column)
        for session in sessions { session.update(table) }
        askCounts()
        changes.send(.counts)
    }

    public func range(forColumn column: Int) -> FacetRange? { filter.ranges[column] }

    public func setRange(_ range: FacetRange?, forColumn column: Int) {
        let before = filter.ranges[column]
        filter.setRange(range, forColumn: column)
        if filter.ranges[column] != before { filterChanged() }
    }

    /// The counted histogram, or until one on the scale chosen is, its bins without counts.
    public func histogram(forColumn column: Int) -> FacetHistogram {
        if let counted = counts?.histograms[column], counted.logarithmic == isLogarithmic(column) { return counted }
        return table.bins[column] ?? FacetHistogram(lowest: 0, highest: 0, kind: .number, wholeNumbers: true)
    }

    public var matchCount: Int { counts?.matchCount ?? table.rowCount }
}

/// The facets as a session's answer carries them to the main thread, where alone they are touched.
struct MainThreadReference: @unchecked Sendable {
    weak var facets: DatabaseFacets?
    let post: @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void
}
