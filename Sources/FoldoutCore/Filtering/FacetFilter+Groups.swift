// SPDX-License-Identifier: GPL-3.0-or-later
/// The matches folded into groups, one level at a time: a level is worked out when it is opened,
/// as a table in its server is asked for it.
extension FacetFilter {
    /// The groups of level `path.count` of `grouping` under `path` (the key of the group opened at
    /// each outer level), among the matches: in the level's order (its options', its bins'), the
    /// rows with no value last, groups without rows left out.
    public func groups(_ grouping: Grouping, within path: [GroupKey]) -> [GroupRow] {
        precondition(path.count < grouping.levels.count, "a path below the last level")
        return folding(grouping).groups(within: path)
    }

    /// Up to `limit` rows of the group at `path` (every level's key), after the first `offset`,
    /// in the order the matches are listed.
    public func groupMembers(_ grouping: Grouping, within path: [GroupKey], offset: Int, limit: Int) -> [Int] {
        folding(grouping).members(within: path, listed: matches, offset: offset, limit: limit)
    }

    /// Every match as one group, with `grouping`'s measures over them all: the total row.
    public func groupsTotal(_ grouping: Grouping) -> GroupRow { folding(grouping).total() }

    /// Every innermost group of `grouping` among the matches, in the levels' order.
    public func innermostGroups(_ grouping: Grouping) -> [FoldedGroup] { folding(grouping).innermost() }

    /// The matches and the codes of `grouping`'s levels, for folding on any thread.
    func folding(_ grouping: Grouping) -> GroupFolding {
        let levels = grouping.levels.map { level in
            let binned = level.isBinned(catalog.columns[level.column].kind)
            let (codes, spans) = groupCodes(level)
            // A yes/no column's options are its values ("1", "0"); its groups say "Yes" and "No".
            return GroupFolding.Level(
                codes: codes, labels: binned ? codes.options : optionLabels(forColumn: level.column), binned: binned,
                spans: spans)
        }
        return GroupFolding(catalog: catalog, matching: matching, levels: levels, measures: grouping.measures)
    }

    /// A level's code for each row and its groups' texts: a facet's options, its range bins or a
    /// date's periods (each one's text as that bin chosen as a range says it), with each bin's values.
    private func groupCodes(_ level: GroupLevel) -> (codes: FacetCodes, spans: [FacetRange]) {
        let column = level.column
        let values = catalog.columns[column]
        guard level.isBinned(values.kind) else { return (facetCodes(column), []) }
        if let made = states[column]?.groupBins[level.keying] { return made }
        let numbers = values.numbers()
        let extent = RangeBins.extent(numbers)
        let edges =
            level.edges(
                lowest: extent.lowerBound, highest: extent.upperBound, kind: values.kind,
                wholeNumbers: values.resolution >= 1) ?? []
        let bins = RangeBins(numbers, edges: edges)
        let shape = FacetValueShape(values)
        let labels = edges.indices.dropLast().map { level.label(ofBin: $0, edges: edges, shape: shape) }
        let codes = FacetCodes(
            codes: bins.codes, optionOfCode: [-1] + Array(0..<Int32(labels.count)), options: labels,
            missingCount: values.missingCount)
        let made = (codes, edges.indices.dropLast().map { level.span(ofBin: $0, edges: edges, shape: shape) })
        states[column, default: FacetColumnState()].groupBins[level.keying] = made
        return made
    }
}
