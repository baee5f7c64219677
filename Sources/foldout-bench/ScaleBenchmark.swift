// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// `--only scale`: the benchmark catalog's CSV at 1, 5 and 10 million rows (`--catalog-size N`
/// makes it N, 5N and 10N), each loaded in a process of its own (`--measure-load`) so that its
/// peak resident memory (`VmHWM`) is the load's alone: the load's time (the median of up to three
/// processes), that peak beside the file's size, and the bytes per row the columns hold. A file
/// is written before it is read, so it is warm in the page cache.
func scaleFigures(rows: Int, rounds: Int) -> [Figure] {
    var figures: [Figure] = []
    for size in [rows, rows * 5, rows * 10] {
        let path = writeBenchmarkCatalog(rows: size)
        defer { unlink(path) }
        let fileMiB = Double(Catalog.fileSize(path)) / 1_048_576
        var times: [Double] = []
        var peaks: [Double] = []
        var bytesPerRow = 0.0
        for round in 1...min(rounds, 3) {
            progress("scale: loading \(NumberText.grouped(size)) rows in a process of its own, \(round) of 3")
            let loading = run(sibling("foldout-bench"), ["--measure-load", path]).jsonNumbers
            guard let peak = loading["peak_kib"], let milliseconds = loading["ms"], loading["rows"] == Double(size)
            else { fatal("foldout-bench --measure-load \(path) failed") }
            times.append(milliseconds)
            peaks.append(peak / 1024)
            bytesPerRow = loading["bytes_per_row"] ?? 0
        }
        let name = "\(NumberText.grouped(size)) rows × 12 columns"
        figures += [
            Figure.measured("scale: load, \(name)", samples: times, baselineSamples: nil, baselineName: ""),
            Figure(
                name: "scale: peak memory, \(name)", unit: "MiB", value: peaks.max() ?? 0, baseline: fileMiB,
                baselineName: "the file's size", rounds: peaks.count),
            Figure(
                name: "scale: memory per row, \(name)", unit: "B", value: bytesPerRow, baseline: nil,
                baselineName: "the columns, without a filter's", rounds: 1),
        ]
    }
    return figures
}
