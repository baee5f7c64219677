// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import XCTest

@testable import FoldoutCore

/// `tr`/`trn` with their placeholders, numbers and dates written as the region (not the language)
/// writes them, and the
/// translations in po/: each keeps its message's placeholders and mnemonic, so no value is lost
/// or shown as "{title}" in another language.
final class LocalizationTests: XCTestCase {
    override func tearDown() {
        Localization.install(nil)
        super.tearDown()
    }

    func testPlaceholdersAreFilledInOnePass() {
        XCTAssertEqual(tr("Copied “{title}” to the clipboard", ["title": "Heat"]), "Copied “Heat” to the clipboard")
        XCTAssertEqual(tr("{a} and {b}", ["a": "{b}", "b": "x"]), "{b} and x", "a value is never filled in again")
        XCTAssertEqual(tr("{unknown} stays", ["other": "x"]), "{unknown} stays")
        XCTAssertEqual(tr("open { brace", ["brace": "x"]), "open { brace")
        XCTAssertEqual(tr("émoji {e}", ["e": "👩‍👩‍👧"]), "émoji 👩‍👩‍👧")
    }

    func testEnglishWithoutATranslation() {
        XCTAssertEqual(trn("{n} item", "{n} items", 1, ["n": "1"]), "1 item")
        XCTAssertEqual(trn("{n} item", "{n} items", 0, ["n": "0"]), "0 items")
        XCTAssertEqual(NumberText.grouped(1_234_567), "1,234,567")
        XCTAssertEqual(NumberText.decimal("-1234.50"), "-1234.50")
        XCTAssertEqual(NumberText.decimal("1949"), "1949", "a year is not grouped")
        XCTAssertEqual(NumberText.decimal("1234.50", monetary: true), "1,234.50")
        XCTAssertEqual(NumberText.decimal("2024-01-05"), "2024-01-05", "dates are not numbers")
    }

    func testNumbersMoneyAndDatesFollowTheRegion() throws {
        var germany = RegionFormat()
        germany.decimalSeparator = ","
        germany.groupingSeparator = "."
        germany.monetaryDecimalSeparator = ","
        germany.monetaryGroupingSeparator = "\u{202F}"
        germany.day = { year, month, day in "\(day).\(month).\(year)" }
        XCTAssertEqual(germany.grouped(1_234_567), "1.234.567")
        XCTAssertEqual(germany.grouped(-999), "-999")
        XCTAssertEqual(germany.decimal("-1234567.05"), "-1234567,05")
        XCTAssertEqual(germany.decimal("1234.50", monetary: true), "1\u{202F}234,50")
        XCTAssertEqual(germany.decimal("12"), "12")
        for notANumber in ["", "-", ".5", "1.2.3", "1e5", "12a", "٣٤", "99999999999999999999.1"] {
            XCTAssertEqual(germany.decimal(notANumber), notANumber)
        }
        XCTAssertEqual(germany.date("2026-11-16"), "16.11.2026")
        XCTAssertEqual(germany.date("2026-13-01"), "2026-13-01", "not a day: left as it is")
        XCTAssertEqual(germany.date("16.11.2026"), "16.11.2026")

        let saved = RegionFormat.current
        defer { RegionFormat.current = saved }
        RegionFormat.current = germany
        XCTAssertEqual(NumberText.grouped(50_000_000), "50.000.000")
        let movie = Movie(id: MovieID(1), title: "Heat", genre: .drama, dateAdded: 1_763_251_200, notes: "")
        XCTAssertEqual(movie.dateAddedText, "2025-11-16")
        XCTAssertEqual(movie.dateAddedInRegion, "16.11.2025")
        let price = try XCTUnwrap(Catalog.generate(count: 10).columns.dropFirst(1).first, "no Price column")
        XCTAssertTrue(price.isMonetary, "the generated catalog's Price is money")
    }

    func testTheInstalledLookupIsUsedEverywhere() {
        let german = [
            "Drama": "Drama", "Comedy": "Komödie",
            "Category": "Kategorie", "Black": "Schwarz",
        ]
        Localization.install { singular, plural, count in
            if let plural { return count == 1 ? singular : "(\(plural))" }
            return german[singular] ?? singular
        }
        XCTAssertEqual(NumberText.grouped(1_234_567), "1,234,567", "the language does not choose the separators")
        XCTAssertEqual(Genre.comedy.title, "Komödie")
        let generated = Catalog.generate(count: 50)
        XCTAssertEqual(
            generated.columns.dropFirst(3).first?.name, "Kategorie",
            "the generated catalog is made in the user's language")
        XCTAssertEqual(FacetFilter(catalog: generated).options(forColumn: 5).first, "Schwarz")
        XCTAssertEqual(trn("{n} item", "{n} items", 3, ["n": "3"]), "(3 items)")
    }

    // MARK: The translations in po/

    private struct Entry {
        var id = "", plural: String?, translations: [String] = [], fuzzy = false
    }

    /// The entries of a PO file (header left out): msgid, msgid_plural, msgstr or msgstr[n].
    private func entries(of path: String) throws -> [Entry] {
        var entries: [Entry] = []
        var current = Entry()
        var field: WritableKeyPath<Entry, String>?
        var fuzzyNext = false
        var translationIndex = -1
        func unquote(_ text: Substring) -> String {
            let inner = text.drop { $0 != "\"" }.dropFirst().dropLast()
            return inner.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        func finish() {
            if !current.id.isEmpty { entries.append(current) }
            current = Entry()
        }
        for line in try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzyNext = true }
            if line.hasPrefix("msgid ") {
                finish()
                current.fuzzy = fuzzyNext
                fuzzyNext = false
                current.id = unquote(line)
                field = \.id
            } else if line.hasPrefix("msgid_plural ") {
                current.plural = unquote(line)
                field = nil
                translationIndex = -2
            } else if line.hasPrefix("msgstr") {
                current.translations.append(unquote(line))
                field = nil
                translationIndex = current.translations.count - 1
            } else if line.hasPrefix("\"") {
                if let field {
                    current[keyPath: field] += unquote(line)
                } else if translationIndex == -2 {
                    current.plural! += unquote(line)
                } else if translationIndex >= 0 {
                    current.translations[translationIndex] += unquote(line)
                }
            }
        }
        finish()
        return entries
    }

    private func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    func testEveryTranslationKeepsItsPlaceholdersAndMnemonic() throws {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po").path
        let languages = try String(contentsOfFile: po + "/LINGUAS", encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        XCTAssertFalse(languages.isEmpty)
        for language in languages {
            let entries = try entries(of: "\(po)/\(language).po")
            XCTAssertGreaterThan(entries.count, 150, "\(language): the whole UI is translated")
            for entry in entries {
                let context = "\(language): “\(entry.id)”"
                XCTAssertFalse(entry.fuzzy, "\(context) is fuzzy")
                XCTAssertEqual(entry.translations.count, entry.plural == nil ? 1 : 2, context)
                let expected = placeholders(entry.id).union(entry.plural.map(placeholders) ?? [])
                for translation in entry.translations {
                    XCTAssertFalse(translation.isEmpty, "\(context) is not translated")
                    XCTAssertEqual(
                        placeholders(translation), expected, "\(context): placeholders differ in “\(translation)”")
                    XCTAssertEqual(
                        translation.filter { $0 == "_" }.count, entry.id.filter { $0 == "_" }.count,
                        "\(context): the mnemonic underscore is lost or doubled in “\(translation)”")
                }
            }
        }
    }
}
