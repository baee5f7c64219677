// SPDX-License-Identifier: GPL-3.0-or-later
/// A column as an option facet sees it: a code per row (0 for a missing value), each code's
/// option (its place among the options in order), and the options' texts. A column kept as a
/// dictionary is used as it is; any other (titles, numbers of many values) is interned when it
/// first becomes a facet, so that a facet may have any number of options.
final class FacetCodes: Sendable {
    let codes: CatalogUnsignedColumn
    /// Each code's option; -1 for code 0, the missing value.
    let optionOfCode: [Int32]
    let options: [String]
    let order: OptionOrder
    /// Whether the column says yes or no (0/1, true/false, yes/no, y/n): its "yes" option first.
    let isYesNo: Bool
    let missingCount: Int

    init(_ column: CatalogColumn) {
        let coded = Self.coded(column)
        codes = coded.codes
        let ranks = coded.ranks
        var optionOfCode = ranks.indices.map { $0 == 0 ? -1 : Int32(ranks[$0]) }
        var labels = [String](repeating: "", count: max(coded.dictionary.count - 1, 0))
        for (entry, rank) in ranks.enumerated() where entry > 0 { labels[Int(rank)] = coded.dictionary.name(entry) }
        isYesNo = labels.count == 2 && Self.yesNoPairs.contains { Set($0) == Set(labels.map { $0.lowercased() }) }
        if isYesNo && Self.yesNoPairs.contains(where: { $0[1] == labels[0].lowercased() }) {
            labels.swapAt(0, 1)
            optionOfCode = optionOfCode.map { $0 < 0 ? $0 : 1 - $0 }
        }
        self.optionOfCode = optionOfCode
        options = labels
        order = coded.keepsOrder ? .asGiven : coded.numbers == nil ? .alphabetical : .byValue
        missingCount = column.missingCount
    }

    /// Codes made elsewhere (a histogram's bins: code 0 is no value), `optionOfCode` as above.
    init(codes: CatalogUnsignedColumn, optionOfCode: [Int32], options: [String], missingCount: Int) {
        self.codes = codes
        self.optionOfCode = optionOfCode
        self.options = options
        order = .byValue
        isYesNo = false
        self.missingCount = missingCount
    }

    /// The values of a yes/no column, "yes" first.
    static let yesNoPairs = [["1", "0"], ["true", "false"], ["yes", "no"], ["y", "n"]]

    var codeCount: Int { optionOfCode.count }

    /// The counts by code turned into counts by option, with the missing values' count last.
    func optionCounts(_ byCode: [Int]) -> [Int] {
        var counts = [Int](repeating: 0, count: options.count + 1)
        for (code, option) in optionOfCode.enumerated() {
            counts[option < 0 ? options.count : Int(option)] += byCode[code]
        }
        return counts
    }

    /// The column's dictionary, or one made by interning every row's text.
    private static func coded(_ column: CatalogColumn) -> CatalogCodedValues {
        if case .coded(let coded) = column.values { return coded }
        let rows = column.rowCount
        var interner = CatalogNameInterner()
        var codes = CatalogCodeBuffer()
        codes.reserve(rows)
        var numbers: [Double] = [.nan]
        for row in 0..<rows {
            let text = column.text(at: row)
            var utf8 = text
            let code = utf8.withUTF8 { interner.intern($0) }
            codes.append(code)
            if column.kind != .text && Int(code) == numbers.count { numbers.append(column.number(at: row) ?? .nan) }
        }
        return CatalogCodedValues(
            codes: codes.column, dictionary: interner.table, numbers: column.kind == .text ? nil : numbers)
    }
}
