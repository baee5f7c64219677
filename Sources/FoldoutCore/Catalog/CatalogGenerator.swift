extension Catalog {
    /// `count` made-up items, the same for the same seed on every machine. Names are
    /// "<adjective> <color> <kind>" (a few thousand distinct, consistent with the item's color and
    /// category); prices follow category and material; dates span 2019–2025.
    public static func generate(count: Int, seed: UInt64 = 1) -> Catalog {
        precondition(count >= 0 && count <= Int(UInt32.max))
        let words = CatalogWords.self
        let colors = Facet.color.options.count, categories = Facet.category.options.count
        let firstDay = Int32(CatalogDate.days(year: 2019, month: 1, day: 1))
        let daySpan = UInt64(CatalogDate.days(year: 2026, month: 1, day: 1)) - UInt64(firstDay)
        var random = SeededGenerator(seed: seed)
        var packed = [UInt16](repeating: 0, count: count)
        var nameIndex = [UInt16](repeating: 0, count: count)
        var prices = [UInt32](repeating: 0, count: count)
        var dateOffsets = [UInt16](repeating: 0, count: count)
        var nameOfCombination = [Int32](repeating: -1, count: words.adjectives.count * colors * categories)
        var combinations: [Int] = []

        /// A uniform-enough value in 0..<bound from 16 random bits.
        func pick(_ bits: UInt64, _ bound: Int) -> Int { Int(((bits & 0xFFFF) &* UInt64(bound)) >> 16) }

        for position in 0..<count {
            let first = random.next(), second = random.next()
            let category = pick(first, categories), material = pick(first >> 16, Facet.material.options.count)
            let color = pick(first >> 32, colors), season = pick(first >> 48, Facet.season.options.count)
            let size = pick(second, Facet.size.options.count), adjective = pick(second >> 16, words.adjectives.count)
            packed[position] = Facet.category.packed(category) | Facet.material.packed(material)
                | Facet.color.packed(color) | Facet.season.packed(season) | Facet.size.packed(size)

            let combination = (adjective * colors + color) * categories + category
            if nameOfCombination[combination] < 0 {
                nameOfCombination[combination] = Int32(combinations.count)
                combinations.append(combination)
            }
            nameIndex[position] = UInt16(nameOfCombination[combination])

            let factor = 60 + pick(second >> 48, 100)
            let dollars = words.basePrices[category] * words.materialPercent[material] * factor / 10_000
            prices[position] = UInt32(max(dollars, 1) * 100 - 1)
            dateOffsets[position] = UInt16(pick(second >> 32, Int(daySpan)))
        }

        var names = CatalogNameTable()
        names.reserveCapacity(names: combinations.count, bytes: combinations.count * 24)
        for combination in combinations {
            let category = combination % categories, color = combination / categories % colors
            let adjective = combination / categories / colors
            names.append(words.adjectives[adjective] + " " + Facet.color.options[color] + " " + words.kinds[category])
        }
        return Catalog(names: names, nameIndex: CatalogCompactColumn(narrow: nameIndex), prices: prices,
                       dateBase: firstDay, dateOffsets: CatalogCompactColumn(narrow: dateOffsets), packed: packed)
    }
}

/// Words for generated item names and figures for generated prices.
private enum CatalogWords {
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
