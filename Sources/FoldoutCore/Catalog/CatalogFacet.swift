/// One of the five ways the catalog can be narrowed. Every item has exactly one option per facet,
/// stored as a small integer (an index into `options`).
public enum Facet: Int, CaseIterable, Sendable {
    case category, material, color, season, size

    /// The facet's name as shown on its button when nothing is chosen.
    public var title: String {
        switch self {
        case .category: tr("Category")
        case .material: tr("Material")
        case .color: tr("Color")
        case .season: tr("Season")
        case .size: tr("Size")
        }
    }

    /// The header of the facet's column in a catalog CSV file.
    public var csvColumn: String {
        switch self {
        case .category: "category"
        case .material: "material"
        case .color: "color"
        case .season: "season"
        case .size: "size"
        }
    }

    /// The fixed vocabulary of the facet, in English as catalog files spell it; items store an
    /// index into it.
    public var options: [String] { FacetVocabulary.options[rawValue] }

    /// The options as shown to the user, in the user's language.
    public var optionTitles: [String] { options.map { tr($0) } }

    /// Option `index` as shown to the user.
    public func optionTitle(_ index: Int) -> String { tr(options[index]) }
}

/// The facets' vocabularies and where each facet lives in an item's packed 16-bit facet word.
enum FacetVocabulary {
    // Marked with trLater for the translators; shown translated through `optionTitles`.
    static let options: [[String]] = [
        [trLater("Shirts"), trLater("Trousers"), trLater("Dresses"), trLater("Skirts"),
         trLater("Jackets"), trLater("Coats"), trLater("Knitwear"), trLater("Shoes"), trLater("Boots"),
         trLater("Hats"), trLater("Scarves"), trLater("Gloves"), trLater("Bags"), trLater("Belts"),
         trLater("Socks")],
        [trLater("Cotton"), trLater("Linen"), trLater("Wool"), trLater("Silk"), trLater("Leather"),
         trLater("Denim"), trLater("Polyester"), trLater("Cashmere")],
        [trLater("Black"), trLater("White"), trLater("Grey"), trLater("Navy"), trLater("Blue"),
         trLater("Red"), trLater("Green"), trLater("Beige"), trLater("Brown"), trLater("Pink")],
        [trLater("Spring"), trLater("Summer"), trLater("Autumn"), trLater("Winter")],
        [trLater("XS"), trLater("S"), trLater("M"), trLater("L"), trLater("XL"), trLater("XXL")],
    ]

    /// Lowercased ASCII bytes of every option, for case-insensitive matching of CSV values.
    static let lowercasedOptions: [[[UInt8]]] = options.map { list in
        list.map { option in option.utf8.map(CatalogASCII.lowercased) }
    }

    /// Bit offsets in the packed word: category 4 bits, material 3, color 4, season 2, size 3.
    static let shifts: [UInt16] = [0, 4, 7, 11, 13]
    static let widths: [UInt16] = [4, 3, 4, 2, 3]
}

extension Facet {
    /// The facet's bits in the packed word, already shifted into place.
    var packedMask: UInt16 { ((1 << FacetVocabulary.widths[rawValue]) - 1) << FacetVocabulary.shifts[rawValue] }
    var packedShift: UInt16 { FacetVocabulary.shifts[rawValue] }

    func packed(_ option: Int) -> UInt16 { UInt16(truncatingIfNeeded: option) << packedShift }
    func unpacked(_ word: UInt16) -> Int { Int((word & packedMask) >> packedShift) }
}

/// Byte helpers for ASCII text.
enum CatalogASCII {
    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// True if `bytes` equals the lowercase ASCII `lowercase` ignoring ASCII case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: [UInt8]) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        for index in 0..<bytes.count where lowercased(bytes[index]) != lowercase[index] { return false }
        return true
    }
}
