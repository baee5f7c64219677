// SPDX-License-Identifier: GPL-3.0-or-later
/// The matches folded into groups, one level at a time: a level is worked out when it is opened,
/// as a table in its server is asked for it.
extension FacetFilter {
    /// The groups of level `path.count` of `grouping` under `path` (the key of the group opened at
    /// each outer level), among the matches: in the level's order (its options', its bins'), the
    /// rows with no value last, groups without rows left out.
    public func groups(_ grouping: Grouping, within path: [GroupKey]) -> [GroupRow] {
        precondition(path.count < grouping.levels.count, "a path below the last level")
        let level = grouping.levels[path.count]
        let codes = groupCodes(level)
        let binned = level.isBinned(catalog.columns[level.column].kind)
        // A yes/no column's options are its values ("1", "0"); its groups say "Yes" and "No".
        let labels = binned ? codes.options : optionLabels(forColumn: level.column)
        let rows = rows(of: grouping, within: path)
        var byCode = [Int](repeating: 0, count: codes.codeCount)
        RowCounting.count(codes.codes, rows: rows, into: &byCode)
        let counts = codes.optionCounts(byCode)
        let measured = grouping.measures.map { figures(of: $0, by: codes, over: rows, noValue: true) }
        return counts.indices.compactMap { slot in
            guard counts[slot] > 0 else { return nil }
            let isNoValue = slot == codes.options.count
            let key: GroupKey = isNoValue ? .noValue : binned ? .bin(slot) : .value(codes.options[slot])
            return GroupRow(
                key: key, label: isNoValue ? tr("No value") : labels[slot], count: counts[slot],
                // A measure of a column it cannot measure (text) has no figures: no value.
                figures: measured.map { $0.isEmpty ? MeasureFigure(value: nil, used: 0) : $0[slot] })
        }
    }

    /// The matches whose outer levels' values are `path`'s; nil for every row.
    private func rows(of grouping: Grouping, within path: [GroupKey]) -> RowSet? {
        var sets = matching.map { [$0] } ?? []
        for (level, key) in path.enumerated() {
            let codes = groupCodes(grouping.levels[level])
            let wanted: Int32? =
                switch key {
                case .noValue: -1
                case .bin(let bin): Int32(bin)
                case .value(let text): codes.options.firstIndex(of: text).map(Int32.init)
                }
            // A value the level does not have (the file changed) is a group of no rows.
            let allowed = codes.optionOfCode.map { $0 == wanted }
            sets.append(allowed.withUnsafeBufferPointer { allowed in codes.codes.rows { allowed[Int($0)] } })
        }
        return sets.isEmpty ? nil : RowSet.intersection(of: sets, capacity: catalog.count)
    }

    /// A level's code for each row and its groups' texts: a facet's options, its range bins or a
    /// date's periods (each one's text as that bin chosen as a range says it).
    private func groupCodes(_ level: GroupLevel) -> FacetCodes {
        let column = level.column
        let values = catalog.columns[column]
        guard level.isBinned(values.kind) else { return facetCodes(column) }
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
        let made = FacetCodes(
            codes: bins.codes, optionOfCode: [-1] + Array(0..<Int32(labels.count)), options: labels,
            missingCount: values.missingCount)
        states[column, default: FacetColumnState()].groupBins[level.keying] = made
        return made
    }
}
