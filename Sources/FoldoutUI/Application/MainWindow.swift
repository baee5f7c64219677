// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The one window: a header bar with the page switcher, the pages, and the in-window notification
/// above them. Pages other than the first shown are built when first visited, so start-up pays
/// only for what it shows.
@MainActor
final class MainWindow {
    let window: ApplicationWindow
    let application: Application
    let notification = InAppNotification()
    /// The keyboard-shortcuts window, built when first shown (`?` or Ctrl+?).
    private(set) var shortcutsWindow: ShortcutsWindow?
    let actions: ActionsPage
    private(set) var filters: FiltersPage?
    private(set) var movies: MoviesPage?
    /// The width of the Movies page's list beside the details, given to the page when it is built.
    var moviesDivider = 300
    /// After the Filters page read and showed a catalog file: its path.
    private let catalogFileOpened: (String) -> Void
    private let filtersHolder = Box(.vertical)
    private let moviesHolder = Box(.vertical)
    private let headerEnd = Box(.horizontal)
    private let catalog: CatalogSource
    private let libraryStore: LibraryStore
    private let stack = Stack()
    /// The header bar's menu (F10): Open Recent, Connect to Database…, Export Rows…, Reset View,
    /// Keyboard Shortcuts, About Foldout, Quit.
    let primaryMenu = MenuButton()
    /// Open Recent, in the main menu and in the Filters page's Open menu.
    let recentCatalogs: RecentCatalogsMenu
    private(set) var aboutDialog: AboutDialog?
    let header = HeaderBar()
    private let headerSwitcher: StackSwitcher
    /// Holds the header's page switcher without asking for its width, so that a window can start
    /// narrow (the switcher then moves to the bottom before the first frame is shown).
    private let headerTitle = BreakpointBin(minimumWidth: 0, breakpoint: 0)
    /// In a narrow window the page switcher moves from the header bar to this bar at the bottom.
    let bottomBar = ActionBar()
    /// The pages above the bottom bar.
    let column = Box(.vertical)
    /// Tells when the window becomes narrower than `narrowWidth`, or wider again.
    let breakpoint = BreakpointBin(minimumWidth: 360, breakpoint: MainWindow.narrowWidth)
    /// Below this width the window is narrow: the page switcher at the bottom, the Movies page's
    /// list and details one at a time.
    static let narrowWidth: Int32 = 600
    /// How wide the Actions and Filters pages grow at most, so rows stay readable.
    static let readableWidth: Int32 = 900
    var isNarrow: Bool { breakpoint.isNarrow }
    /// Whether the header bar shows the page switcher (a wide window) or the window's title.
    private(set) var headerShowsSwitcher = true

