// SPDX-License-Identifier: GPL-3.0-or-later
/// A group's context menu, in words every engine takes (`FilteredTable.restore`): the view with
/// the filters narrowed to the group ("only this group": each level's key its column's one
/// choice, a bin's values its range), or with the group's value left out of its column.
extension CatalogViewState {
    /// The view with the filters narrowed to the group whose groups, from the outermost in, are
    /// `path` (of `grouping`, over columns named `columnNames`); what else the view filters by
    /// stays. Nil when a level's group cannot be chosen so (no value of a binned column).
    public func narrowed(toGroup path: [GroupRow], of grouping: Grouping, columnNames: [String]) -> CatalogViewState? {
        var state = self
        for (level, group) in zip(grouping.levels, path) {
            var facet = CatalogViewState.Facet(column: columnNames[level.column], isRange: group.span != nil)
            switch group.key {
            case .value(let text): facet.options = [text]
            case .noValue where level.keying == .values: facet.noValue = true
            case .bin: facet.range = group.span
            case .noValue: return nil
            }
            if group.span == nil && facet.options.isEmpty && !facet.noValue { return nil }
            state.replace(facet)
        }
        return state
    }

    /// The view with the value of `group` (of `level`) left out of its column: added to what the
    /// column leaves out, or taken from what it chooses. Nil for a bin (a range leaves out no
    /// middle) and where nothing would be left.
    public func leavingOut(_ group: GroupRow, of level: GroupLevel, columnNames: [String]) -> CatalogViewState? {
        guard group.span == nil, level.keying == .values || group.key != .noValue else { return nil }
        let name = columnNames[level.column]
        var facet = facets.first { $0.column == name } ?? CatalogViewState.Facet(column: name, isRange: false)
        guard !facet.isRange || facet.range == nil else { return nil }
        facet.isRange = false
        let chooses = !facet.excluded && (!facet.options.isEmpty || facet.noValue)
        switch group.key {
        case .value(let text) where chooses: facet.options.removeAll { $0 == text }
        case .value(let text): facet.options.append(text)
        case .noValue: facet.noValue = !chooses
        case .bin: return nil
        }
        if chooses && facet.options.isEmpty && !facet.noValue { return nil }
        facet.excluded = !chooses
        var state = self
        state.replace(facet)
        return state
    }

    /// Puts `facet` in place of the one of its column, or after the others.
    private mutating func replace(_ facet: Facet) {
        if let index = facets.firstIndex(where: { $0.column == facet.column }) {
            var kept = facet
            // The measure beside its options and the scale stay with the column.
            kept.measure = facets[index].measure
            kept.sortsByMeasure = facets[index].sortsByMeasure
            kept.logarithmic = facets[index].logarithmic
            facets[index] = kept
        } else {
            facets.append(facet)
        }
    }
}
