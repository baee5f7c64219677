// SPDX-License-Identifier: GPL-3.0-or-later
/// A grouping's levels as codes over a catalog's rows, with the matches, taken from the filter on
/// its thread so that the groups can be folded on any other: the catalog, the codes and the row
/// set are values that never change.
struct GroupFolding: Sendable {
    /// A level's code for each row, its groups' texts (a yes/no column's "Yes" and "No") and,
    /// binned, each bin's values.
    struct Level: Sendable {
        let codes: FacetCodes
        let labels: [String]
        let binned: Bool
        let spans: [FacetRange]
    }

    let catalog: Catalog
    /// The matches; nil for every row.
    let matching: RowSet?
    let levels: [Level]
    let measures: [FacetMeasure]

    /// The groups of level `path.count` under `path` (see `FilteredTable.groups`).
    func groups(within path: [GroupKey]) -> [GroupRow] {
        fold(depth: 1, within: path).map { $0.row(under: path.count) }
    }

    /// Up to `limit` of the rows of the group at `path`, after the first `offset`, in the order
    /// of `listed` (the matches as listed).
    func members(within path: [GroupKey], listed: [UInt32], offset: Int, limit: Int) -> [Int] {
        guard let rows = rows(within: path) else { return listed.dropFirst(offset).prefix(limit).map { Int($0) } }
        var found: [Int] = []
        var skipped = 0
        for row in listed where rows.contains(Int(row)) {
            if skipped < offset {
                skipped += 1
                continue
            }
            found.append(Int(row))
            if found.count == limit { break }
        }
        return found
    }

    /// Every innermost group, each under its outer groups, in the levels' order.
    func innermost() -> [FoldedGroup] { fold(depth: levels.count, within: []) }

    /// The matches as one group: how many, and the measures over them all (the total row).
    func total() -> GroupRow {
        let rows = self.rows(within: [])
        let count = rows?.count ?? catalog.count
        guard let first = levels.first, count > 0 else { return GroupRow.total(count: count, figures: nil, measures) }
        // Every code in the one slot: the first level's codes read as no level at all.
        let slotOfCode = [Int32](repeating: 0, count: first.codes.optionOfCode.count)
        let measured = catalog.figures(
            of: measures, codes: first.codes.codes, slotOfCode: slotOfCode, slots: 1, over: rows)
        return GroupRow.total(count: count, figures: measured.map { $0.first }, measures)
    }

    /// The groups `depth` levels deep under `path`: the rows of every level's slot (its option,
    /// or no value last) counted at once as one code, a row's slots read as the digits of a
    /// number; where there would be too many such codes, a level at a time.
    private func fold(depth: Int, within path: [GroupKey]) -> [FoldedGroup] {
        let folded = Array(levels[path.count..<path.count + depth])
        let rows = self.rows(within: path)
        let slotCounts = folded.map { $0.codes.options.count + 1 }
        let combined = slotCounts.reduce(1) { $0.multipliedReportingOverflow(by: $1).partialValue }
        guard depth == 1 || combined <= Self.mostCombinedSlots else {
            return groups(within: path).flatMap { outer in
                fold(depth: depth - 1, within: path + [outer.key]).map {
                    FoldedGroup(
                        path: $0.path, labels: [outer.label] + $0.labels, count: $0.count, figures: $0.figures,
                        spans: [outer.span] + $0.spans)
                }
            }
        }
        let (codes, slotOfCode) =
            depth == 1 ? Self.slots(of: folded[0].codes) : combinedCodes(folded, slotCounts, over: rows)
        var byCode = [Int](repeating: 0, count: slotOfCode.count)
        RowCounting.count(codes, rows: rows, into: &byCode)
        var counts = [Int](repeating: 0, count: combined)
        for (code, slot) in slotOfCode.enumerated() { counts[Int(slot)] += byCode[code] }
        let measured = catalog.figures(
            of: measures, codes: codes, slotOfCode: slotOfCode, slots: combined, over: rows)
        return counts.indices.compactMap { slot -> FoldedGroup? in
            guard counts[slot] > 0 else { return nil }
            var keys: [GroupKey] = []
            var labels: [String] = []
            var spans: [FacetRange?] = []
            var rest = slot
            for (index, level) in folded.enumerated().reversed() {
                let digit = rest % slotCounts[index]
                rest /= slotCounts[index]
                let options = level.codes.options
                keys.append(digit == options.count ? .noValue : level.binned ? .bin(digit) : .value(options[digit]))
                labels.append(digit == options.count ? tr("No value") : level.labels[digit])
                spans.append(level.spans.indices.contains(digit) ? level.spans[digit] : nil)
            }
            return FoldedGroup(
                path: path + keys.reversed(), labels: labels.reversed(), count: counts[slot],
                // A measure of a column it cannot measure (text) has no figures: no value.
                figures: measured.map { $0.isEmpty ? MeasureFigure(value: nil, used: 0) : $0[slot] },
                spans: spans.reversed())
        }
    }

