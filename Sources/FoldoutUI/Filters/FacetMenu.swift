// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// One flyout of the facet bar (seed 001), for one facet column of the catalog: a menu button
/// labelled with the column's name or its choice, opening a popover of the column's options, each
/// with its live count and a tick box. A click on an option when no other is ticked chooses it
/// and closes the flyout (seed 001's flow); the tick boxes, or a click while others are ticked,
/// tick several, and the flyout stays open. "No value" is an option where rows lack one; Exclude
/// turns the ticked options into "every option but these". An option no row would match is
/// dimmed. Up to thirty options are laid out in columns, as many as keep the popover inside the
/// window (re-laid out while it is resized); more get a type-to-filter entry above one scrolling
/// column, which builds the first `maxListed` matches only. The last item resets the facet.
@MainActor
final class FacetMenu {
    static let maxRowsPerColumn = 10
    /// More options than this get a type-to-filter entry and a scrolling list.
    static let searchableOptions = 30
    /// The most characters a facet button's label shows before "…".
    static let labelCharacters: Int32 = 18
    /// At most this many options are built at once in a long flyout; typing finds the others.
    static let maxListed = 500

    let column: Int
    let name: String
    let options: [String]
    private let orderNote: String
    let button = MenuButton()
    let popover = Popover()
    private(set) var grid = Grid()
    private(set) var resetButton = Button(label: "")
    private(set) var optionButtons: [Button] = []
    private(set) var countLabels: [Label] = []
    private(set) var ticks: [CheckButton] = []
    /// Each option's line: its tick box and its button.
    private var lines: [Box] = []
    private(set) var excludeCheck = CheckButton(label: "")
    private(set) var searchEntry: SearchEntry?
    private(set) var counts: [Int] = []
    private(set) var selection = FacetSelection()
    /// What `show` last showed on the button.
    private var shownLabel: (label: String, whole: String, selection: FacetSelection)?
    /// The index of the "No value" option (after the values), when rows lack one.
    let noValueOption: Int?
    var chosen: Int? { selection.options.count == 1 && !selection.noValue ? selection.options.first : nil }
    private(set) var laidOutForHeight: Int32 = -1
    private var refocusEntry = false
    private var resizeWatch: TickToken?
    /// What the flyout chooses in, and asks its counts and figures each time it opens.
    private weak var filter: (any FacetChoosing)?
    /// The measure shown instead of the counts, if any, and its figures (FacetMenu+Measure.swift).
    var measureChoice: FacetMeasureChoice? { didSet { measureChanged(from: oldValue) } }
    var figures: [MeasureFigure] = []
    /// Each listed option's bar, proportional to its measure.
    var bars: [LevelBar] = []
    /// The "Show" line; nil when the catalog has no column to measure.
    private(set) lazy var measureChooser: MeasureChooser? =
        MeasureChooser.canMeasure(measurableColumns)
        ? MeasureChooser(columns: measurableColumns, choice: nil, varies: columnVaries) { [weak self] choice in
            guard let self else { return }
            // Counts shown largest first: the measure shown instead is listed so too.
            var choice = choice
            if self.measureChoice == nil, choice != nil { choice?.sortsByValue = self.ordersByCount }
            self.measureChoice = choice
            self.onMeasureChosen(choice)
        } : nil
    /// The columns a measure can be of (all of the catalog's or the table's; none: no Show line).
    let measurableColumns: [MeasurableColumn]
    /// Whether a column's values are not all the same, where that is known: a measure starts on one.
    private let columnVaries: (Int) -> Bool
    /// The user chose a measure, or the row counts again.
    private let onMeasureChosen: (FacetMeasureChoice?) -> Void
    var pendingLayOut: SourceToken?

