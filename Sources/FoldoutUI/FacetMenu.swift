// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// One flyout of the facet bar (seed 001), for one facet column of the catalog: a menu button
/// labelled with the column's name or its choice, opening a popover of the column's options, each
/// with its live count. An option no row would match is dimmed and cannot be chosen; the chosen
/// one is ticked. Up to thirty options are laid out in columns, as many as keep the popover
/// inside the window (re-laid out while it is resized); more get a type-to-filter entry above
/// one scrolling column. The last item resets the facet ("Any color").
@MainActor
final class FacetMenu {
    static let maxRowsPerColumn = 10
    /// More options than this get a type-to-filter entry and a scrolling list.
    static let searchableOptions = 30

    let column: Int
    let name: String
    let options: [String]
    private let orderNote: String
    let button = MenuButton()
    let popover = Popover()
    private(set) var grid = Grid()
    private(set) var resetButton = Button(label: "")
    private(set) var optionButtons: [Button] = []
    private var countLabels: [Label] = []
    private var checks: [Image] = []
    private(set) var searchEntry: SearchEntry?
    private(set) var counts: [Int] = []
    private(set) var chosen: Int?
    private var laidOutForHeight: Int32 = -1
    private var refocusEntry = false
    private var resizeWatch: TickToken?
    var onChoose: (Int) -> Void = { _ in }
    var onReset: () -> Void = {}
    /// Asked for the options' counts each time the flyout opens.
    var currentCounts: () -> [Int] = { [] }

    init(column: Int, name: String, options: [String], order: FacetFilter.OptionOrder) {
        self.column = column
        self.name = name
        self.options = options
        orderNote =
            switch order {
            case .byValue: tr("By value")
            case .alphabetical: tr("Alphabetical")
            case .asGiven: tr("In the catalog’s order")
            }
        button.label = name
        button.popover = popover
        button.tooltip = tr("Filter by {facet}", ["facet": name])
        popover.addCSSClass("facet-popover")
        // The options are laid out when the popover first opens: nothing to build at start-up.
        popover.onShow { [weak self] in self?.opened() }
        popover.onClosed { [weak self] in self?.resizeWatch?.remove() }
    }

    /// Shows the facet's label (its choice or its name) and whether it has a choice.
    func show(label: String, chosen: Int?) {
        self.chosen = chosen
        button.label = label
        button.setAccessibleLabel(chosen == nil ? label : tr("{facet}: {option}", ["facet": name, "option": label]))
        if chosen == nil { button.removeCSSClass("chosen") } else { button.addCSSClass("chosen") }
        if !optionButtons.isEmpty { refreshOptions() }
    }

    private func opened() {
        counts = currentCounts()
        watchWindowHeight()
        refreshOptions()
        if let searchEntry {
            searchEntry.text = ""
            _ = searchEntry.grabFocus()
        }
    }

    /// Rows per column for `count` options when `availableHeight` pixels hold `rowHeight`-high rows.
    static func rowsPerColumn(count: Int, availableHeight: Int32, rowHeight: Int32) -> Int {
        let fitting = max(3, Int(availableHeight / max(rowHeight, 1)))
        let rows = min(maxRowsPerColumn, fitting)
        let columns = (count + rows - 1) / rows
        return (count + columns - 1) / max(columns, 1)
    }