    /// Beyond this many combinations of the levels' slots, the levels are folded one by one.
    private static let mostCombinedSlots = 1 << 22

    /// A level's codes as they are, and each one's slot: its option, or no value after them.
    private static func slots(of codes: FacetCodes) -> (CatalogUnsignedColumn, [Int32]) {
        let noValue = Int32(codes.options.count)
        return (codes.codes, codes.optionOfCode.map { $0 < 0 ? noValue : $0 })
    }

    /// A code for each row of `rows` (nil: every row) that is its levels' slots read as the digits
    /// of a number, the first level's the most significant; each code its own slot. The other
    /// rows' codes are 0: no one reads them.
    private func combinedCodes(
        _ folded: [Level], _ slotCounts: [Int], over rows: RowSet?
    ) -> (CatalogUnsignedColumn, [Int32]) {
        let count = slotCounts.reduce(1, *)
        // As narrow as the codes allow: the column spans every row of the catalog.
        func combine<Code: FixedWidthInteger & UnsignedInteger>(_: Code.Type) -> [Code] {
            var combined = [Code](repeating: 0, count: catalog.count)
            combined.withUnsafeMutableBufferPointer { combined in
                for (index, level) in folded.enumerated() {
                    let (codes, slotOfCode) = Self.slots(of: level.codes)
                    let base = Code(slotCounts[index])
                    slotOfCode.withUnsafeBufferPointer { slotOfCode in
                        codes.forEachCode(in: rows) { row, code in
                            combined[row] = combined[row] &* base &+ Code(truncatingIfNeeded: slotOfCode[code])
                        }
                    }
                }
            }
            return combined
        }
        let storage: CatalogUnsignedColumn.Storage =
            count <= Int(UInt8.max) + 1
            ? .u8(combine(UInt8.self))
            : count <= Int(UInt16.max) + 1 ? .u16(combine(UInt16.self)) : .u32(combine(UInt32.self))
        return (CatalogUnsignedColumn(storage: storage), (0..<Int32(count)).map { $0 })
    }

    /// The matches whose outer levels' groups are `path`'s; nil for every row.
    private func rows(within path: [GroupKey]) -> RowSet? {
        var sets = matching.map { [$0] } ?? []
        for (index, key) in path.enumerated() {
            let codes = levels[index].codes
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
}

/// An innermost group with the groups it is in: a key, a text and (a bin's, a period's) values
/// for each level, from the outermost in (`FilteredTable.innermostGroups`).
public struct FoldedGroup: Sendable, Equatable {
    public let path: [GroupKey]
    public let labels: [String]
    public let count: Int
    public let figures: [MeasureFigure]
    public let spans: [FacetRange?]

    public init(path: [GroupKey], labels: [String], count: Int, figures: [MeasureFigure], spans: [FacetRange?] = []) {
        self.path = path
        self.labels = labels
        self.count = count
        self.figures = figures
        self.spans = spans
    }

    /// As a group of the first level folded, under `outer` keys of groups above it: one level
    /// folded, its one label, span and key (the path's after those).
    public func row(under outer: Int) -> GroupRow {
        GroupRow(key: path[outer], label: labels[0], count: count, figures: figures, span: spans.first ?? nil)
    }
}
