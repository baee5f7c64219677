// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import FoldoutCore

final class TableChoicesTests: XCTestCase {
    private let choices = TableChoices([
        ("resources/rdata/csv/datasets/iris.csv", "4.6 kB"),
        ("resources/rdata/csv/datasets/airquality.csv", "3.0 kB"),
        ("resources/rdata/csv/MASS/Cars93.csv", "12.1 kB"),
        ("resources/rdata/csv/car/Prestige.csv", ""),
        ("flights", "336,776 rows"),
        ("Données/Évian.csv", "1 kB"),
    ])

    func testANameComesFirstAndItsFolderAfter() {
        XCTAssertEqual(choices.choices[0].name, "iris.csv")
        XCTAssertEqual(choices.choices[0].folder, "resources/rdata/csv/datasets")
        XCTAssertEqual(choices.choices[0].path, "resources/rdata/csv/datasets/iris.csv")
        XCTAssertEqual(choices.choices[4].name, "flights", "a table of a database has no folder")
        XCTAssertEqual(choices.choices[4].folder, "")
        XCTAssertEqual(choices.choices[4].size, "336,776 rows")
    }

    func testABlankSearchFindsEveryTableInOrder() {
        XCTAssertEqual(choices.matching(""), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(choices.matching("  "), [0, 1, 2, 3, 4, 5])
    }

    func testEveryWordIsFoundIgnoringCaseAndAccents() {
        XCTAssertEqual(choices.matching("IRIS"), [0])
        XCTAssertEqual(choices.matching("evian"), [5])
        XCTAssertEqual(choices.matching("donnees evi"), [5])
        XCTAssertEqual(choices.matching("datasets air"), [1])
        XCTAssertEqual(choices.matching("iris prestige"), [])
    }

    /// "car" is the name of Cars93.csv and the folder of Prestige.csv: the name comes first,
    /// though it is listed after.
    func testTablesNamedAsSearchedComeBeforeThoseInAFolderOfThatName() {
        let cars = TableChoices([("resources/car/Prestige.csv", ""), ("resources/MASS/Cars93.csv", "")])
        XCTAssertEqual(cars.matching("car"), [1, 0])
    }
}
