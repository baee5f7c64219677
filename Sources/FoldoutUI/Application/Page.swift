// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore

/// The pages of the window, in switcher order. Only finished pages are listed.
enum Page: String, CaseIterable, Sendable {
    case actions, filters, movies

    var title: String {
        switch self {
        case .actions: tr("Actions")
        case .filters: tr("Filters")
        case .movies: tr("Movies")
        }
    }

    /// Alt and the page's place in the switcher, as GNOME apps number their views and tabs.
    var accelerator: String { "<Alt>\(Self.allCases.firstIndex(of: self)! + 1)" }

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
