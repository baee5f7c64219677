import FoldoutCore
import Gtk

/// The facet changes both filters go through, in order: choose, narrow, widen, reset.
let facetQueries: [(Facet, Int?)] = [
    (.color, 2), (.season, 1), (.category, 7), (.color, nil), (.material, 3), (.size, 2),
    (.season, nil), (.category, 12), (.material, nil), (.size, nil), (.category, nil), (.color, 5),
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

    let floor = PlainLoopFloor(catalog)
    var ours: [Double] = [], theirs: [Double] = [], floors: [Double] = []
    var choices: [Facet: Int] = [:]
    for round in 1...rounds {
        progress("filter: round \(round) of \(rounds)")
        for (facet, option) in facetQueries {
            choices[facet] = option
            ours.append(milliseconds {
                if let option { filter.select(option: option, in: facet) } else { filter.reset(facet) }
            })
            let wanted = choices
            var floorCount = 0
            floors.append(milliseconds { floorCount = floor.count(matching: wanted) })
            theirs.append(milliseconds {
                stock.filter { id in
                    wanted.allSatisfy { catalog.option($0.key, at: Int(id)) == $0.value }
                }
            })
            guard stock.matchCount == filter.matchCount, floorCount == filter.matchCount else {
                fatal("the filters disagree: FoldoutCore \(filter.matchCount), GTK \(stock.matchCount), plain loop \(floorCount)")
            }
        }
    }
    return [
        Figure(name: "facet change, \(NumberText.grouped(count)) items", unit: "ms", value: Statistics.median(ours)!,
               baseline: Statistics.median(theirs)!, baselineName: "GtkFilterListModel + GtkCustomFilter", rounds: rounds * facetQueries.count),
        Figure(name: "facet change vs plain loop", unit: "ms", value: Statistics.median(ours)!,
               baseline: Statistics.median(floors)!, baselineName: "plain loop over a packed facet column (no sorting)", rounds: rounds * facetQueries.count),
        Figure(name: "catalog build", unit: "ms", value: buildTime, baseline: nil, baselineName: "", rounds: 1),
        Figure(name: "catalog memory", unit: "B/item", value: catalog.bytesPerItem, baseline: nil, baselineName: "", rounds: 1),
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

    init(_ catalog: Catalog) {
        packed = (0..<catalog.count).map { position in
            Facet.allCases.reduce(UInt32(0)) { $0 | UInt32(catalog.option($1, at: position)) << (4 * UInt32($1.rawValue)) }
        }
    }

    func count(matching choices: [Facet: Int]) -> Int {
        var mask: UInt32 = 0, wanted: UInt32 = 0
        for (facet, option) in choices {
            mask |= 0xF << (4 * UInt32(facet.rawValue))
            wanted |= UInt32(option) << (4 * UInt32(facet.rawValue))
        }
        var matches = [UInt32]()
        matches.reserveCapacity(packed.count)
        for position in packed.indices where packed[position] & mask == wanted {
            matches.append(UInt32(position))
        }
        return matches.count
    }
}
