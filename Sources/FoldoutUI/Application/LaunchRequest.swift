// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

/// What one launch's command line asks of the window, the first launch's or a later one's, read
/// from the options GApplication parsed, each by its declaration (`LaunchRequest+Options.swift`).
/// Each value is checked as it is read; what can only be checked against a catalog (a facet, an
/// option, a column) is checked where the catalog is.
@MainActor
struct LaunchRequest {
    enum CatalogChoice {
        /// A file: with `--catalog`, read before the window opens; as an argument (what a file
        /// manager passes), read in the window with its progress.
        case file(path: String, options: CatalogReadOptions, atStart: Bool)
        case generated(count: Int)
    }

    static let actionsCount = 10_000
    static let catalogSizes = 1...50_000_000

    var page: Page?
    var unfoldRow: Int?
    /// `--unfold`'s value, checked once the page it unfolds on is known.
    var unfoldText: String?
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
    /// `--groups FILE`: the innermost groups of `--group-by`, without a window.
    var groupsPath: String?
    var printsVersion = false
    /// `--table` and `--encoding`: how the catalog is read, whether `--catalog` or an argument names it.
    var readOptions = CatalogReadOptions()

    /// A launch that asks for nothing (the desktop's, D-Bus activation's).
    static var none: LaunchRequest { LaunchRequest() }

    private init() {}

    /// Reads `parsed`, option by option in the order of `options`, then what depends on several;
    /// the problem is one line, for the launching process's standard error.
    init(_ parsed: ParsedOptions) throws(LaunchProblem) {
        for option in Self.options { try option.read(into: &self, from: parsed) }
        if let text = unfoldText {
            // A row of the results is checked once they are shown (FiltersLaunchRequests.swift).
            let bound = unfoldsAResult ? Int.max : Self.actionsCount
            guard let row = Int(text), row >= 0 && row < bound else {
                throw LaunchProblem(Self.noRowToUnfold(text, count: bound == .max ? nil : bound))
            }
            unfoldRow = row
        }
        // --table, --encoding, --ragged-rows and --header-row are declared after --catalog.
        if case .file(let path, _, let atStart)? = catalog {
            catalog = .file(path: path, options: readOptions, atStart: atStart)
        }
        if readOptions.residence == .inDatabase, case .file(let path, _, _)? = catalog, !DatabaseAddress.isAddress(path)
        {
            throw LaunchProblem(tr("--in-database needs a PostgreSQL table (postgresql://…)"))
        }
    }

    /// Whether `--unfold` names a row of the Filters results rather than of the Actions page: the
    /// Filters page, a catalog or a filter is asked for (`--view` alone has never counted).
    private var unfoldsAResult: Bool {
        page == .filters || (page == nil && (catalog != nil || !filters.isEmpty))
    }

    /// A file given as an argument (a file manager's, a desktop file's %F), unless an option chose
    /// the catalog.
    mutating func take(files: [String]) {
        guard catalog == nil, let file = files.first else { return }
        catalog = .file(path: file, options: readOptions, atStart: false)
        if page == nil { page = .filters }
    }

    /// A catalog as a command line names it: a file's path resolved (`resolve`, against the
    /// launch's working folder), a database's address as it is (a connection string of keywords
    /// would be taken for a relative path).
    static func catalogPath(_ argument: String, resolve: (String) -> String) -> String {
        DatabaseAddress.isAddress(argument) ? argument : resolve(argument)
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
