// SPDX-License-Identifier: GPL-3.0-or-later
extension FacetFilter {
    /// For each option of the option facet `column` (in `options(forColumn:)` order, then one more
    /// entry for the "No value" option when `noValueOption(forColumn:)` is non-nil), `measure` over
    /// that option's rows among the rows every other filter and the search let through (faceted
    /// exactly like `counts(forColumn:)`). Missing values are left out; an option without values
    /// has no value. Empty when `measure` cannot measure its column (see `FacetMeasure.canMeasure`).
    public func measures(_ measure: FacetMeasure, forColumn column: Int) -> [MeasureFigure] {
        if let cached = states[column]?.measures[measure] { return cached }
        let codes = facetCodes(column)
        let made = figures(
            of: measure, by: codes, over: rowsCounted(for: column), noValue: noValueOption(forColumn: column) != nil)
        guard !made.isEmpty else { return [] }
        states[column, default: FacetColumnState()].measures[measure] = made
        return made
    }

    /// `measure` over the rows of each option of `codes` among `rows` (nil: every row), in option
    /// order, then the rows with no value when `noValue`: a flyout's figures.
    /// Empty when `measure` cannot measure its column.
    func figures(of measure: FacetMeasure, by codes: FacetCodes, over rows: RowSet?, noValue: Bool) -> [MeasureFigure] {
        let options = codes.options.count
        let slotOfCode = codes.optionOfCode.map { $0 < 0 ? Int32(options) : $0 }
        let figures = catalog.figures(
            of: measure, codes: codes.codes, slotOfCode: slotOfCode, slots: options + 1, over: rows)
        return noValue || figures.isEmpty ? figures : Array(figures.dropLast())
    }
}

extension Catalog {
    /// `measure` over the rows of each of `slots` slots among `rows` (nil: every row), a row's
    /// slot being `slotOfCode[codes[row]]`: a flyout's options. Empty when `measure` cannot
    /// measure its column.
    func figures(
        of measure: FacetMeasure, codes: CatalogUnsignedColumn, slotOfCode: [Int32], slots: Int, over rows: RowSet?
    ) -> [MeasureFigure] {
        figures(of: [measure], codes: codes, slotOfCode: slotOfCode, slots: slots, over: rows)[0]
    }

    /// Each of `measures` as above (a level's groups' figures): the values of a column measured
    /// more than once (its mean and its median) are read and grouped once.
    func figures(
        of measures: [FacetMeasure], codes: CatalogUnsignedColumn, slotOfCode: [Int32], slots: Int, over rows: RowSet?
    ) -> [[MeasureFigure]] {
        var grouped: [Int: NumberGroups] = [:]
        for column in Set(measures.map(\.column)) {
            let wanted = measures.filter {
                $0.column == column && FacetMeasure.canMeasure(columns[column], by: $0.aggregate)
            }
            guard !wanted.isEmpty else { continue }
            let task = MeasureGrouping(
                codes: codes, slotOfCode: slotOfCode, slots: slots, rows: rows, rowCount: count,
                keepValues: wanted.contains { $0.aggregate == .median })
            if let groups = columns[column].visitNumbers(task) ?? nil { grouped[column] = groups }
        }
        return measures.map { measure in
            guard FacetMeasure.canMeasure(columns[measure.column], by: measure.aggregate),
                var groups = grouped[measure.column]
            else { return [] }
            defer { grouped[measure.column] = groups }
            let units = columns[measure.column].numberUnits
            return (0..<slots).map { slot in
                let used = groups.used[slot]
                guard used > 0 else { return MeasureFigure(value: nil, used: 0) }
                let value: Double? =
                    switch measure.aggregate {
                    case .sum: units.sum(groups.sums[slot], count: used)
                    case .mean: units.mean(groups.sums[slot], count: used)
                    case .minimum: units.number(groups.minima[slot])
                    case .maximum: units.number(groups.maxima[slot])
                    case .median: groups.median(slot, units: units)
                    }
                return MeasureFigure(value: value, used: used)
            }
        }
    }
}

/// Grouping a number column's values by a facet's option codes.
struct MeasureGrouping: NumberReadingVisitor {
    let codes: CatalogUnsignedColumn
    let slotOfCode: [Int32]
    let slots: Int
    let rows: RowSet?
    let rowCount: Int
    let keepValues: Bool

    func visit<R: NumberReading>(_ reading: R) -> NumberGroups? {
        slotOfCode.withUnsafeBufferPointer { slotOfCode in
            func group<T: FixedWidthInteger & UnsignedInteger>(_ codes: UnsafeBufferPointer<T>) -> NumberGroups? {
                NumberGroups.make(
                    CodeSlots(codes: codes, slotOfCode: slotOfCode), count: slots, reading: reading, rows: rows,
                    rowCount: rowCount, keepValues: keepValues, isCancelled: { false })
            }
            return switch codes.storage {
            case .u8(let codes): codes.withUnsafeBufferPointer { group($0) }
            case .u16(let codes): codes.withUnsafeBufferPointer { group($0) }
            case .u32(let codes): codes.withUnsafeBufferPointer { group($0) }
            case .u64(let codes): codes.withUnsafeBufferPointer { group($0) }
            case .positions(let count): CatalogUnsignedColumn.positions(count).withUnsafeBufferPointer { group($0) }
            }
        }
    }
}
