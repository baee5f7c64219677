// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import PostgresTesting
import XCTest

@testable import FoldoutUI

/// Connect to Database… (issue 38, item 1) on the real window: the dialog opened from the main
/// menu's action, filled with real key presses (xdotool under Xvfb, each field reached by its
/// label's Alt key), Enter connects; the table is shown on the Filters page and the password is in
/// the keyring (`TestKeyring`: GNOME Keyring on the tests' own session bus, never the user's). An
/// address without a password (as Open Recent keeps it) then connects with the keyring's; a
/// wrong one kept there is asked again; without a keyring the dialog still connects
/// and says the password was not remembered.
final class ConnectDialogTests: MainWindowTestCase, @unchecked Sendable {
    nonisolated(unsafe) private static var testServer: TestServer?
    private let windowTitle = "Foldout connect test \(UUID().uuidString)"
    private let dialogTitle = "Connect to Database \(UUID().uuidString)"

    override class func setUp() {
        super.setUp()
        testServer = TestServer { server in
            try FlightsTable.load(rows: 500, into: server)
            try server.psql("CREATE TABLE airports (code text, name text); INSERT INTO airports VALUES ('JFK', 'JFK')")
            try server.psql("CREATE ROLE reader LOGIN PASSWORD 'right'; GRANT SELECT ON flights, airports TO reader")
        }
    }

    override class func tearDown() {
        testServer?.stop()
        super.tearDown()
    }

    private var server: ThrowawayPostgres {
        get throws { try XCTUnwrap(Self.testServer).running }
    }

    /// The keyring's entry for the role `reader` on the test's server.
    private var account: Keyring.Account {
        get throws { Keyring.Account(host: try server.folder, port: "5432", database: "postgres", user: "reader") }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        // In CI the keyring is there: a test that cannot reach it fails, it is never skipped.
        if let problem = TestKeyring.problem { XCTFail("no Secret Service for the tests: \(problem)") }
        try Keyring.clear(account)
        try onMain {
            let main = makeMainWindow(
                actions: ActionsList(generatedCount: 20), catalog: Catalog.generate(count: 300, seed: 5),
                libraryFolder: folder, width: 900, height: 700)
            giveTitle(windowTitle, to: main.window)
            self.main = main
            XCTAssertEqual(main.page, .actions)
        }
    }

    override func tearDown() {
        onMain {
            DatabasePasswords.keyring = .desktop
            main?.connectDialog?.window.destroy()
            for dialog in ErrorDialog.shown { dialog.dismiss() }
        }
        try? Keyring.clear(account)
        super.tearDown()
    }

    @MainActor private var page: FiltersPage { main!.ensureFiltersPage() }

    /// The keyring's password for `account`, once it has one (it is stored off the main thread).
    private func keptPassword() throws -> String? {
        for _ in 0..<100 {
            if let kept = try Keyring.lookup(account) { return kept }
            onMain { pump(seconds: 0.05) }
        }
        return nil
    }

    @MainActor private func shows(rows count: Int) -> Bool {
        main?.filters?.filter?.catalog.count == count && main?.filters?.filter?.catalog.origin != nil
    }

    /// Opens the dialog as its menu item does: the window's action `window-page.connect`.
    @MainActor private func openDialog(line: UInt = #line) throws -> ConnectDialog {
        let main = try XCTUnwrap(main)
        XCTAssertTrue(main.window.activateAction("window-page.connect"), "no action window-page.connect", line: line)
        XCTAssertTrue(pump { main.connectDialog?.window.isMapped == true }, "no dialog", line: line)
        let dialog = try XCTUnwrap(main.connectDialog, line: line)
        XCTAssertEqual(dialog.window.title, "Connect to Database", line: line)
        // xdotool finds a window by its title, and an earlier test's dialog, going away, has the
        // same one: a key sent to it failed (BadWindow) and left Escape held for the tests after.
        dialog.window.title = dialogTitle
        return dialog
    }

    /// Presses Alt+`key` (the field's label's mnemonic) and types `text` into the field it
    /// focuses, replacing what it held (GTK selects a field's text when the focus enters it).
    @MainActor private func type(_ text: String, after key: String, into entry: Entry, line: UInt = #line) {
        xdotool(
            ["key", "--clearmodifiers", "alt+" + key, "type", "--delay", "5", text], window: dialogTitle,
            until: { entry.text == text }, line: line)
        XCTAssertEqual(entry.text, text, line: line)
    }

