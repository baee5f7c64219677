// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// The desktop's style, followed live: the settings portal's light/dark preference becomes GTK
/// 4.8's `gtk-application-prefer-dark-theme` (Adwaita then draws its dark variant), and its
/// high-contrast preference GTK's built-in HighContrast theme (inverted when dark). Without a
/// portal, or while it states no preference, whatever GTK's settings say stands. Foldout's own
/// dark and high-contrast style sheets follow the theme GTK ends up with, whoever chose it.
@MainActor
final class DesktopStyle {
    private let settings = Settings.default
    private let portal: AppearancePortal?
    private let dark: StyleSheet
    private let highContrast: StyleSheet
    /// GTK's own choices before the portal was followed, restored when it states no preference.
    private let ownTheme: String
    private let ownPrefersDark: Bool

    init(portal: AppearancePortal?, dark: StyleSheet, highContrast: StyleSheet) {
        self.portal = portal
        self.dark = dark
        self.highContrast = highContrast
        let theme = settings.themeName
        ownTheme = theme.hasPrefix(Self.highContrastTheme) ? "Adwaita" : theme
        ownPrefersDark = settings.prefersDarkTheme
        settings.onNotify("gtk-application-prefer-dark-theme") { [weak self] in self?.attachStyleSheets() }
        settings.onNotify("gtk-theme-name") { [weak self] in self?.attachStyleSheets() }
        portal?.onChange = { [weak self] in self?.followPortal() }
        followPortal()
        attachStyleSheets()
    }

    static let highContrastTheme = "HighContrast"

    /// Whether the theme GTK draws with is dark.
    var isDark: Bool { settings.prefersDarkTheme || settings.themeName.lowercased().hasSuffix("-dark") }
    var isHighContrast: Bool { settings.themeName.hasPrefix(Self.highContrastTheme) }
    var darkSheetAttached: Bool { dark.isAttached }
    var highContrastSheetAttached: Bool { highContrast.isAttached }

    private func followPortal() {
        guard let portal else { return }
        let prefersDark =
            switch portal.colorScheme {
            case .preferDark: true
            case .preferLight: false
            case .noPreference: ownPrefersDark
            }
        let theme = portal.highContrast ? Self.highContrastTheme : ownTheme
        if settings.themeName != theme { settings.themeName = theme }
        if settings.prefersDarkTheme != prefersDark { settings.prefersDarkTheme = prefersDark }
    }

    private func attachStyleSheets() {
        let highContrast = isHighContrast
        dark.setAttached(isDark && !highContrast)
        self.highContrast.setAttached(highContrast)
    }
}
