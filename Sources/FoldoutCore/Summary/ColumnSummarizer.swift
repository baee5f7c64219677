// SPDX-License-Identifier: GPL-3.0-or-later
/// One column's summary, by the quickest way its storage allows: a column of few values (a
/// dictionary, whole numbers of a narrow range, text ranks) is counted by value and summarized
/// from the counts; any other number column is gathered and its median selected.
struct ColumnSummarizer {
    let catalog: Catalog
    let column: Int
    let rows: RowSet?
    /// Rows summarized.
    let total: Int

    private var values: CatalogColumn { catalog.columns[column] }

    /// Whether the summary lists the most common values.
    private var wantsCommon: Bool { values.kind == .text || values.suggestsFacet }

    func summary(isCancelled: () -> Bool) -> ColumnSummary? {
        let values = self.values
        switch values.values {
        case .coded(let coded):
            var counts = [Int](repeating: 0, count: coded.dictionary.count)
            RowCounting.count(coded.codes, rows: rows, into: &counts)
            var order = [Int](repeating: 0, count: max(coded.dictionary.count - 1, 0))
            for (code, rank) in coded.ranks.enumerated() where code > 0 { order[Int(rank)] = code }
            let numbers = coded.numbers
            let reading = numbers.map { numbers in { (code: Int) in numbers[code] } }
            return counted(counts, order: order, reading: reading, units: .plain, text: coded.dictionary.name)
        case .integers(let integers) where integers.missing <= UInt64(UInt16.max):
            var counts = [Int](repeating: 0, count: Int(integers.missing) + 1)
            RowCounting.count(integers.offsets, rows: rows, into: &counts)
            let order = 0..<Int(integers.missing)
            let kind = values.kind
            let text = { (offset: Int) in
                CatalogValueText.integer(integers.base + Int64(offset), scale: integers.scale, kind: kind)
            }
            return counted(counts, order: order, reading: { Double($0) }, units: values.numberUnits, text: text)
        case .texts(let texts):
            let ranks = texts.ranks
            var counts = [Int](repeating: 0, count: texts.table.count)
            RowCounting.count(CatalogUnsignedColumn(storage: .u32(ranks)), rows: rows, into: &counts)
            // The missing value, the empty text, has a rank too: its rows are left out.
            if values.missingCount > 0, let empty = (0..<texts.table.count).first(where: { values.isMissing(at: $0) }) {
                counts[Int(ranks[empty])] = 0
            }
            return counted(counts, order: 0..<texts.table.count, reading: nil, units: .plain) { rank in
                ranks.firstIndex(of: UInt32(rank)).map { texts.table.name($0) } ?? ""
            }
        case .integers, .reals:
            let gathering = withoutActuallyEscaping(isCancelled) {
                values.visitNumbers(Gathering(rows: rows, rowCount: catalog.count, isCancelled: $0))
            }
            guard let gathering, var groups = gathering else { return nil }
            return gathered(&groups)
        }
    }

    /// The summary from each slot's count, `order` listing the present values' slots in
    /// ascending order; `reading` gives a slot's number in `units` (nil for text), `text` its value.
    private func counted<Order: BidirectionalCollection<Int>>(
        _ counts: [Int], order: Order, reading: ((Int) -> Double)?, units: NumberUnits, text: (Int) -> String
    ) -> ColumnSummary {
        var present = 0
        var distinct = 0
        var sum = 0.0
        for slot in order where counts[slot] > 0 {
            present += counts[slot]
            distinct += 1
            if let reading { sum += Double(counts[slot]) * reading(slot) }
        }
        var common: [ColumnSummary.CommonValue] = []
        if wantsCommon {
            common = Self.mostCommon(order.lazy.filter { counts[$0] > 0 }.map { ($0, counts[$0]) }).map {
                ColumnSummary.CommonValue(value: text($0.slot), count: $0.count)
            }
        }
        guard let reading, present > 0 else {
            return make(present: present, distinct: distinct, common: common)
        }
        let first = order.first { counts[$0] > 0 }!
        let last = order.last { counts[$0] > 0 }!
        let (minimum, maximum) = (units.number(reading(first)), units.number(reading(last)))
        // The values at ranks (present - 1) / 2 and present / 2, walking the counts in order.
        var lower: Double?
        var upper = 0.0
        var seen = 0
        var histogram = [Int](repeating: 0, count: ColumnSummary.histogramBins)
        for slot in order where counts[slot] > 0 {
            let number = units.number(reading(slot))
            histogram[ColumnSummary.bin(number, minimum: minimum, maximum: maximum)] += counts[slot]
            if lower == nil, seen + counts[slot] > (present - 1) / 2 { lower = number }
            if seen <= present / 2, seen + counts[slot] > present / 2 { upper = number }
            seen += counts[slot]
        }
        return make(
            present: present, distinct: distinct, minimum: minimum, median: (lower! + upper) / 2,
            mean: units.mean(sum, count: present), maximum: maximum, histogram: histogram, common: common)
    }

