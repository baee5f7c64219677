// SPDX-License-Identifier: GPL-3.0-or-later
import CatalogFormats
import FoldoutCore
import Gtk

extension LaunchRequest {
    /// A user's options, each with how it is read and what it says of a value that will not do;
    /// `--help` lists them in this order, and they are read in it.
    static var options: [ReadOption<LaunchRequest>] {
        [
            .text("page", tr("PAGE"), tr("Show PAGE first ({pages})", ["pages": Page.names])) {
                (request, name) throws(LaunchProblem) in
                guard let page = Page(rawValue: name.lowercased()) else {
                    throw LaunchProblem(
                        tr("unknown page “{page}” (pages: {pages})", ["page": name, "pages": Page.names]))
                }
                request.page = page
            },
            .text(
                "unfold", tr("ROW"),
                tr("Unfold row ROW of the Actions page, or of the results with --page filters (from 0)"),
                into: \.unfoldText),
            // Numbers arrive as strings: GApplication drops an integer option whose value is 0.
            .text(
                "catalog-size", tr("N"),
                tr(
                    "Generate a catalog of N items for the Filters page (default {count})",
                    ["count": NumberText.grouped(Catalog.generatedCount)])
            ) { (request, text) throws(LaunchProblem) in
                guard let size = Int(text), catalogSizes.contains(size) else {
                    throw LaunchProblem(
                        tr(
                            "--catalog-size must be a number from {low} to {high}, not “{value}”",
                            [
                                "low": String(catalogSizes.lowerBound),
                                "high": NumberText.grouped(catalogSizes.upperBound), "value": text,
                            ]))
                }
                request.catalog = .generated(count: size)
            },
            .file(
                "catalog", tr("FILE"),
                tr("Open the catalog FILE on the Filters page (CSV, TSV, JSON or a SQLite database; compressed too)")
            ) { (request, path) throws(LaunchProblem) in
                guard request.catalog == nil else {
                    throw LaunchProblem(tr("use either --catalog or --catalog-size, not both"))
                }
                request.catalog = .file(path: path, options: request.readOptions, atStart: true)
            },
            .text(
                "table", tr("NAME"), tr("Open the table NAME of a database, or the file NAME in a zip archive"),
                into: \.readOptions.table),
            .flag("in-memory", tr("Read a database’s table into memory, however large")) {
                $0.readOptions.residence = .inMemory
            },
            .flag("in-database", tr("Filter a PostgreSQL table in its server, however small, instead of reading it")) {
                (request) throws(LaunchProblem) in
                guard request.readOptions.residence == nil else {
                    throw LaunchProblem(tr("use either --in-memory or --in-database, not both"))
                }
                request.readOptions.residence = .inDatabase
            },
            .text(
                "encoding", tr("NAME"),
                tr("Read the catalog’s text in the character set NAME (such as WINDOWS-1252, UTF-16LE)"),
                into: \.readOptions.encoding),
            .text(
                "ragged-rows", tr("WHAT"),
                tr("Read a CSV’s rows with too few fields padded and those with too many left out (pad), or refuse it")
            ) { (request, text) throws(LaunchProblem) in
                guard let rule = CatalogReadOptions.RaggedRows(rawValue: text) else {
                    throw LaunchProblem(tr("--ragged-rows takes pad or refuse, not “{value}”", ["value": text]))
                }
                request.readOptions.raggedRows = rule
            },
            .text(
                "header-row", tr("N"),
                tr("Read a spreadsheet’s header from its row N (from 1), not from the row Foldout finds")
            ) { (request, text) throws(LaunchProblem) in
                guard let row = Int(text), row >= 1 else {
                    throw LaunchProblem(tr("--header-row takes a row number from 1, not “{value}”", ["value": text]))
                }
                request.readOptions.headerRow = row
            },
            .text(
                "open-facet", tr("FACET"), tr("Open the flyout of the facet named FACET on the Filters page"),
                into: \.filters.query.openFacet),
            filter(.choose, tr("Choose OPTION (or several, A,B) in the facet FACET on the Filters page")),
            filter(.exclude, tr("Show every option of the facet FACET but OPTION (or A,B)")),
            filter(.range, tr("Show the rows whose FACET lies from LOW to HIGH, either open (may be repeated)")),
            .text("search", tr("TEXT"), tr("Search the Filters page for TEXT"), into: \.filters.query.search),
            .text("sort", tr("COLUMN"), tr("Sort the Filters results by COLUMN (COLUMN:desc: largest first)")) {
                (request, text) throws(LaunchProblem) in
                guard let sort = SortRequest(text) else {
                    throw LaunchProblem(tr("--sort takes COLUMN or COLUMN:desc, not “{value}”", ["value": text]))
                }
                request.filters.query.sort = sort
            },
            .text(
                "measure", tr("AGGREGATE:COLUMN"),
                tr("Show beside each option of the Filters page’s flyouts the sum, mean, median, min or max of COLUMN")
            ) { (request, text) throws(LaunchProblem) in
                // Its column is checked against the catalog (CatalogQuery.measure).
                try checkMeasure(text, option: "--measure")
                request.filters.query.measure = text
            },
            .text(
                "view", tr("VIEW"),
                tr(
                    "Show the Filters results as rows, a table, a summary or groups (rows, table, summary, groups)"
                )
            ) { (request, text) throws(LaunchProblem) in
                guard let view = ResultsView(rawValue: text) else {
                    throw LaunchProblem(
                        tr("--view takes rows, table, summary or groups, not “{value}”", ["value": text]))
                }
                request.view = view
            },
            .text(
                "group-by", tr("COLUMNS"),
                tr(
                    "Group the Filters results by COLUMNS, outermost first (A,B; A:month for a date’s months)"
                )
            ) { (request, text) throws(LaunchProblem) in
                let levels = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard levels.allSatisfy(GroupingRequest.isWellFormed(level:)) else {
                    throw LaunchProblem(tr("--group-by takes COLUMN or A,B, not “{value}”", ["value": text]))
                }
                request.filters.query.grouping.levels = levels
            },
            .text(
                "fold-out", tr("GROUPS"),
                tr("Fold out the group GROUPS names in the Groups view, and those in it (UA,EWR)")
            ) { (request, text) throws(LaunchProblem) in
                request.filters.query.grouping.foldOut = text.split(separator: ",").map(String.init)
            },
            .texts(
                "aggregate", tr("AGGREGATE:COLUMN"),
                tr("Show beside each group the sum, mean, median, min or max of COLUMN (may be repeated)")
            ) { (request, text) throws(LaunchProblem) in
                try checkMeasure(text, option: "--aggregate")
                request.filters.query.grouping.aggregates.append(text)
            },
            .file(
                "export", tr("FILE"),
                tr("Write the rows the catalog’s filters and search match to FILE (CSV, or TSV for .tsv), then quit"),
                into: \.exportPath),
            .file(
                "summary", tr("FILE"),
                tr("Write a summary of every column of the rows matched to FILE (TSV, or CSV for .csv), then quit"),
                into: \.summaryPath),
            .file(
                "groups", tr("FILE"),
                tr("Write a row for each innermost group of --group-by to FILE (CSV, or TSV for .tsv), then quit"),
                into: \.groupsPath),
            .flag("edit", tr("Open the Edit pane of the Movies page"), sets: \.openEditPane),
            .flag("shortcuts", tr("Show the keyboard shortcuts window"), sets: \.showShortcuts),
            .flag("version", tr("Print the version and quit"), sets: \.printsVersion),
        ]
    }

