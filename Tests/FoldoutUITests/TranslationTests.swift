// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Foundation
import Gtk
import GtkTesting
import XCTest

@testable import FoldoutUI

/// Every page in another language, on the real widgets: in a pseudo language every text on screen
/// must come from a marked message (or be the user's data), and in German the UI reads German.
final class TranslationTests: GtkTestCase, @unchecked Sendable {
    private var folder = ""
    private var window: MainWindow?

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "foldout-translations-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/data/foldout", withIntermediateDirectories: true)
    }

    override func tearDown() {
        onMain {
            window?.shortcutsWindow?.destroy()
            for dialog in ErrorDialog.shown { dialog.dismiss() }
            window?.window.destroy()
            window = nil
            TranslationCatalogs.reset()
        }
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// The whole window with every page built and its folding parts out: a row unfolded, the
    /// combos and the Edit pane open, a notification and the damaged-library banner shown.
    @MainActor private func openEverything(catalog: Catalog, actions: ActionsList) throws -> MainWindow {
        // A damaged library file: the Movies page then shows its banner.
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: folder + "/data/foldout/library.json", contents: Data("{\"format\": 1, \"mov".utf8)),
            "the fixture file is written")
        let main = makeMainWindow(
            actions: actions, catalog: catalog, libraryFolder: folder + "/data/foldout", width: 900, height: 800)
        window = main
        XCTAssertTrue(pump { main.actions.boundRows.count > 3 })
        actions.toggle(actions.id(at: 1))

        main.page = .filters
        XCTAssertTrue(pump { main.filters?.filter != nil })
        let filters = try XCTUnwrap(main.filters)
        for combo in ComboSection.Combo.allCases { filters.section.open(combo) }
        filters.unfoldResult(at: 0)  // a record unfolded: its Copy Row button and its fields
        for menu in filters.facetMenus {
            menu.button.popup()
            XCTAssertTrue(pump { menu.popover.isMapped && !menu.optionButtons.isEmpty }, "\(menu.name) did not open")
            menu.popover.popdown()
        }
        filters.open(path: folder + "/missing.csv")
        XCTAssertTrue(pump { ErrorDialog.shown.last != nil })

        main.page = .movies
        let movies = main.ensureMoviesPage()
        movies.pane.open()
        movies.deleteSelected()
        movies.library.select(nil)  // Delete selects the next movie; "No movie selected" shows without one
        main.showShortcuts()
        XCTAssertTrue(pump { main.shortcutsWindow?.isMapped == true }, "the shortcuts window is not shown")
        return main
    }

    func testEveryTextOnScreenIsMarkedForTranslation() throws {
        try onMain {
            TranslationCatalogs.use("xx", from: try TranslationCatalogs.make("xx", in: folder))
            let catalog = Catalog.generate(count: 2_000, seed: 4)
            let actions = ActionsList(generatedCount: 300)
            let main = try openEverything(catalog: catalog, actions: actions)
            let movies = try XCTUnwrap(main.movies)

            // The user's data is shown as it is: feed items, catalog names, movie titles and notes.
            var data = Set<String>()
            for index in 0..<actions.count {
                let item = actions.item(actions.id(at: index))
                for text in [item.author, item.title, item.detail] {
                    data.formUnion(text.split(separator: "\n").map(String.init))
                }
            }
            for column in catalog.columns.indices {
                data.formUnion((0..<catalog.count).map { catalog.text(column, at: $0) })
            }
            for movie in movies.library.movies {
                data.formUnion([movie.title] + movie.notes.split(separator: "\n").map(String.init))
            }
            // The character sets offered for a file are names ("Windows-1252"), not words.
            data.formUnion(TextEncoding.choices.map(\.label))

            XCTAssertTrue(movies.banner.isShown, "the damaged library shows its banner")
            XCTAssertTrue(main.notification.isShown, "deleting a movie shows a notification")
            let dialog = try XCTUnwrap(ErrorDialog.shown.last)
            let shortcuts = try XCTUnwrap(main.shortcutsWindow)
            let texts =
                WidgetTree.texts(under: main.window) + [dialog.titleText, dialog.detailText]
                + shortcuts.groups.flatMap { [$0.title] + $0.shortcuts.map(\.title) }
            XCTAssertGreaterThan(texts.count, 150, "the walk sees the whole window")

            var unmarked: [String] = []
            for text in texts {
                for part in TranslationCatalogs.unmarkedParts(of: text)
                // A value shown is isolated (FSI…PDI) from what is around it.
                where part.contains(where: \.isLetter)
                    && !data.contains(part.filter { $0 != "\u{2068}" && $0 != "\u{2069}" })
                {
                    unmarked.append(part)
                }
            }
            // GTK's own widgets inside ours (the genre drop-down's search entry) bring GTK's texts,
            // which GTK translates itself; each must really be one of GTK's messages (checked below).
            // ("Clear entry" is GTK 4.8's spelling, "Clear Entry" 4.18's.)
            let gtkOwn: Set = ["(None)", "Search…", "Clear entry", "Clear Entry"]
            // The main menu shows the application's accelerators as GTK labels them ("Ctrl+Q").
            let acceleratorLabels = Set(main.application.allAccelerators.map(Application.label(ofAccelerator:)))
            XCTAssertEqual(
                unmarked.filter { !gtkOwn.contains($0) && !acceleratorLabels.contains($0) }, [],
                "texts on screen that no translation can reach")

            TranslationCatalogs.use("de", from: folder)
            XCTAssertTrue(gtkOwn.intersection(unmarked).contains("Search…"), "the walk sees GTK's own widgets")
            for text in gtkOwn.intersection(unmarked) {
                XCTAssertNotEqual(Gettext.translate(text, domain: "gtk40"), text, "“\(text)” is not GTK's")
            }

            // The shortcuts window shows the translated titles (one of its labels per shortcut).
            let shortcutTexts = Set(WidgetTree.texts(under: shortcuts))
            for group in shortcuts.groups {
                XCTAssertTrue(shortcutTexts.contains(group.title), group.title)
                for shortcut in group.shortcuts {
                    XCTAssertTrue(shortcutTexts.contains(shortcut.title), shortcut.title)
                }
            }
        }
    }

    func testMessagesWithoutTranslationComeBackWhole() throws {
        try onMain {
            TranslationCatalogs.use("de", from: try TranslationCatalogs.make("de", in: folder))
            // Long enough that a freed temporary copy would be overwritten before it is read.
            let message = "Not in any catalog " + String(repeating: "ü", count: 300)
            XCTAssertEqual(tr(message), message)
            XCTAssertEqual(trn(message, message + "s", 2), message + "s")
            XCTAssertEqual(tr("Share"), "Teilen")
            XCTAssertEqual(
                trn("{shown} of {total} row", "{shown} of {total} rows", 1, ["shown": "1", "total": "1"]),
                "1 von 1 Zeile")
        }
    }

    func testGermanEverywhere() throws {
        try onMain {
            TranslationCatalogs.use("de", from: try TranslationCatalogs.make("de", in: folder))
            let main = try openEverything(
                catalog: Catalog.generate(count: 2_000, seed: 4), actions: ActionsList(generatedCount: 300))
            let texts = Set(WidgetTree.texts(under: main.window))

            for german in [
                "Aktionen", "Filter", "Filme", "Teilen", "Entfernen", "Kategorie", "Sortieren nach", "Titel", "Genre",
                "Hinzufügen", "Löschen", "Bearbeiten", "Komödie", "2,000 von 2,000 Zeilen", "Kein Film ausgewählt",
            ]
            where !texts.contains(german) {
                XCTFail("“\(german)” is not on screen")
            }
            for english in ["Actions", "Share", "Remove", "Sort by", "Comedy", "Edit", "Add", "Delete"]
            where texts.contains(english) {
                XCTFail("“\(english)” is still English")
            }
            XCTAssertTrue(
                texts.contains { $0.hasPrefix("Die Bibliotheksdatei war beschädigt") }, "the banner is German")
            XCTAssertTrue(main.notification.text.hasSuffix("gelöscht"), main.notification.text)
            XCTAssertEqual(ErrorDialog.shown.last?.titleText, "„missing.csv“ konnte nicht geöffnet werden")
            // Numbers follow the region (LC_NUMERIC), here C, not the language: 2,000 and 12.99.
            XCTAssertTrue(
                texts.contains { $0.hasPrefix("Preis ") && $0.contains(".99\u{2069} · ") },
                "prices are written as the region writes them")
            XCTAssertEqual(main.shortcutsWindow?.groups.first?.title, "Allgemein")
        }
    }
}
