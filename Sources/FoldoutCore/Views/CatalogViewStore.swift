// SPDX-License-Identifier: GPL-3.0-or-later
/// Where each catalog file's view is kept: one small JSON file per catalog file, named by a hash
/// of its path, in `$XDG_STATE_HOME/foldout/views` (`~/.local/state/foldout/views`; inside the
/// Flatpak, the app's own state folder). The file also holds the path, so that two paths with the
/// same hash cannot take each other's view.
public struct CatalogViewStore: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// `$XDG_STATE_HOME/foldout/views`, or `~/.local/state/foldout/views`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/foldout/views" }
        let home = environment["HOME"] ?? ""
        return (home.isEmpty ? "" : home + "/") + ".local/state/foldout/views"
    }

    /// The view kept for the catalog file at `path`, if any (a file that cannot be read is none).
    public func load(path: String) -> CatalogViewState? {
        guard let bytes = try? SystemFile.contents(of: file(for: path), limit: 1 << 20),
            let root = try? JSONParser.parse(bytes), root["path"] == .string(path)
        else { return nil }
        return CatalogViewFormat.decode(root)
    }

    /// Keeps `state` for the file at `path`: written beside and renamed, so a crash leaves the old.
    public func save(_ state: CatalogViewState, path: String) {
        let target = file(for: path)
        let temporary = target + ".tmp-\(SystemFile.processID())"
        do {
            try SystemFile.makeDirectories(directory)
            try SystemFile.writeDurably(CatalogViewFormat.encode(state, path: path), to: temporary)
            try SystemFile.rename(temporary, to: target)
        } catch {
            SystemFile.remove(temporary)
        }
    }

    /// Forgets the view of the file at `path` (Reset View).
    public func forget(path: String) { SystemFile.remove(file(for: path)) }

    /// 64-bit FNV-1a of the path, in hexadecimal.
    private func file(for path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }
}

