/// The pages of the window, in switcher order. Only finished pages are listed.
public enum Page: String, CaseIterable, Sendable {
    case actions, filters, movies

    public var title: String {
        switch self {
        case .actions: "Actions"
        case .filters: "Filters"
        case .movies: "Movies"
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
