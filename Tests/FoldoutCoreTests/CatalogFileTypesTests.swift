// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import XCTest

/// The files Foldout opens (`CatalogFileTypes`), and the desktop file that says so.
final class CatalogFileTypesTests: XCTestCase {
    func testTheDesktopFileNamesEveryTypeOfTheList() throws {
        let desktop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/dev.foldout.Foldout.desktop.in")
        let lines = try String(contentsOf: desktop, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("MimeType=") }, [CatalogFileTypes.desktopMimeTypeLine])
        for type in [
            "text/csv", "text/tab-separated-values", "application/gzip", "application/x-xz",
            "application/x-bzip2", "application/zstd", "application/zip", "application/vnd.sqlite3",
            "application/x-sqlite3", "application/json", "application/x-ndjson", "application/jsonl",
        ] {
            XCTAssertTrue(CatalogFileTypes.mimeTypes.contains(type), type)
        }
        XCTAssertFalse(CatalogFileTypes.mimeTypes.contains("text/plain"), "every text file is no table")
        XCTAssertEqual(Set(CatalogFileTypes.mimeTypes).count, CatalogFileTypes.mimeTypes.count)
        XCTAssertTrue(CatalogFileTypes.patterns.contains("*.csv") && CatalogFileTypes.patterns.contains("*.zst"))
        XCTAssertTrue(CatalogFileTypes.fileChooserPatterns.contains("*.txt"))
    }

    func testWhichFilesAreCatalogs() {
        let yes: [(String, String?)] = [
            ("flights.csv", "text/plain"), ("flights.CSV", nil), ("data.tab", "text/plain"), ("x.tsv", nil),
            ("export", "text/csv"), ("places.sqlite", nil), ("world.gpkg", "application/geopackage+sqlite3"),
            ("app.db", "application/octet-stream"), ("events.jsonl", "text/plain"), ("api.json", "application/json"),
            ("flights.csv.gz", "application/gzip"), ("flights.csv.zip", "application/zip"),
            ("log.ndjson.zst", "application/zstd"), ("dump.tsv.xz", nil), ("t.csv.bz2", "application/x-bzip"),
        ]
        for (name, type) in yes {
            XCTAssertTrue(CatalogFileTypes.isCatalog(name: name, mimeType: type), name)
        }
        let no: [(String, String?)] = [
            ("photo.png", "image/png"), ("backup.tar.gz", "application/gzip"), ("project.zip", "application/zip"),
            ("notes.txt", "text/plain"), ("csv", nil), ("report.csv.pdf", "application/pdf"), ("gz", nil),
        ]
        for (name, type) in no {
            XCTAssertFalse(CatalogFileTypes.isCatalog(name: name, mimeType: type), name)
        }
    }
}
