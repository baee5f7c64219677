// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The question "which table?" for an archive of many, driven with real key presses (xdotool):
/// typing goes into its search, Enter opens the first table found, Down goes to the list.
final class TableChooserTests: GtkTestCase, @unchecked Sendable {
    @MainActor private var window: Window!
    @MainActor private var page: FiltersPage!
    private var folder: String!
    private let chooserTitle = "Open a Table of “tables.zip”"

    /// An archive laid out as pydataset's: tables in a folder per package, some sharing a name
    /// with another package's folder ("car").
    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "foldout-table-chooser-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1] + 'tables.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('rdata/csv/car/Prestige.csv', 'job,income\\nnurse,4614\\n')
                for package in ['boot', 'car', 'datasets', 'MASS', 'Ecdat']:
                    for n in range(6):
                        z.writestr(f'rdata/csv/{package}/{package.lower()}{n}.csv', 'n,value\\n1,2\\n')
                z.writestr('rdata/csv/datasets/iris.csv', 'sepal,species\\n5.1,setosa\\n4.9,setosa\\n6.3,virginica\\n')
                z.writestr('rdata/csv/MASS/Cars93.csv', 'model,price\\nIntegra,15.9\\n')
            with zipfile.ZipFile(sys.argv[1] + 'two.zip', 'w') as z:
                z.writestr('cities.csv', 'city\\nBath\\n')
                z.writestr('shops.csv', 'shop\\nTea Room\\nBakery\\n')
            """, folder,
        ]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        onMain {
            window = Window()
            page = showFiltersPageAlone(in: window, rows: 200)
        }
    }

    override func tearDown() {
        onMain {
            page?.work.partChooser?.window.destroy()
            window?.destroy()
            window = nil
            page = nil
            pump(seconds: 0.05)
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Opens the archive and waits for the question, its search holding the keyboard.
    @MainActor private func askedWhichTable() throws -> PartChooser {
        page.open(path: folder + "tables.zip")
        XCTAssertTrue(pump(seconds: 10) { self.page.work.partChooser?.window.isMapped == true }, "no question")
        let chooser = try XCTUnwrap(page.work.partChooser)
        XCTAssertTrue(pump { chooser.search.containsFocus }, "the search does not have the keyboard")
        XCTAssertEqual(chooser.listedPaths.count, 33)
        return chooser
    }

    /// Whether the page shows the table at `path` in the archive.
    @MainActor private func shows(_ path: String) -> Bool { page.filter?.catalog.name == "tables.zip — " + path }

    func testTypingFindsATableAndEnterOpensIt() throws {
        try onMain {
            let chooser = try askedWhichTable()
            XCTAssertEqual(chooser.search.placeholder, "Search 33 tables")
            // Two words, one in the folder, one in the name: the name's is marked.
            xdotool(["type", "datasets IRIS"], window: chooserTitle, until: { chooser.listedPaths.count == 1 })
            XCTAssertEqual(chooser.listedPaths, ["rdata/csv/datasets/iris.csv"])
            XCTAssertTrue(pump { chooser.shownLines.first?.hasPrefix("iris.csv rdata/csv/datasets ") == true })
            XCTAssertEqual(chooser.row(listedAt: 0)?.name.highlightedRanges, [0..<4], "the match is marked")
            xdotool(["key", "Return"], window: nil, until: { self.shows("rdata/csv/datasets/iris.csv") })
            XCTAssertEqual(page.filter?.catalog.count, 3)
        }
    }

    /// Enter pressed straight after the letters, before the search's pause: the table typed opens.
    func testEnterRightAfterTypingOpensTheTableTyped() throws {
        try onMain {
            _ = try askedWhichTable()
            xdotool([], window: chooserTitle, until: { self.page.work.partChooser?.window.isActive == true })
            // "\r" types Return ("\n" is Linefeed, which no field takes for Enter).
            xdotool(["type", "--delay", "1", "cars93\r"], window: nil) { self.shows("rdata/csv/MASS/Cars93.csv") }
        }
    }

    /// "car" is in the names of car0.csv…car5.csv and Cars93.csv, and in the folder of
    /// Prestige.csv: the tables named so come first, though Prestige.csv is listed before them.
    /// Down goes to the first of them, Down again to the next.
    func testDownGoesFromTheSearchToTheListAndEnterOpensTheRowThere() throws {
        try onMain {
            let chooser = try askedWhichTable()
            xdotool(["type", "car"], window: chooserTitle, until: { chooser.listedPaths.count == 8 })
            XCTAssertEqual(chooser.listedPaths.first, "rdata/csv/car/car0.csv")
            XCTAssertEqual(chooser.listedPaths.suffix(2), ["rdata/csv/MASS/Cars93.csv", "rdata/csv/car/Prestige.csv"])
            xdotool(["key", "Down"], window: chooserTitle, until: { chooser.listView.containsFocus })
            xdotool(["key", "Down", "Return"], window: nil, until: { self.shows("rdata/csv/car/car1.csv") })
        }
    }

    /// Two tables need no search: the keyboard is on the first, Down goes to the second.
    func testAShortListHasTheKeyboardOnItsFirstTable() throws {
        try onMain {
            page.open(path: folder + "two.zip")
            XCTAssertTrue(pump(seconds: 10) { self.page.work.partChooser?.window.isMapped == true }, "no question")
            let chooser = try XCTUnwrap(page.work.partChooser)
            XCTAssertTrue(pump { chooser.listView.containsFocus }, "the keyboard is not on the list")
            XCTAssertFalse(chooser.search.isMapped, "a search for two tables")
            xdotool([], window: "Open a Table of “two.zip”", until: { chooser.window.isActive })
            let shops = { self.page.filter?.catalog.name == "two.zip — shops.csv" }
            xdotool(["key", "Down", "Return"], window: nil, until: shops)
            XCTAssertEqual(page.filter?.catalog.count, 2)
        }
    }

    /// Escape empties a search that holds text; in an empty one it closes the question, and the
    /// table shown stays.
    func testEscapeClearsTheSearchAndThenCancels() throws {
        try onMain {
            let chooser = try askedWhichTable()
            let shown = try XCTUnwrap(page.filter?.catalog)
            xdotool(["type", "zzz"], window: chooserTitle, until: { chooser.listedPaths.isEmpty })
            XCTAssertTrue(pump { chooser.nothingFound.isMapped && !chooser.listView.isMapped })
            XCTAssertEqual(chooser.nothingFound.text, "No table matches “zzz”.")
            xdotool(["key", "Escape"], window: chooserTitle, until: { chooser.listedPaths.count == 33 })
            XCTAssertEqual(chooser.search.text, "")
            xdotool(["key", "Escape"], window: nil, until: { self.page.work.partChooser == nil })
            XCTAssertTrue(page.filter?.catalog === shown, "Escape opened something")
        }
    }
}
