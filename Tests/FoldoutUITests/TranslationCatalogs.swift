// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Message catalogs for the UI tests, made with gettext's own tools (Debian: gettext) in a
/// temporary folder: the real German one, and a pseudo language "xx" in which every message that
/// xgettext extracts from po/POTFILES reads ⟦like this⟧. A text on screen without the brackets
/// was either never passed through `tr` or passed in a way xgettext cannot extract.
@MainActor
enum TranslationCatalogs {
    static let markOpen: Character = "⟦", markClose: Character = "⟧"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A locale folder holding `LANG/LC_MESSAGES/foldout.mo` for `language` ("de" or "xx").
    static func make(_ language: String, in folder: String) throws -> String {
        let messages = folder + "/\(language)/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        let source: String
        if language == "xx" {
            let pot = folder + "/foldout.pot"
            let english = folder + "/en.po"
            source = folder + "/xx.po"
            try run("build-aux/extract-messages.sh", pot)
            try run("msginit", "--no-translator", "--locale=en_US.UTF-8", "--input=\(pot)", "--output-file=\(english)")
            try run(
                "msgfilter", "--keep-header", "--input=\(english)", "--output-file=\(source)",
                "sed", "-e", "s/^/\(markOpen)/", "-e", "s/$/\(markClose)/")
        } else {
            source = "po/\(language).po"
        }
        try run("msgfmt", "--check", "--output-file=\(messages)/foldout.mo", source)
        return folder
    }

    /// Shows messages in `language` from now on (gettext ignores LANGUAGE in the C locale, which
    /// `setLocaleFromEnvironment` replaces for messages).
    static func use(_ language: String, from directory: String) {
        setenv("LANGUAGE", language, 1)
        Gettext.setLocaleFromEnvironment()
        Translations.use(localeDirectory: directory)
    }

    /// Back to the untranslated English the other tests expect.
    static func reset() {
        unsetenv("LANGUAGE")
        // The messages locale `use` chose goes too: it would translate the C library's messages.
        Gettext.setLocaleFromEnvironment()
        Localization.install(nil)
    }

    /// The parts of `text` outside ⟦…⟧, one line at a time.
    static func unmarkedParts(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            var outside = ""
            var depth = 0
            for character in line {
                if character == markOpen {
                    depth += 1
                } else if character == markClose {
                    depth = max(depth - 1, 0)
                } else if depth == 0 {
                    outside.append(character)
                }
            }
            return outside
        }
    }

    private static func run(_ tool: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repository)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: "TranslationCatalogs", code: Int(process.terminationStatus),
                userInfo: [
                    NSLocalizedDescriptionKey: "\(tool) failed (Debian: apt-get install gettext): \(message)"
                ])
        }
    }
}