    /// `recentFiles` is where Open Recent finds the files opened lately: the desktop's list unless
    /// another is given (tests); `catalogFileOpened` hears each catalog file the Filters page shows.
    init(
        application: Application, actionsList: ActionsList, catalog: CatalogSource, libraryStore: LibraryStore,
        recentFiles: RecentFiles? = nil, catalogFileOpened: @escaping (String) -> Void
    ) {
        self.catalog = catalog
        self.catalogFileOpened = catalogFileOpened
        self.libraryStore = libraryStore
        self.application = application
        window = ApplicationWindow(application: application)
        recentCatalogs = RecentCatalogsMenu(recentFiles: recentFiles ?? .shared)
        window.title = tr("Foldout")
        window.setIconName(Foldout.applicationID)  // the hicolor icon meson installs; X11 shows it
        window.setDefaultSize(width: 720, height: 640)

        headerSwitcher = StackSwitcher(stack: stack)
        // Said when the focus enters it; GTK 4.8 would name it GtkStackSwitcher.
        headerSwitcher.setAccessibleLabel(tr("Pages"))
        headerTitle.child = headerSwitcher
        header.setTitleWidget(headerTitle)
        header.packEnd(primaryMenu)
        header.packEnd(headerEnd)
        window.setTitlebar(header)

        actions = ActionsPage(viewModel: actionsList, notification: notification)
        let actionsClamp = Clamp(maximumWidth: Self.readableWidth)
        actionsClamp.child = actions.root
        stack.addTitled(actionsClamp, name: Page.actions.rawValue, title: Page.actions.title)
        stack.addTitled(filtersHolder, name: Page.filters.rawValue, title: Page.filters.title)
        stack.addTitled(moviesHolder, name: Page.movies.rawValue, title: Page.movies.title)
        stack.onNotify("visible-child-name") { [weak self] in self?.buildVisiblePage() }

        let overlay = Overlay()
        overlay.child = stack
        overlay.vexpand = true
        overlay.addOverlay(notification.root)
        column.append(overlay)
        let bottomSwitcher = StackSwitcher(stack: stack)
        bottomSwitcher.setAccessibleLabel(tr("Pages"))
        bottomSwitcher.addCSSClass("narrow-switcher")
        bottomBar.setCenter(bottomSwitcher)
        bottomBar.isVisible = false
        column.append(bottomBar)
        breakpoint.child = column
        breakpoint.onNarrowChanged { [weak self] narrow in self?.setNarrow(narrow) }
        window.child = breakpoint
        notification.installUndoShortcut(in: window)
        installWindowShortcuts()
        recentCatalogs.installAction(on: window) { [weak self] path in self?.openRecent(path) }
        window.afterNextFrame(priority: .low) { [weak self] in self?.recentCatalogs.refresh() }
        buildPrimaryMenu(application)
        buildVisiblePage()
    }

    /// The menus show the accelerators GTK's application knows (`setAccelerators`).
    private func buildPrimaryMenu(_ application: Application) {
        let files = Menu()
        files.appendSubmenu(tr("_Open Recent"), recentCatalogs.menu)
        files.append(tr("_Connect to Database…"), action: "window-page.connect")
        let general = Menu()
        general.append(tr("_Export Rows…"), action: "\(FiltersPage.prefix).export-rows")
        general.append(tr("_Reset View"), action: "\(FiltersPage.prefix).reset-view")
        general.append(tr("_Keyboard Shortcuts"), action: "window-page.show-shortcuts")
        general.append(tr("_About Foldout"), action: "window-page.about")
        let quit = Menu()
        quit.append(tr("_Quit"), action: "app.quit")
        let menu = Menu()
        menu.appendSection(files)
        menu.appendSection(general)
        menu.appendSection(quit)
        primaryMenu.setMenu(menu)
        primaryMenu.onPopup { [weak self] in self?.recentCatalogs.refresh() }
        primaryMenu.setIconName("open-menu-symbolic")
        primaryMenu.isPrimary = true
        primaryMenu.tooltip = tr("Main Menu")
        primaryMenu.setAccessibleLabel(tr("Main Menu"))
    }

    /// The application's accelerators, set once at start-up: they act in every window, and the
    /// menus show them beside their items. A page's act while the window offers its actions.
    static func setAccelerators(on application: Application) {
        application.setAccelerators(quitKey, for: "app.quit")
        application.setAccelerators(closeKey, for: "window.close")
        application.setAccelerators(shortcutsMenuKey, for: "window-page.show-shortcuts")
        application.setAccelerators(FiltersPage.exportKey, for: "\(FiltersPage.prefix).export-rows")
        application.setAccelerators(FiltersPage.openKey, for: "\(FiltersPage.prefix).open")
        application.setAccelerators(MoviesPage.editKey, for: "\(MoviesPage.prefix).toggle-edit")
    }

    func showAbout() {
        let about =
            aboutDialog
            ?? AboutDialog(
                programName: tr("Foldout"), version: Foldout.version,
                comments: tr("The things that fold out of a list, done right: in GTK 4 and Swift."),
                website: Foldout.website, iconName: Foldout.applicationID, authors: [tr("The Foldout team")],
                // TRANSLATORS: your names, one a line, as the About dialog credits them.
                translatorCredits: tr("translator-credits") == "translator-credits" ? "" : tr("translator-credits"))
        about.setTransient(for: window)
        aboutDialog = about
        about.present()
    }

