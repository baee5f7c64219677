// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// What one launch's command line asks of the window, the first launch's or a later one's, read
/// from the options GApplication parsed. Each value is checked as it is read; what can only be
/// checked against a catalog (a facet, an option, a column) is checked where the catalog is.
@MainActor
struct LaunchRequest {
    enum CatalogChoice {
        /// A file: with `--catalog`, read before the window opens; as an argument (what a file
        /// manager passes), read in the window with its progress.
        case file(path: String, options: CatalogReadOptions, atStart: Bool)
        case generated(count: Int)
    }

    /// Where a database's table is filtered: read into memory, or in its server.
    enum Residence { case inMemory, inDatabase }

    static let actionsCount = 10_000
    static let catalogSizes = 1...50_000_000

    var page: Page?
    var unfoldRow: Int?
    var catalog: CatalogChoice?
    /// What the Filters page is asked to do once its catalog is shown.
    var filters = LaunchFilters()
    /// How the Filters results show (`--view table`); nil: as they were.
    var view: ResultsView?
    var openEditPane = false
    var showShortcuts = false
    /// `--export FILE`: the matching rows are written there, without a window.
    var exportPath: String?
    /// `--summary FILE`: the summary of every column over the matching rows, without a window.
    var summaryPath: String?
    var printsVersion = false
    /// `--table` and `--encoding`: how the catalog is read, whether `--catalog` or an argument names it.
    private var readOptions = CatalogReadOptions()
    /// `--in-memory` or `--in-database`; nil: in the server for `--export` of a large table.
    var residence: Residence?

    /// A launch that asks for nothing (the desktop's, D-Bus activation's).
    static var none: LaunchRequest { LaunchRequest() }

    private init() {}

    /// Reads `parsed`; the problem is one line, for the launching process's standard error.
    init(_ parsed: ParsedOptions) throws(LaunchProblem) {
        printsVersion = parsed.contains(Self.version)
        exportPath = parsed.filename(Self.export)
        summaryPath = parsed.filename(Self.summary)
        if let name = parsed.string(Self.page) {
            guard let page = Page(rawValue: name.lowercased()) else {
                throw LaunchProblem(
                    tr("unknown page “{page}” (pages: {pages})", ["page": name, "pages": Page.names]))
            }
            self.page = page
        }
        try readCatalog(parsed)
        try readResidence(parsed)
        try readFilters(parsed)
        if let text = parsed.string(Self.unfold) {
            // A row of the results is checked once they are shown (FiltersPage+Requests.swift).
            let bound = firstPage == .filters ? Int.max : Self.actionsCount
            guard let row = Int(text), row >= 0 && row < bound else {
                throw LaunchProblem(Self.noRowToUnfold(text, count: bound == .max ? nil : bound))
            }
            unfoldRow = row
        }
        if let text = parsed.string(Self.view) {
            guard let view = ResultsView(rawValue: text) else {
                throw LaunchProblem(tr("--view takes rows, table or summary, not “{value}”", ["value": text]))
            }
            self.view = view
        }
        openEditPane = parsed.contains(Self.edit)
        showShortcuts = parsed.contains(Self.shortcuts)
    }

    private mutating func readCatalog(_ parsed: ParsedOptions) throws(LaunchProblem) {
        readOptions = CatalogReadOptions(encoding: parsed.string(Self.encoding), table: parsed.string(Self.table))
        if let text = parsed.string(Self.catalogSize) {
            guard let size = Int(text), Self.catalogSizes.contains(size) else {
                throw LaunchProblem(
                    tr(
                        "--catalog-size must be a number from {low} to {high}, not “{value}”",
                        [
                            "low": String(Self.catalogSizes.lowerBound),
                            "high": NumberText.grouped(Self.catalogSizes.upperBound), "value": text,
                        ]))
            }
            catalog = .generated(count: size)
        }
        if let path = parsed.filename(Self.catalogFile) {
            guard catalog == nil else { throw LaunchProblem(tr("use either --catalog or --catalog-size, not both")) }
            catalog = .file(path: path, options: readOptions, atStart: true)
        }
    }