    func testTheDialogConnectsAndTheKeyringKeepsThePassword() throws {
        let server = try server
        try onMain {
            let dialog = try openDialog()
            XCTAssertEqual(dialog.host.text, "localhost")
            XCTAssertEqual(dialog.port.text, "5432")
            XCTAssertTrue(dialog.remember.isActive, "remembering is on at first")
            XCTAssertFalse(dialog.connect.isSensitive, "no database named yet")
            type(server.folder, after: "h", into: dialog.host)
            type("postgres", after: "d", into: dialog.database)
            type("reader", after: "u", into: dialog.user)
            type("right", after: "w", into: dialog.password)
            type("flights", after: "t", into: dialog.table)
            XCTAssertTrue(dialog.connect.isSensitive)
            XCTAssertEqual(
                dialog.address, "postgresql://reader:right@/postgres?host=\(server.folder)&table=flights")
            // Enter in the last field activates Connect, the window's default.
            xdotool([], window: dialogTitle, until: { true })
            xdotool(["key", "Return"], window: nil, until: { self.main?.connectDialog == nil })
            XCTAssertFalse(dialog.window.isMapped, "the dialog closes")
            XCTAssertEqual(main?.page, .filters)
            XCTAssertTrue(pump(seconds: 10) { self.shows(rows: 500) }, "the table is not shown")
            XCTAssertEqual(page.sourceLabel.text, "in flights on postgres@" + server.folder)
            XCTAssertTrue(ErrorDialog.shown.isEmpty)
        }
        // Kept by the keyring, off the main thread: wait for it.
        XCTAssertEqual(try keptPassword(), "right", "the keyring keeps the password typed")
    }

    /// An address without a password, as Open Recent keeps it, takes the keyring's; without the
    /// keyring's, libpq has none ("no password supplied").
    func testAnAddressWithoutAPasswordTakesTheKeyrings() throws {
        let server = try server
        try Keyring.store("right", for: account, label: "Foldout test")
        try onMain {
            main?.openRecent(server.uri(user: "reader", table: "flights"))
            XCTAssertTrue(pump(seconds: 10) { self.shows(rows: 500) || !ErrorDialog.shown.isEmpty })
            XCTAssertEqual(ErrorDialog.shown.last?.detailText, nil, "the keyring's password was not used")
            XCTAssertTrue(shows(rows: 500), "the table is not shown")
        }
    }

    /// A wrong password kept in the keyring is asked again, the prompt saying the server refused
    /// it; one typed wrong is asked again too; the right one opens the table and replaces the
    /// wrong one in the keyring. A database missing after a right password is an error, not a
    /// prompt: only the server's refusal of the password (SQLSTATE 28P01) asks again.
    func testAWrongPasswordInTheKeyringIsAskedAgain() throws {
        let server = try server
        try Keyring.store("wrong", for: account, label: "Foldout test")
        let promptTitle = "Password Refused \(UUID().uuidString)"
        try onMain {
            let shown = try XCTUnwrap(main).ensureFiltersPage()
            main?.openRecent(server.uri(user: "reader", table: "flights"))
            let work = page.work
            XCTAssertTrue(pump(seconds: 10) { work.passwordPrompt?.window.isMapped == true }, "no password prompt")
            XCTAssertTrue(ErrorDialog.shown.isEmpty, "an error dialog rather than a prompt")
            var prompt = try XCTUnwrap(work.passwordPrompt)
            XCTAssertEqual(
                prompt.message.text,
                "The database server \(server.folder) refused the password of reader for the database postgres.")
            XCTAssertFalse(prompt.message.text.contains("wrong"), "the password is never shown")
            XCTAssertEqual(shown.filter?.catalog.count, 300, "the catalog shown stays")

            // Typed wrong: asked again.
            prompt.window.title = promptTitle
            xdotool(["type", "--delay", "5", "bad"], window: promptTitle, until: { prompt.password.text == "bad" })
            xdotool(["key", "Return"], window: nil, until: { work.passwordPrompt !== prompt })
            XCTAssertTrue(pump(seconds: 10) { work.passwordPrompt?.window.isMapped == true }, "not asked again")
            prompt = try XCTUnwrap(work.passwordPrompt)
            XCTAssertTrue(prompt.message.text.contains("refused"), prompt.message.text)
            prompt.window.title = promptTitle
            xdotool(["type", "--delay", "5", "right"], window: promptTitle, until: { prompt.password.text == "right" })
            xdotool(["key", "Return"], window: nil, until: { work.passwordPrompt == nil })
            XCTAssertTrue(pump(seconds: 10) { self.shows(rows: 500) }, "the table is not shown")
            XCTAssertTrue(ErrorDialog.shown.isEmpty)

            main?.openRecent(server.uri("nowhere", user: "reader", password: "right", table: "flights"))
            XCTAssertTrue(pump(seconds: 10) { !ErrorDialog.shown.isEmpty }, "no error dialog")
            XCTAssertNil(work.passwordPrompt, "a missing database asks for the password")
            let detail = try XCTUnwrap(ErrorDialog.shown.last).detailText
            XCTAssertTrue(detail.contains("database \"nowhere\" does not exist"), detail)
        }
        var kept = try Keyring.lookup(account)
        for _ in 0..<100 where kept != "right" {
            onMain { pump(seconds: 0.05) }
            kept = try Keyring.lookup(account)
        }
        XCTAssertEqual(kept, "right", "the password typed replaces the wrong one in the keyring")
    }

