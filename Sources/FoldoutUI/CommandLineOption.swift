// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Every command-line option Foldout has, declared once: its name, the kind of value it takes and
/// what `--help` says of it. The hidden ones are automation (tests, benchmarks, screenshots).
enum CommandLineOption: String, CaseIterable {
    case page, unfold
    case catalogSize = "catalog-size"
    case catalog, table, encoding
    case openFacet = "open-facet"
    case choose, exclude, range, search
    case export, sort, view
    case screenshot, edit, shortcuts
    case quitAfterFirstFrame = "quit-after-first-frame"
    case version
    case listMovies = "list-movies"
    case touchLibrary = "touch-library"
    case benchScroll = "bench-scroll"
    case benchUnfold = "bench-unfold"
    case benchDrag = "bench-drag"
    case windowSize = "window-size"
    case quitWhenReady = "quit-when-ready"

    var kind: Application.OptionKind {
        switch self {
        case .catalog, .screenshot, .export: .filename
        case .edit, .shortcuts, .quitAfterFirstFrame, .version, .listMovies, .touchLibrary, .quitWhenReady: .flag
        // Numbers arrive as strings: GApplication drops an integer option whose value is 0.
        case .page, .unfold, .catalogSize, .table, .encoding, .openFacet, .choose, .exclude, .search, .sort, .view,
            .benchScroll,
            .benchUnfold, .benchDrag, .windowSize:
            .string
        case .range: .strings
        }
    }

    var isHidden: Bool {
        switch self {
        case .listMovies, .touchLibrary, .benchScroll, .benchUnfold, .benchDrag, .windowSize, .quitWhenReady: true
        default: false
        }
    }

    /// What `--help` says, and the name of the value (translated, except for hidden options).
    var help: (description: String, argument: String?) {
        switch self {
        case .page: (tr("Show PAGE first ({pages})", ["pages": Page.names]), tr("PAGE"))
        case .unfold:
            (tr("Unfold row ROW of the Actions page, or of the results with --page filters (from 0)"), tr("ROW"))
        case .catalogSize:
            (
                tr(
                    "Generate a catalog of N items for the Filters page (default {count})",
                    ["count": NumberText.grouped(FoldoutApplication.defaultCatalogSize)]), tr("N")
            )
        case .catalog:
            (
                tr(
                    "Open the catalog FILE on the Filters page (CSV, TSV, JSON or a SQLite database; compressed too)"),
                tr("FILE")
            )
        case .table: (tr("Open the table NAME of a database, or the file NAME in a zip archive"), tr("NAME"))
        case .encoding:
            (tr("Read the catalog’s text in the character set NAME (such as WINDOWS-1252, UTF-16LE)"), tr("NAME"))
        case .openFacet: (tr("Open the flyout of the facet named FACET on the Filters page"), tr("FACET"))
        case .choose:
            (tr("Choose OPTION (or several, A,B) in the facet FACET on the Filters page"), tr("FACET=OPTION"))
        case .exclude: (tr("Show every option of the facet FACET but OPTION (or A,B)"), tr("FACET=OPTION"))
        case .range:
            (
                tr("Show the rows whose FACET lies from LOW to HIGH, either open (may be repeated)"),
                tr("FACET=LOW..HIGH")
            )
        case .search: (tr("Search the Filters page for TEXT"), tr("TEXT"))
        case .sort: (tr("Sort the Filters results by COLUMN (COLUMN:desc: largest first)"), tr("COLUMN"))
        case .view: (tr("Show the Filters results as rows or as a table (rows, table)"), tr("VIEW"))
        case .export:
            (
                tr("Write the rows the catalog’s filters and search match to FILE (CSV, or TSV for .tsv), then quit"),
                tr("FILE")
            )
        case .screenshot: (tr("Write the window to FILE.png after its first frame, then quit"), tr("FILE.png"))
        case .edit: (tr("Open the Edit pane of the Movies page"), nil)
        case .shortcuts: (tr("Show the keyboard shortcuts window (with --screenshot, its picture is taken)"), nil)
        case .quitAfterFirstFrame: (tr("Quit once the first frame is painted"), nil)
        case .version: (tr("Print the version and quit"), nil)
        case .listMovies: ("Print the movie library's titles and genres, then quit", nil)
        case .touchLibrary: ("Load the movie library and save it again, then quit", nil)
        case .benchScroll: ("Benchmark: scroll the Filters results for FRAMES frames", "FRAMES")
        case .benchUnfold: ("Benchmark: unfold and fold CYCLES Actions rows", "CYCLES")
        case .benchDrag: ("Benchmark: drag a range end on the Filters page for FRAMES frames", "FRAMES")
        case .windowSize: ("The window's size, WIDTHxHEIGHT (for screenshots)", "WxH")
        case .quitWhenReady: ("Benchmark: quit after the first frame that shows the page's data", nil)
        }
    }

    /// Declares every option to GApplication, which parses them and lists them in `--help`.
    @MainActor static func declare(on application: Application) {
        application.setOptionSummary(tr("Foldout shows the things that fold out of a list, done right."))
        for option in allCases {
            let help = option.help
            application.addOption(
                option.rawValue, kind: option.kind, description: help.description,
                argument: help.argument, hidden: option.isHidden)
        }
    }

    /// What GLib would refuse in `arguments` (an unknown option, a value missing), said in one line
    /// as Foldout's own errors are, before GLib says it its own way and exits with status 1.
    static func problem(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            guard argument.hasPrefix("-"), argument != "-" else { continue }
            if argument.hasPrefix("--help") || argument == "-h" || argument == "-?"
                || argument.hasPrefix("--gapplication-")
            {
                continue
            }
            let name = argument.hasPrefix("--") ? String(argument.dropFirst(2).prefix { $0 != "=" }) : ""
            guard let option = CommandLineOption(rawValue: name) else {
                return tr("unknown option “{option}” (see foldout --help)", ["option": argument])
            }
            if option.kind != .flag && !argument.contains("=") {
                guard index < arguments.count else { return tr("{option} needs a value", ["option": argument]) }
                index += 1
            }
        }
        return nil
    }
}

@MainActor
extension ParsedOptions {
    func contains(_ option: CommandLineOption) -> Bool { contains(option.rawValue) }
    func string(_ option: CommandLineOption) -> String? { string(option.rawValue) }
    func filename(_ option: CommandLineOption) -> String? { filename(option.rawValue) }
}
