// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// How a cell's value is written into the table's text for the one CSV parser: numbers in the
/// shortest form that reads back as the same number, dates as ISO 8601 (`2024-03-01`,
/// `2024-03-01 05:30:00`), times of day as `05:30:00`, booleans as `TRUE` and `FALSE`.
enum SheetValueText {
    /// What a number stands for, by its cell's format.
    enum Style: Equatable {
        case number, date, dateTime, time
    }

    static func number(_ value: Double, into bytes: inout [UInt8]) {
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value), into: &bytes)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// A spreadsheet's serial day number (days since 1899-12-30, or since 1904-01-01) in `style`.
    static func serial(_ serial: Double, style: Style, dates1904: Bool, into bytes: inout [UInt8]) {
        guard style != .number, serial.isFinite, abs(serial) < 3_000_000 else { return number(serial, into: &bytes) }
        // Excel counts a 29 February 1900 that never was: serials before it are a day early.
        let epoch = dates1904 ? -24_107 : (serial < 61 ? -25_568 : -25_569)
        let seconds = Int64((serial * 86_400).rounded())
        let days = Int(seconds.floorDivided(by: 86_400))
        let second = Int(seconds - Int64(days) * 86_400)
        switch style {
        case .date: date(days: days + epoch, into: &bytes)
        case .time: time(seconds: second, into: &bytes)
        case .dateTime:
            date(days: days + epoch, into: &bytes)
            bytes.append(32)
            time(seconds: second, into: &bytes)
        case .number: break
        }
    }

    static func date(days: Int, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: CatalogDate(daysSince1970: Int32(clamping: days)).description.utf8)
    }

    /// `HH:MM:SS` of `seconds` into a day.
    static func time(seconds: Int, into bytes: inout [UInt8]) {
        for (index, part) in [seconds / 3600, seconds / 60 % 60, seconds % 60].enumerated() {
            if index > 0 { bytes.append(58) }
            bytes.append(48 + UInt8(part / 10 % 10))
            bytes.append(48 + UInt8(part % 10))
        }
    }

    static func boolean(_ value: Bool, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: (value ? "TRUE" : "FALSE").utf8)
    }

    private static func integer(_ value: Int64, into bytes: inout [UInt8]) {
        if value < 0 { bytes.append(45) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(48 + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// An ISO 8601 date or date-time as a spreadsheet stores it (`2024-03-01`,
    /// `2024-03-01T05:30:00.000`): the date, and the time to the second unless `style` is `.date`.
    static func isoDate(_ text: UnsafePointer<UInt8>, style: Style, into bytes: inout [UInt8]) {
        var count = 0
        while text[count] != 0 && count < 19 { count += 1 }
        let hasTime = count >= 16 && (text[10] == 84 || text[10] == 32)
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: min(count, 10)))
        guard hasTime && style != .date else { return }
        bytes.append(32)
        bytes.append(contentsOf: UnsafeBufferPointer(start: text + 11, count: count - 11))
        if count == 16 { bytes.append(contentsOf: ":00".utf8) }
    }

    /// An ODF duration, `PT05H30M00S` or `PT1234H05M00.5S`, as a time of day.
    static func duration(_ text: UnsafePointer<UInt8>, into bytes: inout [UInt8]) {
        var seconds = 0.0
        var value = 0.0
        var fraction = 0.0
        var index = 0
        while text[index] != 0 {
            let byte = text[index]
            switch byte {
            case 48...57:
                if fraction > 0 {
                    value += Double(byte - 48) * fraction
                    fraction /= 10
                } else {
                    value = value * 10 + Double(byte - 48)
                }
            case 46: fraction = 0.1
            case 68: seconds += value * 86_400
            case 72: seconds += value * 3600
            case 77: seconds += value * 60
            case 83: seconds += value
            default: break
            }
            if byte > 57 || byte < 46 {
                value = 0
                fraction = 0
            }
            index += 1
        }
        time(seconds: Int(seconds.rounded()) % 86_400, into: &bytes)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
