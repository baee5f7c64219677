// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

extension Catalog {
    /// Where the catalog comes from, as the Filters page says beside the count: "in flights.csv";
    /// for a sheet whose header is not its first row, the row it was read from.
    var sourceText: String {
        guard !name.isEmpty else { return "" }
        if case .spreadsheet(_, _, let headerRow?, _)? = origin?.format {
            return tr("in {file}, header in row {row}", ["file": name, "row": String(headerRow)])
        }
        return tr("in {file}", ["file": name])
    }

    /// Why a sheet's header was read from the row it was: nil when it is the first row or was asked for.
    var headerRowReason: String? {
        guard case .spreadsheet(_, _, let headerRow?, asked: false)? = origin?.format else { return nil }
        return tr("The rows above row {row} look like a title.", ["row": String(headerRow)])
    }
}
