// SPDX-License-Identifier: GPL-3.0-or-later
/// The matches folded into groups, one level at a time: a level is worked out when it is opened,
/// as a table in its server is asked for it.
extension FacetFilter {
    /// The groups of level `path.count` of `grouping` under `path` (the option of each outer
    /// level's column, nil for no value), among the matches: in the level column's option order,
    /// the rows with no value last, groups without rows left out.
    public func groups(_ grouping: Grouping, within path: [Int?]) -> [GroupRow] {
        precondition(path.count < grouping.levels.count, "a path below the last level")
        let column = grouping.levels[path.count]
        let codes = facetCodes(column)
        let rows = rows(of: grouping, within: path)
        var byCode = [Int](repeating: 0, count: codes.codeCount)
        RowCounting.count(codes.codes, rows: rows, into: &byCode)
        let counts = codes.optionCounts(byCode)
        let measured = grouping.measures.map { figures(of: $0, by: codes, over: rows, noValue: true) }
        return counts.indices.compactMap { slot in
            guard counts[slot] > 0 else { return nil }
            let option = slot == codes.options.count ? nil : slot
            return GroupRow(
                option: option, label: optionText(slot, inColumn: column), count: counts[slot],
                // A measure of a column it cannot measure (text) has no figures: no value.
                figures: measured.map { $0.isEmpty ? MeasureFigure(value: nil, used: 0) : $0[slot] })
        }
    }

    /// The matches whose outer levels' values are `path`'s; nil for every row.
    private func rows(of grouping: Grouping, within path: [Int?]) -> RowSet? {
        var sets = matching.map { [$0] } ?? []
        for (level, option) in path.enumerated() {
            let codes = facetCodes(grouping.levels[level])
            let wanted = Int32(option ?? -1)
            let allowed = codes.optionOfCode.map { $0 == wanted }
            sets.append(allowed.withUnsafeBufferPointer { allowed in codes.codes.rows { allowed[Int($0)] } })
        }
        return sets.isEmpty ? nil : RowSet.intersection(of: sets, capacity: catalog.count)
    }
}
