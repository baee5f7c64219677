// SPDX-License-Identifier: GPL-3.0-or-later
/// Reads one cell: missing or not, and whether it is a number, an ISO 8601 date or date-time.
/// The bytes are trimmed of spaces and tabs first by the caller.
enum CatalogValueParser {
    /// A number as written: its value, its decimals, and whether it had an exponent.
    struct Number {
        var value: Double
        var decimals: Int
        var hasExponent: Bool
    }

    /// Empty, `NA`, `N/A`, `n/a`, `null`, `NULL`, `Null`, `NaN`, `nan`.
    static func isMissing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 4 else { return false }
        guard let first = bytes.first else { return true }
        guard first == 78 || first == 110 else { return false }
        return missingWords.contains { $0.elementsEqual(bytes) }
    }

    private static let missingWords: [[UInt8]] = ["NA", "N/A", "n/a", "null", "NULL", "Null", "NaN", "nan"].map {
        Array($0.utf8)
    }

    /// `-3`, `12.50`, `+0.5`, `.5`, `1e5`, `-2.5E-3`. Not a number: a leading zero before another
    /// digit (`007`, a code whose zeros matter), thousands separators, `inf`.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Number? {
        let count = bytes.count
        var index = 0
        var negative = false
        if index < count && (bytes[index] == 45 || bytes[index] == 43) {
            negative = bytes[index] == 45
            index += 1
        }
        let integerStart = index
        var mantissa: UInt64 = 0
        var digits = 0
        while index < count, bytes[index] &- 48 < 10 {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48) }
            digits += 1
            index += 1
        }
        let integerDigits = index - integerStart
        if integerDigits > 1 && bytes[integerStart] == 48 { return nil }
        var decimals = 0
        if index < count && bytes[index] == 46 {
            index += 1
            while index < count, bytes[index] &- 48 < 10 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 48) }
                digits += 1
                decimals += 1
                index += 1
            }
        }
        guard integerDigits + decimals > 0 else { return nil }
        var hasExponent = false
        if index < count && (bytes[index] | 0x20) == 101 {
            hasExponent = true
            index += 1
            if index < count && (bytes[index] == 45 || bytes[index] == 43) { index += 1 }
            let exponentStart = index
            while index < count, bytes[index] &- 48 < 10 { index += 1 }
            guard index > exponentStart, index - exponentStart <= 4 else { return nil }
        }
        guard index == count else { return nil }
        if !hasExponent && digits <= 15 {
            let value = Double(mantissa) / powersOfTen[decimals]
            return Number(value: negative ? -value : value, decimals: decimals, hasExponent: false)
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return Number(value: value, decimals: decimals, hasExponent: hasExponent)
    }

    static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// Days since 1970 for `YYYY-MM-DD`.
    @inline(__always)
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? { CatalogDate.parseDays(bytes) }

    /// Seconds since 1970-01-01 00:00 UTC for `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH[:]MM]`, with a
    /// space allowed for the `T`. Without a zone the time is taken as written (as UTC).
    static func dateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count >= 16, bytes[10] == 84 || bytes[10] == 32 || bytes[10] == 116,
            let days = CatalogDate.parseDays(UnsafeBufferPointer(rebasing: bytes[0..<10])),
            let hour = twoDigits(bytes, 11), bytes[13] == 58, let minute = twoDigits(bytes, 14),
            hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count && bytes[index] == 58 {
            guard let value = twoDigits(bytes, index + 1), value < 61 else { return nil }
            second = value
            index += 3
            if index < bytes.count && (bytes[index] == 46 || bytes[index] == 44) {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] &- 48 < 10 { index += 1 }
                guard index > start else { return nil }
            }
        }
        var offset = 0
        if index < bytes.count {
            if bytes[index] == 90 || bytes[index] == 122 {
                index += 1
            } else if bytes[index] == 43 || bytes[index] == 45 {
                let sign = bytes[index] == 45 ? -1 : 1
                guard let hours = twoDigits(bytes, index + 1) else { return nil }
                index += 3
                var minutes = 0
                if index < bytes.count && bytes[index] == 58 { index += 1 }
                if index < bytes.count {
                    guard let value = twoDigits(bytes, index) else { return nil }
                    minutes = value
                    index += 2
                }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard index == bytes.count else { return nil }
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    }

    @inline(__always)
    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index + 1 < bytes.count, bytes[index] &- 48 < 10, bytes[index + 1] &- 48 < 10 else { return nil }
        return Int(bytes[index] - 48) * 10 + Int(bytes[index + 1] - 48)
    }
}

/// Values written back as text.
enum CatalogValueText {
    /// `value` with `scale` decimals for numbers, ISO 8601 for days and seconds.
    static func integer(_ value: Int64, scale: Int, kind: CatalogColumn.Kind) -> String {
        switch kind {
        case .date: return CatalogDate(daysSince1970: Int32(truncatingIfNeeded: value)).description
        case .dateTime: return dateTime(seconds: value)
        case .number, .text:
            guard scale > 0 else { return String(value) }
            let divisor = UInt64(CatalogValueParser.powersOfTen[scale])
            let fraction = String(value.magnitude % divisor)
            let padding = String(repeating: "0", count: scale - fraction.count)
            return (value < 0 ? "-" : "") + String(value.magnitude / divisor) + "." + padding + fraction
        }
    }

    /// "2013-01-01 05:00:00".
    static func dateTime(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = Int(seconds - days * 86_400)
        let date = CatalogDate(daysSince1970: Int32(truncatingIfNeeded: days)).description
        let clock = pad(time / 3600) + ":" + pad(time / 60 % 60)
        return date + " " + clock + ":" + pad(time % 60)
    }

    /// The shortest text that reads back as the same Double, without a needless ".0".
    static func real(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
