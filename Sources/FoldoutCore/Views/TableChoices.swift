// SPDX-License-Identifier: GPL-3.0-or-later
/// The tables of a database, or the files of an archive, as the table chooser lists them: each
/// by its name first and its folder after, and those a search finds.
public struct TableChoices: Sendable {
    public struct Choice: Sendable, Equatable {
        /// What the reader is asked to open: "resources/rdata/csv/datasets/iris.csv".
        public let path: String
        /// The last part of the path: "iris.csv".
        public let name: String
        /// The folders before it, empty for none: "resources/rdata/csv/datasets".
        public let folder: String
        /// "150 rows", "4.6 kB", or empty when not known.
        public let size: String
    }

    public let choices: [Choice]

    /// `parts` in the order the file lists them.
    public init(_ parts: [(path: String, size: String)]) {
        choices = parts.map { part in
            let slash = part.path.dropLast().lastIndex(of: "/")
            let name = slash.map { String(part.path[part.path.index(after: $0)...]) } ?? part.path
            let folder = slash.map { String(part.path[..<$0]) } ?? ""
            return Choice(path: part.path, name: name, folder: folder, size: part.size)
        }
    }

    /// The positions of the choices in whose path every word of `query` occurs, ignoring case
    /// and accents: those whose name holds every word first, then the others, each in the listed
    /// order. A blank query finds them all.
    public func matching(_ query: String) -> [Int] {
        var words = query.split(whereSeparator: \.isWhitespace).map { SearchHighlighter(query: String($0)) }
        guard !words.isEmpty else { return Array(choices.indices) }
        func holdsEveryWord(_ text: String) -> Bool {
            words.indices.allSatisfy { !words[$0].ranges(in: text).isEmpty }
        }
        var inName: [Int] = []
        var elsewhere: [Int] = []
        for (position, choice) in choices.enumerated() where holdsEveryWord(choice.path) {
            if holdsEveryWord(choice.name) { inName.append(position) } else { elsewhere.append(position) }
        }
        return inName + elsewhere
    }
}
