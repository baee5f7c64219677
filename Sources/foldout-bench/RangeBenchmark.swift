// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// One step of each new filter — a range end dragged, an option ticked, Exclude turned on or off —
/// and everything the page shows after it: the matches, every option facet's counts and every
/// range facet's histogram. Against DuckDB and polars computing the same from a table already in
/// memory: one filtered count, one GROUP BY per option facet and one per histogram, each with
/// the other facets' filters. The file is the catalog bench's (or `--catalog FILE`, whose first
/// option facets and range facet are used).
@MainActor
func rangeFigures(file: String?, rows: Int, rounds: Int, withPeers: Bool) -> [Figure] {
    let path = file ?? writeBenchmarkCatalog(rows: rows)
    defer { if file == nil { unlink(path) } }
    let catalog: Catalog
    do { catalog = try Catalog.load(path: path) } catch { fatal("cannot read \(path): \(error)") }
    let filter = FacetFilter(catalog: catalog)
    let optionFacets = filter.facetColumns.filter { filter.kind(ofColumn: $0) == .options }
    guard optionFacets.count >= 2, let range = filter.facetColumns.first(where: { filter.kind(ofColumn: $0) == .range })
    else { fatal("the catalog needs two option facets and a range facet") }
    let (ticked, excluded) = (optionFacets[1], optionFacets[0])
    let extent = catalog.columns[range].extent!
    let span = extent.upperBound - extent.lowerBound
    // The state every step starts from: two options ticked, one excluded, a range.
    filter.select(option: 0, inColumn: ticked)
    filter.toggle(option: 1, inColumn: ticked)
    filter.select(option: 0, inColumn: excluded)
    filter.setExcluded(true, inColumn: excluded)
    var states: [String] = []
    var drag: [Double] = []
    var tick: [Double] = []
    var exclude: [Double] = []
    var total = 0
    @MainActor func step(_ change: () -> Void) -> Double {
        let start = monotonicNanoseconds()
        change()
        total = filter.matchCount + filter.allCounts().values.reduce(0) { $0 + $1.reduce(0, +) }
        return Double(monotonicNanoseconds() - start) / 1_000_000
    }
    let steps = max(rounds, 10)
    for index in 0..<steps {
        progress("ranges: step \(index + 1) of \(steps)")
        let lower = extent.lowerBound + span * (0.05 + 0.01 * Double(index))
        drag.append(
            step { filter.setRange(FacetRange(lower: lower, upper: extent.lowerBound + span * 0.6), forColumn: range) })
        if index == 0 { states.append(describe(filter, total)) }
        tick.append(step { filter.toggle(option: 2, inColumn: ticked) })
        exclude.append(step { filter.setExcluded(index % 2 == 1, inColumn: excluded) })
    }
    states.append(describe(filter, total))
    var peers: [String: Double] = [:]
    if withPeers, let python = PythonPeers.prepare() {
        progress("ranges: DuckDB and polars")
        peers = python.rangeRound(path: path, states: states) ?? [:]
        if let theirs = peers["total"], Int(theirs) != total {
            warn("the totals disagree: Foldout \(total), DuckDB \(Int(theirs))")
        }
    }
    let name = NumberText.grouped(catalog.count)
    var figures: [Figure] = []
    for (what, samples) in [("range drag step", drag), ("tick an option", tick), ("exclude on/off", exclude)] {
        for (key, peer) in [("duckdb", "DuckDB"), ("polars", "polars")] {
            figures.append(
                Figure(
                    name: "\(what), \(name) rows", unit: "ms", value: Statistics.median(samples)!,
                    baseline: peers[key],
                    baselineName: peers[key] == nil ? "\(peer): not run" : "\(peer), the same counts and histograms",
                    rounds: samples.count))
        }
    }
    figures.append(
        Figure(
            name: "filters' memory per row", unit: "B", value: filter.bytesPerItem - catalog.bytesPerItem,
            baseline: nil, baselineName: "row sets, bins and codes beyond the catalog's \(Int(catalog.bytesPerItem)) B",
            rounds: 1))
    return figures
}

/// The filter's state for the peers, as JSON: each facet's ticked options or range, and how each
/// range facet's histogram is binned.
@MainActor
private func describe(_ filter: FacetFilter, _ total: Int) -> String {
    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences("\\", "\\\\").replacingOccurrences("\"", "\\\"") + "\""
    }
    var facets: [String] = []
    for column in filter.facetColumns {
        let name = quoted(filter.catalog.columns[column].name)
        switch filter.kind(ofColumn: column) {
        case .options:
            let selection = filter.selection(forColumn: column)
            let options = filter.options(forColumn: column)
            let values = selection.options.sorted().map { quoted(options[$0]) }.joined(separator: ", ")
            facets.append(
                "{\"name\": \(name), \"kind\": \"options\", \"values\": [\(values)], "
                    + "\"exclude\": \(selection.excluded)}"
            )
        case .range:
            let range = filter.range(forColumn: column)
            let histogram = filter.histogram(forColumn: column)
            let kind = filter.catalog.columns[column].kind
            // Dates go to the peers as ISO text, numbers as numbers.
            func end(_ value: Double?) -> String {
                guard let value else { return "null" }
                return kind == .number ? String(value) : quoted(FacetValueText.iso(value, kind))
            }
            let width = histogram.edges.count > 1 ? histogram.edges[1] - histogram.edges[0] : 1
            facets.append(
                "{\"name\": \(name), \"kind\": \"range\", \"low\": \(end(range?.lower)), "
                    + "\"high\": \(end(range?.upper)), \"unit\": \"\(histogram.unit)\", "
                    + "\"start\": \(histogram.edges[0]), \"width\": \(width)}"
            )
        }
    }
    return "{\"facets\": [\(facets.joined(separator: ", "))], \"total\": \(total)}"
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
