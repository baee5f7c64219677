// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import XCTest

/// What Open Recent makes of the desktop's recent files (`RecentCatalogs`).
final class RecentCatalogsTests: XCTestCase {
    func testOpenRecentListsFoldoutsFilesAndOtherCatalogsNewestFirst() {
        let files = [
            RecentFile(path: "/d/old.csv", mimeType: "text/csv", modified: 1, openedByFoldout: false),
            RecentFile(path: "/d/photo.png", mimeType: "image/png", modified: 9, openedByFoldout: false),
            RecentFile(path: "/d/odd.dat", mimeType: "application/octet-stream", modified: 5, openedByFoldout: true),
            RecentFile(path: "/d/b.tsv", mimeType: nil, modified: 7, openedByFoldout: false),
            RecentFile(path: "/d/a.tsv", mimeType: nil, modified: 7, openedByFoldout: false),
        ]
        XCTAssertEqual(
            RecentCatalogs.choose(from: files, isThere: { _ in true }).map(\.path),
            ["/d/a.tsv", "/d/b.tsv", "/d/odd.dat", "/d/old.csv"],
            "newest first, ties by path; what Foldout opened whatever its type; no photo")
        let many = (0..<25).map {
            RecentFile(path: "/d/\($0).csv", mimeType: nil, modified: Int64($0), openedByFoldout: true)
        }
        XCTAssertEqual(
            RecentCatalogs.choose(from: many, isThere: { _ in true }).map(\.path),
            (15..<25).reversed().map { "/d/\($0).csv" })
        var looked: [String] = []
        let gone: Set = ["/d/24.csv", "/d/20.csv"]
        let there = RecentCatalogs.choose(from: many) { path in
            looked.append(path)
            return !gone.contains(path)
        }
        XCTAssertEqual(there.map(\.path), [23, 22, 21, 19, 18, 17, 16, 15, 14, 13].map { "/d/\($0).csv" })
        XCTAssertEqual(looked.count, 12, "only the newest are looked for on disk")
        XCTAssertEqual(RecentCatalogs.choose(from: [files[0]]).count, 0, "no file at /d/old.csv")
    }

    func testMenuLabelsNameTheFolder() {
        XCTAssertEqual(
            RecentCatalogs.menuLabel(forPath: "/home/ann/data/flights.csv", home: "/home/ann"), "flights.csv — ~/data")
        XCTAssertEqual(
            RecentCatalogs.menuLabel(forPath: "/home/ann/my_file.csv", home: "/home/ann/"), "my__file.csv — ~")
        XCTAssertEqual(RecentCatalogs.menuLabel(forPath: "/srv/a.csv", home: "/home/ann"), "a.csv — /srv")
        XCTAssertEqual(RecentCatalogs.menuLabel(forPath: "/a.csv", home: nil), "a.csv — /")
        XCTAssertEqual(
            RecentCatalogs.folderText(
                forPath: "/home/ann/projects/2026/research/nycflights13/raw/flights.csv", home: "/home/ann"),
            "…/2026/research/nycflights13/raw")
        XCTAssertEqual(
            RecentCatalogs.folderText(
                forPath: "/home/ann/a-very-long-folder-name-that-alone-is-too-long/f.csv", home: "/home/ann"),
            "~/a-very-long-folder-name-that-alone-is-too-long", "one folder is kept whole")
        XCTAssertEqual(RecentCatalogs.folderText(forPath: "/home/annex/f.csv", home: "/home/ann"), "/home/annex")
    }
}
