// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// The shortcuts window lists every shortcut the window really has, in English and in German
/// (whose mnemonics differ), and `?` opens it.
final class KeyboardShortcutsTests: GtkTestCase, @unchecked Sendable {
    private var folder = ""
    private var windows: [MainWindow] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "foldout-shortcuts-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        onMain {
            for main in windows {
                main.shortcutsWindow?.destroy()
                main.window.destroy()
            }
            windows = []
            TranslationCatalogs.reset()
        }
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// A window with all three pages built and a row bound, so every shortcut is installed.
    @MainActor private func makeWindow() -> MainWindow {
        let main = makeMainWindow(
            actions: ActionsList(generatedCount: 100), catalog: Catalog.generate(count: 500, seed: 2),
            libraryFolder: folder + "/data")
        windows.append(main)
        XCTAssertTrue(pump { main.actions.boundRows.count > 3 })
        main.page = .filters
        XCTAssertTrue(pump { main.filters?.filter != nil })
        main.page = .movies
        XCTAssertTrue(pump { main.movies?.root.isMapped == true }, "the Movies page is not shown")
        return main
    }

    /// GTK's names of the keys that do something in `main`: our shortcut controllers' triggers
    /// (keypad and ISO variants folded into the keys they stand for) and the labels' mnemonics.
    @MainActor private func installedAccelerators(_ main: MainWindow) -> Set<String> {
        let variants = ["KP_Enter": "Return", "ISO_Enter": "Return", "KP_Space": "space"]
        var installed = Set<String>()
        for shortcut in WidgetTree.shortcuts(under: main.window, controllerName: ShortcutController.name) {
            for trigger in shortcut.trigger.split(separator: "|").map(String.init) {
                installed.insert(variants[trigger] ?? trigger)
            }
        }
        // The application's accelerators (Ctrl+Q, Ctrl+W, Ctrl+?), and F10, which GTK gives the
        // window's primary menu button.
        installed.formUnion(main.application.allAccelerators)
        if main.primaryMenu.isPrimary { installed.insert("F10") }
        // The menus' own mnemonics act only inside the open menu, as GTK's menus do: the main
        // menu's and the Open button's.
        var mnemonics = WidgetTree.mnemonics(under: main.window)
        let menus = [main.primaryMenu] + (main.filters.map { [$0.openMenuButton] } ?? [])
        for inMenu in menus.flatMap(WidgetTree.mnemonics(under:)) {
            if let index = mnemonics.firstIndex(of: inMenu) { mnemonics.remove(at: index) }
        }
        return installed.union(mnemonics)
    }

    @MainActor private func checkListing(_ main: MainWindow, language: String) throws {
        main.showShortcuts()
        let shortcuts = try XCTUnwrap(main.shortcutsWindow)
        let listed = Set(
            shortcuts.groups.flatMap { $0.shortcuts.flatMap { $0.accelerators.split(separator: " ").map(String.init) } }
        )
        let installed = installedAccelerators(main)
        XCTAssertGreaterThanOrEqual(installed.count, 12, language)
        XCTAssertEqual(installed.subtracting(listed), [], "\(language): shortcuts the window has but does not list")
        // Arrows and Tab move focus, and Shift+arrows and Ctrl+A select in a list, through GTK's own
        // key handling, not a controller of ours.
        XCTAssertEqual(
            listed.subtracting(installed), ["Up", "Down", "Tab", "<Shift>Up", "<Shift>Down", "<Control>a"],
            "\(language): listed shortcuts that do nothing")
    }

    /// Not only the same keys: each key does what the shortcuts window says it does (two keys
    /// swapped would leave the sets equal).
    func testEachApplicationShortcutDoesWhatItsListingSays() throws {
        try onMain {
            let main = makeWindow()
            main.showShortcuts()
            let listing = try XCTUnwrap(main.shortcutsWindow).groups.flatMap(\.shortcuts)
            for (action, key, title) in [
                ("app.quit", "<Control>q", "Quit"), ("window.close", "<Control>w", "Close the window"),
                ("window-page.show-shortcuts", "<Control>question", "Keyboard shortcuts"),
                ("filters.export-rows", "<Shift><Control>s", "Export the results"),
                ("filters.open", "<Control>o", "Open a table file"),
                ("movies.toggle-edit", "<Control>e", "Show or hide Edit"),
            ] {
                XCTAssertEqual(main.application.accelerators(forAction: action), [key], action)
                let listed = listing.first { $0.accelerators.split(separator: " ").contains(Substring(key)) }
                XCTAssertEqual(listed?.title, title, "\(key) is listed as what \(action) does")
            }
        }
    }

    func testEveryShortcutIsListedInEnglishAndGerman() throws {
        try onMain {
            try checkListing(makeWindow(), language: "English")
            TranslationCatalogs.use("de", from: try TranslationCatalogs.make("de", in: folder))
            let german = makeWindow()
            try checkListing(german, language: "German")
            XCTAssertTrue(installedAccelerators(german).contains("<Alt>h"), "_Hinzufügen is Alt+H")
        }
    }

    /// Shown, the window fits a 1,024 px screen, and each group lists a key once (Ctrl+C copies
    /// the selection or the summary: one line), with titles short enough to read at a glance.
    func testTheShortcutsWindowFitsAScreenAndListsEachKeyOnce() throws {
        try onMain {
            let main = makeWindow()
            main.showShortcuts()
            let shortcuts = try XCTUnwrap(main.shortcutsWindow)
            XCTAssertTrue(pump { shortcuts.isMapped && shortcuts.width > 0 })
            XCTAssertLessThanOrEqual(shortcuts.width, 1024, "the shortcuts window is wider than a 1,024 px screen")
            for group in shortcuts.groups {
                let keys = group.shortcuts.flatMap { $0.accelerators.split(separator: " ").map(String.init) }
                XCTAssertEqual(keys.count, Set(keys).count, "\(group.title) lists a key twice: \(keys)")
                for shortcut in group.shortcuts {
                    XCTAssertLessThanOrEqual(
                        shortcut.title.count, 34, "too long to read at a glance: \(shortcut.title)")
                }
            }
        }
    }

    func testQuestionMarkOpensTheShortcutsWindow() throws {
        try onMain {
            let main = makeWindow()
            let help = WidgetTree.shortcuts(under: main.window, controllerName: ShortcutController.name)
                .filter { $0.trigger.split(separator: "|").contains("question") }
            XCTAssertEqual(help.count, 1)
            XCTAssertTrue(main.application.allAccelerators.contains("<Control>question"), "Ctrl+? is the application's")
            let action = try XCTUnwrap(help.first?.action, "no shortcut opens the shortcuts window")
            XCTAssertNil(main.shortcutsWindow, "built when first shown, not at start-up")
            XCTAssertTrue(main.window.activateAction(action))
            XCTAssertTrue(pump { main.shortcutsWindow?.isVisible == true })
            main.shortcutsWindow?.close()
            XCTAssertTrue(pump { main.shortcutsWindow?.isVisible == false }, "closing hides it")
            XCTAssertTrue(main.window.activateAction(action))
            XCTAssertTrue(pump { main.shortcutsWindow?.isVisible == true }, "and it opens again")
        }
    }

    /// The header bar's primary menu (F10) offers Keyboard Shortcuts, About Foldout and Quit with
    /// the application's accelerators; About names the version and the licence; Ctrl+W closes.
    func testPrimaryMenuAboutAndControlW() throws {
        try onMain {
            let main = makeWindow()
            XCTAssertTrue(main.primaryMenu.isPrimary, "F10 opens it")
            XCTAssertTrue(main.primaryMenu.isVisible)
            let accelerators = main.application.allAccelerators
            XCTAssertTrue(accelerators.contains("<Control>q") && accelerators.contains("<Control>w"), "\(accelerators)")
            XCTAssertTrue(main.window.activateAction("window-page.about"))
            let about = try XCTUnwrap(main.aboutDialog)
            XCTAssertTrue(pump { about.isVisible })
            XCTAssertEqual(about.version, Foldout.version)
            XCTAssertEqual(about.programName, "Foldout")
            XCTAssertTrue(about.licenseIsGPL3)
            about.close()
            XCTAssertTrue(pump { !about.isVisible })
            XCTAssertTrue(main.window.activateAction("window.close"))
            XCTAssertTrue(pump { !main.window.isVisible }, "Ctrl+W's action closes the window")
        }
    }
}
