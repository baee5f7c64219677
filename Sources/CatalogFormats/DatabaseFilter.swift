// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// What a table in a database server is filtered by, as `FacetFilter` filters a catalog: per
/// option facet its ticked options (indices in `DatabaseTable.options`, "No value", excluded),
/// per range facet its range (in the column's numbers), a search and a sort order.
public struct DatabaseFilter: Hashable, Sendable {
    public var selections: [Int: FacetSelection] = [:]
    public var ranges: [Int: FacetRange] = [:]
    /// Rows whose search columns contain this text, ignoring case (`ILIKE`); "" searches nothing.
    public var search = ""
    public var searchColumns: [Int] = []
    /// The results' order: a column (missing values last), or the table's key.
    public var sort: CatalogSortKey?

    public init() {}

    /// Whether `column`'s facet filters.
    public func filters(_ column: Int) -> Bool { selections[column] != nil || ranges[column] != nil }

    /// Sets a selection, or ends it when nothing is ticked.
    public mutating func select(_ selection: FacetSelection, inColumn column: Int) {
        selections[column] = selection.isEmpty && !selection.excluded ? nil : selection
    }

    /// Sets a range, or ends it when it lets every row through.
    public mutating func setRange(_ range: FacetRange?, forColumn column: Int) {
        ranges[column] = range?.isEverything == true ? nil : range
    }
}

/// The values a statement binds, each added where it is used and named by its placeholder:
/// `$1`, `$2`… for a statement sent with `PQexecParams`, or `current_setting('foldout.p1')` for
/// a `COPY`, which takes no parameters (the values are set beforehand with `set_config`).
struct DatabaseParameters {
    enum Style { case bound, settings }

    let style: Style
    private(set) var values: [String] = []

    init(_ style: Style = .bound) { self.style = style }

    /// The placeholder of `value`, cast to `type`.
    mutating func add(_ value: String, as type: String) -> String {
        values.append(value)
        let placeholder =
            style == .bound ? "$" + String(values.count) : "current_setting('foldout.p" + String(values.count) + "')"
        return "(" + placeholder + ")::" + type
    }

    /// `texts` as one array value (`{"a","b"}`), cast to an array of `type`.
    mutating func add(array texts: [String], of type: String) -> String {
        let elements = texts.map { "\"" + $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
        return add("{" + elements.joined(separator: ",") + "}", as: type + "[]")
    }

    /// `text` as an `ILIKE` pattern that finds it anywhere: `%`, `_` and `\` in it taken literally.
    mutating func add(containing text: String) -> String {
        let escaped = text.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_")
        return add("%" + escaped + "%", as: "text")
    }
}