    private mutating func readResidence(_ parsed: ParsedOptions) throws(LaunchProblem) {
        switch (parsed.contains(Self.inMemory), parsed.contains(Self.inDatabase)) {
        case (true, true): throw LaunchProblem(tr("use either --in-memory or --in-database, not both"))
        case (true, false): residence = .inMemory
        case (false, true):
            guard exportPath != nil else {
                throw LaunchProblem(tr("--in-database works with --export only; the window reads a table into memory"))
            }
            residence = .inDatabase
        case (false, false): break
        }
    }

    private mutating func readFilters(_ parsed: ParsedOptions) throws(LaunchProblem) {
        var asked: [(FilterRequest.Kind, String)] = []
        if let text = parsed.string(Self.choose) { asked.append((.choose, text)) }
        if let text = parsed.string(Self.exclude) { asked.append((.exclude, text)) }
        for text in parsed.strings(Self.range) { asked.append((.range, text)) }
        for (kind, text) in asked {
            guard let request = FilterRequest(kind, text), request.isWellFormed else {
                throw LaunchProblem(
                    tr(
                        "--{option} takes {form}, not “{value}”",
                        [
                            "option": kind.rawValue, "form": kind == .range ? "FACET=LOW..HIGH" : "FACET=OPTION",
                            "value": text,
                        ]))
            }
            filters.query.filters.append(request)
        }
        filters.query.search = parsed.string(Self.search)
        if let text = parsed.string(Self.sort) {
            guard let sort = SortRequest(text) else {
                throw LaunchProblem(tr("--sort takes COLUMN or COLUMN:desc, not “{value}”", ["value": text]))
            }
            filters.query.sort = sort
        }
        filters.query.openFacet = parsed.string(Self.openFacet)
        if let text = parsed.string(Self.measure) {
            // Its column is checked against the catalog (CatalogQuery.measure).
            guard let colon = text.firstIndex(of: ":"), FacetMeasure.aggregate(named: String(text[..<colon])) != nil,
                text.index(after: colon) < text.endIndex
            else {
                throw LaunchProblem(
                    tr(
                        "--measure takes AGGREGATE:COLUMN (sum, mean, median, min or max), not “{value}”",
                        ["value": text]))
            }
            filters.query.measure = text
        }
    }

    /// A file given as an argument (a file manager's, a desktop file's %F), unless an option chose
    /// the catalog.
    mutating func take(files: [String]) {
        guard catalog == nil, let file = files.first else { return }
        catalog = .file(path: file, options: readOptions, atStart: false)
        if page == nil { page = .filters }
    }

    /// Whether the request is for the Filters page, which the window then shows.
    var concernsFilters: Bool { catalog != nil || !filters.isEmpty || view != nil }

    /// The page to show: the one asked for, or the Filters page for a request about it.
    var firstPage: Page? { page ?? (concernsFilters ? .filters : nil) }
}

extension LaunchRequest {
    /// "no row “20000” to unfold (rows: 0 to 9,999)"; with no count, only the row.
    static func noRowToUnfold(_ row: String, count: Int?) -> String {
        guard let count, count > 0 else { return tr("no row “{row}” to unfold", ["row": row]) }
        return tr(
            "no row “{row}” to unfold (rows: 0 to {last})", ["row": row, "last": NumberText.grouped(count - 1)])
    }
}

// MARK: The options

extension LaunchRequest {
    static var options: [CommandLineOption] {
        [
            page, unfold, catalogSize, catalogFile, table, inMemory, inDatabase, encoding, openFacet, choose, exclude,
            range, search, sort, measure, view, export, summary, edit, shortcuts, version,
        ]
    }

