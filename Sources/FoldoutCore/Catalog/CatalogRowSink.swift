// SPDX-License-Identifier: GPL-3.0-or-later
/// Where a reader of a format other than CSV puts each row's fields.
protocol CatalogRowSink {
    /// A field of `column`; false when it does not fit the column's parsed kind.
    mutating func field(_ bytes: UnsafeBufferPointer<UInt8>, column: Int) -> Bool
    mutating func missing(column: Int)
    mutating func endRow()
}

/// A table's column builders as a sink: each field trimmed, as the CSV parser hands it on.
struct CatalogBuildersSink: CatalogRowSink {
    let builders: UnsafeMutableBufferPointer<CatalogColumnBuilder>

    func field(_ bytes: UnsafeBufferPointer<UInt8>, column: Int) -> Bool {
        builders[column].append(CatalogASCII.trimmed(bytes))
    }

    func missing(column: Int) { _ = builders[column].append(UnsafeBufferPointer(start: nil, count: 0)) }

    func endRow() {}
}
