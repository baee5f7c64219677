import FoldoutCore
import Gtk

/// Types into the Filters page's search field for `foldout-bench`: the page in a window of its
/// own, each text set as a keystroke sets it, timed until its results are in the list.
@MainActor
public final class SearchTyping {
    private let window = Window()
    private let page: FiltersPage

    public init(catalog: Catalog) {
        page = FiltersPage(source: .loaded(catalog))
        window.setDefaultSize(width: 900, height: 700)
        window.child = page.root
        window.present()
        while page.filter == nil { _ = MainLoop.iterate(blocking: true) }
        settle()
    }

    /// Each text in turn: milliseconds from setting it until the list shows its results, and how
    /// many there are.
    public func type(_ texts: [String]) -> [(milliseconds: Double, count: Int)] {
        texts.map { text in
            let start = MainLoop.monotonicTime
            page.search.entry.text = text
            while page.search.isSearching { _ = MainLoop.iterate(blocking: true) }
            let elapsed = Double(MainLoop.monotonicTime - start) / 1000
            settle()
            return (elapsed, page.filter?.matchCount ?? 0)
        }
    }

    public func clear() {
        page.search.entry.text = ""
        settle()
    }

    /// Lets pending drawing and idle work finish, so that it is not counted in the next keystroke.
    private func settle() {
        for _ in 0..<20 where MainLoop.iterate(blocking: false) {}
    }
}
