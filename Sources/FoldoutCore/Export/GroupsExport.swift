// SPDX-License-Identifier: GPL-3.0-or-later
/// The innermost groups of a grouping as delimited text: what `foldout --groups FILE` writes
/// (CSV, or TSV for `.tsv`) and what the Groups view's Copy puts on the clipboard. A row a group:
/// each level's key under its column's name, `rows`, then each measure as `mean(arr_delay)`;
/// figures as the summary writes them (`CatalogSummary.text`), a group with no value to measure
/// left empty, the rows with no value under a key left empty too.
public struct GroupsExport: Sendable {
    public let groups: [FoldedGroup]
    /// The name of each level's column, outermost first.
    public let keyNames: [String]
    public let measures: [FacetMeasure]
    /// Every column of the table, as the measures name and write them.
    public let columns: [MeasurableColumn]
    public let format: CatalogExport.Format

    public init(
        _ groups: [FoldedGroup], keyNames: [String], measures: [FacetMeasure], columns: [MeasurableColumn],
        format: CatalogExport.Format
    ) {
        self.groups = groups
        self.keyNames = keyNames
        self.measures = measures
        self.columns = columns
        self.format = format
    }

    /// "mean(arr_delay)", "max(time_hour)": the aggregate as `--aggregate` spells it.
    public static func heading(_ measure: FacetMeasure, of columns: [MeasurableColumn]) -> String {
        let name =
            switch measure.aggregate {
            case .minimum: "min"
            case .maximum: "max"
            case .sum, .mean, .median: measure.aggregate.rawValue
            }
        return name + "(" + columns[measure.column].name + ")"
    }

    public var header: [String] { keyNames + ["rows"] + measures.map { Self.heading($0, of: columns) } }

    /// Each group's fields, in the header's order.
    public var rows: [[String]] {
        groups.map { group in
            let keys = zip(group.path, group.labels).map { $0 == .noValue ? "" : $1 }
            let figures = zip(measures, group.figures).map { measure, figure in
                figure.value.map { CatalogSummary.text($0, columns[measure.column].shape.kind) } ?? ""
            }
            return keys + [String(group.count)] + figures
        }
    }

    public var bytes: [UInt8] {
        return DelimitedWriter.bytes(of: [header] + rows, delimiter: format.delimiter)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the groups to `path` through a temporary file renamed onto it when complete.
    public func write(to path: String) throws(CatalogExportError) { try SummaryExport.write(bytes, to: path) }
}
