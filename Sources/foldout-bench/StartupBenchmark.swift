// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// Runs `ours` and `theirs` alternately `rounds` times (after one warm-up each, for the file cache).
func alternate(_ label: String, rounds: Int, ours: () -> RunResult, theirs: () -> RunResult) -> (
    ours: [RunResult], theirs: [RunResult]
) {
    _ = ours()
    _ = theirs()
    var mine: [RunResult] = []
    var baseline: [RunResult] = []
    for round in 1...rounds {
        progress("\(label): round \(round) of \(rounds)")
        let a = ours()
        let b = theirs()
        guard a.status == 0, b.status == 0 else {
            fatal("\(label): a run failed (Foldout \(a.status), baseline \(b.status))")
        }
        mine.append(a)
        baseline.append(b)
    }
    return (mine, baseline)
}

/// `foldout --quit-after-first-frame` against the empty C window in Benchmarks/first-frame, and
/// against the same first frame written in C (`first-frame-c --content`); and Foldout's
/// Filters page with the million-item catalog shown against a C GtkListView over a million-string
/// GtkStringList, in time to the first frame with rows and in peak memory.
func startupFigures(rounds: Int, catalogSize: Int) -> [Figure] {
    let foldout = program("foldout")
    let window = program("first-frame-c")
    let stringList = program("string-list-c")
    let plain = alternate(
        "start-up", rounds: rounds, ours: { run(foldout, ["--quit-after-first-frame"]) }, theirs: { run(window, []) })
    let same = alternate(
        "start-up against the same frame in C", rounds: rounds, ours: { run(foldout, ["--quit-after-first-frame"]) },
        theirs: { run(window, ["--content"]) })
    let withCatalog = alternate(
        "start-up with the catalog", rounds: rounds,
        ours: { run(foldout, ["--page", "filters", "--catalog-size", "\(catalogSize)", "--quit-when-ready"]) },
        theirs: { run(stringList, []) })
    let listBaseline = "C GtkListView over a 1,000,000-string GtkStringList"
    return [
        Figure(
            name: "start-up to first frame", unit: "ms", value: median(plain.ours.map(\.milliseconds)),
            baseline: median(plain.theirs.map(\.milliseconds)), baselineName: "C GTK window (Benchmarks/first-frame)",
            rounds: rounds),
        Figure(
            name: "start-up, the same frame in C", unit: "ms", value: median(same.ours.map(\.milliseconds)),
            baseline: median(same.theirs.map(\.milliseconds)),
            baselineName: "C window showing what Foldout's first frame shows (first-frame-c --content)",
            rounds: rounds),
        Figure(
            name: "start-up, \(NumberText.grouped(catalogSize)) rows shown", unit: "ms",
            value: median(withCatalog.ours.map(\.milliseconds)),
            baseline: median(withCatalog.theirs.map(\.milliseconds)), baselineName: listBaseline, rounds: rounds),
        Figure(
            name: "peak memory, \(NumberText.grouped(catalogSize)) rows", unit: "MiB",
            value: median(withCatalog.ours.map(\.peakMiB)),
            baseline: median(withCatalog.theirs.map(\.peakMiB)), baselineName: listBaseline, rounds: rounds),
    ]
}

func median(_ values: [Double]) -> Double { Statistics.median(values) ?? 0 }
