// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc

/// One measured figure: a median, and the baseline measured beside it in the same run; where
/// both were measured in rounds, their fastest and slowest rounds (`spread`, `baselineSpread`).
struct Figure {
    let name: String
    let unit: String
    let value: Double
    let baseline: Double?
    let baselineName: String
    let rounds: Int
    var spread: ClosedRange<Double>? = nil
    var baselineSpread: ClosedRange<Double>? = nil
    var ratio: Double? { baseline.map { value / $0 } }

    /// The median and spread of `samples`, beside those of `baselineSamples` (none: not run).
    static func measured(
        _ name: String, unit: String = "ms", samples: [Double], baselineSamples: [Double]?, baselineName: String
    ) -> Figure {
        let baseline = baselineSamples.flatMap(Statistics.median)
        return Figure(
            name: name, unit: unit, value: Statistics.median(samples) ?? 0, baseline: baseline,
            baselineName: baseline == nil && !baselineName.isEmpty ? "\(baselineName): not run" : baselineName,
            rounds: samples.count,
            spread: Self.spread(samples), baselineSpread: baselineSamples.flatMap(Self.spread))
    }

    /// The fastest and the slowest sample, nil for fewer than two.
    static func spread(_ samples: [Double]) -> ClosedRange<Double>? {
        guard samples.count > 1, let low = samples.min(), let high = samples.max() else { return nil }
        return low...high
    }

    static func table(_ figures: [Figure]) -> String {
        let columns = ["figure".padded(34), "median (spread)".padded(26), "baseline (spread)".padded(26)]
        var lines = [
            (columns + ["ratio".padded(9), "samples "]).joined(separator: " ")
                + " baseline (ratio = median / baseline; 1/N means N times faster;"
                + " spread = the fastest and slowest round)"
        ]
        func cell(_ value: Double, _ spread: ClosedRange<Double>?, _ unit: String) -> String {
            let range = spread.map { " (\(rounded($0.lowerBound, 3))–\(rounded($0.upperBound, 3)))" } ?? ""
            return "\(rounded(value, 3)) \(unit)\(range)"
        }
        for figure in figures {
            let value = cell(figure.value, figure.spread, figure.unit)
            let baseline = figure.baseline.map { cell($0, figure.baselineSpread, figure.unit) } ?? "—"
            let ratio = figure.ratio.map { $0 < 1 ? "1/\(rounded(1 / $0, 3))" : "\(rounded($0, 3))×" } ?? "—"
            let cells = [figure.name.padded(34), value.padded(26), baseline.padded(26), ratio.padded(9)]
            lines.append(cells.joined(separator: " ") + " \(String(figure.rounds).padded(8)) \(figure.baselineName)")
        }
        return lines.joined(separator: "\n")
    }

    /// The figure's name, with its baseline's where another figure has the same name (the same
    /// measure against several peers), so that each JSON key is unique; the same key whether the
    /// peer ran or not (`--no-peers`), so that `--compare` finds it.
    static func keys(_ figures: [Figure]) -> [String] {
        var counts: [String: Int] = [:]
        for figure in figures { counts[figure.name, default: 0] += 1 }
        let notRun = ": not run"
        return figures.map { figure in
            guard counts[figure.name, default: 0] > 1 else { return figure.name }
            let peer =
                figure.baselineName.hasSuffix(notRun)
                ? String(figure.baselineName.dropLast(notRun.count)) : figure.baselineName
            return "\(figure.name) vs \(peer)"
        }
    }

    static func json(_ figures: [Figure]) -> String {
        let entries = zip(keys(figures), figures).map { key, figure in
            var fields = [
                "\"unit\": \"\(figure.unit)\"", "\"median\": \(figure.value)", "\"samples\": \(figure.rounds)",
            ]
            if let spread = figure.spread {
                fields += ["\"fastest\": \(spread.lowerBound)", "\"slowest\": \(spread.upperBound)"]
            }
            if let baseline = figure.baseline, let ratio = figure.ratio {
                fields += [
                    "\"baseline\": \(baseline)", "\"ratio\": \(ratio)",
                    "\"baseline_name\": \"\(escaped(figure.baselineName))\"",
                ]
                if let spread = figure.baselineSpread {
                    fields += [
                        "\"baseline_fastest\": \(spread.lowerBound)", "\"baseline_slowest\": \(spread.upperBound)",
                    ]
                }
            }
            return "\"\(escaped(key))\": {\(fields.joined(separator: ", "))}"
        }
        return "{\(entries.joined(separator: ", "))}"
    }
}

/// `text` inside a JSON string: quotes and backslashes escaped.
private func escaped(_ text: String) -> String {
    text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

/// `value` with `digits` significant digits, as text.
func rounded(_ value: Double, _ digits: Int) -> String {
    guard value != 0 else { return "0" }
    var scale = 1.0
    var magnitude = abs(value)
    var places = digits
    while magnitude >= 10 && places > 0 {
        magnitude /= 10
        places -= 1
    }
    for _ in 0..<max(places - 1, 0) { scale *= 10 }
    return "\((value * scale).rounded() / scale)"
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}

func warn(_ message: String) {
    progress("")
    var bytes = Array("foldout-bench: \(message)\n".utf8)
    _ = write(2, &bytes, bytes.count)
}

func fatal(_ message: String) -> Never {
    progress("")
    print("foldout-bench: \(message)")
    exit(2)
}
