// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The facet changes both filters go through, in order: choose, narrow, widen, reset. Columns of
/// the generated catalog: 3 Category, 4 Material, 5 Color, 6 Season, 7 Size.
let facetQueries: [(column: Int, option: Int?)] = [
    (5, 2), (6, 1), (3, 7), (5, nil), (4, 3), (7, 2),
    (6, nil), (3, 12), (4, nil), (7, nil), (3, nil), (5, 5),
]

/// FoldoutCore's facet filter against GTK's stock path (GListStore + GtkFilterListModel +
/// GtkCustomFilter, not incremental) over the same catalog and the same facet changes.
@MainActor
func filterFigures(count: Int, rounds: Int) -> [Figure] {
    progress("filter: building a catalog of \(NumberText.grouped(count)) items")
    var built: Catalog!
    let buildTime = milliseconds { built = Catalog.generate(count: count) }
    let catalog = built!
    let filter = FacetFilter(catalog: catalog)
    _ = filter.matchCount
    progress("filter: building GTK's stock model of \(NumberText.grouped(count)) objects")
    let stock = StockFilterBaseline(count: count)

    let optionFacets = filter.facetColumns.filter { filter.kind(ofColumn: $0) == .options }
    let floor = PlainLoopFloor(catalog, columns: optionFacets)
    let options = Dictionary(uniqueKeysWithValues: optionFacets.map { ($0, catalog.optionIndices($0)) })
    var ours: [Double] = []
    var theirs: [Double] = []
    var floors: [Double] = []
    var choices: [Int: Int] = [:]
    for round in 1...rounds {
        progress("filter: round \(round) of \(rounds)")
        for (column, option) in facetQueries {
            choices[column] = option
            ours.append(
                milliseconds {
                    if let option {
                        filter.select(option: option, inColumn: column)
                    } else {
                        filter.reset(column: column)
                    }
                })
            let wanted = choices
            var floorCount = 0
            floors.append(milliseconds { floorCount = floor.count(matching: wanted) })
            theirs.append(
                milliseconds {
                    stock.filter { id in
                        wanted.allSatisfy { options[$0.key]![Int(id)] == Int32($0.value) }
                    }
                })
            guard stock.matchCount == filter.matchCount, floorCount == filter.matchCount else {
                fatal(
                    "the filters disagree: FoldoutCore \(filter.matchCount), GTK \(stock.matchCount), "
                        + "plain loop \(floorCount)"
                )
            }
        }
    }
    return [
        Figure(
            name: "facet change, \(NumberText.grouped(count)) items", unit: "ms", value: Statistics.median(ours)!,
            baseline: Statistics.median(theirs)!, baselineName: "GtkFilterListModel + GtkCustomFilter",
            rounds: rounds * facetQueries.count),
        Figure(
            name: "facet change vs plain loop", unit: "ms", value: Statistics.median(ours)!,
            baseline: Statistics.median(floors)!, baselineName: "plain loop over a packed facet column (no sorting)",
            rounds: rounds * facetQueries.count),
        Figure(name: "catalog build", unit: "ms", value: buildTime, baseline: nil, baselineName: "", rounds: 1),
        Figure(
            name: "catalog memory", unit: "B/item", value: filter.bytesPerItem, baseline: nil, baselineName: "",
            rounds: 1),
    ]
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = monotonicNanoseconds()
    body()
    return Double(monotonicNanoseconds() - start) / 1_000_000
}

/// The practical floor for a facet change: one plain loop over a column of packed facets (four
/// bits each), collecting matching positions in catalog order, with no sort order to follow.
struct PlainLoopFloor {
    private let packed: [UInt32]
    private let slots: [Int: UInt32]

    init(_ catalog: Catalog, columns: [Int]) {
        let options = columns.map { catalog.optionIndices($0) }
        slots = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, UInt32($0)) })
        packed = (0..<catalog.count).map { position in
            options.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element[position]) << (4 * UInt32($1.offset)) }
        }
    }

    func count(matching choices: [Int: Int]) -> Int {
        var mask: UInt32 = 0
        var wanted: UInt32 = 0
        for (column, option) in choices {
            let slot = slots[column]!
            mask |= 0xF << (4 * slot)
            wanted |= UInt32(option) << (4 * slot)
        }
        var matches = [UInt32]()
        matches.reserveCapacity(packed.count)
        for position in packed.indices where packed[position] & mask == wanted {
            matches.append(UInt32(position))
        }
        return matches.count
    }
}
