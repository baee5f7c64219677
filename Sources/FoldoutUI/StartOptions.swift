// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Glibc
import Gtk

/// What a command line asks for, as typed values, each checked as it is read: a problem is one
/// line, which the launch prints before it exits with status 2.
@MainActor
struct StartOptions {
    static let actionsCount = 10_000
    static let catalogSizes = 1...50_000_000
    static let windowSizes: ClosedRange<Int32> = 200...16_384
    static let benchmarkCounts = 1...100_000

    /// The page `--page` asks for (or a benchmark needs).
    var requestedPage: Page?
    var unfoldRow: Int?
    var catalog = CatalogSource.generated(count: FoldoutApplication.defaultCatalogSize)
    /// A catalog file (`--catalog`), read before the window opens or, by a later launch, in it.
    var catalogPath: String?
    /// How to read the catalog file: its table (`--table`) and character set (`--encoding`).
    var readOptions = CatalogReadOptions()
    /// Whether the command line said which catalog to show (a file or a size).
    var catalogChosen = false
    /// The name of the facet whose flyout is opened, as the catalog names it once checked.
    var openFacet: String?
    /// Filters to set at start or in the running window: `--choose`, `--exclude`, `--range`.
    var filters: [FilterRequest] = []
    /// Text to search the Filters page for at start.
    var search: String?
    /// The column to sort the Filters results by (`--sort NAME` or `NAME:desc`), checked against
    /// the catalog once it is read.
    var sort: (column: String, descending: Bool)?
    /// Whether the Filters results show as a table (`--view table`) or rows; nil: as they were.
    var showsTable: Bool?
    var openEditPane = false
    var showShortcuts = false
    /// The window's size asked for with `--window-size` (screenshots of narrow and wide windows).
    var windowSize: (width: Int32, height: Int32)?
    var screenshot: String?
    var quitAfterFirstFrame = false
    var benchmark: BenchmarkRun.Mode?

    /// A run that quits by itself (a screenshot, a benchmark): it neither reads nor keeps what the
    /// user did last, and never hands its work to an instance that runs already.
    var isOneShot: Bool { screenshot != nil || quitAfterFirstFrame || benchmark != nil }

    /// Reads what any launch may ask of the window, the first or a later one; returns the first
    /// problem.
    mutating func readWindowOptions(_ parsed: ParsedOptions) -> String? {
        if let name = parsed.string(.page) {
            guard let page = Page(rawValue: name) else {
                return tr("unknown page “{page}” (pages: {pages})", ["page": name, "pages": Page.names])
            }
            requestedPage = page
        }
        if let text = parsed.string(.unfold) {
            guard let row = Int(text), row >= 0 && row < Self.actionsCount else {
                return tr(
                    "no row “{row}” to unfold (rows: 0 to {last})",
                    ["row": text, "last": String(Self.actionsCount - 1)])
            }
            unfoldRow = row
        }
        if let text = parsed.string(.catalogSize) {
            guard let size = Int(text), Self.catalogSizes.contains(size) else {
                return tr(
                    "--catalog-size must be a number from {low} to {high}, not “{value}”",
                    [
                        "low": String(Self.catalogSizes.lowerBound),
                        "high": NumberText.grouped(Self.catalogSizes.upperBound),
                        "value": text,
                    ])
            }
            catalog = .generated(count: size)
            catalogChosen = true
        }
        if let path = parsed.filename(.catalog) {
            guard !parsed.contains(.catalogSize) else { return tr("use either --catalog or --catalog-size, not both") }
            catalogPath = path
            catalogChosen = true
        }
        readOptions = CatalogReadOptions(encoding: parsed.string(.encoding), table: parsed.string(.table))
        openFacet = parsed.string(.openFacet)
        var asked: [(FilterRequest.Kind, String)] = []
        if let text = parsed.string(.choose) { asked.append((.choose, text)) }
        if let text = parsed.string(.exclude) { asked.append((.exclude, text)) }
        for text in parsed.strings(CommandLineOption.range.rawValue) { asked.append((.range, text)) }
        for (kind, text) in asked {
            guard let request = FilterRequest(kind, text), request.isWellFormed else {
                return tr(
                    "--{option} takes {form}, not “{value}”",
                    [
                        "option": kind.rawValue, "form": kind == .range ? "FACET=LOW..HIGH" : "FACET=OPTION",
                        "value": text,
                    ])
            }
            filters.append(request)
        }
        search = parsed.string(.search)
        if let text = parsed.string(.sort) {
            let descending = text.lowercased().hasSuffix(":desc")
            let name =
                descending || text.lowercased().hasSuffix(":asc") ? String(text[..<text.lastIndex(of: ":")!]) : text
            guard !name.isEmpty else { return tr("--sort takes COLUMN or COLUMN:desc, not “{value}”", ["value": text]) }
            sort = (name, descending)
        }
        if let text = parsed.string(.view) {
            guard text == "rows" || text == "table" else {
                return tr("--view takes rows or table, not “{value}”", ["value": text])
            }
            showsTable = text == "table"
        }
        openEditPane = parsed.contains(.edit)
        showShortcuts = parsed.contains(.shortcuts)
        return nil
    }

