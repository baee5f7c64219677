// SPDX-License-Identifier: GPL-3.0-or-later
/// The summary of every column (`CatalogSummary.table`) as delimited text: what
/// `foldout --summary FILE` writes (TSV, or CSV for a name ending in `.csv`) and what the summary's
/// Copy puts on the clipboard. Fields are quoted as the rows' export quotes them.
public struct SummaryExport: Sendable {
    public let summaries: [ColumnSummary]
    public let format: CatalogExport.Format

    public init(_ summaries: [ColumnSummary], format: CatalogExport.Format) {
        self.summaries = summaries
        self.format = format
    }

    /// `--summary`'s format from the file's name: CSV for `.csv`, else TSV.
    public static func format(path: String) -> CatalogExport.Format {
        path.lowercased().hasSuffix(".csv") ? .csv : .tsv
    }

    public var bytes: [UInt8] {
        let table = CatalogSummary.table(summaries)
        return DelimitedWriter.bytes(of: [table.header] + table.rows, delimiter: format.delimiter)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the summary to `path` through a temporary file renamed onto it when complete.
    public func write(to path: String) throws(CatalogExportError) { try Self.write(bytes, to: path) }

    /// Writes `bytes` to `path` through a temporary file renamed onto it when complete: a
    /// summary's, a grouping's.
    static func write(_ bytes: [UInt8], to path: String) throws(CatalogExportError) {
        do throws(SystemError) {
            let file = try ReplacingFile(replacing: path)
            do throws(SystemError) {
                try file.write(bytes)
                try file.commit()
            } catch {
                file.abandon()
                throw error
            }
        } catch {
            throw CatalogExportError(reason: .unwritable(error.text), path: path)
        }
    }
}