    /// That `text` is `AGGREGATE:COLUMN`, as `option` takes it (its column is checked where the
    /// table is).
    private static func checkMeasure(_ text: String, option: String) throws(LaunchProblem) {
        guard let colon = text.firstIndex(of: ":"), FacetMeasure.aggregate(named: String(text[..<colon])) != nil,
            text.index(after: colon) < text.endIndex
        else {
            throw LaunchProblem(
                tr(
                    "{option} takes AGGREGATE:COLUMN (sum, mean, median, min or max), not “{value}”",
                    ["option": option, "value": text]))
        }
    }

    /// `--choose`, `--exclude` (once each) or `--range` (as often as asked): one facet's filter.
    private static func filter(_ kind: FilterRequest.Kind, _ description: String) -> ReadOption<LaunchRequest> {
        let form = kind == .range ? "FACET=LOW..HIGH" : "FACET=OPTION"
        let read: (inout LaunchRequest, String) throws(LaunchProblem) -> Void = {
            (request, text) throws(LaunchProblem) in
            guard let filter = FilterRequest(kind, text), filter.isWellFormed else {
                throw LaunchProblem(
                    tr(
                        "--{option} takes {form}, not “{value}”",
                        ["option": kind.rawValue, "form": form, "value": text]))
            }
            request.filters.query.filters.append(filter)
        }
        let argument = kind == .range ? tr("FACET=LOW..HIGH") : tr("FACET=OPTION")
        return kind == .range
            ? .texts(kind.rawValue, argument, description, read: read)
            : .text(kind.rawValue, argument, description, read: read)
    }
}
