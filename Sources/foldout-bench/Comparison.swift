// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// `--compare OLD.json`: each figure of this run beside the same figure (by its JSON key) of an
/// earlier run's `--json`, and how much it changed, so that a regression shows the day it lands.
/// Machines are noisy: a change within a tenth is not flagged.
func comparisonTable(_ figures: [Figure], earlier path: String) -> String {
    let earlier: JSONValue
    do {
        earlier = try JSONParser.parse(smallFileBytes(path))
    } catch {
        fatal("--compare: cannot read \(path) as an earlier run's --json")
    }
    var lines = [
        "figure".padded(52) + " " + "now".padded(14) + " " + "before".padded(14) + " change"
    ]
    for (key, figure) in zip(Figure.keys(figures), figures) {
        let now = "\(rounded(figure.value, 3)) \(figure.unit)"
        guard case .number(let text)? = earlier[key]?["median"], let before = Double(text), before > 0 else {
            lines.append(key.padded(52) + " " + now.padded(14) + " " + "—".padded(14) + " new")
            continue
        }
        let change = (figure.value - before) / before
        let percent = (change >= 0 ? "+" : "") + rounded(change * 100, 2) + "%"
        let flag = change > 0.1 ? "  slower" : change < -0.1 ? "  faster" : ""
        lines.append(
            key.padded(52) + " " + now.padded(14) + " " + "\(rounded(before, 3)) \(figure.unit)".padded(14) + " "
                + percent + flag)
    }
    return lines.joined(separator: "\n")
}
