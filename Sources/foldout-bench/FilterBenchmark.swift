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

    var ours: [Double] = [], theirs: [Double] = []
    var choices: [Facet: Int] = [:]
    for round in 1...rounds {
        progress("filter: round \(round) of \(rounds)")
        for (facet, option) in facetQueries {
            choices[facet] = option
            ours.append(milliseconds {
                if let option { filter.select(option: option, in: facet) } else { filter.reset(facet) }
            })
            let wanted = choices
            theirs.append(milliseconds {
                stock.filter { id in
                    wanted.allSatisfy { catalog.option($0.key, at: Int(id)) == $0.value }
                }
            })
            guard stock.matchCount == filter.matchCount else {
                fatal("the filters disagree: FoldoutCore \(filter.matchCount), GTK \(stock.matchCount)")
            }
        }
    }
    return [
        Figure(name: "facet change, \(NumberText.grouped(count)) items", unit: "ms", value: Statistics.median(ours)!,
               baseline: Statistics.median(theirs)!, baselineName: "GtkFilterListModel + GtkCustomFilter", rounds: rounds * facetQueries.count),
        Figure(name: "catalog build", unit: "ms", value: buildTime, baseline: nil, baselineName: "", rounds: 1),
        Figure(name: "catalog memory", unit: "B/item", value: catalog.bytesPerItem, baseline: nil, baselineName: "", rounds: 1),
    ]
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = monotonicNanoseconds()
    body()
    return Double(monotonicNanoseconds() - start) / 1_000_000
}
