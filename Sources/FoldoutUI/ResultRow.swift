import CGtk
import FoldoutCore
import Gtk

/// One row of the Filters page's results: the item's name and, in the detailed layout, its price,
/// date and facets.
@MainActor
final class ResultRow {
    let root = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let name = Inscription()
    let details = Inscription()
    private(set) var position: Int?
    private(set) var listPosition = 0

    init() {
        root.addCSSClass("result-row")
        root.append(name)
        root.append(details)
        name.addCSSClass("result-name")
        details.addCSSClass("dim-label")
    }

    func bind(position: Int, listPosition: Int, in catalog: Catalog, layout: ResultLayout) {
        self.position = position
        self.listPosition = listPosition
        name.text = catalog.name(at: position)
        details.isVisible = layout == .detailed
        if layout == .detailed {
            let facets = Facet.allCases.map { $0.optionTitle(catalog.option($0, at: position)) }
            details.text = ([NumberText.price(cents: catalog.priceCents(at: position)), catalog.date(at: position).description] + facets)
                .joined(separator: " · ")
        }
    }

    func relayout(_ layout: ResultLayout, in catalog: Catalog) {
        guard let position else { return }
        bind(position: position, listPosition: listPosition, in: catalog, layout: layout)
    }

    func unbind() { position = nil }
}
