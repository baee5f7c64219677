/// A movie's genre: the fixed choice offered in the Edit pane. The raw value is what the library
/// file stores, so cases must never be renamed.
public enum Genre: String, CaseIterable, Sendable {
    case drama, comedy, documentary, thriller, animation, scienceFiction, romance, horror

    /// The name shown to the user.
    public var title: String {
        switch self {
        case .drama: "Drama"
        case .comedy: "Comedy"
        case .documentary: "Documentary"
        case .thriller: "Thriller"
        case .animation: "Animation"
        case .scienceFiction: "Science fiction"
        case .romance: "Romance"
        case .horror: "Horror"
        }
    }
}