    /// Without a Secret Service the dialog still connects, and the window says the password was not
    /// remembered. Escape cancels the dialog and opens nothing.
    func testWithoutAKeyringTheDialogConnectsAndSaysSo() throws {
        let server = try server
        try onMain {
            let escaped = try openDialog()
            xdotool([], window: dialogTitle, until: { true })
            xdotool(["key", "Escape"], window: nil, until: { self.main?.connectDialog == nil })
            XCTAssertFalse(escaped.window.isMapped)
            XCTAssertEqual(main?.page, .actions, "nothing was opened")

            DatabasePasswords.keyring = DatabasePasswords.Store(
                store: { _, _, _ throws(Keyring.Failure) in
                    throw Keyring.Failure(message: "The name org.freedesktop.secrets was not provided")
                },
                lookup: { _ throws(Keyring.Failure) in throw Keyring.Failure(message: "no keyring") })
            let dialog = try openDialog()
            dialog.host.text = server.folder
            dialog.database.text = "postgres"
            dialog.user.text = "reader"
            dialog.password.text = "right"
            dialog.table.text = "flights"
            XCTAssertTrue(dialog.connect.activate())
            XCTAssertTrue(pump(seconds: 10) { self.shows(rows: 500) }, "the table is not shown")
            XCTAssertTrue(pump { self.main?.notification.isShown == true }, "nothing says so")
            XCTAssertEqual(
                main?.notification.text,
                "The password was not remembered: The name org.freedesktop.secrets was not provided")
        }
        XCTAssertNil(try Keyring.lookup(account), "nothing was kept")
    }

    /// An address without a password that the keyring has none for (libpq: "no password
    /// supplied") asks for it rather than failing: the prompt names the user and the database;
    /// Escape opens nothing and shows no error; a password typed and Enter open the table, and
    /// the keyring keeps it.
    func testAPasswordTheServerAsksForIsPromptedFor() throws {
        let server = try server
        let promptTitle = "Password Needed \(UUID().uuidString)"
        @MainActor func prompt() throws -> PasswordPrompt {
            main?.openRecent(server.uri(user: "reader", table: "flights"))
            let work = page.work
            XCTAssertTrue(pump(seconds: 10) { work.passwordPrompt?.window.isMapped == true }, "no password prompt")
            XCTAssertTrue(ErrorDialog.shown.isEmpty, "an error dialog rather than a prompt")
            let prompt = try XCTUnwrap(work.passwordPrompt)
            XCTAssertEqual(prompt.window.title, "Password Needed")
            prompt.window.title = promptTitle
            return prompt
        }
        try onMain {
            let first = try prompt()
            let said = first.message.text
            XCTAssertTrue(said.contains("reader") && said.contains("postgres") && said.contains(server.folder), said)
            xdotool([], window: promptTitle, until: { true })
            xdotool(["key", "Escape"], window: nil, until: { self.page.work.passwordPrompt == nil })
            XCTAssertFalse(first.window.isMapped)
            XCTAssertTrue(ErrorDialog.shown.isEmpty)
            XCTAssertEqual(page.filter?.catalog.count, 300, "the catalog shown stays")

            let second = try prompt()
            XCTAssertFalse(second.connect.isSensitive, "no password typed yet")
            xdotool(
                ["type", "--delay", "5", "right"], window: promptTitle, until: { second.password.text == "right" })
            xdotool(["key", "Return"], window: nil, until: { self.page.work.passwordPrompt == nil })
            XCTAssertTrue(pump(seconds: 10) { self.shows(rows: 500) }, "the table is not shown")
            XCTAssertTrue(ErrorDialog.shown.isEmpty)
        }
        XCTAssertEqual(try keptPassword(), "right", "the keyring keeps the password typed")
    }
}
