/// Turns the fields of CSV records into catalog columns, checking every value.
struct CatalogCSVBuilder {
    private var interner = CatalogNameInterner()
    private var nameIndex: [UInt32] = []
    private var prices: [UInt32] = []
    private var days: [Int32] = []
    private var packed: [UInt16] = []

    /// Appends one item; `fields` are in `Catalog.csvColumns` order.
    mutating func append(_ fields: [CatalogCSVScanner.Field], from scanner: CatalogCSVScanner) throws(CatalogImportError) {
        let name = try scanner.withBytes(of: fields[0]) { bytes throws(CatalogImportError) in
            let name = CatalogASCII.trimmed(bytes)
            guard !name.isEmpty else { throw CatalogImportError(line: fields[0].line, reason: .emptyName) }
            return interner.intern(name)
        }
        let price = try scanner.withBytes(of: fields[1]) { bytes throws(CatalogImportError) in
            let text = CatalogASCII.trimmed(bytes)
            guard let cents = Self.cents(text) else {
                throw CatalogImportError(line: fields[1].line, reason: .badNumber(column: "price", value: CatalogImportError.excerpt(text)))
            }
            return cents
        }
        let day = try scanner.withBytes(of: fields[2]) { bytes throws(CatalogImportError) in
            let text = CatalogASCII.trimmed(bytes)
            guard let day = CatalogDate.parseDays(text) else {
                throw CatalogImportError(line: fields[2].line, reason: .badDate(CatalogImportError.excerpt(text)))
            }
            return day
        }
        var word: UInt16 = 0
        for facet in Facet.allCases {
            let field = fields[3 + facet.rawValue]
            word |= try scanner.withBytes(of: field) { bytes throws(CatalogImportError) in
                let text = CatalogASCII.trimmed(bytes)
                guard let option = FacetVocabulary.lowercasedOptions[facet.rawValue].firstIndex(where: {
                    CatalogASCII.equalsIgnoringCase(text, $0)
                }) else {
                    throw CatalogImportError(line: field.line, reason: .unknownFacetValue(
                        column: facet.csvColumn, value: CatalogImportError.excerpt(text)))
                }
                return facet.packed(option)
            }
        }
        nameIndex.append(name)
        prices.append(price)
        days.append(day)
        packed.append(word)
    }

    func build() -> Catalog {
        let base = days.min() ?? 0
        let offsets = days.map { UInt32(bitPattern: $0 &- base) }
        return Catalog(names: interner.table, nameIndex: CatalogCompactColumn(nameIndex), prices: prices,
                       dateBase: base, dateOffsets: CatalogCompactColumn(offsets), packed: packed)
    }

    /// Cents for a non-negative decimal with at most two decimals, at most 1,000,000.00.
    static func cents(_ text: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var index = 0, whole = 0
        while index < text.count, let digit = digit(text[index]) {
            whole = whole * 10 + digit
            guard whole <= 1_000_000 else { return nil }
            index += 1
        }
        guard index > 0 else { return nil }
        var cents = whole * 100
        if index < text.count {
            guard text[index] == 46, index + 1 < text.count, let tenths = digit(text[index + 1]) else { return nil }
            cents += tenths * 10
            index += 2
            if index < text.count, let hundredths = digit(text[index]) {
                cents += hundredths
                index += 1
            }
        }
        guard index == text.count, cents <= 100_000_000 else { return nil }
        return UInt32(cents)
    }

    private static func digit(_ byte: UInt8) -> Int? { byte >= 48 && byte <= 57 ? Int(byte - 48) : nil }
}