    /// Reads what only the launching process acts on: screenshots, benchmarks, the window's size.
    mutating func readOneShotOptions(_ parsed: ParsedOptions) -> String? {
        if let text = parsed.string(.windowSize) {
            let parts = text.split(separator: "x").compactMap { Int32($0) }
            guard parts.count == 2, Self.windowSizes.contains(parts[0]), Self.windowSizes.contains(parts[1]) else {
                return "--window-size takes WIDTHxHEIGHT in pixels, not “\(text)”"
            }
            windowSize = (parts[0], parts[1])
        }
        let benchmarks: [(CommandLineOption, (Int) -> BenchmarkRun.Mode, Page)] = [
            (.benchScroll, BenchmarkRun.Mode.scroll(frames:), .filters),
            (.benchUnfold, BenchmarkRun.Mode.unfold(cycles:), .actions),
            (.benchDrag, BenchmarkRun.Mode.drag(frames:), .filters),
        ]
        for (option, mode, page) in benchmarks {
            guard let text = parsed.string(option) else { continue }
            guard let count = Int(text), Self.benchmarkCounts.contains(count) else {
                return "--\(option.rawValue) needs a number from 1 to 100,000, not “\(text)”"
            }
            benchmark = mode(count)
            requestedPage = page
        }
        if parsed.contains(.quitWhenReady) { benchmark = .quitWhenReady }
        if let path = parsed.filename(.screenshot) {
            if let problem = Self.writeProblem(path) {
                return tr("cannot write screenshot to “{file}”: {reason}", ["file": path, "reason": problem])
            }
            screenshot = path
        }
        quitAfterFirstFrame = parsed.contains(.quitAfterFirstFrame)
        return nil
    }

    /// Reads `--catalog` now (a file that cannot be used is the launch's problem) and checks the
    /// facets named against the catalog; for the process that shows the window.
    mutating func loadCatalog() -> String? {
        if let path = catalogPath {
            do {
                catalog = .loaded(try CatalogReader.load(path: path, options: readOptions))
            } catch {
                return tr("cannot open catalog “{file}”: {reason}", ["file": path, "reason": error.description])
            }
        }
        if let name = openFacet {
            guard let facet = Self.facet(named: name, in: catalog) else { return unknownFacet(name) }
            openFacet = facet
        }
        if case .loaded(let loaded) = catalog, let sort, Self.sortKey(sort, in: loaded) == nil {
            return Self.unknownColumn(sort.column, in: loaded)
        }
        if case .loaded(let loaded) = catalog, !filters.isEmpty {
            let trial = FacetFilter(catalog: loaded)
            for request in filters { if let problem = trial.apply(request) { return problem } }
        } else if case .generated = catalog {
            let names = ["Name"] + Catalog.generatedFacetNames
            for request in filters where Self.facet(named: request.facet, in: catalog) == nil {
                guard names.contains(where: { $0.lowercased() == request.facet.lowercased() }) else {
                    return unknownFacet(request.facet)
                }
            }
        }
        return nil
    }

    /// The order `sort` names in `catalog` (the column's name in any case), if it has the column.
    static func sortKey(_ sort: (column: String, descending: Bool), in catalog: Catalog) -> CatalogSortKey? {
        let column =
            catalog.column(named: sort.column)
            ?? catalog.columns.firstIndex { $0.name.lowercased() == sort.column.lowercased() }
        return column.map { CatalogSortKey(column: $0, descending: sort.descending) }
    }

    static func unknownColumn(_ name: String, in catalog: Catalog) -> String {
        tr(
            "unknown column “{column}” (columns: {columns})",
            ["column": name, "columns": catalog.columns.map(\.name).joined(separator: ", ")])
    }

    /// The facet's name as the catalog spells it, for a name given in any case (or in English for
    /// the generated catalog, whose names are translated).
    private static func facet(named name: String, in source: CatalogSource) -> String? {
        let facets = facetNames(of: source)
        if let facet = facets.first(where: { $0.lowercased() == name.lowercased() }) { return facet }
        guard let english = Catalog.generatedFacetNames.firstIndex(where: { $0.lowercased() == name.lowercased() })
        else {
            return nil
        }
        let translated = tr(Catalog.generatedFacetNames[english])
        return facets.contains(translated) ? translated : nil
    }

    private func unknownFacet(_ name: String) -> String {
        tr(
            "unknown facet “{facet}” (facets: {facets})",
            ["facet": name, "facets": Self.facetNames(of: catalog).joined(separator: ", ")])
    }

    /// The names of the facets the generated catalog shows at first, or every column of a file.
    private static func facetNames(of source: CatalogSource) -> [String] {
        switch source {
        case .generated: Catalog.generatedFacetNames.map { tr($0) }
        case .loaded(let catalog): catalog.columns.map(\.name)  // any column can be made a facet
        case .file: []  // known once the file is read
        }
    }

    /// Why `path` cannot be written, or nil if it can.
    static func writeProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return tr("it is a folder") }
            return access(path, W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let target = folder.isEmpty ? "/" : folder
        return access(target, W_OK) == 0 ? nil : "\(target): \(String(cString: strerror(errno)))"
    }
}