    static var page: CommandLineOption {
        .init(
            name: "page", kind: .string, description: tr("Show PAGE first ({pages})", ["pages": Page.names]),
            argument: tr("PAGE"))
    }
    static var unfold: CommandLineOption {
        .init(
            name: "unfold", kind: .string,
            description: tr("Unfold row ROW of the Actions page, or of the results with --page filters (from 0)"),
            argument: tr("ROW"))
    }
    // Numbers arrive as strings: GApplication drops an integer option whose value is 0.
    static var catalogSize: CommandLineOption {
        .init(
            name: "catalog-size", kind: .string,
            description: tr(
                "Generate a catalog of N items for the Filters page (default {count})",
                ["count": NumberText.grouped(Catalog.generatedCount)]), argument: tr("N"))
    }
    static var catalogFile: CommandLineOption {
        .init(
            name: "catalog", kind: .filename,
            description: tr(
                "Open the catalog FILE on the Filters page (CSV, TSV, JSON or a SQLite database; compressed too)"),
            argument: tr("FILE"))
    }
    static var table: CommandLineOption {
        .init(
            name: "table", kind: .string,
            description: tr("Open the table NAME of a database, or the file NAME in a zip archive"),
            argument: tr("NAME"))
    }
    static var inMemory: CommandLineOption {
        .init(
            name: "in-memory", kind: .flag,
            description: tr("Read a database’s table into memory, however large (the window always does)"),
            argument: nil)
    }
    static var inDatabase: CommandLineOption {
        .init(
            name: "in-database", kind: .flag,
            description: tr("With --export, filter a PostgreSQL table in its server instead of reading it"),
            argument: nil)
    }
    static var encoding: CommandLineOption {
        .init(
            name: "encoding", kind: .string,
            description: tr("Read the catalog’s text in the character set NAME (such as WINDOWS-1252, UTF-16LE)"),
            argument: tr("NAME"))
    }
    static var openFacet: CommandLineOption {
        .init(
            name: "open-facet", kind: .string,
            description: tr("Open the flyout of the facet named FACET on the Filters page"), argument: tr("FACET"))
    }
    static var choose: CommandLineOption {
        .init(
            name: "choose", kind: .string,
            description: tr("Choose OPTION (or several, A,B) in the facet FACET on the Filters page"),
            argument: tr("FACET=OPTION"))
    }
    static var exclude: CommandLineOption {
        .init(
            name: "exclude", kind: .string, description: tr("Show every option of the facet FACET but OPTION (or A,B)"),
            argument: tr("FACET=OPTION"))
    }
    static var range: CommandLineOption {
        .init(
            name: "range", kind: .strings,
            description: tr("Show the rows whose FACET lies from LOW to HIGH, either open (may be repeated)"),
            argument: tr("FACET=LOW..HIGH"))
    }
    static var search: CommandLineOption {
        .init(name: "search", kind: .string, description: tr("Search the Filters page for TEXT"), argument: tr("TEXT"))
    }
    static var sort: CommandLineOption {
        .init(
            name: "sort", kind: .string,
            description: tr("Sort the Filters results by COLUMN (COLUMN:desc: largest first)"), argument: tr("COLUMN"))
    }
    static var measure: CommandLineOption {
        .init(
            name: "measure", kind: .string,
            description: tr(
                "Show beside each option of the Filters page’s flyouts the sum, mean, median, min or max of COLUMN"),
            argument: tr("AGGREGATE:COLUMN"))
    }
    static var view: CommandLineOption {
        .init(
            name: "view", kind: .string,
            description: tr(
                "Show the Filters results as rows, a table or a summary of every column (rows, table, summary)"),
            argument: tr("VIEW"))
    }
    static var summary: CommandLineOption {
        .init(
            name: "summary", kind: .filename,
            description: tr(
                "Write a summary of every column of the rows matched to FILE (TSV, or CSV for .csv), then quit"),
            argument: tr("FILE"))
    }
    static var export: CommandLineOption {
        .init(
            name: "export", kind: .filename,
            description: tr(
                "Write the rows the catalog’s filters and search match to FILE (CSV, or TSV for .tsv), then quit"),
            argument: tr("FILE"))
    }
    static var edit: CommandLineOption {
        .init(name: "edit", kind: .flag, description: tr("Open the Edit pane of the Movies page"), argument: nil)
    }
    static var shortcuts: CommandLineOption {
        .init(name: "shortcuts", kind: .flag, description: tr("Show the keyboard shortcuts window"), argument: nil)
    }
    static var version: CommandLineOption {
        .init(name: "version", kind: .flag, description: tr("Print the version and quit"), argument: nil)
    }
}
