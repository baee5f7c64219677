// SPDX-License-Identifier: GPL-3.0-or-later
/// The names a table's header gives its columns, made usable: every reader names its columns so.
extension CatalogCSVParser {
    /// Column names as a header gives them, trimmed: an empty one becomes "Column N", a repeated
    /// one "name (2)".
    static func columnNames(_ given: [String]) -> [String] {
        var names = given.map { name in
            var name = name
            return name.withUTF8 { String(decoding: CatalogASCII.trimmed($0), as: UTF8.self) }
        }
        var seen = Set<String>()
        for index in names.indices {
            if names[index].isEmpty { names[index] = tr("Column {number}", ["number": String(index + 1)]) }
            var candidate = names[index]
            var copy = 2
            while seen.contains(candidate) {
                candidate = names[index] + " (" + String(copy) + ")"
                copy += 1
            }
            names[index] = candidate
            seen.insert(candidate)
        }
        return names
    }
}
