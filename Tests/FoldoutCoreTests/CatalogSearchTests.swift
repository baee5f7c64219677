// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest

@testable import FoldoutCore

final class CatalogSearchTests: XCTestCase {
    func testMatchesIgnoreCaseAndAccentsInEveryScript() throws {
        let catalog = try CatalogTestSupport.parse(
            """
            title,kind
            Café Crème,a
            CAFE au lait,a
            İstanbul Nights,b
            Straße der Ärzte,b
            Ωμέγα Πόλη,a
            Ёлка и ёж,b
            東京タワー,a
            Ærøskøbing,b
            Łódź Fabryka,a
            plain text,b
            """)
        let search = CatalogSearch(catalog: catalog, columns: [catalog.titleColumn])
        func titles(_ query: String) throws -> [String] {
            try XCTUnwrap(search.rows(matching: query), "no result for “\(query)”").rows.map {
                catalog.text(catalog.titleColumn, at: $0)
            }
        }
        XCTAssertEqual(try titles("cafe"), ["Café Crème", "CAFE au lait"])
        XCTAssertEqual(try titles("CRÈME"), ["Café Crème"])
        XCTAssertEqual(try titles("istanbul"), ["İstanbul Nights"])
        XCTAssertEqual(try titles("strasse"), ["Straße der Ärzte"])
        XCTAssertEqual(try titles("ärzte"), ["Straße der Ärzte"])
        XCTAssertEqual(try titles("ωμεγα"), ["Ωμέγα Πόλη"])
        XCTAssertEqual(try titles("ЕЖ"), ["Ёлка и ёж"])
        XCTAssertEqual(try titles("タワ"), ["東京タワー"])
        XCTAssertEqual(try titles("aeroskobing"), ["Ærøskøbing"])
        XCTAssertEqual(try titles("lodz"), ["Łódź Fabryka"])
        XCTAssertEqual(try titles("xyz"), [])
        XCTAssertEqual(try titles("plain text and then some more"), [])
        XCTAssertEqual(search.rows(matching: "")?.count, catalog.count, "an empty query matches every row")
        XCTAssertTrue(CatalogSearch.isBlank("\u{301}"))
    }

    /// Letters with several accents, written precomposed or decomposed, and signs that are
    /// another letter canonically, fold to their base letters; scripts without accents stay.
    func testEveryCanonicalAccentIsDropped() {
        var folder = TextFolder()
        for (text, folded) in [
            ("Đặng Thị Ngọc", "dang thi ngoc"), ("e\u{301}te\u{301}", "ete"), ("\u{1FA}ngstro\u{308}m", "angstrom"),
            ("\u{212A}elvin", "kelvin"), ("\u{212B}", "a"), ("Ǖ", "u"), ("한국어", "한국어"), ("Ṩ", "s"),
        ] {
            XCTAssertEqual(String(decoding: folder.fold(text), as: UTF8.self), folded, text)
        }
    }

    /// Each query's rows equal a brute-force scan, over seeded random catalogs of Unicode titles
    /// typed one letter at a time, edited in the middle, and deleted back (so that narrowing and
    /// remembered results are exercised), with one column and with every text column.
    func testResultsEqualABruteForceScanThroughTypingAndEditing() throws {
        var random = SeededGenerator(seed: 17)
        for (rows, seed) in [(1, 1), (30, 2), (700, 3), (55_000, 4)] {
            let catalog = try CatalogTestSupport.parse(SearchOracle.randomCSV(rows: rows, seed: UInt64(seed)))
            let oracle = SearchOracle(catalog)
            let title = try XCTUnwrap(catalog.column(named: "title"), "no title column")
            for (columns, prepares) in [
                ([title], false), (CatalogSearch.textColumns(of: catalog), false),
                ([title], true), (CatalogSearch.textColumns(of: catalog), true),
            ] {
                // Preparing for the next letter after every query, however few rows it found.
                let search = CatalogSearch(catalog: catalog, columns: columns, preparingFrom: prepares ? 1 : .max)
                let queries = rows > 10_000 ? 3 : 40
                for _ in 0..<queries {
                    let word = try SearchOracle.randomQuery(using: &random, from: oracle, columns: columns)
                    var typed = ""
                    var steps = word.map {
                        typed.append($0)
                        return typed
                    }
                    steps += steps.reversed().dropFirst()
                    if word.count > 2 {
                        var edited = word
                        edited.remove(at: edited.index(edited.startIndex, offsetBy: word.count / 2))
                        steps.append(edited)
                    }
                    steps.append(word + String(repeating: "z", count: 300))
                    for query in steps {
                        if let quick = search.quickRows(matching: query) {
                            XCTAssertEqual(
                                quick.rows, oracle.rows(matching: query, in: columns),
                                "quickly: \(rows) rows, columns \(columns), query “\(query)”, prepared \(prepares)")
                        }
                        XCTAssertEqual(
                            search.rows(matching: query)?.rows, oracle.rows(matching: query, in: columns),
                            "\(rows) rows, columns \(columns), query “\(query)”, prepared \(prepares)")
                        if prepares { search.prepareNext(after: query) }
                    }
                }
            }
        }
    }

