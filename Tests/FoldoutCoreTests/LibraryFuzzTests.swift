// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest

@testable import FoldoutCore

/// Hostile library files: random bytes, truncations and mutations of a valid file, deep nesting,
/// huge fields. Loading never crashes or hangs; it gives the library or moves the file aside,
/// byte for byte, and says so.
final class LibraryFuzzTests: XCTestCase {
    func testHostileLibraryFilesAreLoadedOrMovedAsideNeverCrash() throws {
        let directory = LibraryTestDirectory()
        let store = LibraryStore(directory: directory.path)
        let movies = MovieLibrary.builtInMovies(now: 1_714_564_800)
        try store.save(movies)
        let valid = try XCTUnwrap(directory.read("library.json"))

        var random = SeededGenerator(seed: 77)
        var inputs: [[UInt8]] = []
        for _ in 0..<200 {
            inputs.append(
                (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        for _ in 0..<200 { inputs.append(Array(valid.prefix(Int.random(in: 0..<valid.count, using: &random)))) }
        let alphabet = Array("{}[]\",:\\0123456789 \u{0}é".utf8)
        for _ in 0..<300 {
            var mutated = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] =
                    Bool.random(using: &random)
                    ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(mutated)
        }
        inputs.append(Array(String(repeating: "[", count: 200_000).utf8))
        inputs.append(
            Array(
                "{\"format\": 1, \"movies\": [{\"id\": 1, \"title\": \"\(String(repeating: "x", count: 3_000_000))".utf8
            ))
        inputs.append(Array("{\"format\": 1e999999, \"movies\": []}".utf8))
        inputs.append([UInt8](repeating: 0, count: 100_000))

        var loaded = 0
        var movedAside = 0
        for (index, input) in inputs.enumerated() {
            directory.write(input, to: "library.json")
            switch store.load(now: 0) {
            case .loaded:
                loaded += 1
            case .corrupt(let movedTo, let reason):
                movedAside += 1
                XCTAssertFalse(reason.isEmpty, "input \(index)")
                XCTAssertEqual(
                    FileManager.default.contents(atPath: movedTo).map(Array.init), input,
                    "input \(index) moved aside unchanged")
                try FileManager.default.removeItem(atPath: movedTo)
            case .missing, .unreadable:
                XCTFail("input \(index): a regular file must be loaded or moved aside")
            }
        }
        XCTAssertGreaterThan(movedAside, 600)
        XCTAssertGreaterThan(loaded, 0, "some mutations only touch the text inside strings")
    }
}
