// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Frame intervals while scrolling a million rows one page per frame (as rows, as the generated
/// catalog's table, and as a flights-like table of 19 columns, every one shown), Foldout against
/// the C list, and while unfolding and folding Actions rows, against the 60 Hz frame budget; each under GTK's
/// cairo renderer and its GL one. Without a GPU (Xvfb) GL means Mesa's llvmpipe, which rasterizes
/// every frame of the whole window on the CPU, on the same cores as the program.
func frameFigures(scrollRounds: Int, unfoldRounds: Int, frames: Int, cycles: Int) -> [Figure] {
    let foldout = program("foldout")
    let stringList = program("string-list-c")
    let listBaseline = "C GtkListView over a GtkStringList"
    let budget = 1000.0 / 60
    func numbers(_ results: [RunResult], _ key: String) -> Double {
        median(results.compactMap { $0.jsonNumbers[key] })
    }
    var figures: [Figure] = []
    let wide = writeWideTable(rows: 1_000_000)
    defer { unlink(wide) }
    for renderer in ["cairo", "gl"] {
        let environment = ["GSK_RENDERER": renderer]
        let scrolling = alternate(
            "scrolling (\(renderer))", rounds: scrollRounds,
            ours: { run(foldout, ["--bench-scroll", "\(frames)"], environment: environment) },
            theirs: { run(stringList, ["--bench-scroll", "\(frames)"], environment: environment) })
        let table = alternate(
            "scrolling the table (\(renderer))", rounds: scrollRounds,
            ours: { run(foldout, ["--bench-scroll", "\(frames)", "--view", "table"], environment: environment) },
            theirs: { run(stringList, ["--bench-scroll", "\(frames)"], environment: environment) })
        let wideTable = alternate(
            "scrolling the 19-column table (\(renderer))", rounds: scrollRounds,
            ours: {
                run(
                    foldout, ["--catalog", wide, "--bench-scroll", "\(frames)", "--view", "table"],
                    environment: environment)
            },
            theirs: { run(stringList, ["--bench-scroll", "\(frames)"], environment: environment) })
        let dragging = alternate(
            "dragging a range end (\(renderer))", rounds: scrollRounds,
            ours: { run(foldout, ["--bench-drag", "\(frames)"], environment: environment) },
            theirs: { run(stringList, ["--bench-scroll", "\(frames)"], environment: environment) })
        var unfolding: [RunResult] = []
        for round in 1...unfoldRounds {
            progress("unfolding (\(renderer)): round \(round) of \(unfoldRounds)")
            unfolding.append(run(foldout, ["--bench-unfold", "\(cycles)"], environment: environment))
        }
        let unfoldingFrames = Int(numbers(unfolding, "frames"))
        figures += [
            Figure(
                name: "scrolling p50 (\(renderer))", unit: "ms", value: numbers(scrolling.ours, "p50_ms"),
                baseline: numbers(scrolling.theirs, "p50_ms"), baselineName: listBaseline, rounds: scrollRounds * frames
            ),
            Figure(
                name: "scrolling p99 (\(renderer))", unit: "ms", value: numbers(scrolling.ours, "p99_ms"),
                baseline: numbers(scrolling.theirs, "p99_ms"), baselineName: listBaseline, rounds: scrollRounds * frames
            ),
            Figure(
                name: "table scrolling p99 (\(renderer))", unit: "ms", value: numbers(table.ours, "p99_ms"),
                baseline: numbers(table.theirs, "p99_ms"), baselineName: listBaseline, rounds: scrollRounds * frames),
            Figure(
                name: "19-column table p99 (\(renderer))", unit: "ms",
                value: numbers(wideTable.ours, "p99_ms"), baseline: numbers(wideTable.theirs, "p99_ms"),
                baselineName: listBaseline, rounds: scrollRounds * frames),
            Figure(
                name: "table p99 vs rows p99 (\(renderer))", unit: "ms", value: numbers(table.ours, "p99_ms"),
                baseline: numbers(scrolling.ours, "p99_ms"), baselineName: "the rows view, same run",
                rounds: scrollRounds * frames),
            Figure(
                name: "range drag p50 (\(renderer))", unit: "ms", value: numbers(dragging.ours, "p50_ms"),
                baseline: numbers(dragging.theirs, "p50_ms"), baselineName: listBaseline + ", scrolling",
                rounds: scrollRounds * frames),
            Figure(
                name: "range drag p99 (\(renderer))", unit: "ms", value: numbers(dragging.ours, "p99_ms"),
                baseline: numbers(dragging.theirs, "p99_ms"), baselineName: listBaseline + ", scrolling",
                rounds: scrollRounds * frames),
            Figure(
                name: "unfolding p50 (\(renderer))", unit: "ms", value: numbers(unfolding, "p50_ms"),
                baseline: budget, baselineName: "one 60 Hz frame", rounds: unfoldRounds * unfoldingFrames),
            Figure(
                name: "unfolding p99 (\(renderer))", unit: "ms", value: numbers(unfolding, "p99_ms"),
                baseline: budget, baselineName: "one 60 Hz frame", rounds: unfoldRounds * unfoldingFrames),
        ]
    }
    return figures
}