/// The JSON a kept view is written as.
enum CatalogViewFormat {
    static func encode(_ state: CatalogViewState, path: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"format\": 1, \"path\": ")
        writer.string(path)
        writer.raw(", \"facets\": [")
        for (index, facet) in state.facets.enumerated() {
            writer.raw(index == 0 ? "\n  {\"column\": " : ",\n  {\"column\": ")
            writer.string(facet.column)
            writer.raw(facet.isRange ? ", \"range\": true" : ", \"range\": false")
            if facet.isRange {
                writer.raw(", \"logarithmic\": \(facet.logarithmic)")
                if let range = facet.range {
                    writer.raw(", \"low\": " + (range.lower.map { number($0) } ?? "null"))
                    writer.raw(", \"high\": " + (range.upper.map { number($0) } ?? "null"))
                    writer.raw(", \"missing\": \(range.includesMissing)")
                }
            } else {
                writer.raw(", \"options\": [")
                for (at, option) in facet.options.enumerated() {
                    if at > 0 { writer.raw(", ") }
                    writer.string(option)
                }
                writer.raw("], \"noValue\": \(facet.noValue), \"excluded\": \(facet.excluded)")
                if let measure = facet.measure {
                    writer.raw(", \"measure\": ")
                    writer.string(measure)
                    writer.raw(", \"sortsByMeasure\": \(facet.sortsByMeasure)")
                }
            }
            writer.raw("}")
        }
        writer.raw("],\n \"sort\": ")
        if let sort = state.sort {
            writer.raw("{\"column\": ")
            writer.string(sort.column)
            writer.raw(", \"descending\": \(sort.descending)}")
        } else {
            writer.raw("null")
        }
        writer.raw(",\n \"title\": ")
        if let title = state.title { writer.string(title) } else { writer.raw("null") }
        writer.raw(", \"details\": ")
        strings(state.details, into: &writer)
        writer.raw(",\n \"table\": \(state.showsTable), \"summary\": \(state.showsSummary), \"widths\": ")
        integers(state.widths, into: &writer)
        writer.raw(",\n \"tableOrder\": ")
        strings(state.tableOrder, into: &writer)
        writer.raw(", \"tableHidden\": ")
        strings(state.tableHidden, into: &writer)
        if !state.headerRows.isEmpty {
            writer.raw(",\n \"headerRows\": ")
            integers(state.headerRows, into: &writer)
        }
        if state.showsGroups || !state.grouping.isEmpty {
            writer.raw(",\n \"groups\": {\"shown\": \(state.showsGroups), \"levels\": ")
            strings(state.grouping.levels, into: &writer)
            writer.raw(", \"aggregates\": ")
            strings(state.grouping.aggregates, into: &writer)
            writer.raw(", \"open\": [")
            for (index, path) in state.openGroups.enumerated() {
                if index > 0 { writer.raw(", ") }
                strings(path, into: &writer)
            }
            writer.raw("]}")
        }
        writer.raw("}\n")
        return writer.bytes
    }

    /// The state in `root`; what is missing or of the wrong kind is left at its default.
    static func decode(_ root: JSONValue) -> CatalogViewState {
        var state = CatalogViewState()
        if case .array(let facets)? = root["facets"] {
            state.facets = facets.compactMap { entry in
                guard case .string(let column)? = entry["column"] else { return nil }
                var facet = CatalogViewState.Facet(column: column, isRange: entry["range"] == .bool(true))
                if facet.isRange {
                    facet.logarithmic = entry["logarithmic"] == .bool(true)
                    if entry["low"] != nil || entry["high"] != nil {
                        facet.range = FacetRange(
                            lower: double(entry["low"]), upper: double(entry["high"]),
                            includesMissing: entry["missing"] == .bool(true))
                    }
                } else {
                    facet.options = strings(entry["options"])
                    facet.noValue = entry["noValue"] == .bool(true)
                    facet.excluded = entry["excluded"] == .bool(true)
                    if case .string(let measure)? = entry["measure"] {
                        facet.measure = measure
                        facet.sortsByMeasure = entry["sortsByMeasure"] == .bool(true)
                    }
                }
                return facet
            }
        }
        if let sort = root["sort"], case .string(let column)? = sort["column"] {
            state.sort = (column, sort["descending"] == .bool(true))
        }
        if case .string(let title)? = root["title"] { state.title = title }
        state.details = strings(root["details"])
        state.showsTable = root["table"] == .bool(true)
        state.showsSummary = root["summary"] == .bool(true)
        state.widths = integers(root["widths"], below: 100_000)
        state.headerRows = integers(root["headerRows"], below: 1_048_577)
        state.tableOrder = strings(root["tableOrder"])
        state.tableHidden = strings(root["tableHidden"])
        if let groups = root["groups"] {
            state.showsGroups = groups["shown"] == .bool(true)
            state.grouping.levels = strings(groups["levels"]).filter(GroupingRequest.isWellFormed(level:))
            state.grouping.aggregates = strings(groups["aggregates"])
            if case .array(let paths)? = groups["open"] { state.openGroups = paths.map { strings($0) } }
        }
        return state
    }

    private static func strings(_ texts: [String], into writer: inout JSONWriter) {
        writer.raw("[")
        for (at, text) in texts.enumerated() {
            if at > 0 { writer.raw(", ") }
            writer.string(text)
        }
        writer.raw("]")
    }

    /// An object of names and whole numbers, in the names' order.
    private static func integers(_ values: [String: Int], into writer: inout JSONWriter) {
        writer.raw("{")
        for (at, entry) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            if at > 0 { writer.raw(", ") }
            writer.string(entry.key)
            writer.raw(": ")
            writer.integer(entry.value)
        }
        writer.raw("}")
    }

    /// The whole numbers from 1 up to `limit` in an object, by name; anything else is left out.
    private static func integers(_ value: JSONValue?, below limit: Double) -> [String: Int] {
        guard case .object(let entries)? = value else { return [:] }
        var numbers: [String: Int] = [:]
        for (name, value) in entries {
            if let number = double(value), number >= 1, number < limit { numbers[name] = Int(number) }
        }
        return numbers
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    private static func double(_ value: JSONValue?) -> Double? {
        guard case .number(let text)? = value else { return nil }
        return Double(text)
    }

    /// A finite number as JSON (the shortest text that reads back to it).
    private static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }
}
