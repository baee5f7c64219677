// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

extension Catalog {
    /// Where the catalog comes from, as the Filters page says under the search: "in flights.csv";
    /// for a sheet whose first rows were left out as a title, the row its header was read from.
    var sourceText: String {
        guard !name.isEmpty else { return "" }
        if case .spreadsheet(_, _, let headerRow?, let asked)? = origin?.format {
            if asked {
                return tr("in {file}, read from row {row}, as asked", ["file": name, "row": String(headerRow)])
            }
            return tr(
                "in {file}, read from row {row} (the rows above it look like a title)",
                ["file": name, "row": String(headerRow)])
        }
        return tr("in {file}", ["file": name])
    }
}
