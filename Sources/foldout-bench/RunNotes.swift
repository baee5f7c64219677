// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// What the table cannot say by itself: how busy the machine was, and whether the two sections'
/// figures of the same CSV load agree.
enum RunNotes {
    /// The load averages (1, 5 and 15 minutes) from /proc/loadavg, as text.
    static func loadAverage() -> String {
        let text = String(decoding: (try? smallFileBytes("/proc/loadavg")) ?? [], as: UTF8.self)
        return text.split(separator: " ").prefix(3).joined(separator: ", ")
    }

    /// The lines printed under the table: the cores, the load at the start and at the end, and
    /// the catalog and formats sections' CSV loads side by side when both ran.
    static func lines(_ figures: [Figure], loadAtStart: String) -> [String] {
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        var lines = [
            "machine: \(cores) cores; load average (1, 5, 15 min) at the start \(loadAtStart),"
                + " at the end \(loadAverage())"
        ]
        let catalog = figures.first { $0.name.hasPrefix("load, ") && $0.baselineName == "polars.read_csv" }
        let formats = figures.first { $0.name.hasPrefix("load CSV") && $0.baselineName == "polars.read_csv" }
        if let catalog, let formats {
            let apart = max(catalog.value, formats.value) / max(min(catalog.value, formats.value), 0.001)
            let overlap =
                catalog.spread.flatMap { one in formats.spread.map { one.overlaps($0) } } ?? false
            let ratios = [catalog, formats].map { figure in figure.ratio.map { rounded($0, 3) } ?? "—" }
            lines.append(
                "the catalog and formats sections' CSV loads, both taken in turns with polars on the same file:"
                    + " \(rounded(catalog.value, 3)) and \(rounded(formats.value, 3)) ms, \(rounded(apart, 3))× apart;"
                    + (overlap
                        ? " their rounds overlap, so the difference is the machine's other work"
                        : " their rounds do not overlap: look at the load average above")
                    + "; their ratios to polars, read in turns with each, \(ratios[0]) and \(ratios[1])")
        }
        return lines
    }
}