    /// What the main thread may ask for: a text whose rows are known without reading any (one
    /// letter, a letter prepared for, a text searched before), and nothing that needs reading.
    func testOnlyWhatNeedsNoReadingIsFoundQuickly() throws {
        let catalog = try CatalogTestSupport.parse(SearchOracle.randomCSV(rows: 3000, seed: 21))
        let oracle = SearchOracle(catalog)
        let columns = [catalog.titleColumn]
        let search = CatalogSearch(catalog: catalog, columns: columns, preparingFrom: 1)
        XCTAssertEqual(search.quickRows(matching: "e")?.rows, oracle.rows(matching: "e", in: columns))
        XCTAssertNil(search.quickRows(matching: "ea"), "two letters not prepared for need reading")
        XCTAssertNil(search.quickRows(matching: "3"), "a digit's signature bit is shared: it needs reading")
        search.prepareNext(after: "e")
        for next in ["ea", "er", "ez"] {
            XCTAssertEqual(
                search.quickRows(matching: next)?.rows, oracle.rows(matching: next, in: columns),
                "“\(next)” after preparing for “e”")
        }
        XCTAssertNil(search.quickRows(matching: "e-"), "a dash after “e” is not a letter a to z: it needs reading")
        XCTAssertNil(search.quickRows(matching: "era"), "two letters past what was prepared for")
        _ = search.rows(matching: "era")
        XCTAssertEqual(search.quickRows(matching: "era")?.rows, oracle.rows(matching: "era", in: columns))
    }

    func testACancelledSearchGivesNoResult() throws {
        let catalog = try CatalogTestSupport.parse(SearchOracle.randomCSV(rows: 70_000, seed: 9))
        let search = CatalogSearch(catalog: catalog, columns: [catalog.titleColumn])
        XCTAssertNil(search.rows(matching: "ab", isCancelled: { true }))
        XCTAssertNotNil(search.rows(matching: "ab"), "a cancelled search leaves nothing half-made behind")
    }

    /// The search narrows the facets' matches and counts (AND), in the sort order.
    func testSearchCombinesWithFacetsAndSort() throws {
        var random = SeededGenerator(seed: 5)
        let catalog = try CatalogTestSupport.parse(SearchOracle.randomCSV(rows: 3000, seed: 11))
        let filter = FacetFilter(catalog: catalog)
        let facets = FacetFilterOracle(filter)
        let texts = SearchOracle(catalog)
        let recorder = ChangeRecorder(filter)
        var choices: [Int: Int] = [:]
        // What the test asked for, kept here: the expected rows never come from the filter's own state.
        var query = ""
        var columns = [catalog.titleColumn]
        var sort: CatalogSortKey?
        for step in 0..<400 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let next =
                    try Bool.random(using: &random)
                    ? "" : SearchOracle.randomQuery(using: &random, from: texts, columns: columns)
                let before = recorder.count
                let effective = next != query
                query = next
                filter.setSearch(query)
                XCTAssertEqual(
                    recorder.count - before, effective ? 1 : 0, "one change for a new search, none for the same")
            case 1:
                let picked = filter.facetColumns.randomElement(using: &random)
                let column = try XCTUnwrap(picked, "the catalog has no facets")
                _ = try XCTUnwrap(filter.options(forColumn: column).first, "facet \(column) has no options")
                let option = Int.random(in: 0..<filter.options(forColumn: column).count, using: &random)
                choices[column] = option
                filter.select(option: option, inColumn: column)
            case 2:
                columns = Bool.random(using: &random) ? [catalog.titleColumn] : CatalogSearch.textColumns(of: catalog)
                filter.setSearchColumns(columns)
            default:
                let picked = filter.facetColumns.randomElement(using: &random)
                let column = try XCTUnwrap(picked, "the catalog has no facets")
                choices[column] = nil
                filter.reset(column: column)
                sort =
                    Bool.random(using: &random)
                    ? nil : CatalogSortKey(column: Int.random(in: 0..<catalog.columns.count, using: &random))
                filter.sort = sort
            }
            let found = Set(texts.rows(matching: query, in: columns))
            let expected = facets.matches(choices: choices, sort: sort).filter { found.contains(Int($0)) }
            XCTAssertEqual(filter.matches, expected, "step \(step), search “\(filter.searchText)”")
            for column in filter.facetColumns {
                let narrowed = FacetFilterOracle(filter)
                var counts = [Int](repeating: 0, count: filter.options(forColumn: column).count)
                for row in found
                where choices.allSatisfy({ $0.key == column || narrowed.option($0.key, row) == $0.value }) {
                    if let option = narrowed.option(column, row) { counts[option] += 1 }
                }
                XCTAssertEqual(filter.counts(forColumn: column), counts, "step \(step), counts of column \(column)")
            }
        }
    }

    func testTheMatchedPartIsFoundInTheOriginalText() {
        var highlighter = SearchHighlighter(query: "CAFE")
        let title = "Le Café de Flore, café"
        let ranges = highlighter.ranges(in: title)
        let bytes = Array(title.utf8)
        XCTAssertEqual(ranges.map { String(decoding: bytes[$0], as: UTF8.self) }, ["Café", "café"])
        let decomposed = "Cafe\u{301} noir"
        XCTAssertEqual(
            highlighter.ranges(in: decomposed).map { String(decoding: Array(decomposed.utf8)[$0], as: UTF8.self) },
            ["Cafe\u{301}"], "the accent is highlighted with its letter")
        XCTAssertEqual(highlighter.ranges(in: "Tea for two"), [])
        var plain = SearchHighlighter(query: "de")
        XCTAssertEqual(
            plain.ranges(in: "Dede and DE"), [0..<4, 9..<11], "ASCII text, searched in place; touching matches as one")
    }
}

