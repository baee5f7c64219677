// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a title was refused.
public enum TitleProblem: Error, Equatable, Sendable {
    /// Empty, or only whitespace and line breaks.
    case blank
    /// More than `limit` characters (grapheme clusters).
    case tooLong(limit: Int)

    /// A sentence for the user.
    public var message: String {
        switch self {
        case .blank: tr("A title cannot be empty.")
        case .tooLong(let limit):
            trn(
                "A title can be at most {limit} character long.", "A title can be at most {limit} characters long.",
                limit, ["limit": String(limit)])
        }
    }

    /// The problem with `title`, or nil if it is acceptable.
    static func check(_ title: String, limit: Int) -> TitleProblem? {
        if title.allSatisfy({ $0.isWhitespace || $0.isNewline }) { return .blank }
        // Stop counting at limit + 1: a pasted megabyte need not be counted through.
        var count = 0
        for _ in title {
            count += 1
            if count > limit { return .tooLong(limit: limit) }
        }
        return nil
    }
}
