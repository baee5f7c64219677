import FoldoutCore
import XCTest

final class CatalogCSVTests: XCTestCase {
    func testAValidFileReadsEveryValue() throws {
        let text = "\u{FEFF}Size,notes,name,Color,price,date,season,MATERIAL,category\r\n"
            + "xl,ignored,\"Coat, long \"\"Ulster\"\"\",NAVY,120,2024-02-29,winter,wool,Coats\r\n"
            + "\r\n"
            + "s,\"multi\nline\",  Plain Socks  ,Red , 3.5,1999-12-31,Spring,Cotton,socks\r\n"
            + "M,,\"Scarf\",beige,0.05,2020-01-01,Autumn,cashmere,Scarves"
        let catalog = try Catalog.parseCSV(Array(text.utf8))
        XCTAssertEqual(catalog.count, 3)
        XCTAssertEqual(catalog.name(at: 0), "Coat, long \"Ulster\"")
        XCTAssertEqual(catalog.priceCents(at: 0), 12000)
        XCTAssertEqual(catalog.date(at: 0).description, "2024-02-29")
        XCTAssertEqual(options(catalog, 0), ["Coats", "Wool", "Navy", "Winter", "XL"])
        XCTAssertEqual(catalog.name(at: 1), "Plain Socks")
        XCTAssertEqual(catalog.priceCents(at: 1), 350)
        XCTAssertEqual(catalog.date(at: 1).description, "1999-12-31")
        XCTAssertEqual(options(catalog, 1), ["Socks", "Cotton", "Red", "Spring", "S"])
        XCTAssertEqual(catalog.name(at: 2), "Scarf")
        XCTAssertEqual(catalog.priceCents(at: 2), 5)
        XCTAssertEqual(options(catalog, 2), ["Scarves", "Cashmere", "Beige", "Autumn", "M"])
    }

    func testExportedCatalogsReadBackTheSame() throws {
        let generated = Catalog.generate(count: 3000, seed: 17)
        XCTAssertEqual(CatalogSnapshot(try Catalog.parseCSV(generated.exportCSV())), CatalogSnapshot(generated))
        let awkward = try Catalog.parseCSV(CatalogTestData.mixedCaseCSV(rows: 400, seed: 4))
        XCTAssertEqual(CatalogSnapshot(try Catalog.parseCSV(awkward.exportCSV())), CatalogSnapshot(awkward))
        let empty = try Catalog.parseCSV(Array("name,price,date,category,material,color,season,size\n".utf8))
        XCTAssertEqual(empty.count, 0)
        XCTAssertEqual(CatalogSnapshot(try Catalog.parseCSV(empty.exportCSV())), CatalogSnapshot(empty))
    }

    func testPricesAcceptUpToTwoDecimalsAndAMillion() throws {
        let good = ["0": 0, "12": 1200, "12.5": 1250, "12.50": 1250, "007.09": 709, "1000000": 100_000_000, "1000000.00": 100_000_000]
        for (text, cents) in good {
            XCTAssertEqual(try Catalog.parseCSV(file(["A", text, "2024-01-01", "Hats", "Silk", "Red", "Summer", "L"])).priceCents(at: 0), cents, text)
        }
        for bad in ["", "-1", "12.345", "12.", ".5", "1000000.01", "1e3", "12,5", "+3", "99999999999999999999", "1 000"] {
            XCTAssertEqual(refusal(file(["A", bad, "2024-01-01", "Hats", "Silk", "Red", "Summer", "L"])),
                           CatalogImportError(line: 2, reason: .badNumber(column: "price", value: bad)), bad)
        }
    }

    func testMissingColumn() {
        let text = "name,price,date,category,material,color,size\nA,1,2024-01-01,Hats,Silk,Red,L\n"
        XCTAssertEqual(refusal(Array(text.utf8)), CatalogImportError(line: 1, reason: .missingColumn("season")))
    }

    func testUnknownFacetValue() {
        var text = CatalogTestData.validCSV(rows: 5)
        text += Array("Odd Shirt,10,2024-01-01,Shirts,Cotton,Mauve,Spring,M\n".utf8)
        let error = refusal(text)
        XCTAssertEqual(error, CatalogImportError(line: 7, reason: .unknownFacetValue(column: "color", value: "Mauve")))
        XCTAssertEqual(error?.description, "line 7: unknown color “Mauve”")
    }

    func testBadNumber() {
        let text = "name,price,date,category,material,color,season,size\nA,1,2024-01-01,Hats,Silk,Red,Summer,L\n"
            + "B,\"12,5x\",2024-01-01,Hats,Silk,Red,Summer,L\n"
        let error = refusal(Array(text.utf8))
        XCTAssertEqual(error, CatalogImportError(line: 3, reason: .badNumber(column: "price", value: "12,5x")))
        XCTAssertEqual(error?.description, "line 3: “12,5x” is not a price")
    }

