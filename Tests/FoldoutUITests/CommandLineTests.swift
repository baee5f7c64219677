// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The `foldout` executable as a user runs it: options, errors and exit statuses.
final class CommandLineTests: XCTestCase, RunsFoldout {
    func testVersion() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "foldout 0.1.0\n")
    }

    func testGLibsOwnOptionErrorsAreOneLineAndStatusTwo() throws {
        for (arguments, message) in [
            (["--bogus"], "foldout: unknown option “--bogus” (see foldout --help)"),
            (["--page"], "foldout: --page needs a value"),
            (["-x"], "foldout: unknown option “-x” (see foldout --help)"),
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(ownLines(result.errors), [Substring(message)], "\(arguments): \(result.errors)")
            XCTAssertFalse(result.errors.contains("Unknown option"), "GLib's own message is not printed as well")
        }
    }

    func testHelpListsTheOptions() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0)
        for option in ["--page=PAGE", "--open-facet=FACET", "--version", "--unfold=ROW", "--export=FILE"] {
            XCTAssertTrue(result.output.contains(option), "--help does not list \(option)")
        }
        for harness in ["--screenshot", "--quit-after-first-frame", "--bench-scroll", "--window-size", "--list-movies"]
        {
            XCTAssertFalse(result.output.contains(harness), "--help lists the harness's \(harness)")
        }
    }

    func testUnknownPageIsOneLineAndStatusTwo() throws {
        let result = try run(["--page", "nowhere"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(ownLines(result.errors), ["foldout: unknown page “nowhere” (pages: actions, filters, movies)"])
    }

    func testUnwritableScreenshotPathIsOneLineAndStatusTwo() throws {
        let missingFolder = try run(["--screenshot", "/nonexistent-folder/shot.png"])
        XCTAssertEqual(missingFolder.status, 2)
        XCTAssertEqual(ownLines(missingFolder.errors).count, 1)
        XCTAssertTrue(missingFolder.errors.contains("cannot write screenshot to “/nonexistent-folder/shot.png”"))

        let folder = try run(["--screenshot", NSTemporaryDirectory()])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.errors.contains("it is a folder"))
    }

    func testABadCatalogFileIsOneLineNamingTheLineAndStatusTwo() throws {
        let path = NSTemporaryDirectory() + "foldout-cli-\(getpid()).csv"
        try "name,price,note\nShirt,12.5,\"fine\"\nHat,3,\"never closed\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["--catalog", path, "--quit-after-first-frame"])
        XCTAssertEqual(result.status, 2)
        let lines = ownLines(result.errors)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(
            lines.first?.hasSuffix("line 3, column 3: a quoted field is never closed") ?? false, result.errors)

        try "title,genre\nDune,Science fiction\nEmma,Romance\nSolaris,Science fiction\nPersuasion,Romance\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let good = try run([
            "--catalog", path, "--page", "filters", "--open-facet", "genre", "--quit-after-first-frame",
        ])
        XCTAssertEqual(good.status, 0, "any table is a catalog: \(good.errors)")

        let missing = try run(["--catalog", "/nonexistent/catalog.csv"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(ownLines(missing.errors).count, 1)
    }

    /// A folder of the test's own, made now.
    private func ownFolder(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "foldout-cli-\(name)-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The environment with no display: an export opens no window.
    private var noDisplay: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        return environment
    }

    func testAPictureIsNamedAsOneNotAsText() throws {
        let folder = try ownFolder("picture")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A PNG's signature, then bytes that are no text in any character set.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x81, count: 64))
            .write(to: URL(fileURLWithPath: folder + "/pic.png"))
        let environment = noDisplay
        let result = try run(
            ["--catalog", folder + "/pic.png", "--export", folder + "/out.csv"], environment: environment)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(ownLines(result.errors), ["foldout: pic.png is a PNG image, not a table"], result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out.csv"))
    }

    func testRaggedRowsAreRefusedUnlessPadded() throws {
        let folder = try ownFolder("ragged")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "a,b\n1,2\n3\n4,5,6\n7,8\n".write(toFile: folder + "/in.csv", atomically: true, encoding: .utf8)
        let environment = noDisplay
        let refused = try run(
            ["--catalog", folder + "/in.csv", "--export", folder + "/out.csv"], environment: environment)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(ownLines(refused.errors).count, 1, refused.errors)
        XCTAssertTrue(refused.errors.contains("line 3, column 2: expected 2 fields, found 1"), refused.errors)
        let padded = try run(
            ["--ragged-rows=pad", "--catalog", folder + "/in.csv", "--export", folder + "/out.csv"],
            environment: environment)
        XCTAssertEqual(padded.status, 0, padded.errors)
        XCTAssertEqual(try String(contentsOfFile: folder + "/out.csv", encoding: .utf8), "a,b\n1,2\n3,\n7,8\n")
        let wrong = try run(["--ragged-rows=skip", "--catalog", folder + "/in.csv"], environment: environment)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(ownLines(wrong.errors), ["foldout: --ragged-rows takes pad or refuse, not “skip”"])
    }

    /// `--header-row N` reaches the reader (a CSV, whose header is its first line, is refused with
    /// why); a row that is not a number from 1 is said.
    func testAHeaderRowIsAskedOfASpreadsheetOnly() throws {
        let folder = try ownFolder("header-row")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "a,b\n1,2\n".write(toFile: folder + "/in.csv", atomically: true, encoding: .utf8)
        let refused = try run(
            ["--catalog", folder + "/in.csv", "--header-row", "2", "--export", folder + "/out.csv"],
            environment: noDisplay)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(
            refused.errors.contains("only a spreadsheet's header can be read from another row"), refused.errors)
        let wrong = try run(["--header-row=0", "--catalog", folder + "/in.csv"], environment: noDisplay)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(ownLines(wrong.errors), ["foldout: --header-row takes a row number from 1, not “0”"])
    }

    func testExportWritesTheMatchingRowsWithoutAWindow() throws {
        let folder = NSTemporaryDirectory() + "foldout-cli-export-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "title,genre,year\n\"Dune, Part 1\",Science fiction,1965\nEmma,Romance,NA\nSolaris,science fiction,1961\n"
            .write(toFile: folder + "/in.csv", atomically: true, encoding: .utf8)
        // No display: an export opens no window.
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let result = try run(
            ["--catalog", folder + "/in.csv", "--choose", "GENRE=Science fiction", "--export", folder + "/out.tsv"],
            environment: environment)
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(
            try String(contentsOfFile: folder + "/out.tsv", encoding: .utf8),
            "title\tgenre\tyear\nDune, Part 1\tScience fiction\t1965\n")

        let refused = try run(
            ["--catalog", folder + "/in.csv", "--choose", "genre=Western", "--export", folder + "/none.csv"],
            environment: environment)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(ownLines(refused.errors), ["foldout: the facet “genre” has no option “Western”"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/none.csv"))
    }

    /// `--table` and `--encoding` say on the command line what the window would ask or guess.
    func testTableAndEncodingChooseWhatIsRead() throws {
        let folder = NSTemporaryDirectory() + "foldout-cli-formats-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1] + '/shops.sqlite')
            db.execute('create table shops (name text, city text)')
            db.executemany('insert into shops values (?, ?)', [('Café Noir', 'Zürich'), ('Bäckerei', 'München')])
            db.execute('create table cities (city text)')
            db.commit()
            open(sys.argv[1] + '/shops.csv', 'w', encoding='cp1252').write('name,city\\nCafé Noir,Zürich\\n')
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, folder]
        try python.run()
        python.waitUntilExit()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let several = try run(
            ["--catalog", folder + "/shops.sqlite", "--export", folder + "/out.csv"], environment: environment)
        XCTAssertEqual(several.status, 2)
        XCTAssertEqual(
            ownLines(several.errors),
            [
                "foldout: cannot open catalog “\(folder)/shops.sqlite”: "
                    + "it holds 2 tables: cities, shops; choose one (--table NAME)"
            ])
        let table = try run(
            [
                "--catalog", folder + "/shops.sqlite", "--table", "SHOPS", "--choose", "city=zürich", "--export",
                folder + "/out.csv",
            ],
            environment: environment)
        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertEqual(
            try String(contentsOfFile: folder + "/out.csv", encoding: .utf8), "name,city\nCafé Noir,Zürich\n")
        // The file as an argument, as `foldout FILE` names it, its table by --table.
        let argument = try run(
            [
                folder + "/shops.sqlite", "--table", "shops", "--choose", "city=München", "--export",
                folder + "/arg.csv",
            ],
            environment: environment)
        XCTAssertEqual(argument.status, 0, argument.errors)
        XCTAssertEqual(
            try String(contentsOfFile: folder + "/arg.csv", encoding: .utf8), "name,city\nBäckerei,München\n")
        let none = try run(["--export", folder + "/none.csv"], environment: environment)
        XCTAssertEqual(
            ownLines(none.errors), ["foldout: --export, --summary and --groups need a catalog: FILE or --catalog FILE"])
        let latin = try run(
            ["--catalog", folder + "/shops.csv", "--encoding", "ISO-8859-1", "--export", folder + "/latin.csv"],
            environment: environment)
        XCTAssertEqual(latin.status, 0, latin.errors)
        XCTAssertEqual(
            try String(contentsOfFile: folder + "/latin.csv", encoding: .utf8), "name,city\nCafé Noir,Zürich\n")
        let unknown = try run(
            ["--catalog", folder + "/shops.csv", "--encoding", "KLINGON-1", "--export", folder + "/none.csv"],
            environment: environment)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            ownLines(unknown.errors),
            [
                "foldout: cannot open catalog “\(folder)/shops.csv”: "
                    + "“KLINGON-1” is not a character set this system can read"
            ])
    }

    func testBadCatalogSizeAndFacetAreRefused() throws {
        for arguments in [
            ["--catalog-size", "0"], ["--catalog-size", "-5"], ["--catalog-size", "many"], ["--unfold", "x"],
            ["--open-facet", "flavour"],
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(ownLines(result.errors).count, 1, "\(arguments): \(result.errors)")
        }
    }

    func testOutOfRangeRowIsRefused() throws {
        let result = try run(["--unfold", "10000"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(ownLines(result.errors).count, 1)
    }

    /// `--summary OUT` writes one row a column over the rows the filters match, its figures plain
    /// decimals, as a brute force over the file's values gives them; TSV, or CSV for `.csv`.
    func testSummaryWritesEveryColumnsFiguresForTheFilteredRows() throws {
        let folder = NSTemporaryDirectory() + "foldout-cli-summary-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rows = (0..<50).map { ($0 % 2 == 0 ? "JFK" : "LGA", $0 % 7 == 3 ? nil : ($0 * 13) % 40 - 9) }
        let csv =
            "origin,dep_delay,note\n"
            + rows.map { "\($0.0),\($0.1.map(String.init) ?? ""),\"a, b\"" }
            .joined(separator: "\n") + "\n"
        try csv.write(toFile: folder + "/flights.csv", atomically: true, encoding: .utf8)
        let delays = rows.filter { $0.0 == "JFK" }.compactMap(\.1).map(Double.init).sorted()
        let median =
            delays.count % 2 == 1
            ? delays[delays.count / 2] : (delays[delays.count / 2 - 1] + delays[delays.count / 2]) / 2
        let mean = delays.reduce(0, +) / Double(delays.count)

        for name in ["summary.tsv", "summary.csv"] {
            let out = folder + "/" + name
            let result = try run(["--catalog", folder + "/flights.csv", "--choose", "origin=JFK", "--summary", out])
            XCTAssertEqual(result.status, 0, result.errors)
            let text = try String(contentsOfFile: out, encoding: .utf8)
            let separator: Character = name.hasSuffix(".csv") ? "," : "\t"
            let lines = text.split(separator: "\n").map {
                $0.split(separator: separator, omittingEmptySubsequences: false)
            }
            XCTAssertEqual(
                lines.first?.prefix(9).map(String.init),
                ["column", "kind", "count", "missing", "distinct", "min", "median", "mean", "max"])
            XCTAssertEqual(lines.count, 4, "a header and one row a column: \(text)")
            let delay = try XCTUnwrap(lines.first { $0.first == "dep_delay" }).map(String.init)
            XCTAssertEqual(delay[1], "number")
            XCTAssertEqual(Int(delay[2]), delays.count)
            XCTAssertEqual(Int(delay[3]), 25 - delays.count)
            XCTAssertEqual(Double(delay[5]), delays.first)
            XCTAssertEqual(Double(delay[6]), median)
            XCTAssertEqual(try XCTUnwrap(Double(delay[7])), mean, accuracy: 0.000_001)
            XCTAssertFalse(delay[7].contains("e"), "a plain decimal: \(delay[7])")
            XCTAssertEqual(Double(delay[8]), delays.last)
            if separator == "," {
                XCTAssertTrue(text.contains("\"a, b (25)\""), "a field with a comma is quoted: \(text)")
            }
        }
    }

    /// `--unfold` with `--page filters` takes any row of the results, not only the Actions page's
    /// 10,000, and refuses one past the results' last, counted after the launch's filters.
    func testUnfoldOnTheFiltersPageTakesAnyResult() throws {
        let size = try screenshotSize(["--catalog-size", "30000", "--page", "filters", "--unfold", "20000"])
        XCTAssertGreaterThan(size.width, 0)
        let path = NSTemporaryDirectory() + "foldout-cli-unfold-\(getpid()).csv"
        try "mineral,kind\nQuartz,silicate\nTalc,silicate\nCalcite,carbonate\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let past = try run(["--catalog", path, "--page", "filters", "--choose", "kind=silicate", "--unfold", "2"])
        XCTAssertEqual(past.status, 2, past.errors)
        XCTAssertEqual(ownLines(past.errors), ["foldout: no row “2” to unfold (rows: 0 to 1)"], past.errors)
    }

    /// The width and height of the PNG that `arguments` plus `--screenshot` write.
    private func screenshotSize(_ arguments: [String], environment: [String: String]? = nil) throws -> (
        width: Int, height: Int
    ) {
        let data = try screenshot(arguments, environment: environment)
        // The IHDR chunk's width and height, bytes 16 to 23: a file cut shorter fails the test.
        let size = try XCTUnwrap(
            data.count >= 24 ? Array(data.dropFirst(16).prefix(8)) : nil,
            "\(arguments): the PNG is \(data.count) bytes, too short to say its size")
        return (size[0..<4].reduce(0) { $0 << 8 | Int($1) }, size[4..<8].reduce(0) { $0 << 8 | Int($1) })
    }

    /// The PNG that `arguments` plus `--screenshot` write.
    private func screenshot(_ arguments: [String], environment: [String: String]? = nil) throws -> Data {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            if ProcessInfo.processInfo.environment["FOLDOUT_REQUIRE_DISPLAY"] == "1" { XCTFail("no display") }
            throw XCTSkip("no display for the screenshot: run under xvfb-run")
        }
        let path = NSTemporaryDirectory() + "foldout-test-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(arguments + ["--screenshot", path], environment: environment)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
        return data
    }

    /// A flyout asked for is in the picture: the screenshot waits until it has opened and been
    /// drawn (it opens a frame after the page, so the page's data alone is not enough). The same
    /// window without it, taken twice, is the same picture, so a difference is the flyout.
    func testAScreenshotShowsTheFlyoutAskedFor() throws {
        let plain = try screenshot(["--page", "filters"])
        XCTAssertEqual(try screenshot(["--page", "filters"]), plain, "the picture is stable")
        let flyout = try screenshot(["--page", "filters", "--open-facet", "category"])
        XCTAssertNotEqual(flyout, plain, "the Category flyout is not in the screenshot")
    }

    func testScreenshotWritesAPNGOfTheWindow() throws {
        let size = try screenshotSize(["--page", "actions", "--unfold", "1"])
        XCTAssertGreaterThanOrEqual(size.width, 600)
        XCTAssertGreaterThanOrEqual(size.height, 500)
    }

    /// Each page as it first shows, with nothing opened: the Filters page is taken once its catalog,
    /// built off the main thread, has been drawn.
    func testEveryPageCanBeScreenshot() throws {
        let folder = NSTemporaryDirectory() + "foldout-cli-pages-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder
        for page in ["actions", "filters", "movies"] {
            let size = try screenshotSize(["--page", page], environment: environment)
            XCTAssertGreaterThanOrEqual(size.width, 600, page)
            XCTAssertGreaterThanOrEqual(size.height, 500, page)
        }
    }

    func testShortcutsScreenshotIsOfTheShortcutsWindow() throws {
        let window = try screenshotSize(["--page", "actions"])
        let shortcuts = try screenshotSize(["--shortcuts"])
        XCTAssertGreaterThan(
            shortcuts.width, window.width + 100, "the shortcuts window lays its groups out in two wide columns")
    }

    /// German with LANGUAGE=de, also where the locale is plain C (gettext would ignore LANGUAGE).
    func testGermanHelpAndErrors() throws {
        let folder = NSTemporaryDirectory() + "foldout-cli-de-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locales = try MainActor.assumeIsolated { try TranslationCatalogs.make("de", in: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = "C"
        environment["LANGUAGE"] = "de"
        environment["FOLDOUT_LOCALEDIR"] = locales

        let help = try run(["--help"], environment: environment)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("--page=SEITE"), help.output)
        XCTAssertTrue(help.output.contains("SEITE zuerst anzeigen (actions, filters, movies)"), help.output)
        let error = try run(["--page", "nirgendwo"], environment: environment)
        XCTAssertEqual(error.status, 2)
        XCTAssertEqual(
            ownLines(error.errors), ["foldout: unbekannte Seite „nirgendwo“ (Seiten: actions, filters, movies)"])
        let size = try run(["--catalog-size", "0"], environment: environment)
        // Numbers follow the region, here none (C): the language does not choose the separators.
        XCTAssertEqual(
            ownLines(size.errors), ["foldout: --catalog-size muss eine Zahl von 1 bis 50,000,000 sein, nicht „0“"])
    }

    /// Numbers as the region writes them (LC_NUMERIC), in the language the interface speaks:
    /// English text with German separators, and the other way round.
    func testNumbersFollowTheRegionNotTheLanguage() throws {
        let folder = NSTemporaryDirectory() + "foldout-cli-region-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locales = try MainActor.assumeIsolated { try TranslationCatalogs.make("de", in: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = "C.UTF-8"
        environment["LANG"] = "de_DE.UTF-8"
        environment["LANGUAGE"] = "en"
        environment["FOLDOUT_LOCALEDIR"] = locales
        let english = try run(["--catalog-size", "0"], environment: environment)
        XCTAssertEqual(
            ownLines(english.errors), ["foldout: --catalog-size must be a number from 1 to 50.000.000, not “0”"],
            "German region (install-deps.sh generates de_DE.UTF-8): \(english.errors)")
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_MESSAGES"] = nil
        environment["LANGUAGE"] = "de"
        let german = try run(["--catalog-size", "0"], environment: environment)
        XCTAssertEqual(
            ownLines(german.errors), ["foldout: --catalog-size muss eine Zahl von 1 bis 50,000,000 sein, nicht „0“"])
    }

    func testQuitAfterFirstFrameExitsCleanly() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            if ProcessInfo.processInfo.environment["FOLDOUT_REQUIRE_DISPLAY"] == "1" { XCTFail("no display") }
            throw XCTSkip("no display: run under xvfb-run")
        }
        XCTAssertEqual(try run(["--quit-after-first-frame"]).status, 0)
    }
}
