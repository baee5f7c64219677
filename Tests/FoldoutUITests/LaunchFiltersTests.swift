// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// A launch's filters carried out on the Filters page: applied as `--export` applies them
/// (`CatalogQuery.apply`), the sort shown in the Sort by combo, the first problem answered.
final class LaunchFiltersTests: MainWindowTestCase, @unchecked Sendable {
    private let windowTitle = "Foldout launch filters test \(UUID().uuidString)"

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try onMain {
            try showFiltersPage(
                csv: "city,price\nOslo,10\nRome,30\nLima,20\nOslo,40\n", named: "cities.csv", title: windowTitle)
        }
    }

    /// What the page answers `request` with: nil for no problem.
    @MainActor private func answer(_ request: LaunchFilters) -> String? {
        var answers: [String?] = []
        page.carryOut(request) { answers.append($0) }
        XCTAssertEqual(answers.count, 1, "a shown catalog answers at once")
        return answers.first ?? nil
    }

    private func query(_ filters: [(FilterRequest.Kind, String)], sort: String) throws -> LaunchFilters {
        var request = LaunchFilters()
        request.query.filters = try filters.map { try XCTUnwrap(FilterRequest($0.0, $0.1)) }
        request.query.sort = SortRequest(sort)
        return request
    }

    func testTheFiltersApplyAndTheSortShowsInTheCombo() throws {
        try onMain {
            XCTAssertNil(answer(try query([(.exclude, "city=rome")], sort: "Price:desc")))
            try expectSorted(by: CatalogSortKey(column: 1, descending: true), showing: ["40", "20", "10"])
        }
    }

    /// A sort alone changes no facet: the page shows it in its combo all the same.
    func testASortAloneShowsInTheCombo() throws {
        try onMain {
            XCTAssertNil(answer(try query([], sort: "price")))
            try expectSorted(by: CatalogSortKey(column: 1), showing: ["10", "20", "30", "40"])
        }
    }

    @MainActor private func expectSorted(by key: CatalogSortKey, showing prices: [String]) throws {
        XCTAssertEqual(page.section.sort, key, "the Sort by combo shows the launch's sort")
        XCTAssertTrue(pump { self.page.filter?.sort == key }, "the results were never sorted")
        let filter = try XCTUnwrap(page.filter)
        XCTAssertEqual(filter.matches.map { filter.catalog.text(1, at: Int($0)) }, prices)
    }

    func testTheFirstProblemIsAnsweredAndTheRestApplied() throws {
        try onMain {
            let request = try query([(.choose, "city=Quito"), (.choose, "city=Lima")], sort: "weight")
            XCTAssertEqual(answer(request), "the facet “city” has no option “Quito”")
            XCTAssertEqual(page.filter?.matchCount, 1)
        }
    }
}
