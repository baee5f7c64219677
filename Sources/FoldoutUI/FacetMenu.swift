import CGtk
import FoldoutCore
import Gtk

/// One flyout of the facet bar (seed 001): a menu button labelled with its category or the current
/// choice, opening a popover of options. More than ten options are laid out in columns, as many
/// as it takes to keep the popover inside the window, re-laid out while the window is resized.
/// The popover's last item is the category's own name, which resets the facet.
@MainActor
final class FacetMenu {
    static let maxRowsPerColumn = 10

    let facet: Facet
    let button = MenuButton()
    let popover = Popover()
    private(set) var grid = Grid()
    private(set) var resetButton = Button(label: "")
    private(set) var optionButtons: [Button] = []
    private var laidOutForHeight: Int32 = -1
    private var resizeWatch: TickToken?
    var onChoose: (Int) -> Void = { _ in }
    var onReset: () -> Void = {}

    init(facet: Facet) {
        self.facet = facet
        button.label = facet.title
        button.popover = popover
        popover.addCSSClass("facet-popover")
        // The options are laid out when the popover first opens: nothing to build at start-up.
        popover.onShow { [weak self] in self?.watchWindowHeight() }
        popover.onClosed { [weak self] in self?.resizeWatch?.remove() }
    }

    func showLabel(_ label: String) {
        button.label = label
        button.setAccessibleLabel(label)
    }

    /// Rows per column for `count` options when `availableHeight` pixels hold `rowHeight`-high rows.
    static func rowsPerColumn(count: Int, availableHeight: Int32, rowHeight: Int32) -> Int {
        let fitting = max(3, Int(availableHeight / max(rowHeight, 1)))
        let rows = min(maxRowsPerColumn, fitting)
        let columns = (count + rows - 1) / rows
        return (count + columns - 1) / max(columns, 1)
    }

    /// Rebuilds the options grid to fit `availableHeight`.
    func layOut(availableHeight: Int32) {
        let options = facet.optionTitles
        optionButtons = options.enumerated().map { index, option in
            let label = Label(option)
            label.xalign = 0
            let button = Button(child: label)
            button.setAccessibleLabel(option)
            button.addCSSClass("flat")
            button.onClicked { [weak self] in
                self?.popover.popdown()
                self?.onChoose(index)
            }
            return button
        }
        let rowHeight = max(optionButtons.first?.naturalHeight ?? 34, 24)
        let rows = Self.rowsPerColumn(count: options.count, availableHeight: availableHeight, rowHeight: rowHeight)
        grid = Grid(rowSpacing: 0, columnSpacing: 6)
        for (index, button) in optionButtons.enumerated() {
            grid.attach(button, column: Int32(index / rows), row: Int32(index % rows))
        }
        resetButton = Button(label: facet.title)
        resetButton.addCSSClass("flat")
        resetButton.addCSSClass("facet-reset")
        resetButton.tooltip = Self.resetTooltip(facet)
        resetButton.onClicked { [weak self] in
            self?.popover.popdown()
            self?.onReset()
        }
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        box.append(grid)
        box.append(Separator(GTK_ORIENTATION_HORIZONTAL))
        box.append(resetButton)
        popover.child = box
        laidOutForHeight = availableHeight
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
    static func availableHeight(windowHeight: Int32) -> Int32 { max(windowHeight - 170, 60) }

    /// The reset item's tooltip: one whole sentence per facet, as translators need them.
    static func resetTooltip(_ facet: Facet) -> String {
        switch facet {
        case .category: tr("Show every category")
        case .material: tr("Show every material")
        case .color: tr("Show every color")
        case .season: tr("Show every season")
        case .size: tr("Show every size")
        }
    }
}
