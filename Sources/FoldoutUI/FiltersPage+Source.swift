// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

extension FiltersPage {
    /// Where the catalog shown comes from, under the search: "in flights.csv"; for a sheet whose
    /// first rows were left out as a title, the row its header was read from.
    func sourceText(of catalog: Catalog) -> String {
        guard !catalog.name.isEmpty else { return "" }
        if case .spreadsheet(_, _, let headerRow?)? = catalog.origin?.format {
            return tr(
                "in {file}, read from row {row} (the rows above it look like a title)",
                ["file": catalog.name, "row": String(headerRow)])
        }
        return tr("in {file}", ["file": catalog.name])
    }
}
