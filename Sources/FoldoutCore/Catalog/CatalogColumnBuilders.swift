// SPDX-License-Identifier: GPL-3.0-or-later
/// What a reader does with all of a table's column builders at once: choose their modes after the
/// sample, take in the builders of a later part of the file read on another thread, and finish
/// them, two columns at a time when there are many rows. The CSV parser and the JSON reader share
/// it, so that every format's columns are inferred alike.
extension CatalogColumnBuilder {
    /// After a sample of `rows` rows: each column but `textColumns` chooses its mode, and every
    /// column makes room for `expectedRows`.
    static func chooseModes(
        _ builders: inout [CatalogColumnBuilder], sampleRows rows: Int, textColumns: Set<Int>, expectedRows: Int
    ) {
        for index in builders.indices {
            if !textColumns.contains(index) { builders[index].chooseMode(sampleRows: rows) }
            builders[index].reserve(rows: expectedRows)
        }
    }

    /// Empty builders in the same modes, for a later part of the file, with room for `rows` rows.
    static func emptyCopies(of builders: [CatalogColumnBuilder], rows: Int) -> [CatalogColumnBuilder] {
        builders.map { builder in
            var copy = builder.emptyCopy()
            copy.reserve(rows: rows)
            return copy
        }
    }

    /// Appends the rows of `later`, the builders of the part of the file after these, a column on
    /// each of two threads. Each of `later` is emptied once taken in, so that the two copies of
    /// the rows are in memory a column at a time, not all at once.
    static func absorb(_ builders: inout [CatalogColumnBuilder], _ later: inout [CatalogColumnBuilder]) {
        builders.withUnsafeMutableBufferPointer { inBuilders in
            let builders = inBuilders
            later.withUnsafeMutableBufferPointer { inLater in
                let later = inLater
                CatalogThread.forEachIndex(builders.count) { index in
                    builders[index].absorb(later[index])
                    later[index] = CatalogColumnBuilder()
                }
            }
        }
    }

    /// The finished columns of `rows` rows, named `names`; the builders are left empty.
    static func finish(_ builders: inout [CatalogColumnBuilder], names: [String], rows: Int) -> [CatalogColumn] {
        var columns = [CatalogColumn?](repeating: nil, count: names.count)
        builders.withUnsafeMutableBufferPointer { inBuilders in
            columns.withUnsafeMutableBufferPointer { inColumns in
                let builders = inBuilders
                let columns = inColumns
                let finish = { (index: Int) in
                    columns[index] = builders[index].finish(name: names[index], rows: rows)
                    builders[index] = CatalogColumnBuilder()
                }
                if rows >= CatalogCSVParser.parallelRows {
                    CatalogThread.forEachIndex(names.count, finish)
                } else {
                    names.indices.forEach(finish)
                }
            }
        }
        return columns.map { $0! }
    }
}
