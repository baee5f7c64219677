// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest

@testable import FoldoutCore

final class LibraryStoreTests: XCTestCase {
    private let now: Int64 = 1_714_564_800

    private func hostileMovies() -> [Movie] {
        var movies = MovieSamples.hostileStrings.enumerated().map { offset, text in
            Movie(
                id: MovieID(UInt64(offset * 3 + 1)), title: text, genre: Genre.allCases[offset % Genre.allCases.count],
                dateAdded: Int64(offset) * -86_401 + 1, notes: text + "\n" + text)
        }
        movies.append(
            Movie(
                id: MovieID(UInt64(Int64.max)), title: String(repeating: "👩‍👩‍👧‍👦", count: 500), genre: .horror,
                dateAdded: .min, notes: String(repeating: "notes of any length \u{1} \" \\ ", count: 20_000)))
        movies.append(Movie(id: MovieID(2), title: "x", genre: .scienceFiction, dateAdded: .max, notes: ""))
        return movies
    }

    func testDefaultDirectory() {
        XCTAssertEqual(
            LibraryStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]), "/data/foldout")
        XCTAssertEqual(
            LibraryStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/a"]), "/data/foldout")
        XCTAssertEqual(
            LibraryStore.defaultDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/a"]),
            "/home/a/.local/share/foldout")
        XCTAssertEqual(
            LibraryStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]),
            "/home/a/.local/share/foldout")
        XCTAssertEqual(LibraryStore.defaultDirectory(environment: ["HOME": "/home/a/"]), "/home/a/.local/share/foldout")
        XCTAssertEqual(LibraryStore(directory: "/x/foldout").path, "/x/foldout/library.json")
    }

    func testMissingFileOnFirstStart() {
        let temp = LibraryTestDirectory()
        XCTAssertEqual(LibraryStore(directory: temp.path + "/not/yet").load(now: now), .missing)
    }

    func testRoundTripKeepsEveryStringExactly() throws {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path + "/deep/er/foldout")
        let movies = hostileMovies()
        try store.save(movies)
        guard case .loaded(let loaded) = store.load(now: now) else { return XCTFail("\(store.load(now: now))") }
        MovieSamples.assertIdentical(loaded, movies)
        XCTAssertEqual(temp.entries("/deep/er/foldout"), ["library.json"], "no temporary file left")

        try store.save([])
        XCTAssertEqual(store.load(now: now), .loaded([]))
        try store.save(MovieLibrary.builtInMovies(now: now))
        XCTAssertEqual(store.load(now: now), .loaded(MovieLibrary.builtInMovies(now: now)))
    }

    func testFileFormat() throws {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path)
        try store.save([
            Movie(id: MovieID(1), title: "A \"b\"\n", genre: .scienceFiction, dateAdded: 1_714_564_800, notes: "\u{0}é")
        ])
        XCTAssertEqual(
            String(decoding: try XCTUnwrap(temp.read("library.json"), "nothing was saved"), as: UTF8.self),
            """
            {"format": 1, "movies": [
              {"id": 1, "title": "A \\"b\\"\\n", "genre": "scienceFiction", "added": 1714564800, "notes": "\\u0000é"}
            ]}

            """)
    }

    func testReadsOtherValidSpellings() {
        let temp = LibraryTestDirectory()
        temp.write(
            """
            \r\n\t { "movies" : [ { "notes":"\\u00e9\\uD83D\\uDE00\\/\\b\\f\\t", "added":-5,"extra":[null,true,{}],
              "genre":"horror","title":"T","id":9 } ] ,"format":1 }\n
            """, to: "library.json")
        XCTAssertEqual(
            LibraryStore(directory: temp.path).load(now: now),
            .loaded([Movie(id: MovieID(9), title: "T", genre: .horror, dateAdded: -5, notes: "é😀/\u{8}\u{C}\t")]))
    }

    func testInterruptedSaveLeavesThePreviousFileIntact() throws {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path)
        let old = MovieLibrary.builtInMovies(now: now)
        try store.save(old)
        let oldBytes = temp.read("library.json")
        try store.save(hostileMovies(), stopBeforeRename: true)
        XCTAssertEqual(temp.read("library.json"), oldBytes)
        XCTAssertEqual(store.load(now: now), .loaded(old))
        XCTAssertEqual(temp.entries().count, 2, "the crash left its temporary file: \(temp.entries())")

        // The next save (same process id) replaces the leftover and succeeds.
        try store.save(hostileMovies())
        guard case .loaded(let loaded) = store.load(now: now) else { return XCTFail() }
        MovieSamples.assertIdentical(loaded, hostileMovies())
        XCTAssertEqual(temp.entries(), ["library.json"])
    }

    func testCorruptFilesAreMovedAsideThenMissing() {
        let valid = #"{"id": 1, "title": "T", "genre": "drama", "added": 0, "notes": ""}"#
        let cases: [(String, [UInt8])] = [
            ("garbage", Array("not json at all".utf8)),
            ("empty", []),
            ("truncated", Array(#"{"format": 1, "movies": [\#(valid)"#.utf8)),
            ("truncated string", Array(#"{"format": 1, "movies": [{"id": 1, "title": "T"#.utf8)),
            ("wrong version", Array(#"{"format": 2, "movies": []}"#.utf8)),
            ("fractional version", Array(#"{"format": 1.0, "movies": []}"#.utf8)),
            ("no version", Array(#"{"movies": []}"#.utf8)),
            (
                "unknown genre",
                Array(
                    #"{"format": 1, "movies": [{"id": 1, "title": "T", "genre": "musical", "added": 0, "notes": ""}]}"#
                        .utf8)
            ),
            ("duplicate id", Array(#"{"format": 1, "movies": [\#(valid), \#(valid)]}"#.utf8)),
            (
                "missing notes",
                Array(#"{"format": 1, "movies": [{"id": 1, "title": "T", "genre": "drama", "added": 0}]}"#.utf8)
            ),
            (
                "blank title",
                Array(
                    #"{"format": 1, "movies": [{"id": 1, "title": " \n", "genre": "drama", "added": 0, "notes": ""}]}"#
                        .utf8)
            ),
            (
                "long title",
                libraryFile(title: "\"" + String(repeating: "x", count: 501) + "\"")
            ),
            (
                "id zero",
                libraryFile(id: "0")
            ),
            (
                "huge id",
                libraryFile(id: "99999999999999999999999")
            ),
            (
                "huge date",
                libraryFile(added: "1e400")
            ),
            (
                "string id",
                libraryFile(id: #""1""#)
            ),
            ("duplicate key", Array(#"{"format": 1, "format": 1, "movies": []}"#.utf8)),
            ("trailing comma", Array(#"{"format": 1, "movies": [],}"#.utf8)),
            ("trailing text", Array(#"{"format": 1, "movies": []} x"#.utf8)),
            ("byte order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"format": 1, "movies": []}"#.utf8)),
            (
                "invalid UTF-8",
                Array(#"{"format": 1, "movies": [{"id": 1, "title": "T"#.utf8) + [0xC0, 0xAF]
                    + Array(#"", "genre": "drama", "added": 0, "notes": ""}]}"#.utf8)
            ),
            (
                "raw control character",
                libraryFile(title: "\"T\u{1}\"")
            ),
            (
                "lone surrogate",
                libraryFile(title: #""\uD800""#)
            ),
            (
                "deep nesting",
                Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
            ),
            ("deep objects", Array(String(repeating: #"{"a":"#, count: 50_000).utf8)),
            ("leading zero", Array(#"{"format": 01, "movies": []}"#.utf8)),
            ("array root", Array("[]".utf8)),
        ]
        for (name, bytes) in cases {
            let temp = LibraryTestDirectory()
            temp.write(bytes, to: "library.json")
            let store = LibraryStore(directory: temp.path)
            guard case .corrupt(let movedTo, let reason) = store.load(now: now) else {
                XCTFail("\(name): \(store.load(now: now))")
                continue
            }
            XCTAssertEqual(movedTo, temp.path + "/library.json.corrupt-1714564800", name)
            XCTAssertFalse(reason.isEmpty, name)
            XCTAssertEqual(temp.read("library.json.corrupt-1714564800"), bytes, "\(name): moved, not changed")
            XCTAssertEqual(store.load(now: now), .missing, name)
        }
    }

    func testCorruptNamesDoNotOverwriteEarlierOnes() {
        let temp = LibraryTestDirectory()
        let store = LibraryStore(directory: temp.path)
        temp.write("first", to: "library.json.corrupt-1714564800")
        temp.write("second", to: "library.json.corrupt-1714564800-1")
        temp.write("third", to: "library.json")
        guard case .corrupt(let movedTo, _) = store.load(now: now) else { return XCTFail() }
        XCTAssertEqual(movedTo, temp.path + "/library.json.corrupt-1714564800-2")
        XCTAssertEqual(temp.read("library.json.corrupt-1714564800"), Array("first".utf8))
        XCTAssertEqual(temp.read("library.json.corrupt-1714564800-1"), Array("second".utf8))
        XCTAssertEqual(temp.read("library.json.corrupt-1714564800-2"), Array("third".utf8))
    }

    func testADirectoryInPlaceOfTheFileIsUnreadableAndLeftAlone() {
        let temp = LibraryTestDirectory()
        XCTAssertEqual(mkdir(temp.path + "/library.json", 0o755), 0)
        let store = LibraryStore(directory: temp.path)
        XCTAssertEqual(store.load(now: now), .unreadable(reason: String(cString: strerror(EISDIR))))
        XCTAssertEqual(temp.entries(), ["library.json"])
        XCTAssertThrowsError(try store.save([]))
        XCTAssertEqual(temp.entries(), ["library.json"], "the temporary file was removed")
    }

    func testADirectoryPathThroughAFileIsUnreadable() {
        let temp = LibraryTestDirectory()
        temp.write("a file", to: "blocker")
        let store = LibraryStore(directory: temp.path + "/blocker/foldout")
        XCTAssertEqual(store.load(now: now), .unreadable(reason: String(cString: strerror(ENOTDIR))))
    }

    func testUnwritableDirectoryThrowsAndKeepsTheOldFile() throws {
        let temp = LibraryTestDirectory()
        temp.write("a file", to: "blocker")
        XCTAssertThrowsError(try LibraryStore(directory: temp.path + "/blocker/foldout").save([])) {
            XCTAssertEqual(
                $0 as? LibraryStore.SaveError, LibraryStore.SaveError(reason: String(cString: strerror(ENOTDIR))))
        }
        // The directory path is itself a regular file.
        XCTAssertThrowsError(try LibraryStore(directory: temp.path + "/blocker").save([]))
        XCTAssertEqual(temp.read("blocker"), Array("a file".utf8))
        XCTAssertEqual(temp.entries(), ["blocker"])
    }

    func testFIFOIsNotWaitedFor() {
        let temp = LibraryTestDirectory()
        XCTAssertEqual(mkfifo(temp.path + "/library.json", 0o644), 0)
        guard case .unreadable = LibraryStore(directory: temp.path).load(now: now) else { return XCTFail() }
    }

    /// A library file with one movie whose id, title and date are written as given (JSON text).
    private func libraryFile(id: String = "1", title: String = #""T""#, added: String = "0") -> [UInt8] {
        let movie = #"{"id": \#(id), "title": \#(title), "genre": "drama", "added": \#(added), "notes": ""}"#
        return Array(#"{"format": 1, "movies": [\#(movie)]}"#.utf8)
    }
}
