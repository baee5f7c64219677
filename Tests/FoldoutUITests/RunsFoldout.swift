// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The `foldout` executable run as a user runs it, for the command line's tests: its status, what
/// it printed and what it said was wrong.
struct FoldoutRun {
    let status: Int32
    let output: String
    let errors: String
}

protocol RunsFoldout {}

extension RunsFoldout {
    var foldout: URL {
        get throws {
            try XCTUnwrap(Bundle.main.executableURL, "the test bundle has no executable")
                .deletingLastPathComponent().appendingPathComponent("foldout")
        }
    }

    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> FoldoutRun {
        let process = Process()
        process.executableURL = try foldout
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return FoldoutRun(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    /// Lines Foldout itself wrote, without GLib's warnings about a missing session bus and such.
    func ownLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("foldout:") }
    }
}