    static var shortcutsKey: KeyBinding { KeyBinding("question", tr("Keyboard shortcuts"), .general) }
    static var shortcutsMenuKey: KeyBinding { KeyBinding("<Control>question", tr("Keyboard shortcuts"), .general) }
    /// GTK's: F10 opens a window's primary menu.
    static var menuKey: KeyBinding { KeyBinding("F10", tr("Main menu"), .general) }
    static var closeKey: KeyBinding { KeyBinding("<Control>w", tr("Close the window"), .general) }
    static var quitKey: KeyBinding { KeyBinding("<Control>q", tr("Quit"), .general) }
    static func pageKey(_ page: Page) -> KeyBinding {
        KeyBinding(page.accelerator, tr("{page} page", ["page": page.title]), .general)
    }
    /// The window's keys, as the shortcuts window lists them.
    static var keyBindings: [KeyBinding] {
        [shortcutsKey, shortcutsMenuKey, InAppNotification.undoKey, menuKey, closeKey, quitKey]
            + Page.allCases.map(pageKey)
    }

    /// `?` shows the shortcuts window (in the bubble phase, so that `?` typed into an entry stays
    /// text: as an application accelerator it would be taken from the text fields); Alt+1, 2, 3
    /// show the pages.
    private func installWindowShortcuts() {
        let pages = Page.allCases.map { page in
            KeyedAction("show-\(page.rawValue)", Self.pageKey(page)) { [weak self] in self?.show(page) }
        }
        window.installActions(
            "window-page",
            pages + [
                KeyedAction("show-shortcuts", Self.shortcutsKey) { [weak self] in self?.showShortcuts() },
                KeyedAction("about") { [weak self] in self?.showAbout() },
                KeyedAction("connect") { [weak self] in self?.showConnectDialog() },
            ])
    }

    /// A narrow window shows the page switcher at the bottom and the window's title above.
    private func setNarrow(_ narrow: Bool) {
        header.setTitleWidget(narrow ? nil : headerTitle)
        headerShowsSwitcher = !narrow
        bottomBar.isVisible = narrow
        movies?.setNarrow(narrow)
        filters?.setNarrow(narrow)
    }

    /// Unfolds row `row` of the Filters results when they are shown, else of the Actions page, and
    /// scrolls to it.
    func unfold(row: Int) {
        if page == .filters {
            var request = LaunchFilters()
            request.unfoldRow = row
            return ensureFiltersPage().carryOut(request) { _ in }
        }
        let list = actions.viewModel
        if list.expanded != list.id(at: row) { list.toggle(list.id(at: row)) }
        actions.listView.scrollTo(position: row)
    }

    /// Opens the file at `path` on the Filters page, as Open… does (the catalog shown stays until
    /// the file is read; a file that cannot be used is explained in a dialog).
    func openRecent(_ path: String) {
        page = .filters
        ensureFiltersPage().open(path: path)
    }

    /// Connect to Database…, while it is shown.
    private(set) var connectDialog: ConnectDialog?

    /// Asks for a database server's address (Connect to Database…), then opens it on the Filters
    /// page as Open Recent opens an address; the password goes to the keyring when the dialog says
    /// to remember it, and a keyring that cannot keep it is said in the notification.
    func showConnectDialog() {
        if let connectDialog { return connectDialog.present() }
        let dialog = ConnectDialog(parent: window) { [weak self] answer in
            guard let self else { return }
            connectDialog = nil
            guard let answer else { return }
            if answer.remember && !answer.password.isEmpty {
                DatabasePasswords.remember(answer.password, for: answer.address) { [weak self] reason in
                    self?.notification.show(
                        tr("The password was not remembered: {reason}", ["reason": reason]), seconds: 10)
                }
            }
            openRecent(answer.address.text)
        }
        connectDialog = dialog
        dialog.present()
    }

    func showShortcuts() {
        let shortcuts = shortcutsWindow ?? KeyboardShortcuts.makeWindow(transientFor: window)
        shortcutsWindow = shortcuts
        shortcuts.present()
    }

