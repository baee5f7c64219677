// SPDX-License-Identifier: GPL-3.0-or-later
/// What an option facet's flyout chooses in and counts by: a catalog's `FacetFilter`, or a table
/// filtered in its database server (`DatabaseFacets`). The flyout never asks which.
/// What a facet's button says, whichever engine filters: the column's name, or the name and what
/// it filters by ("origin: JFK", "dep_delay: ≥ 60"), so a chosen facet still names its column.
public protocol FacetLabelling: AnyObject {
    func columnName(_ column: Int) -> String
    /// "JFK, LGA", "3 options", "not UA", "≥ 60"; empty when the facet does not filter;
    /// `listingAll` names every ticked option.
    func filterText(forColumn column: Int, listingAll: Bool) -> String
}

extension FacetLabelling {
    /// What the facet's button says: its column's name, and what it filters by when it does.
    public func label(forColumn column: Int) -> String {
        let text = filterText(forColumn: column, listingAll: false)
        let name = columnName(column)
        // TRANSLATORS: a chosen facet's button and its description: "origin: JFK".
        return text.isEmpty ? name : tr("{facet}: {option}", ["facet": name, "option": text])
    }
}

public protocol FacetChoosing: FacetLabelling {
    /// The facet's ticked options; empty when it does not filter.
    func selection(forColumn column: Int) -> FacetSelection
    /// Filters by `selection` (nothing ticked and not excluded: no longer).
    func setSelection(_ selection: FacetSelection, forColumn column: Int)
    /// The index of the "No value" option, when some rows have no value in `column`.
    func noValueOption(forColumn column: Int) -> Int?
    /// How many rows have each option, given every other filter and the search.
    func counts(forColumn column: Int) -> [Int]
    /// How many rows have no value, given every other filter and the search.
    func noValueCount(forColumn column: Int) -> Int
    /// Ends the facet's filter.
    func reset(column: Int)
    /// `measure` over each option's rows, given every other filter and the search.
    func measures(_ measure: FacetMeasure, forColumn column: Int) -> [MeasureFigure]
}

/// A flyout's clicks, the same whatever chooses.
extension FacetChoosing {
    /// Chooses `option` alone (the "No value" option too), as a single click in a flyout does.
    public func select(option: Int, inColumn column: Int) {
        let noValue = option == noValueOption(forColumn: column)
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
}

extension FacetSelection {
    /// "JFK, LGA", "3 options", "not UA": the ticked options by `text` (the "No value" option
    /// last), counted past two unless `listingAll`.
    public func described(listingAll: Bool, text: (Int) -> String) -> String {
        var ticked = options.sorted().map(text)
        if noValue { ticked.append(tr("No value")) }
        let joined =
            ticked.count <= 2 || listingAll
            ? ticked.joined(separator: ", ")
            : trn("{count} option", "{count} options", ticked.count, ["count": NumberText.grouped(ticked.count)])
        // TRANSLATORS: a facet that matches every option but the ones named: "not UA".
        return excluded ? tr("not {options}", ["options": joined]) : joined
    }
}

/// What a range facet's flyout chooses in and draws: a catalog's `FacetFilter`, or a table
/// filtered in its database server (`DatabaseFacets`).
public protocol RangeChoosing: FacetLabelling {
    func valueShape(ofColumn column: Int) -> FacetValueShape
    /// The column's smallest and largest value; nil when it has none.
    func extent(ofColumn column: Int) -> ClosedRange<Double>?
    func missingCount(ofColumn column: Int) -> Int
    /// Whether the histogram can be drawn on a logarithmic scale.
    func canBeLogarithmic(_ column: Int) -> Bool
    func isLogarithmic(_ column: Int) -> Bool
    func setLogarithmic(_ on: Bool, forColumn column: Int)
    /// The facet's range; nil when it does not filter.
    func range(forColumn column: Int) -> FacetRange?
    /// Filters by `range` (nil: no longer).
    func setRange(_ range: FacetRange?, forColumn column: Int)
    /// The column's values among the rows every other filter and the search match.
    func histogram(forColumn column: Int) -> FacetHistogram
    func reset(column: Int)
    var matchCount: Int { get }
}

extension FacetFilter: RangeChoosing {
    public func columnName(_ column: Int) -> String { catalog.columns[column].name }
    public func valueShape(ofColumn column: Int) -> FacetValueShape { FacetValueShape(catalog.columns[column]) }
    /// A pass over every row: asked when a flyout first opens, not at start-up.
    public func extent(ofColumn column: Int) -> ClosedRange<Double>? { catalog.columns[column].extent }
    public func missingCount(ofColumn column: Int) -> Int { catalog.columns[column].missingCount }
    public func canBeLogarithmic(_ column: Int) -> Bool { catalog.columns[column].kind == .number }
}
