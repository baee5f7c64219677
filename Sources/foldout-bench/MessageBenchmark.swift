// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import FoldoutUI
import Gtk

/// The translated texts of one result row (six "column value" details and the row's count) through
/// FoldoutCore's `tr`, against the same gettext lookups made directly: what translation adds to
/// binding a row.
@MainActor
func messageFigures(rounds: Int) -> [Figure] {
    Translations.setUp()
    let rows = 10_000
    let messages = Array(repeating: "{column} {value}", count: 6) + ["1,000,000.00"]
    var ours: [Double] = []
    var direct: [Double] = []
    var sink = 0
    for round in 1...rounds {
        progress("messages: round \(round) of \(rounds)")
        ours.append(
            milliseconds {
                for _ in 0..<rows { for message in messages { sink &+= tr(message).utf8.count } }
            })
        direct.append(
            milliseconds {
                for _ in 0..<rows {
                    for message in messages {
                        sink &+= Gettext.translate(message, domain: Localization.domain).utf8.count
                    }
                }
            })
    }
    guard sink != 0 else { fatal("no message was looked up") }
    return [
        Figure(
            name: "messages of 10,000 result rows", unit: "ms", value: Statistics.median(ours)!,
            baseline: Statistics.median(direct)!, baselineName: "the same lookups straight through gettext",
            rounds: rounds)
    ]
}
