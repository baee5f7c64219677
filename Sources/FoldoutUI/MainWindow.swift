import CGtk
import FoldoutCore
import Gtk

/// The one window: a header bar with the page switcher, the pages, and the in-window notification
/// above them.
@MainActor
public final class MainWindow {
    public let window: ApplicationWindow
    public let notification = InAppNotification()
    public let actions: ActionsPage
    public let filters: FiltersPage
    private let stack = Stack()

    public init(application: Application, actionsList: ActionsList, catalog: CatalogSource) {
        window = ApplicationWindow(application: application)
        window.title = "Foldout"
        window.setDefaultSize(width: 720, height: 640)

        let header = HeaderBar()
        header.setTitleWidget(StackSwitcher(stack: stack))
        window.setTitlebar(header)

        actions = ActionsPage(viewModel: actionsList, notification: notification)
        stack.addTitled(actions.root, name: Page.actions.rawValue, title: Page.actions.title)
        filters = FiltersPage(source: catalog)
        stack.addTitled(filters.root, name: Page.filters.rawValue, title: Page.filters.title)

        let overlay = Overlay()
        overlay.child = stack
        overlay.addOverlay(notification.root)
        window.child = overlay
        notification.installUndoShortcut(in: window)
        filters.window = { [weak window] in window }
    }

    /// Whether the visible page shows its data (the Filters page builds its catalog in the background).
    public var isReady: Bool { page != .filters || filters.filter != nil }

    public var page: Page {
        get { stack.visibleChildName.flatMap(Page.init(rawValue:)) ?? .actions }
        set { stack.visibleChildName = newValue.rawValue }
    }
}
