// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// An option facet's options in the order a catalog's facet has them (`FacetCodes`): numbers by
/// value, dates and date-times by time, text as `CatalogNameTable.precedes` orders names (ASCII
/// letters without case first, then bytes), and a yes/no pair with its "yes" first.
enum DatabaseOptions {
    static func ordered(_ texts: [String], _ column: DatabaseColumn) -> [String] {
        var options: [String]
        switch column.kind {
        case .number:
            options = texts.sorted { (Double($0) ?? .nan) < (Double($1) ?? .nan) }
        case .date, .dateTime:
            options = texts.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        case .text:
            options = texts.sorted(by: precedes)
        }
        let lowered = options.map { $0.lowercased() }
        if options.count == 2, let pair = yesNoPairs.first(where: { Set($0) == Set(lowered) }), pair[1] == lowered[0] {
            options.swapAt(0, 1)
        }
        return options
    }

    /// The values of a yes/no column, "yes" first (as `FacetCodes.yesNoPairs`).
    static let yesNoPairs = [["1", "0"], ["true", "false"], ["yes", "no"], ["y", "n"]]

    static func precedes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        func lowered(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
        for (p, q) in zip(x, y) where lowered(p) != lowered(q) { return lowered(p) < lowered(q) }
        if x.count != y.count { return x.count < y.count }
        return x.lexicographicallyPrecedes(y)
    }
}
