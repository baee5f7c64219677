// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A table in its server keeps its view as a catalog file does (`CatalogViewState`, by column
/// name and option text): its facets, those added from the Facets menu too, their choices and
/// ranges, the measures beside their options, and the sort; given back where the table still has
/// the column and the option.
extension DatabaseFacets {
    /// The view now with the flyouts' `measures`: each facet made or being made, its choice or
    /// range and scale, the sort; while a view given back waits for its facets, that view's.
    public func viewState(measures: [Int: FacetMeasureChoice]) -> CatalogViewState {
        if let keptView { return keptView }
        let columns = table.columns
        var state = CatalogViewState()
        state.facets = wantedFacets.map { column in
            var facet = CatalogViewState.Facet(column: columns[column].name, isRange: table.facets[column] == .range)
            facet.range = filter.ranges[column]
            facet.logarithmic = isLogarithmic(column)
            if let selection = filter.selections[column] {
                let options = options(forColumn: column)
                facet.options = selection.options.sorted().filter(options.indices.contains).map { options[$0] }
                facet.noValue = selection.noValue
                facet.excluded = selection.excluded
            }
            if let choice = measures[column], columns.indices.contains(choice.measure.column) {
                facet.measure = choice.measure.spelling(columnName: columns[choice.measure.column].name)
                facet.sortsByMeasure = choice.sortsByValue
            }
            return facet
        }
        state.sort = filter.sort.map { (columns[$0.column].name, $0.descending) }
        return state
    }

    /// Makes the facets `state` kept and, once they are made, gives back their choices, ranges
    /// and scales and the sort (`giveBackKeptView`): the page's Sort by follows the filter.
    public func restore(_ state: CatalogViewState) -> KeptSort {
        setFacets(keptIn: state)
        keptView = state
        giveBackKeptView()
        return .byTheTable
    }

    /// The view kept, given back once its facets are made (and the first counts have come).
    func giveBackKeptView() {
        guard let kept = keptView, counts != nil, facetsBeingMade.isEmpty else { return }
        keptView = nil
        setFilter(filter(keptIn: kept))
        setScales(keptIn: kept)
    }

    /// The facets the table opened with, each on a linear scale, and no other; a view waiting
    /// to be given back is not.
    public func resetFacets() {
        keptView = nil
        for column in wantedFacets where !firstFacets.contains(column) { setFacet(column, false) }
        for column in firstFacets.sorted() where !isFacet(column) { setFacet(column, true) }
        for column in rangeFacets { setLogarithmic(false, forColumn: column) }
    }

    /// Makes a facet of each column `state` kept that the table has, and gives up the others
    /// (their kinds are the table's own: `DatabaseTable.addFacet`).
    func setFacets(keptIn state: CatalogViewState) {
        let kept = Set(state.facets.compactMap { column(named: $0.column) })
        for column in wantedFacets where !kept.contains(column) {
            setFacet(column, false)
        }
        for column in kept.sorted() where !isFacet(column) { setFacet(column, true) }
    }

    /// The filter now with the choices and ranges `state` kept for the facets made (options by
    /// their text, those the table still has) and its sort.
    func filter(keptIn state: CatalogViewState) -> DatabaseFilter {
        var kept = filter
        for facet in state.facets {
            guard let column = column(named: facet.column), let kind = table.facets[column] else { continue }
            if kind == .range {
                if let range = facet.range { kept.setRange(range, forColumn: column) }
                continue
            }
            let options = options(forColumn: column)
            let ticked = Set(facet.options.compactMap { options.firstIndex(of: $0) })
            let noValue = facet.noValue && noValueOption(forColumn: column) != nil
            let selection = FacetSelection(options: ticked, noValue: noValue, excluded: facet.excluded)
            if !selection.isEmpty { kept.select(selection, inColumn: column) }
        }
        kept.sort = state.sort.flatMap { sort in
            column(named: sort.column).map { CatalogSortKey(column: $0, descending: sort.descending) }
        }
        return kept
    }

    /// The logarithmic scale on the range facets made that `state` kept with one.
    func setScales(keptIn state: CatalogViewState) {
        for facet in state.facets where facet.logarithmic {
            if let column = column(named: facet.column) { setLogarithmic(true, forColumn: column) }
        }
    }
}
