/// The pages of the window, in switcher order. Only finished pages are listed.
public enum Page: String, CaseIterable, Sendable {
    case actions

    public var title: String {
        switch self {
        case .actions: "Actions"
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
