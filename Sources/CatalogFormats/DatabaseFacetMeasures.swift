// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The measures a table's option flyouts show beside their options (`DatabaseFacets.measures`):
/// asked of the server on a session of their own when a flyout wants figures not yet worked out
/// for the filter of now, kept until the filter changes; until the newer figures come, the last
/// ones of that measure are given (the flyout shows them dimmed). Used on the main thread only.
final class DatabaseFacetMeasures {
    private struct Key: Hashable {
        let column: Int
        let measure: FacetMeasure
    }

    let session: DatabaseSession
    /// The figures worked out for the filter of `generation`.
    private var figures: [Key: [MeasureFigure]] = [:]
    private var generation = -1
    /// Each measure's newest figures, of whichever filter.
    private var newest: [Key: [MeasureFigure]] = [:]
    /// The measure being worked out, and for which filter.
    private var asked: (key: Key, generation: Int)?

    init(table: DatabaseTable) { session = DatabaseSession(table: table) }

    /// Whether the server is working out figures.
    var isMeasuring: Bool { asked != nil }

    /// `measure` of the option facet `column` for `filter` (counted as `generation`), each option's
    /// and "No value"'s; the last figures (or none) while they are asked of the server, whose
    /// answer `reference` is handed.
    func figures(
        _ measure: FacetMeasure, forColumn column: Int, filter: DatabaseFilter, generation: Int,
        reference: MainThreadReference
    ) -> [MeasureFigure] {
        if generation != self.generation {
            figures = [:]
            self.generation = generation
        }
        let key = Key(column: column, measure: measure)
        if let known = figures[key] { return known }
        if asked?.key != key || asked?.generation != generation {
            asked = (key, generation)
            let table = session.table
            session.run(
                { (connection) throws(CatalogImportError) in
                    try table.measures(measure, forColumn: column, filter, connection)
                },
                answer: { result in
                    reference.post { reference.facets?.measured(result, measure, forColumn: column, generation) }
                })
        }
        return newest[key] ?? []
    }

    /// Takes the server's answer for the filter of `generation`; false when it is an older
    /// filter's, or another measure's than the one asked last.
    func take(_ answer: [MeasureFigure], _ measure: FacetMeasure, forColumn column: Int, _ generation: Int) -> Bool {
        let key = Key(column: column, measure: measure)
        guard asked?.key == key, asked?.generation == generation else { return false }
        asked = nil
        newest[key] = answer
        if generation == self.generation { figures[key] = answer }
        return true
    }

    /// The answer asked for will not come (a failure; a retry asks again).
    func forget() { asked = nil }
}

extension DatabaseFacets {
    /// Every column as a flyout's measure names it and writes its figures.
    public var measurableColumns: [MeasurableColumn] { table.measurableColumns }
}
