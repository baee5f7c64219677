extension Catalog {
    /// The catalog as CSV text that `parseCSV` reads back to the same items: a header of
    /// `csvColumns`, LF line ends, names quoted when they hold a comma, quote or line break.
    public func exportCSV() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 64 + 64)
        out.append(contentsOf: Catalog.csvColumns.joined(separator: ",").utf8)
        out.append(10)
        let optionBytes = Facet.allCases.map { $0.options.map { Array($0.utf8) } }
        names.bytes.withUnsafeBufferPointer { text in
            for position in 0..<count {
                let name = UnsafeBufferPointer(rebasing: text[names.range(of: Int(nameIndex[position]))])
                if name.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) {
                    out.append(34)
                    for byte in name {
                        out.append(byte)
                        if byte == 34 { out.append(34) }
                    }
                    out.append(34)
                } else {
                    out.append(contentsOf: name)
                }
                let cents = Int(prices[position])
                out.append(44)
                Self.appendDigits(cents / 100, width: 1, to: &out)
                out.append(46)
                Self.appendDigits(cents % 100, width: 2, to: &out)
                out.append(44)
                let (year, month, day) = CatalogDate.civil(fromDays: Int(date(at: position).daysSince1970))
                Self.appendDigits(year, width: 4, to: &out)
                out.append(45)
                Self.appendDigits(month, width: 2, to: &out)
                out.append(45)
                Self.appendDigits(day, width: 2, to: &out)
                for facet in Facet.allCases {
                    out.append(44)
                    out.append(contentsOf: optionBytes[facet.rawValue][option(facet, at: position)])
                }
                out.append(10)
            }
        }
        return out
    }

    /// Decimal digits of a non-negative `value`, zero-padded to `width`.
    private static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        let value = value.magnitude
        var divisor: UInt = 1, digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            out.append(UInt8(48 + value / divisor % 10))
            divisor /= 10
        }
    }
}
