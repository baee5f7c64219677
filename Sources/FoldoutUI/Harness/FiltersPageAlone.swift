// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

extension FiltersPageHost {
    /// For a Filters page in a window of its own (the benchmark, tests): its dialogs over `window`,
    /// no notification, each file's view kept in `viewStore` only, `fileOpened` told of each file.
    static func alone(
        in window: Window?, viewStore: CatalogViewStore? = nil,
        fileOpened: @escaping @MainActor (String) -> Void = { _ in },
        notify: @escaping @MainActor (String) -> Void = { _ in }
    ) -> FiltersPageHost {
        FiltersPageHost(
            window: { [weak window] in window }, notify: notify, fileOpened: fileOpened,
            resultsViewChanged: { _ in }, viewStore: viewStore)
    }
}