    init(
        column: Int, name: String, options: [String], order: OptionOrder, noValue: Bool,
        columns: [MeasurableColumn] = [], filter: any FacetChoosing, varies: @escaping (Int) -> Bool = { _ in true },
        onMeasureChosen: @escaping (FacetMeasureChoice?) -> Void
    ) {
        columnVaries = varies
        self.column = column
        self.filter = filter
        self.onMeasureChosen = onMeasureChosen
        self.name = name
        measurableColumns = columns
        noValueOption = noValue ? options.count : nil
        ordersByCount = options.count > Self.searchableOptions
        self.options = noValue ? options + [tr("No value")] : options
        orderNote =
            switch order {
            case .byValue: tr("By value")
            case .alphabetical: tr("Alphabetical")
            case .asGiven: tr("In the catalog’s order")
            case .yesFirst: tr("Yes first")
            }
        button.shortensLabel(maxCharacters: Self.labelCharacters)
        button.label = name
        button.popover = popover
        button.tooltip = tr("Filter by {facet}", ["facet": name])
        popover.addCSSClass("facet-popover")
        // The options are laid out when the popover first opens: nothing to build at start-up.
        popover.onShow { [weak self] in self?.opened() }
        popover.onClosed { [weak self] in self?.resizeWatch?.remove() }
    }

    /// Shows what the facet filters by now, as its filter says.
    func showChoice() {
        guard let filter else { return }
        show(
            label: filter.label(forColumn: column), whole: filter.filterText(forColumn: column, listingAll: true),
            selection: filter.selection(forColumn: column))
    }

    /// Shows the facet's label (what it filters by, or its name) and its ticked options; `whole`
    /// names every option it filters by, for the tooltip and a screen reader where the label is short.
    private func show(label: String, whole: String, selection: FacetSelection) {
        // The page shows the labels after every change to the results, each keystroke of a search
        // too; the same labels again change nothing, and the options are refreshed when opened.
        if !popover.isVisible, let shown = shownLabel, shown.label == label, shown.whole == whole,
            shown.selection == selection
        {
            return
        }
        shownLabel = (label, whole, selection)
        self.selection = selection
        button.label = label
        let filtering = !selection.isEmpty || selection.excluded
        let described = tr("{facet}: {option}", ["facet": name, "option": whole])
        button.setAccessibleLabel(filtering ? described : label)
        button.tooltip = filtering ? described : tr("Filter by {facet}", ["facet": name])
        if filtering { button.addCSSClass("chosen") } else { button.removeCSSClass("chosen") }
        if !optionButtons.isEmpty { refreshOptions() }
    }

    private func isTicked(_ index: Int) -> Bool {
        index == noValueOption ? selection.noValue : selection.options.contains(index)
    }

    /// A click on an option: chosen alone when nothing else is ticked, else ticked or unticked.
    private func clicked(_ index: Int) {
        let others =
            selection.options.subtracting([index]).count + (selection.noValue && index != noValueOption ? 1 : 0)
        if others == 0 && !selection.excluded {
            popover.popdown()
            filter?.select(option: index, inColumn: column)
        } else {
            filter?.toggle(option: index, inColumn: column)
        }
    }

    /// The options' counts now, "No value" last where rows lack a value.
    private var currentCounts: [Int] {
        guard let filter else { return [] }
        return filter.counts(forColumn: column)
            + (filter.noValueOption(forColumn: column) == nil ? [] : [filter.noValueCount(forColumn: column)])
    }

    /// The figures of `measure` for each option now.
    func currentMeasures(_ measure: FacetMeasure) -> [MeasureFigure] {
        filter?.measures(measure, forColumn: column) ?? []
    }

    /// The counts of now shown in the open flyout, its order kept: counts that came after it
    /// opened (a table in its server counts off the main thread).
    func refreshCounts() {
        guard popover.isVisible else { return }
        counts = currentCounts
        refreshOptions()
    }

    private func opened() {
        counts = currentCounts
        figures = measureChoice.map { currentMeasures($0.measure) } ?? []
        // The order by count or measure is made again for the figures of now.
        if largestFirst { laidOutForHeight = -1 }
        watchWindowHeight()
        refreshOptions()
        if let searchEntry {
            searchEntry.text = ""
            _ = searchEntry.grabFocus()
        }
        // GTK gives the popover's focus to its first widget (the Show line) once it is shown.
        popover.afterNextFrame { [weak self] in self?.focusFirstOption() }
    }