    /// Rebuilds the options to fit `availableHeight`.
    func layOut(availableHeight: Int32) {
        optionButtons = []
        countLabels = []
        checks = []
        for (index, option) in options.enumerated() {
            let check = Image(iconName: "object-select-symbolic")
            let label = Label(option)
            label.xalign = 0
            label.hexpand = true
            let count = Label()
            count.addCSSClass("dim-label")
            count.addCSSClass("facet-count")
            let row = Box(.horizontal, spacing: 8)
            row.append(check)
            row.append(label)
            row.append(count)
            let button = Button(child: row)
            button.addCSSClass("flat")
            button.onClicked { [weak self] in
                self?.popover.popdown()
                self?.onChoose(index)
            }
            optionButtons.append(button)
            countLabels.append(count)
            checks.append(check)
        }
        let box = Box(.vertical, spacing: 4)
        let note = Label(orderNote)
        note.addCSSClass("dim-label")
        note.addCSSClass("facet-order")
        note.xalign = 0
        if options.count > Self.searchableOptions {
            // Laid out again while the window is resized: what was typed stays.
            let typed = searchEntry?.text ?? ""
            let typing = searchEntry?.hasFocus ?? false
            let entry = SearchEntry(
                placeholder: tr("Filter {count} options", ["count": NumberText.grouped(options.count)]))
            entry.text = typed
            entry.onSearchChanged { [weak self, weak entry] in self?.filterOptions(entry?.text ?? "") }
            entry.onActivate { [weak self] in self?.chooseOnlyVisibleOption() }
            searchEntry = entry
            box.append(entry)
            box.append(note)
            let list = Box(.vertical)
            for button in optionButtons { list.append(button) }
            let scrolled = ScrolledWindow()
            scrolled.limitHeight(to: max(availableHeight - 90, 120))
            scrolled.child = list
            grid = Grid()
            box.append(scrolled)
            if !typed.isEmpty { filterOptions(typed) }
            refocusEntry = typing
        } else {
            searchEntry = nil
            box.append(note)
            let rowHeight = max(optionButtons.first?.naturalHeight ?? 34, 24)
            let rows = Self.rowsPerColumn(count: options.count, availableHeight: availableHeight, rowHeight: rowHeight)
            grid = Grid(rowSpacing: 0, columnSpacing: 6)
            for (index, button) in optionButtons.enumerated() {
                grid.attach(button, column: Int32(index / rows), row: Int32(index % rows))
            }
            box.append(grid)
        }
        // TRANSLATORS: the last item of a facet's flyout, which clears its choice: "Any Color".
        resetButton = Button(label: tr("Any {facet}", ["facet": name]))
        resetButton.addCSSClass("flat")
        resetButton.addCSSClass("facet-reset")
        resetButton.tooltip = tr("Show every {facet}, whatever it is", ["facet": name])
        resetButton.onClicked { [weak self] in
            self?.popover.popdown()
            self?.onReset()
        }
        box.append(Separator(.horizontal))
        box.append(resetButton)
        popover.child = box
        if refocusEntry, let searchEntry { _ = searchEntry.grabFocus() }
        refocusEntry = false
        laidOutForHeight = availableHeight
        refreshOptions()
    }

    /// Counts, ticks and dimming, as of the last time the flyout opened.
    private func refreshOptions() {
        for (index, button) in optionButtons.enumerated() {
            let count = index < counts.count ? counts[index] : 0
            let isChosen = index == chosen
            countLabels[index].text = NumberText.grouped(count)
            checks[index].opacity = isChosen ? 1 : 0
            button.isSensitive = count > 0 || isChosen
            if count == 0 { button.addCSSClass("empty-option") } else { button.removeCSSClass("empty-option") }
            let items = trn("{count} item", "{count} items", count, ["count": NumberText.grouped(count)])
            button.setAccessibleLabel(
                isChosen
                    ? tr("{option}, {items}, chosen", ["option": options[index], "items": items])
                    : tr("{option}, {items}", ["option": options[index], "items": items]))
            button.setAccessibleChecked(isChosen)
        }
        resetButton.isSensitive = chosen != nil
    }

    /// Shows only the options that contain `text`, ignoring case.
    private func filterOptions(_ text: String) {
        let wanted = text.lowercased()
        for (index, button) in optionButtons.enumerated() {
            button.isVisible = wanted.isEmpty || options[index].lowercased().contains(wanted)
        }
    }

    /// Enter in the filter entry chooses the option when exactly one can be chosen.
    private func chooseOnlyVisibleOption() {
        let candidates = optionButtons.indices.filter { optionButtons[$0].isVisible && optionButtons[$0].isSensitive }
        guard candidates.count == 1 else { return }
        popover.popdown()
        onChoose(candidates[0])
    }

    /// The options shown after filtering, for tests.
    var visibleOptions: [String] { optionButtons.indices.filter { optionButtons[$0].isVisible }.map { options[$0] } }

    /// While open, re-lays out the columns whenever the window's height changes.
    private func watchWindowHeight() {
        resizeWatch?.remove()
        relayOutIfNeeded()
        resizeWatch = button.addTickCallback { [weak self] _ in
            self?.relayOutIfNeeded()
            return true
        }
    }

    private func relayOutIfNeeded() {
        let available = Self.availableHeight(windowHeight: button.rootHeight ?? 600)
        if available != laidOutForHeight { layOut(availableHeight: available) }
    }

    /// Room for the options below the header bar and facet bar, less the reset row and margins.
    static func availableHeight(windowHeight: Int32) -> Int32 { max(windowHeight - 190, 60) }
}
