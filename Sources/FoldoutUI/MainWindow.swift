import CGtk
import FoldoutCore
import Gtk

/// The one window: a header bar with the page switcher, the pages, and the in-window notification
/// above them. Pages other than the first shown are built when first visited, so start-up pays
/// only for what it shows.
@MainActor
public final class MainWindow {
    public let window: ApplicationWindow
    public let notification = InAppNotification()
    public let actions: ActionsPage
    public private(set) var filters: FiltersPage?
    private let filtersHolder = Box(GTK_ORIENTATION_VERTICAL)
    private let catalog: CatalogSource
    private let stack = Stack()

    public init(application: Application, actionsList: ActionsList, catalog: CatalogSource) {
        self.catalog = catalog
        window = ApplicationWindow(application: application)
        window.title = "Foldout"
        window.setDefaultSize(width: 720, height: 640)

        let header = HeaderBar()
        header.setTitleWidget(StackSwitcher(stack: stack))
        window.setTitlebar(header)

        actions = ActionsPage(viewModel: actionsList, notification: notification)
        stack.addTitled(actions.root, name: Page.actions.rawValue, title: Page.actions.title)
        stack.addTitled(filtersHolder, name: Page.filters.rawValue, title: Page.filters.title)
        stack.onNotify("visible-child-name") { [weak self] in self?.buildVisiblePage() }

        let overlay = Overlay()
        overlay.child = stack
        overlay.addOverlay(notification.root)
        window.child = overlay
        notification.installUndoShortcut(in: window)
    }

    /// Whether the visible page shows its data (the Filters page builds its catalog in the background).
    public var isReady: Bool { page != .filters || filters?.filter != nil }

    public var page: Page {
        get { stack.visibleChildName.flatMap(Page.init(rawValue:)) ?? .actions }
        set {
            stack.visibleChildName = newValue.rawValue
            buildVisiblePage()
        }
    }

    private func buildVisiblePage() {
        guard page == .filters, filters == nil else { return }
        let filters = FiltersPage(source: catalog)
        filters.window = { [weak window] in window }
        filters.root.vexpand = true
        filtersHolder.append(filters.root)
        self.filters = filters
    }
}
