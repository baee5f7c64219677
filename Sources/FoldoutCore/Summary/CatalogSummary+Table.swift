// SPDX-License-Identifier: GPL-3.0-or-later
extension CatalogSummary {
    /// The summary as a table of text, for `--summary out.tsv` and Copy as TSV: a header, then one
    /// row a column. Numbers are plain decimals ("-2", "12.5": no thousands separators, no
    /// exponent, at most six decimals, trailing zeros dropped); dates and date-times in ISO 8601
    /// as the catalog writes them ("2013-01-01", "2013-01-01 05:00:00", rounded down to the day
    /// or second); "common" as "value (count); value (count)". A figure a column has not is "".
    public static func table(_ summaries: [ColumnSummary]) -> (header: [String], rows: [[String]]) {
        let header = ["column", "kind", "count", "missing", "distinct", "min", "median", "mean", "max", "common"]
        let rows = summaries.map { summary in
            let figures = [summary.minimum, summary.median, summary.mean, summary.maximum].map {
                $0.map { text($0, summary.kind) } ?? ""
            }
            let common = summary.common.map { "\($0.value) (\($0.count))" }.joined(separator: "; ")
            return [summary.name, kindName(summary.kind)]
                + [summary.present, summary.missing, summary.distinct].map(String.init)
                + figures + [common]
        }
        return (header, rows)
    }

    /// "number", "date", "date-time" or "text".
    public static func kindName(_ kind: CatalogColumn.Kind) -> String {
        switch kind {
        case .number: "number"
        case .date: "date"
        case .dateTime: "date-time"
        case .text: "text"
        }
    }

    /// A figure of a column of `kind` as the table writes it.
    public static func text(_ value: Double, _ kind: CatalogColumn.Kind) -> String {
        switch kind {
        case .date, .dateTime: FacetValueText.iso(value, kind)
        case .number, .text: decimal(value)
        }
    }

    /// "-2", "12.5", "0.333333": at most six decimals, no exponent, no thousands separator.
    public static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return CatalogValueText.real(value) }
        if value.magnitude < 1e12 { return FacetValueText.plain(value, 0.000_001) }
        // Too large for six decimals in 64 bits: a whole number, digit by digit beyond 64 bits.
        let whole = value.rounded()
        if whole.magnitude < 9e18 { return String(Int64(whole)) }
        var digits = ""
        var rest = whole.magnitude
        while rest >= 1 {
            let digit = rest - (rest / 10).rounded(.down) * 10
            digits = String(Int(digit)) + digits
            rest = (rest / 10).rounded(.down)
        }
        return (value < 0 ? "-" : "") + digits
    }
}
