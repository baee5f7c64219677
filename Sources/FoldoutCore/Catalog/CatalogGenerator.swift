// SPDX-License-Identifier: GPL-3.0-or-later
extension Catalog {
    /// The generated catalog's facets at first, in English: its price and date ranges, then its options.
    public static var generatedFacetNames: [String] { ["Price", "Date"] + CatalogWords.facetNames }

    /// How many items the built-in catalog has unless a launch asks for another size.
    public static let generatedCount = 1_000_000

    /// `count` made-up clothing items, the same for the same seed on every machine, as a table
    /// like any other: Name, Price, Date and five facets (Category, Material, Color, Season,
    /// Size). Names are "<adjective> <color> <kind>" (a few thousand distinct, consistent with the
    /// item's color and category); prices follow category and material; dates span 2019–2025.
    /// Column names and facet values are in the user's language; results are sorted by name.
    public static func generate(count: Int, seed: UInt64 = 1) -> Catalog {
        precondition(count >= 0 && count <= Int(UInt32.max))
        let words = CatalogWords.self
        let vocabulary = CatalogWords.facets
        let colors = vocabulary[2].count
        let categories = vocabulary[0].count
        let firstDay = Int64(CatalogDate.days(year: 2019, month: 1, day: 1))
        let daySpan = UInt64(CatalogDate.days(year: 2026, month: 1, day: 1)) - UInt64(firstDay)
        var random = SeededGenerator(seed: seed)
        var facetCodes = [[UInt8]](repeating: [UInt8](repeating: 0, count: count), count: vocabulary.count)
        var nameCodes = [UInt16](repeating: 0, count: count)
        var prices = [UInt32](repeating: 0, count: count)
        var days = [UInt16](repeating: 0, count: count)
        var nameOfCombination = [Int32](repeating: -1, count: words.adjectives.count * colors * categories)
        var combinations: [Int] = []

        /// A uniform-enough value in 0..<bound from 16 random bits.
        func pick(_ bits: UInt64, _ bound: Int) -> Int { Int(((bits & 0xFFFF) &* UInt64(bound)) >> 16) }

        for position in 0..<count {
            let first = random.next()
            let second = random.next()
            let category = pick(first, categories)
            let material = pick(first >> 16, vocabulary[1].count)
            let color = pick(first >> 32, colors)
            let season = pick(first >> 48, vocabulary[3].count)
            let size = pick(second, vocabulary[4].count)
            let adjective = pick(second >> 16, words.adjectives.count)
            for (facet, option) in [category, material, color, season, size].enumerated() {
                facetCodes[facet][position] = UInt8(option + 1)
            }
            let combination = (adjective * colors + color) * categories + category
            if nameOfCombination[combination] < 0 {
                nameOfCombination[combination] = Int32(combinations.count)
                combinations.append(combination)
            }
            nameCodes[position] = UInt16(nameOfCombination[combination] + 1)
            let factor = 60 + pick(second >> 48, 100)
            let dollars = words.basePrices[category] * words.materialPercent[material] * factor / 10_000
            prices[position] = UInt32(max(dollars, 1) * 100 - 1)
            days[position] = UInt16(pick(second >> 32, Int(daySpan)))
        }

        var names = CatalogNameInterner()
        for combination in combinations {
            let category = combination % categories
            let color = combination / categories % colors
            let adjective = combination / categories / colors
            let name = words.adjectives[adjective] + " " + vocabulary[2][color] + " " + words.kinds[category]
            _ = Array(name.utf8).withUnsafeBufferPointer { names.intern($0) }
        }
        let nameColumn = CatalogColumn(
            name: tr("Name"), kind: .text,
            values: .coded(
                CatalogCodedValues(
                    codes: CatalogUnsignedColumn(storage: .u16(nameCodes)), dictionary: names.table, numbers: nil)),
            missingCount: 0, suggestsFacet: false)
        let priceColumn = CatalogColumn(
            name: tr("Price"), kind: .number,
            values: .integers(
                CatalogIntegerValues(base: 0, offsets: CatalogUnsignedColumn(storage: .u32(prices)), scale: 2)),
            missingCount: 0, suggestsFacet: false)
        let dateColumn = CatalogColumn(
            name: tr("Date"), kind: .date,
            values: .integers(
                CatalogIntegerValues(base: firstDay, offsets: CatalogUnsignedColumn(storage: .u16(days)), scale: 0)),
            missingCount: 0, suggestsFacet: false)
        let facetColumns = zip(CatalogWords.facetNames, vocabulary).enumerated().map { index, facet in
            var dictionary = CatalogNameTable()
            dictionary.append("")
            for option in facet.1 { dictionary.append(tr(option)) }
            let values = CatalogCodedValues(
                codes: CatalogUnsignedColumn(storage: .u8(facetCodes[index])), dictionary: dictionary,
                numbers: nil, keepsOrder: true)
            return CatalogColumn(
                name: tr(facet.0), kind: .text, values: .coded(values), missingCount: 0, suggestsFacet: count > 0)
        }
        return Catalog(
            columns: [nameColumn, priceColumn, dateColumn] + facetColumns, count: count, name: "",
            titleColumn: 0, defaultSort: CatalogSortKey(column: 0))
    }
}

/// Words for generated item names, the facets' vocabularies and figures for generated prices.
enum CatalogWords {
    // Marked with trLater for the translators; the generated catalog holds them translated.
    static let facetNames = [
        trLater("Category"), trLater("Material"), trLater("Color"), trLater("Season"), trLater("Size"),
    ]
    static let facets: [[String]] = [
        [
            trLater("Shirts"), trLater("Trousers"), trLater("Dresses"), trLater("Skirts"),
            trLater("Jackets"), trLater("Coats"), trLater("Knitwear"), trLater("Shoes"), trLater("Boots"),
            trLater("Hats"), trLater("Scarves"), trLater("Gloves"), trLater("Bags"), trLater("Belts"),
            trLater("Socks"),
        ],
        [
            trLater("Cotton"), trLater("Linen"), trLater("Wool"), trLater("Silk"), trLater("Leather"),
            trLater("Denim"), trLater("Polyester"), trLater("Cashmere"),
        ],
        [
            trLater("Black"), trLater("White"), trLater("Grey"), trLater("Navy"), trLater("Blue"),
            trLater("Red"), trLater("Green"), trLater("Beige"), trLater("Brown"), trLater("Pink"),
        ],
        [trLater("Spring"), trLater("Summer"), trLater("Autumn"), trLater("Winter")],
        [trLater("XS"), trLater("S"), trLater("M"), trLater("L"), trLater("XL"), trLater("XXL")],
    ]

    static let adjectives = [
        "Classic", "Relaxed", "Slim", "Vintage", "Cropped", "Oversized", "Tailored", "Soft", "Everyday", "Urban",
        "Heritage", "Essential", "Light", "Heavy", "Fitted", "Loose", "Striped", "Plain", "Textured", "Washed",
        "Brushed", "Ribbed", "Quilted", "Woven",
    ]
    /// One item of each category, in `Facet.category.options` order.
    static let kinds = [
        "Shirt", "Trousers", "Dress", "Skirt", "Jacket", "Coat", "Sweater", "Shoes", "Boots",
        "Hat", "Scarf", "Gloves", "Bag", "Belt", "Socks",
    ]
    /// Typical whole-unit price of each category.
    static let basePrices = [35, 55, 70, 45, 110, 180, 75, 90, 140, 25, 30, 28, 95, 35, 9]
    /// Price factor of each material, in percent.
    static let materialPercent = [100, 120, 140, 190, 210, 110, 70, 320]
}
