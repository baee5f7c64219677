// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Glibc
import Gtk

/// Types into the Filters page's search field for `foldout-bench`: the page in a window of its
/// own, each text set as a keystroke sets it, timed until its results are in the list.
@MainActor
public final class SearchTyping {
    private let window = Window()
    private let page: FiltersPage

    public init(catalog: Catalog) {
        page = FiltersPage(source: .loaded(catalog), host: .alone(in: window))
        window.setDefaultSize(width: 900, height: 700)
        window.child = page.root
        window.present()
        while page.filter == nil { _ = MainLoop.iterate(blocking: true) }
        // The page indexes its catalog in the background; typing starts once that is done.
        while page.search.index == nil { settle() }
        settle()
    }

    /// Bytes per row the search holds now: its index, remembered results and what it prepared.
    public var searchBytesPerItem: Double { page.search.index?.bytesPerItem ?? 0 }

    /// Types `text` one character at a time: for each, the milliseconds from the keystroke until
    /// the list shows its results, and how many there are.
    public func type(_ text: String) -> [(milliseconds: Double, count: Int)] {
        text.map { character in
            let start = MainLoop.monotonicTime
            page.search.entry.append(String(character))
            while page.search.isSearching { _ = MainLoop.iterate(blocking: true) }
            let elapsed = Double(MainLoop.monotonicTime - start) / 1000
            settle()
            return (elapsed, page.filter?.matchCount ?? 0)
        }
    }

    /// Clears the field, and the results the search remembers, so that the next typing starts afresh.
    public func clear() {
        page.search.entry.text = ""
        settle()
        page.search.forgetResults()
    }

    /// Runs the main loop for 100 ms, the pause between a fast typist's keystrokes: the frame
    /// showing the results is drawn then, not in the next keystroke's time.
    private func settle() {
        let end = MainLoop.monotonicTime + 100_000
        while MainLoop.monotonicTime < end {
            if !MainLoop.iterate(blocking: false) { usleep(500) }
        }
    }
}
