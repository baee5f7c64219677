// SPDX-License-Identifier: GPL-3.0-or-later
/// How the user left a catalog's view, to give back when the file is opened again: the facets and
/// their choices and ranges, the sort, the title and detail columns, rows or table, and the
/// table's column widths. Kept by column name and option text, so a file changed since keeps what
/// still applies and drops the rest.
public struct CatalogViewState: Equatable, Sendable {
    public struct Facet: Equatable, Sendable {
        public var column: String
        public var isRange: Bool
        /// Option facets: the ticked options' texts, "no value" ticked, and Exclude.
        public var options: [String] = []
        public var noValue = false
        public var excluded = false
        /// Range facets: the range chosen, if any, and the logarithmic scale.
        public var range: FacetRange?
        public var logarithmic = false
        /// Option facets: the measure shown beside each option ("mean:arr_delay"), if any, and
        /// whether the options are listed by it.
        public var measure: String?
        public var sortsByMeasure = false

        public init(column: String, isRange: Bool) {
            self.column = column
            self.isRange = isRange
        }
    }

    public var facets: [Facet] = []
    public var sort: (column: String, descending: Bool)?
    public var title: String?
    public var details: [String] = []
    public var showsTable = false
    /// The results shown as a summary of every column (which `showsTable` then does not say).
    public var showsSummary = false
    /// The table's dragged widths, by column name.
    public var widths: [String: Int] = [:]
    /// The table's columns in its order, and those it hides (see `TableColumns`); empty: as at first.
    public var tableOrder: [String] = []
    public var tableHidden: [String] = []
    /// A workbook's own entry (its sheets' views are kept apart): the row each sheet's header is
    /// read from, by sheet name, where the user chose one.
    public var headerRows: [String: Int] = [:]
    /// The results shown as groups (which `showsTable` then does not say); what the Groups view
    /// groups by, in words (`--group-by`, `--aggregate`); and the groups folded out there, each
    /// by its texts from the outermost in.
    public var showsGroups = false
    public var grouping = GroupingRequest()
    public var openGroups: [[String]] = []

    public init() {}

    public static func == (a: CatalogViewState, b: CatalogViewState) -> Bool {
        a.facets == b.facets && a.sort?.column == b.sort?.column && a.sort?.descending == b.sort?.descending
            && a.title == b.title && a.details == b.details && a.showsTable == b.showsTable && a.widths == b.widths
            && a.tableOrder == b.tableOrder && a.tableHidden == b.tableHidden && a.showsSummary == b.showsSummary
            && a.headerRows == b.headerRows && a.showsGroups == b.showsGroups && a.grouping == b.grouping
            && a.openGroups == b.openGroups
    }

    /// What `filter` and the combos show now.
    public init(
        _ filter: FacetFilter, title: Int, details: [Int], showsTable: Bool, showsSummary: Bool = false,
        widths: [String: Int], table: TableColumns? = nil, measures: [Int: FacetMeasureChoice] = [:]
    ) {
        let columns = filter.catalog.columns
        facets = filter.facetColumns.map { column in
            var facet = Facet(column: columns[column].name, isRange: filter.kind(ofColumn: column) == .range)
            if facet.isRange {
                facet.range = filter.range(forColumn: column)
                facet.logarithmic = filter.isLogarithmic(column)
            } else {
                let selection = filter.selection(forColumn: column)
                let options = filter.options(forColumn: column)
                facet.options = selection.options.sorted().filter(options.indices.contains).map { options[$0] }
                facet.noValue = selection.noValue
                facet.excluded = selection.excluded
                if let choice = measures[column] {
                    facet.measure = choice.measure.spelling(in: filter.catalog)
                    facet.sortsByMeasure = choice.sortsByValue
                }
            }
            return facet
        }
        sort = filter.sort.map { (columns[$0.column].name, $0.descending) }
        self.title = columns[title].name
        self.details = details.map { columns[$0].name }
        self.showsTable = showsTable
        self.showsSummary = showsSummary
        self.widths = widths
        tableOrder = table?.order ?? []
        tableHidden = table?.hidden.sorted() ?? []
    }

    /// The table's columns kept, given to `catalog`; as at first when nothing was kept.
    public func tableColumns(in catalog: Catalog, title: Int) -> TableColumns {
        TableColumns(order: tableOrder, hidden: tableHidden, catalog: catalog, title: title)
    }

    /// The table's columns kept, given to the columns named in `names`; nil when nothing was kept.
    public func tableColumns(among names: [String], title: Int) -> TableColumns? {
        tableOrder.isEmpty ? nil : TableColumns(order: tableOrder, hidden: tableHidden, names: names, title: title)
    }

    /// The measures kept for option facets, by the column `catalog` has of that name, where it
    /// can still be measured.
    public func measures(in catalog: Catalog) -> [Int: FacetMeasureChoice] {
        measures(among: catalog.columns.map(MeasurableColumn.init))
    }

    /// The same among `columns` (a table's in its server).
    public func measures(among columns: [MeasurableColumn]) -> [Int: FacetMeasureChoice] {
        var measures: [Int: FacetMeasureChoice] = [:]
        for facet in facets where !facet.isRange {
            guard let column = columns.firstIndex(where: { $0.name == facet.column }), let spelling = facet.measure,
                let measure = FacetMeasure(spelling: spelling, in: columns)
            else { continue }
            measures[column] = FacetMeasureChoice(measure, sortsByValue: facet.sortsByMeasure)
        }
        return measures
    }

    /// Gives `filter` the facets, choices and ranges kept, where its catalog still has the column
    /// (and option); returns the sort, title and detail columns kept, as the catalog has them (the
    /// sort is the caller's to set: a new order may take a while to compute).
    public func apply(to filter: FacetFilter) -> (sort: CatalogSortKey?, title: Int?, details: [Int]) {
        filter.batch { applyUnbatched(to: filter) }
    }

    private func applyUnbatched(to filter: FacetFilter) -> (sort: CatalogSortKey?, title: Int?, details: [Int]) {
        let catalog = filter.catalog
        let kept = facets.compactMap { facet in catalog.column(named: facet.column).map { ($0, facet) } }
        for column in filter.facetColumns where !kept.contains(where: { $0.0 == column }) {
            filter.setFacet(column, false)
        }
        for (column, facet) in kept {
            let kind: FacetKind = facet.isRange && catalog.columns[column].isRangeable ? .range : .options
            if filter.isFacet(column) && filter.kind(ofColumn: column) != kind { filter.setFacet(column, false) }
            filter.setFacet(column, true, as: kind)
            guard filter.isFacet(column) else { continue }
            if kind == .range {
                filter.setLogarithmic(facet.logarithmic, forColumn: column)
                if let range = facet.range { filter.setRange(range, forColumn: column) }
            } else {
                let options = filter.options(forColumn: column)
                let ticked = Set(facet.options.compactMap { options.firstIndex(of: $0) })
                let selection = FacetSelection(options: ticked, noValue: facet.noValue, excluded: facet.excluded)
                if !selection.isEmpty { filter.setSelection(selection, forColumn: column) }
            }
        }
        let keptSort =
            if let sort {
                catalog.column(named: sort.column).map { CatalogSortKey(column: $0, descending: sort.descending) }
                    ?? catalog.defaultSort
            } else {
                CatalogSortKey?.none
            }
        return (keptSort, title.flatMap(catalog.column(named:)), details.compactMap(catalog.column(named:)))
    }
}
