// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import XCTest

/// A folder of its own for each test, the files in it read through `CatalogReader`, and tables
/// compared cell by cell.
class CatalogFilesTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("foldout-formats-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs a Python script with the test's folder as its argument.
    func python(_ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, folder.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python failed")
    }

    func load(_ name: String, _ options: CatalogReadOptions = CatalogReadOptions()) throws -> Catalog {
        do throws(CatalogImportError) {
            return try CatalogReader.load(path: path(name), options: options)
        } catch {
            XCTFail("\(name) refused: \(error)")
            throw error
        }
    }

    func refusal(_ name: String, _ options: CatalogReadOptions = CatalogReadOptions()) -> CatalogImportError? {
        do throws(CatalogImportError) {
            _ = try CatalogReader.load(path: path(name), options: options)
            return nil
        } catch {
            return error
        }
    }

    /// The same columns, kinds, rows and values; with `more`, the catalog may have more columns
    /// after the expected ones.
    func assertSameTable(_ catalog: Catalog, _ expected: Catalog, _ name: String, more: Bool = false) {
        let width = more ? expected.columns.count : catalog.columns.count
        XCTAssertEqual(catalog.columns.prefix(width).map(\.name), expected.columns.map(\.name), name)
        XCTAssertEqual(catalog.columns.prefix(width).map(\.kind), expected.columns.map(\.kind), name)
        XCTAssertEqual(catalog.count, expected.count, name)
        if !more { XCTAssertEqual(catalog.facetColumns, expected.facetColumns, name) }
        for column in expected.columns.indices where column < catalog.columns.count {
            XCTAssertEqual(
                (0..<catalog.count).map { catalog.text(column, at: $0) },
                (0..<expected.count).map { expected.text(column, at: $0) }, "\(name): \(expected.columns[column].name)")
        }
    }
}
