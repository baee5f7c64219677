// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What the window says of a CSV read with its ragged rows padded or left out.
enum RaggedRowsText {
    /// "3 rows of flights.csv were not read as written: lines 17, 402, 50,101 had too many or
    /// too few fields" (the first ten lines named).
    static func notice(file: String, lines: [Int]) -> String {
        let shown = lines.prefix(10).map { NumberText.grouped($0) }
        let named = shown.joined(separator: ", ") + (lines.count > shown.count ? ", …" : "")
        return trn(
            "{count} row of {file} was not read as written: line {lines} had too many or too few fields",
            "{count} rows of {file} were not read as written: lines {lines} had too many or too few fields",
            lines.count, ["count": NumberText.grouped(lines.count), "file": file, "lines": named])
    }
}