    /// Whether the visible page shows its data (the Filters page builds its catalog in the background).
    var isReady: Bool {
        page != .filters || filters?.isReady == true
    }

    /// Builds the Movies page now if it is not built yet.
    @discardableResult
    func ensureMoviesPage() -> MoviesPage {
        if let movies { return movies }
        let movies = MoviesPage(store: libraryStore, notification: notification)
        movies.paned.position = Int32(clamping: moviesDivider)
        movies.setNarrow(isNarrow)
        movies.root.vexpand = true
        moviesHolder.append(movies.root)
        headerEnd.append(movies.editToggle)
        self.movies = movies
        return movies
    }

    var page: Page {
        get { stack.visibleChildName.flatMap(Page.init(rawValue:)) ?? .actions }
        set {
            stack.visibleChildName = newValue.rawValue
            buildVisiblePage()
        }
    }

    /// Shows `page` with the keyboard focus in it, as its shortcut does. The focus moves once the
    /// newly shown page has been laid out: a widget that has never been allocated cannot take it.
    func show(_ page: Page) {
        self.page = page
        window.afterNextFrame { [weak self] in
            guard let self, self.page == page else { return }
            switch page {
            case .actions: actions.focusFirst()
            case .filters: filters?.focusFirst()
            case .movies: movies?.focusFirst()
            }
        }
    }

    /// Builds the page shown if it is not built yet, and offers its actions in the window (its
    /// accelerators, the menus) while it is shown.
    private func buildVisiblePage() {
        headerEnd.isVisible = page == .movies
        window.insertActionGroup(MoviesPage.prefix, page == .movies ? ensureMoviesPage().actions : nil)
        window.insertActionGroup(FiltersPage.prefix, page == .filters ? ensureFiltersPage().actions : nil)
        showTitle()
        for (holder, shown) in [(actions.root, Page.actions), (filtersHolder, .filters), (moviesHolder, .movies)] {
            holder.setAccessibleHidden(page != shown)
        }
    }

    /// What the window's title names besides Foldout.
    private var titleNames: String?

    /// The window's title names the table the Filters page shows, while it is shown, as a GNOME
    /// app's names its document ("flights.csv — Foldout").
    /// Set only when what it names changes.
    private func showTitle() {
        let name = page == .filters ? filters?.shownName : nil
        guard name != titleNames else { return }
        titleNames = name
        window.title = name.map { tr("{name} — Foldout", ["name": $0]) } ?? tr("Foldout")
    }

    /// The file the catalog given at start was read from, watched once the Filters page exists.
    var catalogPath: String?
    /// Where the Filters page keeps each file's view; nil (screenshots, benchmarks, tests): nowhere.
    var viewStore: CatalogViewStore?

    /// Builds the Filters page now if it is not built yet; its catalog is read when it is shown.
    @discardableResult
    func ensureFiltersPage() -> FiltersPage {
        if let filters { return filters }
        let clamp = Clamp(maximumWidth: Self.readableWidth)
        var host = FiltersPageHost(
            window: { [weak window] in window },
            notify: { [weak self] message in self?.notification.show(message) },
            fileOpened: { [weak self] path in self?.catalogFileOpened(path) },
            // Rows keep a readable width; a table or a summary uses the whole window.
            // The closure keeps the clamp's wrapper (the page does not hold the clamp).
            resultsViewChanged: { view in clamp.setMaximumWidth(view == .rows ? Self.readableWidth : nil) },
            viewStore: viewStore)
        host.shownNameChanged = { [weak self] _ in self?.showTitle() }
        let filters = FiltersPage(source: catalog, host: host)
        filters.setNarrow(isNarrow)
        if let catalogPath { filters.watch(path: catalogPath) }
        clamp.child = filters.root
        filters.offerRecent(recentCatalogs.menu) { [weak self] in self?.recentCatalogs.refresh() }
        filters.root.vexpand = true
        filtersHolder.append(clamp)
        self.filters = filters
        return filters
    }
}