/// Brute force for search: every cell folded by a table of its own (not the folder under test),
/// then a plain substring test.
struct SearchOracle {
    let catalog: Catalog
    /// Every cell folded, as UTF-8, column by column.
    let folded: [[[UInt8]]]

    /// The letters `randomCSV` writes beyond ASCII, and what each folds to.
    static let accented: [Character: String] = [
        "é": "e", "É": "e", "è": "e", "ü": "u", "Ü": "u", "ñ": "n", "ç": "c", "Ç": "c", "ø": "o", "Ø": "o", "ß": "ss",
        "å": "a", "Å": "a", "È": "e", "Ñ": "n",
        "Ж": "ж", "ж": "ж", "Ё": "е", "ё": "е", "Д": "д", "д": "д", "東": "東", "京": "京", "😀": "😀", "Σ": "σ", "σ": "σ",
    ]

    init(_ catalog: Catalog) {
        self.catalog = catalog
        folded = catalog.columns.indices.map { column in
            (0..<catalog.count).map { Array(SearchOracle.fold(catalog.text(column, at: $0)).utf8) }
        }
    }

    static func fold(_ text: String) -> String {
        String(
            text.flatMap { character -> String in
                if let mapped = accented[character] { return mapped }
                return character.isASCII ? String(character).lowercased() : String(character)
            })
    }

    func rows(matching query: String, in columns: [Int]) -> [Int] {
        let needle = Array(Self.fold(query).utf8)
        return (0..<catalog.count).filter { row in
            needle.isEmpty
                || columns.contains { column in
                    let text = folded[column][row]
                    return text.count >= needle.count
                        && (0...text.count - needle.count).contains {
                            text[$0..<$0 + needle.count].elementsEqual(needle)
                        }
                }
        }
    }

    /// Mostly a piece of a real cell (so that there are matches), sometimes random letters.
    static func randomQuery(
        using random: inout SeededGenerator, from oracle: SearchOracle, columns: [Int]
    ) throws -> String {
        let catalog = oracle.catalog
        guard catalog.count > 0, Int.random(in: 0..<5, using: &random) > 0 else {
            return String(
                (0..<Int.random(in: 1...4, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }
        let picked = columns.randomElement(using: &random)
        let column = try XCTUnwrap(picked, "no columns to search")
        let text = Array(catalog.text(column, at: Int.random(in: 0..<catalog.count, using: &random)))
        guard !text.isEmpty else { return "a" }
        let start = Int.random(in: 0..<text.count, using: &random)
        let piece = text[start..<min(text.count, start + Int.random(in: 1...6, using: &random))]
        // Typed without accents or in other case now and then, as users do.
        return String(
            piece.map { character in
                switch Int.random(in: 0..<4, using: &random) {
                case 0: return Character(accented[character].flatMap { $0.count == 1 ? $0 : nil } ?? String(character))
                case 1:
                    return Character(
                        String(character).uppercased().count == 1 ? String(character).uppercased() : String(character))
                default: return character
                }
            })
    }

    static let letters = Array("abcdeéfghijklmnoøpqrsßtuüvwxyzABCÉÇ ЖжЁё東京😀Σσ-0129")

    /// A title column of random Unicode words, a second text column, and a facet.
    static func randomCSV(rows: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var text = "title,subtitle,shelf\n"
        for _ in 0..<rows {
            func words(_ count: Int) -> String {
                (0..<count).map { _ in
                    String(
                        (0..<Int.random(in: 1...7, using: &random)).map { _ in letters.randomElement(using: &random)! })
                }
                .joined(separator: " ")
            }
            let title = words(Int.random(in: 1...5, using: &random))
            let subtitle = words(2)
            text += "\(title),\(subtitle),\(["A", "B", "C"].randomElement(using: &random)!)\n"
        }
        return text
    }
}
