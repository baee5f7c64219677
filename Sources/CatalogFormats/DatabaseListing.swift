// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What the Filters page lists of a table filtered in its server (`FilteredTable`): the matching
/// rows fetched so far, a page at a time, each unfolding to its record read again by its key,
/// searched and sorted in SQL, and a launch's request applied once the facets it names are made.
extension DatabaseFacets {
    public func observe(_ body: @escaping (TableChange) -> Void) -> ObservationToken { changes.add(body) }

    public var sort: CatalogSortKey? {
        get { filter.sort }
        set { setSort(newValue) }
    }

    public var ownOrderName: String { tr("Table order") }
    public var isMatchCountKnown: Bool { counts != nil }

    /// A row's place among the rows fetched for the filter of now, and which first page that was:
    /// another filter's rows are other keys, so a record unfolded folds when the filter changes.
    public func rowKey(atListPosition listPosition: Int) -> Int? {
        rows.indices.contains(listPosition) ? listing << 32 | listPosition : nil
    }

    /// The fetched row `key` names, if it is among the rows of now.
    private func fetchedIndex(ofRow key: Int) -> Int? {
        let index = key & 0xFFFF_FFFF
        return key >> 32 == listing && rows.indices.contains(index) ? index : nil
    }

    public func title(atListPosition listPosition: Int, column: Int) -> ListedTitle {
        guard rows.indices.contains(listPosition), let value = rows[listPosition][safe: column] ?? nil else {
            return ListedTitle(tr("No value"), isValue: false)
        }
        return ListedTitle(value, isValue: true)
    }

    public func record(ofRow key: Int) -> ShownRecord? { fetchedIndex(ofRow: key).map { table.shownRecord(rows[$0]) } }

    /// Read again from the server by the row's key: it may have changed since it was fetched.
    public func readRecord(ofRow key: Int, answer: @escaping @MainActor (ShownRecord) -> Void) {
        guard table.key != .none, let index = fetchedIndex(ofRow: key) else { return }
        let rowKey = keys[index]
        let table = self.table
        let post = self.post
        let reference = MainThreadReference(facets: self, post: post)
        recordSession.run(
            { (connection) throws(CatalogImportError) in try table.record(key: rowKey, connection) },
            answer: { result in
                reference.post {
                    guard let facets = reference.facets, case .success(let values?) = result else { return }
                    answer(facets.table.shownRecord(values))
                }
            })
    }

    public func rowsText(atListPositions listPositions: [Int]) -> (text: String, count: Int)? {
        let listed = listPositions.filter(rows.indices.contains).map { rows[$0].map { $0 ?? "" } }
        guard !listed.isEmpty else { return nil }
        return (CatalogExport.text(of: [columnNames] + listed, format: .tsv), listed.count)
    }

    /// Every text column, as a catalog's search "in every text column" takes.
    public var searchableColumns: [Int] { table.columns.indices.filter { table.columns[$0].kind == .text } }

    public func search(for text: String, inColumns columns: [Int]) -> Bool {
        var filter = self.filter
        filter.search = text
        filter.searchColumns = columns
        if filter != self.filter { replaceFilter(filter) }
        return true
    }

    public func makeFacets(for query: CatalogQuery) { makeFacets(for: query.filters, flyout: query.openFacet) }

    public var areFacetsMade: Bool { counts != nil && facetsBeingMade.isEmpty }

    /// As far as a table in its server can: the filters of its facets of that kind, the search
    /// and the sort, in one new filter.
    public func apply(_ query: CatalogQuery, sorting: @escaping (CatalogSortKey) -> Void) -> [String] {
        let unknown = { Catalog.unknownColumn($0, among: self.columnNames) }
        if case .failure(let problem)? = query.measure(
            in: measurableColumns, matching: table.column(matching:), unknown: unknown)
        {
            return [problem.message]
        }
        if let problem = unfitFacet(query.filters) { return [problem] }
        switch table.filter(query.filters, search: query.search, sort: query.sort) {
        case .failure(let problem): return [problem.message]
        case .success(let filter):
            guard query.namesResults else { return [] }
            setFilter(filter)
            if let sort = filter.sort { sorting(sort) }
        }
        if let name = query.openFacet, table.column(matching: name) == nil { return [unknown(name)] }
        return []
    }

    public var failure: String? { problem?.description }
}

extension DatabaseTable {
    /// A row as a page or a record gives it, every column as shown.
    func shownRecord(_ values: [String?]) -> ShownRecord {
        ShownRecord(
            names: columns.map(\.name),
            shown: columns.indices.map { ResultValue.shown(values[safe: $0] ?? nil, kind: columns[$0].kind) },
            texts: columns.indices.map { (values[safe: $0] ?? nil) ?? "" })
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
