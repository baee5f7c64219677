// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// A column of a table filtered in its database server, and the SQL that reads it as a catalog's
/// column reads: its kind from its type (as `PostgresTable` reads it), the expression of its
/// shown value, of its number (days for dates, seconds for date-times) and of its sort order.
/// Every expression holds only the column's name, quoted by libpq; values are bound elsewhere.
public struct DatabaseColumn: Sendable, Equatable {
    public let name: String
    /// The name quoted as an SQL identifier.
    let quoted: String
    /// The type's category (`pg_type.typcategory`) and name (`typname`; a domain's base type's).
    let category: String
    let baseType: String
    /// The type's name as the server writes it (`integer`, `numeric`, `"my schema".mood`).
    public let typeName: String

    /// What the catalog calls it: numbers, dates and date-times have ranges; the rest (booleans
    /// too: "true" or "false") is text.
    public var kind: CatalogColumn.Kind {
        if isText || category == "B" { return .text }
        if category == "N" { return .number }
        return baseType == "date" ? .date : .dateTime
    }

    var isText: Bool { PostgresTable.Column(name: name, category: category, type: baseType).isText }
    var isWholeNumber: Bool { ["int2", "int4", "int8"].contains(baseType) }

    /// The value as the catalog shows it (and the export writes it): a timestamp with a time
    /// zone as the session's wall time, a boolean as true or false, an empty text as no value.
    var shown: String {
        if isText { return "NULLIF(" + quoted + "::text, '')" }
        return PostgresTable.Column(name: name, category: category, type: baseType).selected(quoted)
    }

    /// The type of `shown`, that a bound option's text is cast to.
    var shownType: String {
        if isText || category == "B" { return "text" }
        return baseType == "timestamptz" ? "timestamp" : typeName
    }

    /// `shown`, but for text the column itself: equal to it for every value but the empty text,
    /// and usable by an index on the column.
    var compared: String { isText ? quoted + "::text" : shown }

    /// Whether the row has no value here.
    var isMissing: String { isText ? "(" + quoted + " IS NULL OR " + quoted + "::text = '')" : quoted + " IS NULL" }

    /// The value as a number (`float8`): days since 1970 for a date, seconds for a date-time.
    var number: String {
        switch kind {
        case .date: "(" + quoted + " - DATE '1970-01-01')::float8"
        case .dateTime: "extract(epoch FROM " + shown + ")::float8"
        default: quoted + "::float8"
        }
    }

    /// The expressions the results are ordered by, as the catalog orders a column: numbers and
    /// dates by value, text by `CatalogNameTable.precedes` (ASCII letters without case, then bytes).
    var sortKeys: [String] {
        guard kind == .text else { return [shown] }
        let lowered = "translate(" + shown + ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
        return [lowered + " COLLATE \"C\"", shown + " COLLATE \"C\""]
    }
}
