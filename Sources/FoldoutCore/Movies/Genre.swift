// SPDX-License-Identifier: GPL-3.0-or-later
/// A movie's genre: the fixed choice offered in the Edit pane. The raw value is what the library
/// file stores, so cases must never be renamed.
public enum Genre: String, CaseIterable, Sendable {
    case drama, comedy, documentary, thriller, animation, scienceFiction, romance, horror

    /// The name shown to the user.
    public var title: String {
        switch self {
        case .drama: tr("Drama")
        case .comedy: tr("Comedy")
        case .documentary: tr("Documentary")
        case .thriller: tr("Thriller")
        case .animation: tr("Animation")
        case .scienceFiction: tr("Science fiction")
        case .romance: tr("Romance")
        case .horror: tr("Horror")
        }
    }
}