    /// Once shown, the focus on the filter field or the first option: from there the arrows (and
    /// Tab, one stop an option) move from option to option.
    private func focusFirstOption() {
        if let searchEntry {
            _ = searchEntry.grabFocus()
        } else {
            _ = optionButtons.first { $0.isSensitive }?.grabFocus()
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
        ticks = []
        lines = []
        bars = []
        for index in listedOptions() {
            // The option is one Tab stop and one check box to a screen reader: its button, which
            // says whether it is ticked; the tick box beside it is for the pointer.
            let tick = CheckButton(label: "")
            tick.isFocusable = false
            tick.canFocus = false
            tick.setAccessibleHidden(true)
            tick.tooltip = tr("Tick {option} too", ["option": options[index]])
            tick.onToggled { [weak self, weak tick] in
                guard let self, let tick, tick.isActive != self.isTicked(index) else { return }
                self.filter?.toggle(option: index, inColumn: self.column)
            }
            let label = Label(options[index])
            label.xalign = 0
            label.hexpand = true
            let count = Label()
            count.addCSSClass("dim-label")
            count.addCSSClass("facet-count")
            let row = Box(.horizontal, spacing: 8)
            row.append(label)
            row.append(count)
            let bar = LevelBar()
            bar.addCSSClass("facet-measure-bar")
            let content = Box(.vertical, spacing: 2)
            content.append(row)
            content.append(bar)
            let button = Button(child: content, role: .checkBox)
            button.addCSSClass("flat")
            button.hexpand = true
            button.onClicked { [weak self] in self?.clicked(index) }
            optionButtons.append(button)
            countLabels.append(count)
            bars.append(bar)
            ticks.append(tick)
            lines.append(Self.line(tick, button))
            listed.append(index)
        }
        let box = Box(.vertical, spacing: 4)
        if let chooser = measureChooser {
            contentBox?.remove(chooser.root)
            box.append(chooser.root)
        }
        contentBox = box
        let note = Box(.horizontal, spacing: 6)
        let caption = Label(tr("Order"))
        caption.addCSSClass("dim-label")
        note.append(caption)
        // One order, whichever figure is shown: the options' own, or the figure's, largest first.
        let order = DropDown(strings: [orderNote, tr("Largest first")])
        order.selected = largestFirst ? 1 : 0
        order.setAccessibleLabel(tr("Order of the options"))
        order.tooltip = tr("List the options in their own order, or by the figure shown beside them, the largest first")
        order.onSelected { [weak self, weak order] in
            guard let self, let order, (order.selected == 1) != self.largestFirst else { return }
            self.refocusOrder = true
            self.setLargestFirst(order.selected == 1)
        }
        orderDropDown = order
        note.append(order)
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
            for line in lines { list.append(line) }
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
            for index in optionButtons.indices {
                grid.attach(lines[index], column: Int32(index / rows), row: Int32(index % rows))
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
            guard let self else { return }
            self.filter?.reset(column: self.column)
        }
        excludeCheck = CheckButton(label: tr("Exclude ticked options"))
        excludeCheck.tooltip = tr("Show every {facet} but the ticked ones", ["facet": name])
        excludeCheck.onToggled { [weak self] in
            guard let self, self.excludeCheck.isActive != self.selection.excluded else { return }
            self.filter?.setExcluded(self.excludeCheck.isActive, inColumn: self.column)
        }
        box.append(Separator(.horizontal))
        box.append(excludeCheck)
        box.append(resetButton)
        popover.child = box
        if refocusEntry, let searchEntry { _ = searchEntry.grabFocus() }
        refocusEntry = false
        laidOutForHeight = availableHeight
        refreshOptions()
    }

    /// Counts, ticks and dimming, as of the last time the flyout opened.
    /// Setting a tick or the exclude check here changes nothing: their handlers compare with the
    /// selection shown.
    func refreshOptions() {
        for (row, index) in listed.enumerated() {
            let count = index < counts.count ? counts[index] : 0
            let ticked = isTicked(index)
            countLabels[row].text = figureText(index) ?? NumberText.grouped(count)
            ticks[row].isActive = ticked
            optionButtons[row].isSensitive = count > 0 || ticked
            if count == 0 {
                optionButtons[row].addCSSClass("empty-option")
            } else {
                optionButtons[row].removeCSSClass("empty-option")
            }
            let items =
                figureDescription(index)
                ?? trn("{count} row", "{count} rows", count, ["count": NumberText.grouped(count)])
            let text = tr("{option}, {items}", ["option": options[index], "items": items])
            optionButtons[row].setAccessibleLabel(
                ticked ? tr("{option}, {items}, chosen", ["option": options[index], "items": items]) : text)
            optionButtons[row].setAccessibleChecked(ticked)
        }
        showBars()
        excludeCheck.isActive = selection.excluded
        resetButton.isSensitive = !selection.isEmpty || selection.excluded
    }

    /// While the counts are shown, whether the options are listed by them, most first: at first
    /// only in a long flyout (4,000 tail numbers), where the stated order says little.
    var ordersByCount: Bool
    /// The flyout's Order: its options' own, or "Largest first".
    private(set) var orderDropDown: DropDown?
    /// The order was chosen in its drop-down: the new one gets the focus once laid out again.
    var refocusOrder = false

    /// Whether the options are listed by the figure shown beside them, the largest first.
    var largestFirst: Bool { measureChoice.map(\.sortsByValue) ?? ordersByCount }

    /// Lists the options by the figure shown, the largest first, or in their own order.
    func setLargestFirst(_ on: Bool) {
        if var choice = measureChoice {
            choice.sortsByValue = on
            measureChoice = choice
            onMeasureChosen(choice)
        } else {
            ordersByCount = on
            layOutSoon()
        }
    }

    /// The options built, in the stated order or by count: all of them, or in a long flyout the
    /// first `maxListed` that contain the typed text, the ticked ones first.
    private func listedOptions() -> [Int] {
        listed = []
        var order = Array(options.indices)
        if largestFirst && measureChoice != nil {
            order = orderedByMeasure(order)
        } else if largestFirst {
            let counts = self.counts
            func count(_ index: Int) -> Int { index < counts.count ? counts[index] : 0 }
            order.sort { count($0) != count($1) ? count($0) > count($1) : $0 < $1 }
        }
        guard options.count > Self.maxListed else { return order }
        let wanted = (searchEntry?.text ?? "").lowercased()
        let ticked = order.filter(isTicked)
        let matching = order.lazy.filter { !self.isTicked($0) }
            .filter { wanted.isEmpty || self.options[$0].lowercased().contains(wanted) }
        return ticked + Array(matching.prefix(Self.maxListed - ticked.count))
    }

    /// The option indices of the rows built, in order.
    private(set) var listed: [Int] = []
    /// The flyout's content, which the "Show" line moves to when it is laid out again.
    private var contentBox: Box?

    /// A tick box and an option's button on one line.
    private static func line(_ tick: CheckButton, _ button: Button) -> Box {
        let line = Box(.horizontal, spacing: 0)
        line.append(tick)
        line.append(button)
        return line
    }

    /// Shows only the options that contain `text`, ignoring case (in a long flyout, builds them).
    private func filterOptions(_ text: String) {
        if options.count > Self.maxListed && listedFor != text {
            listedFor = text
            layOut(availableHeight: laidOutForHeight)
            return
        }
        let wanted = text.lowercased()
        for row in optionButtons.indices {
            lines[row].isVisible = wanted.isEmpty || options[listed[row]].lowercased().contains(wanted)
        }
    }

    private var listedFor = ""

    /// Enter in the filter entry chooses the option when exactly one can be chosen.
    private func chooseOnlyVisibleOption() {
        let candidates = optionButtons.indices.filter { lines[$0].isVisible && optionButtons[$0].isSensitive }
        guard candidates.count == 1 else { return }
        popover.popdown()
        filter?.select(option: listed[candidates[0]], inColumn: column)
    }

    /// The options shown after filtering, for tests.
    var visibleOptions: [String] {
        optionButtons.indices.filter { lines[$0].isVisible }.map { options[listed[$0]] }
    }

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