    /// The summary of a number column's values gathered in `groups`' one group (which it reorders).
    private func gathered(_ groups: inout NumberGroups) -> ColumnSummary {
        let present = groups.used[0]
        guard present > 0 else { return make(present: 0, distinct: 0, common: []) }
        let units = values.numberUnits
        let (low, high) = (groups.minima[0], groups.maxima[0])
        let (minimum, maximum) = (units.number(low), units.number(high))
        let median = groups.median(0, units: units)
        var histogram = [Int](repeating: 0, count: ColumnSummary.histogramBins)
        for value in groups.values {
            histogram[ColumnSummary.bin(units.number(value), minimum: minimum, maximum: maximum)] += 1
        }
        let whole: Bool
        if case .integers = values.values { whole = true } else { whole = false }
        var distinct = 0
        var common: [ColumnSummary.CommonValue] = []
        if whole && !wantsCommon && high - low >= Double(max(1 << 20, present * 8)) {
            distinct = Self.distinctCount(groups.values)
        } else if whole && !wantsCommon {
            // Whole-number offsets over a range not much wider than the values: a bit each.
            var seen = [UInt64](repeating: 0, count: Int(high - low) / 64 + 1)
            for value in groups.values {
                let offset = Int(value - low)
                let bit: UInt64 = 1 << UInt64(offset & 63)
                if seen[offset >> 6] & bit == 0 {
                    seen[offset >> 6] |= bit
                    distinct += 1
                }
            }
        } else {
            groups.values.sort()
            var runs: [(value: Double, count: Int)] = []
            var start = 0
            let sorted = groups.values
            for index in 1...sorted.count where index == sorted.count || sorted[index] != sorted[start] {
                runs.append((sorted[start], index - start))
                start = index
            }
            distinct = runs.count
            if wantsCommon {
                common = Self.mostCommon(runs.indices.lazy.map { ($0, runs[$0].count) }).map {
                    ColumnSummary.CommonValue(value: text(ofReading: runs[$0.slot].value), count: $0.count)
                }
            }
        }
        return make(
            present: present, distinct: distinct, minimum: minimum, median: median,
            mean: units.mean(groups.sums[0], count: present), maximum: maximum, histogram: histogram, common: common)
    }

    /// How many distinct whole numbers `values` holds, by a hash set (open addressing).
    static func distinctCount(_ values: [Double]) -> Int {
        var capacity = 16
        while capacity < values.count * 2 { capacity <<= 1 }
        let shift = UInt64(64 - capacity.trailingZeroBitCount)
        var table = [UInt64](repeating: .max, count: capacity)
        var distinct = 0
        table.withUnsafeMutableBufferPointer { table in
            for value in values {
                let key = UInt64(value)
                var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while table[slot] != key && table[slot] != .max { slot = (slot + 1) & (capacity - 1) }
                if table[slot] == .max {
                    table[slot] = key
                    distinct += 1
                }
            }
        }
        return distinct
    }

    /// A gathered value as the catalog writes it.
    private func text(ofReading value: Double) -> String {
        guard case .integers(let integers) = values.values else { return CatalogValueText.real(value) }
        return CatalogValueText.integer(integers.base + Int64(value), scale: integers.scale, kind: values.kind)
    }

    private func make(
        present: Int, distinct: Int, minimum: Double? = nil, median: Double? = nil, mean: Double? = nil,
        maximum: Double? = nil, histogram: [Int] = [], common: [ColumnSummary.CommonValue]
    ) -> ColumnSummary {
        ColumnSummary(
            column: column, name: values.name, kind: values.kind, present: present, missing: total - present,
            distinct: distinct, minimum: minimum, median: median, mean: mean, maximum: maximum, histogram: histogram,
            common: common)
    }

    /// The `commonValues` entries of largest count, count descending then in the order given.
    static func mostCommon<S: Sequence<(Int, Int)>>(_ entries: S) -> [(slot: Int, count: Int)] {
        var best: [(slot: Int, count: Int)] = []
        for (slot, count) in entries {
            guard best.count < ColumnSummary.commonValues || count > best[best.count - 1].count else { continue }
            var index = best.count
            while index > 0 && best[index - 1].count < count { index -= 1 }
            best.insert((slot, count), at: index)
            if best.count > ColumnSummary.commonValues { best.removeLast() }
        }
        return best
    }
}

/// Gathering a number column's present values over some rows, into one group.
private struct Gathering: NumberReadingVisitor {
    let rows: RowSet?
    let rowCount: Int
    let isCancelled: () -> Bool

    func visit<R: NumberReading>(_ reading: R) -> NumberGroups? {
        NumberGroups.make(
            OneSlot(), count: 1, reading: reading, rows: rows, rowCount: rowCount, keepValues: true,
            isCancelled: isCancelled)
    }
}
