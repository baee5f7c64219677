import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import FoldoutCore

/// How a large file's columns are put together after its two halves are read: the second half's
/// codes translated into the first's dictionary, and numbers scaled to integers.
final class CatalogColumnBuildingTests: XCTestCase {
    /// 200 colours in the first 70% of the rows (the first half: a byte a code), 200 others after
    /// them: the second half's codes need two bytes once the halves meet, and every row still
    /// names its own colour.
    func testCodesWidenWhereTheHalvesMeet() throws {
        var text = "id,colour,price\n"
        var colours: [String] = []
        var prices: [String] = []
        let rows = 160_000
        for row in 0..<rows {
            let colour = "colour \(row < rows * 7 / 10 ? row % 200 : 200 + row % 200) of a long enough line"
            let price = "\(row % 2 == 0 ? "-" : "")\(row % 1_000).\(String(format: "%02d", row % 100))"
            colours.append(colour)
            prices.append(price == "-0.00" ? "0.00" : price)
            text += "\(row),\(colour),\(price)\n"
        }
        XCTAssertGreaterThan(text.utf8.count, 4 << 20, "a file read in two halves")
        let catalog = try CatalogTestSupport.parse(text)
        XCTAssertEqual(catalog.columns[1].distinctCount, 400)
        let cells = CatalogTestSupport.cells(catalog)
        XCTAssertEqual(cells[1], colours)
        XCTAssertEqual(cells[2].map { $0.replacingOccurrences(of: "−", with: "-") }, prices)
    }

    /// Scaled numbers are rounded as `rounded()` rounds, halves away from zero, up to where every
    /// double is whole.
    func testRoundingWithoutTheLibraryCallAgreesWithRounded() {
        let edges: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496, 9.0e15, -9.0e15,
            1e300, .infinity, -.infinity, 2899.0000000000005, 1234.4999999999998,
        ]
        var generator = SystemRandomNumberGenerator()
        let random = (0..<100_000).map { _ in
            Double.random(in: -1e6...1e6, using: &generator) * (Bool.random(using: &generator) ? 1 : 1e-6)
        }
        for value in edges + random {
            XCTAssertEqual(CatalogColumnBuilder.roundedAway(value), value.rounded(), "\(value)")
        }
        XCTAssertTrue(CatalogColumnBuilder.roundedAway(.nan).isNaN)
    }
}
