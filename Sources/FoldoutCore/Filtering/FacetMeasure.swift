// SPDX-License-Identifier: GPL-3.0-or-later
/// A measure a facet can show beside each option instead of its row count: the sum, mean,
/// median, minimum or maximum of a number column over the option's rows.
public struct FacetMeasure: Sendable, Equatable, Hashable {
    public enum Aggregate: String, Sendable, CaseIterable { case sum, mean, median, minimum, maximum }

    public var aggregate: Aggregate
    /// A number column (dates and date-times too, but for the sum).
    public var column: Int

    public init(_ aggregate: Aggregate, of column: Int) {
        self.aggregate = aggregate
        self.column = column
    }

    /// "mean:arr_delay" ("avg", "average", "min" and "max" spellings too, any case): nil with no
    /// such aggregate, or no column of that name in `catalog` that it can measure.
    public init?(spelling: String, in catalog: Catalog) {
        self.init(spelling: spelling, in: catalog.columns.map(MeasurableColumn.init))
    }

    /// The same among `columns` (a table's in its server).
    public init?(spelling: String, in columns: [MeasurableColumn]) {
        guard let colon = spelling.firstIndex(of: ":"),
            let aggregate = Self.aggregate(named: String(spelling[..<colon])),
            let column = columns.firstIndex(where: { $0.name == String(spelling[spelling.index(after: colon)...]) }),
            columns[column].canBeMeasured(by: aggregate)
        else { return nil }
        self.init(aggregate, of: column)
    }

    /// The aggregate spelled `name` ("mean", "avg", "MIN"…), if any.
    public static func aggregate(named name: String) -> Aggregate? { aggregates[name.lowercased()] }

    /// "mean:arr_delay".
    public func spelling(in catalog: Catalog) -> String { spelling(columnName: catalog.columns[column].name) }

    /// "mean:" and the name of the column measured.
    public func spelling(columnName: String) -> String { aggregate.rawValue + ":" + columnName }

    /// Whether `aggregate` of `column` means something: any of them for numbers, all but the sum
    /// for dates and date-times, none for text.
    public static func canMeasure(_ column: CatalogColumn, by aggregate: Aggregate) -> Bool {
        canMeasure(column.kind, by: aggregate)
    }

    /// Whether `aggregate` of a column of `kind` means something.
    public static func canMeasure(_ kind: CatalogColumn.Kind, by aggregate: Aggregate) -> Bool {
        switch kind {
        case .number: true
        case .date, .dateTime: aggregate != .sum
        case .text: false
        }
    }

    private static let aggregates: [String: Aggregate] = [
        "sum": .sum, "mean": .mean, "avg": .mean, "average": .mean, "median": .median, "min": .minimum,
        "minimum": .minimum, "max": .maximum, "maximum": .maximum,
    ]
}

/// A column as a flyout's measure names it and writes its figures: a catalog's column, or a
/// table's in its database server.
public struct MeasurableColumn: Sendable, Equatable {
    public let name: String
    public let shape: FacetValueShape

    public init(name: String, shape: FacetValueShape) {
        self.name = name
        self.shape = shape
    }

    public init(_ column: CatalogColumn) { self.init(name: column.name, shape: FacetValueShape(column)) }

    /// Whether `aggregate` of it means something.
    public func canBeMeasured(by aggregate: FacetMeasure.Aggregate) -> Bool {
        FacetMeasure.canMeasure(shape.kind, by: aggregate)
    }
}

/// A measure over one option's rows: its value (nil when no row has a value: missing values are
/// left out), and how many values it is of.
public struct MeasureFigure: Sendable, Equatable {
    public let value: Double?
    public let used: Int

    public init(value: Double?, used: Int) {
        self.value = value
        self.used = used
    }
}

/// What a facet's flyout shows beside each option instead of its count: a measure, and whether
/// the options are listed by it, the largest first.
public struct FacetMeasureChoice: Sendable, Equatable {
    public var measure: FacetMeasure
    public var sortsByValue: Bool

    public init(_ measure: FacetMeasure, sortsByValue: Bool = false) {
        self.measure = measure
        self.sortsByValue = sortsByValue
    }
}