    func testBadDate() {
        XCTAssertEqual(refusal(file(["A", "1", "2023-02-29", "Hats", "Silk", "Red", "Summer", "L"])),
                       CatalogImportError(line: 2, reason: .badDate("2023-02-29")))
        XCTAssertEqual(refusal(file(["A", "1", "01/02/2023", "Hats", "Silk", "Red", "Summer", "L"])),
                       CatalogImportError(line: 2, reason: .badDate("01/02/2023")))
    }

    func testInvalidUTF8() {
        var bytes = CatalogTestData.validCSV(rows: 2)
        bytes += Array("Caf".utf8) + [0xC3, 0x28] + Array(",1,2024-01-01,Hats,Silk,Red,Summer,L\n".utf8)
        XCTAssertEqual(refusal(bytes), CatalogImportError(line: 4, reason: .invalidUTF8))
        for sequence: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            XCTAssertEqual(refusal(Array("name\n\n".utf8) + sequence), CatalogImportError(line: 3, reason: .invalidUTF8))
        }
    }

    func testEmptyFile() {
        XCTAssertEqual(refusal([]), CatalogImportError(line: 1, reason: .empty))
        XCTAssertEqual(refusal(Array("\r\n\n".utf8)), CatalogImportError(line: 1, reason: .empty))
        XCTAssertEqual(refusal([0xEF, 0xBB, 0xBF]), CatalogImportError(line: 1, reason: .empty))
    }

    func testWrongFieldCount() {
        var text = CatalogTestData.validCSV(rows: 1)
        text += Array("A,1,2024-01-01,Hats,Silk,Red,Summer,L,extra\n".utf8)
        XCTAssertEqual(refusal(text), CatalogImportError(line: 3, reason: .wrongFieldCount(expected: 8, found: 9)))
        let short = "name,price,date,category,material,color,season,size,notes\nA,1,2024-01-01,Hats,Silk,Red,Summer,L\n"
        XCTAssertEqual(refusal(Array(short.utf8)), CatalogImportError(line: 2, reason: .wrongFieldCount(expected: 9, found: 8)))
    }

    func testUnterminatedQuote() {
        var text = CatalogTestData.validCSV(rows: 3)
        text += Array("\"Never closed,1,2024-01-01,Hats,Silk,Red,Summer,L\nB,1,2024-01-01,Hats,Silk,Red,Summer,L\n".utf8)
        XCTAssertEqual(refusal(text), CatalogImportError(line: 5, reason: .unterminatedQuote))
    }

    func testEmptyName() {
        XCTAssertEqual(refusal(file(["   ", "1", "2024-01-01", "Hats", "Silk", "Red", "Summer", "L"])),
                       CatalogImportError(line: 2, reason: .emptyName))
    }

    func testErrorsAfterAQuotedLineBreakNameTheirOwnLine() {
        let text = "name,price,date,category,material,color,season,size\n\"Two\nlines\",1,2024-01-01,Hats,Silk,Red,Summer,L\n"
            + "B,1,2024-01-01,Hats,Silk,Red,Summer,Q\n"
        XCTAssertEqual(refusal(Array(text.utf8)), CatalogImportError(line: 4, reason: .unknownFacetValue(column: "size", value: "Q")))
    }

    func testLongValuesAreShortenedInMessages() throws {
        let long = String(repeating: "é", count: 5000)
        let error = try XCTUnwrap(refusal(file(["A", "1", long, "Hats", "Silk", "Red", "Summer", "L"])))
        guard case .badDate(let value) = error.reason else { return XCTFail("\(error)") }
        XCTAssertEqual(value, String(repeating: "é", count: 40) + "…")
    }

    func testMessagesStayOnOneLine() {
        let text = "name,price,date,category,material,color,season,size\nA,1,2024-01-01,Hats,Silk,\"Re\nd\",Summer,L\n"
        XCTAssertEqual(refusal(Array(text.utf8))?.description, "line 2: unknown color “Re\u{FFFD}d”")
    }

    func testHostileInputIsRefusedWithALineAndNeverCrashes() {
        var random = SeededGenerator(seed: 2024)
        let valid = CatalogTestData.validCSV(rows: 40)
        var inputs: [[UInt8]] = []
        for _ in 0..<300 {
            inputs.append((0..<Int.random(in: 0..<400, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        for _ in 0..<300 { inputs.append(Array(valid.prefix(Int.random(in: 0...valid.count, using: &random)))) }
        let alphabet = Array(",\"\r\n \0aé".utf8)
        for _ in 0..<300 {
            var mutated = valid
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] = Bool.random(using: &random)
                    ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(mutated)
        }
        let header = Array("name,price,date,category,material,color,season,size\n".utf8)
        inputs.append(header + [UInt8](repeating: 44, count: 1_000_000))
        inputs.append([UInt8](repeating: 44, count: 1_000_000))
        inputs.append(header + [UInt8](repeating: 0, count: 10_000))
        inputs.append(header + Array("\0,1,2024-01-01,Hats,Silk,Red,Summer,L\n".utf8))
        inputs.append(header + [34] + [UInt8](repeating: 120, count: 2_000_000))
        inputs.append(header + [UInt8](repeating: 34, count: 100_001))
        inputs.append(header + [UInt8](repeating: 10, count: 100_000) + [UInt8](repeating: 13, count: 100_000))
        var accepted = 0
        for (index, input) in inputs.enumerated() {
            do throws(CatalogImportError) {
                let catalog = try Catalog.parseCSV(input)
                accepted += 1
                for position in 0..<catalog.count { _ = catalog.name(at: position) }
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1, "input \(index): \(error)")
                XCTAssertTrue(error.description.hasPrefix("line \(error.line): "), error.description)
                XCTAssertFalse(error.description.contains(where: \.isNewline), error.description)
            }
        }
        XCTAssertEqual(refusal(header + [UInt8](repeating: 44, count: 1_000_000)),
                       CatalogImportError(line: 2, reason: .wrongFieldCount(expected: 8, found: 1_000_001)))
        XCTAssertGreaterThan(accepted, 0, "some truncations and mutations are still valid files")
    }

    func testLoadingAMissingFileIsUnreadableOnLineZero() {
        do throws(CatalogImportError) {
            _ = try Catalog.load(path: "/nonexistent/foldout/catalog.csv")
            XCTFail("loaded a missing file")
        } catch {
            XCTAssertEqual(error.line, 0)
            guard case .unreadable(let why) = error.reason else { return XCTFail("\(error)") }
            XCTAssertFalse(why.isEmpty)
            XCTAssertTrue(error.description.hasPrefix("cannot read “/nonexistent/foldout/catalog.csv”: "), error.description)
        }
        do throws(CatalogImportError) {
            _ = try Catalog.load(path: "/")
            XCTFail("loaded a directory")
        } catch {
            XCTAssertEqual(error.line, 0)
        }
    }

    func testLoadingAFileParsesIt() throws {
        let path = NSTemporaryDirectory() + "foldout-catalog-\(getpid()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let catalog = Catalog.generate(count: 500, seed: 21)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(catalog.exportCSV())))
        XCTAssertEqual(CatalogSnapshot(try Catalog.load(path: path)), CatalogSnapshot(catalog))
    }

    private func options(_ catalog: Catalog, _ position: Int) -> [String] {
        Facet.allCases.map { $0.options[catalog.option($0, at: position)] }
    }

    private func file(_ fields: [String]) -> [UInt8] {
        Array(("name,price,date,category,material,color,season,size\n" + fields.map(quoted).joined(separator: ",") + "\n").utf8)
    }

    private func quoted(_ field: String) -> String {
        field.contains(",") || field.contains("\"") ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    private func refusal(_ bytes: [UInt8]) -> CatalogImportError? {
        do throws(CatalogImportError) {
            _ = try Catalog.parseCSV(bytes)
            return nil
        } catch {
            return error
        }
    }
}

/// CSV files for tests.
enum CatalogTestData {
    /// A header and `rows` valid records, one per line (record k on line k + 1).
    static func validCSV(rows: Int) -> [UInt8] {
        var text = "name,price,date,category,material,color,season,size\n"
        for row in 0..<rows {
            text += "Item \(row),\(row).99,2024-01-\(String(format: "%02d", row % 28 + 1)),Shirts,Cotton,Blue,Summer,M\n"
        }
        return Array(text.utf8)
    }

    /// Names that differ only in case, by a space, by a few bytes, outside ASCII; prices and
    /// dates with many ties; facets in random case; random column order.
    static func mixedCaseCSV(rows: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        let names = ["apple", "Apple", "APPLE", "apple pie", "Apple,Pie", "b", "B", "Zebra", "zebra", "Äpfel", "äpfel",
                     "\"Quoted\"", "a", "A", "ab", "aB", "Ab", "Œuvre", "10 Socks", "9 Socks", "_under", "~tilde"]
        var columns = Catalog.csvColumns + ["notes"]
        columns.shuffle(using: &random)
        var text = columns.joined(separator: ",") + "\r\n"
        for _ in 0..<rows {
            let values = columns.map { column -> String in
                switch column {
                case "name": return "\"" + names.randomElement(using: &random)!.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                case "price": return String(Int.random(in: 0..<12, using: &random)) + ".5"
                case "date": return "2024-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...2, using: &random))"
                case "notes": return "n"
                default:
                    let facet = Facet.allCases.first { $0.csvColumn == column }!
                    let option = facet.options.randomElement(using: &random)!
                    return Bool.random(using: &random) ? option.uppercased() : option.lowercased()
                }
            }
            text += values.joined(separator: ",") + "\r\n"
        }
        return Array(text.utf8)
    }
}
