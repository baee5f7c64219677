// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import XCTest

/// Shared pieces of the movie library tests: hostile strings and exact comparisons.
enum MovieSamples {
    /// Text that must survive every edit, save and load byte for byte.
    static let hostileStrings: [String] = [
        "שלום עולם",  // right-to-left
        "مرحبا \u{202E}abc\u{202C} بالعالم",  // Arabic with explicit direction marks
        "👩‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 🇸🇪🇯🇵 flags, 👍🏽",  // ZWJ sequences, flags, skin tone
        "e\u{301}te\u{301} Z\u{351}\u{35A}\u{33F}\u{316}",  // combining marks (decomposed)
        "\u{E9}t\u{E9}",  // the same, precomposed
        "quote \" backslash \\ slash / \\u0041 \\n",  // JSON syntax as text
        "line\nfeed\rreturn\r\ncrlf\ttab",  // lone CR and LF
        "controls \u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}\u{1F}\u{7F} end",
        "\u{2028}line separator\u{2029}\u{FEFF}bom\u{200B}zwsp",
        "𝄞 astral \u{10FFFF} last",
        "  leading and trailing spaces  ",
    ]

    static func assertIdentical(
        _ actual: [Movie], _ expected: [Movie], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(actual.count, expected.count, "count", file: file, line: line)
        for (a, e) in zip(actual, expected) where !a.isIdentical(to: e) {
            XCTFail("\(a) is not identical to \(e)", file: file, line: line)
            return
        }
    }
}

/// Records a model's changes.
final class MovieChangeRecorder<Change> {
    private(set) var changes: [Change] = []
    private var token: ObservationToken?

    init(_ observers: Observers<Change>) {
        token = observers.add { [unowned self] in self.changes.append($0) }
    }

    func take() -> [Change] {
        defer { changes = [] }
        return changes
    }
}
