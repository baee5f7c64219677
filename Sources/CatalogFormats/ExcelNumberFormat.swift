// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether an Excel number format shows its number as a date, a time of day or both: an `.xlsx`
/// stores a date as a serial number and says it is one only through its cell's format.
enum ExcelNumberFormat {
    /// A built-in format (`numFmtId` below 164, which a file need not spell out), or a custom
    /// format's code (`yyyy-mm-dd hh:mm`, `[$-409]d mmm yyyy;@`).
    static func style(id: Int, code: String?) -> SheetValueText.Style {
        if let code { return style(code: code) }
        switch id {
        case 14...17, 27...36, 50...58: return .date
        case 22: return .dateTime
        case 18...21, 45, 47: return .time
        default: return .number
        }
    }

    /// The first section's letters, outside quoted text, escapes, fills and brackets: `d` or `y`
    /// make a date, `h` or `s` a time, `m` a month unless beside a time. An elapsed time
    /// (`[h]:mm`) is a number of hours, not a time of day: it stays a number.
    static func style(code: String) -> SheetValueText.Style {
        var letters: [Character] = []
        var quoted = false
        var skipNext = false
        var bracket: [Character]?
        for character in code.lowercased() {
            if skipNext {
                skipNext = false
                continue
            }
            if quoted {
                quoted = character != "\""
                continue
            }
            if var inside = bracket {
                if character == "]" {
                    if !inside.isEmpty && inside.allSatisfy({ "hms".contains($0) }) { return .number }
                    bracket = nil
                } else {
                    inside.append(character)
                    bracket = inside
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case "\\", "_", "*": skipNext = true
            case "[": bracket = []
            case ";": break
            default: letters.append(character)
            }
            if character == ";" { break }
        }
        // "am/pm" comes with an hour, so its "m" is never taken for a month.
        let text = String(letters)
        let hasTime = text.contains("h") || text.contains("s")
        let hasDate = text.contains("d") || text.contains("y") || (text.contains("m") && !hasTime)
        switch (hasDate, hasTime) {
        case (true, true): return .dateTime
        case (true, false): return .date
        case (false, true): return .time
        case (false, false): return .number
        }
    }
}
