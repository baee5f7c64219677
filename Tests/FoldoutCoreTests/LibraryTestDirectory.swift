// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

/// A fresh directory under /tmp for one test, removed with everything in it afterwards.
final class LibraryTestDirectory {
    let path: String

    init() {
        var template = Array("/tmp/foldout-library-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ text: String, to name: String) { write(Array(text.utf8), to: name) }

    func write(_ bytes: [UInt8], to name: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes)))
    }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + name).map { Array($0) }
    }

    func entries(_ subdirectory: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + subdirectory)) ?? []).sorted()
    }
}
