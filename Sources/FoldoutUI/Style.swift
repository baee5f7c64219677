// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// The application's style sheet, on top of the theme.
///
/// Its source is `Resources/style.css`. Meson compiles it into `foldout.gresource` and installs
/// that to `share/foldout/`; in meson's build tree the bundle sits beside the executable. `load()`
/// takes the bundle when there is one, and otherwise the copy below, so a plain `swift build` or
/// `swift test` needs no extra step. `build-aux/meson/style-sync.py --update` writes the copy from
/// the file and `meson test` (style-sync) fails when they differ.
enum Style {
    static let resourcePath = "/dev/foldout/Foldout/style.css"
    static let bundleName = "foldout.gresource"

    static let css = """
    /* Foldout's style sheet, on top of the theme. This file is the source: meson compiles it into
       foldout.gresource; Sources/FoldoutUI/Style.swift keeps a copy for plain `swift build`s, written
       by build-aux/meson/style-sync.py --update and checked by `meson test`. */
    .actions-list > row { padding: 0; }
    .action-row { padding: 10px 14px; }
    .action-row .unfolded { padding-top: 8px; }
    .action-row .detail { opacity: 0.9; }
    .action-row.expanded { background-color: alpha(@theme_selected_bg_color, 0.08); }
    .action-row:focus-visible { outline: 2px solid alpha(@theme_selected_bg_color, 0.7); outline-offset: -2px; }
    .action-row .expander-arrow { transition: -gtk-icon-transform 200ms ease-out; opacity: 0.7; }
    .action-row.expanded .expander-arrow { -gtk-icon-transform: rotate(90deg); }
    .action-row.expanded .expander-arrow:dir(rtl) { -gtk-icon-transform: rotate(-90deg); }
    .action-row button.destructive-action:focus-visible { outline: 2px solid @theme_fg_color; outline-offset: 2px; }
    .facet-bar { padding: 6px 8px; }
    .filters-search { padding: 8px 8px 0 8px; }
    .facet-bar menubutton.chosen > button { background-color: alpha(@theme_selected_bg_color, 0.18); box-shadow: inset 0 0 0 1px alpha(@theme_selected_bg_color, 0.6); font-weight: bold; }
    .facet-popover .facet-count { font-size: 0.9em; min-width: 3em; }
    .facet-popover .facet-order { font-size: 0.85em; padding: 0 6px; }
    .facet-popover button.empty-option { opacity: 0.55; }
    .empty-results { padding: 24px; }
    .combo-header { border-radius: 0; padding: 8px 14px; }
    .combo-arrow { transition: -gtk-icon-transform 200ms ease-out; }
    .combo-arrow.open { -gtk-icon-transform: rotate(90deg); }
    .combo-arrow.open:dir(rtl) { -gtk-icon-transform: rotate(-90deg); }
    .combo-options button { border-radius: 0; padding: 6px 14px 6px 116px; }
    .combo-options button:dir(rtl) { padding: 6px 116px 6px 14px; }
    .combo-section { border-bottom: 1px solid @borders; }
    .results-status { padding: 6px 14px; }
    .result-row { padding: 6px 14px; }
    .result-name { font-weight: bold; }
    .facet-reset { font-weight: bold; }
    .warning-banner { padding: 8px 14px; background-color: alpha(@warning_color, 0.18); }
    .edit-pane .notes-frame { border: 1px solid @borders; border-radius: 5px; }
    .edit-pane textview.notes { padding: 4px 6px; }
    .edit-pane { padding: 12px 14px; border-bottom: 1px solid @borders; background-color: @theme_base_color; }
    .banner-summary { font-weight: bold; }
    .movie-row { padding: 6px 12px; }
    .movie-title { font-weight: bold; }
    .movie-detail { padding: 18px; }
    .movie-detail .title-2 { font-size: 1.5em; font-weight: bold; }
    label.error { color: @error_color; }
    .app-notification { border-radius: 9px; margin: 0 12px 12px 12px; }
    .narrow-switcher > button { min-width: 72px; }
    """

    static let darkResourcePath = "/dev/foldout/Foldout/style-dark.css"
    static let highContrastResourcePath = "/dev/foldout/Foldout/style-hc.css"

    static let darkCSS = """
    /* Over style.css while the theme is dark (the desktop prefers dark, or the theme is a dark one).
       Tints that read as a hint on white need more strength on a dark background. */
    .action-row.expanded { background-color: alpha(@theme_selected_bg_color, 0.2); }
    .facet-bar menubutton.chosen > button { background-color: alpha(@theme_selected_bg_color, 0.35); }
    .warning-banner { background-color: alpha(@warning_color, 0.3); }
    .app-notification { box-shadow: 0 0 0 1px alpha(white, 0.12); }
    """

    static let highContrastCSS = """
    /* Over style.css while the theme is high contrast (GTK's HighContrast, or its inverse): nothing
       dimmed, tints replaced by outlines that keep the theme's own colours. */
    .action-row .detail, .action-row .expander-arrow, .facet-popover button.empty-option, .dim-label { opacity: 1; }
    .action-row.expanded { background-color: transparent; box-shadow: inset 3px 0 0 0 @theme_fg_color; }
    .action-row:focus-visible { outline: 3px solid @theme_fg_color; }
    .facet-bar menubutton.chosen > button { background-color: transparent; box-shadow: inset 0 0 0 2px @theme_fg_color; }
    .warning-banner { background-color: transparent; border: 2px solid @theme_fg_color; }
    """

    /// Follows the desktop's dark and high-contrast preference once `load()` ran.
    @MainActor static var desktop: DesktopStyle?

    /// Where a compiled bundle may be, first found wins: beside the executable (meson's build
    /// tree), then `../share/foldout/` from it (an install under any prefix; `/app` in the Flatpak).
    static func bundleCandidates(executableDirectory directory: String) -> [String] {
        ["\(directory)/\(bundleName)", "\(directory)/../share/foldout/\(bundleName)"]
    }

    @MainActor private static var loaded = false

    /// Puts the style sheets on the display, once per process.
    @MainActor static func load() {
        guard !loaded else { return }
        loaded = true
        if let directory = Resources.executableDirectory {
            for path in bundleCandidates(executableDirectory: directory) {
                do {
                    try Resources.register(bundleAt: path)
                } catch .missing {
                    continue
                } catch {
                    FileHandleStandardError.write("foldout: ignoring the resource bundle: \(error)\n")
                    continue
                }
                if Display.addStyleSheet(resource: resourcePath) {
                    followDesktop(dark: StyleSheet(resource: darkResourcePath), highContrast: StyleSheet(resource: highContrastResourcePath))
                    return
                }
            }
        }
        Log.debug("no resource bundle holds \(resourcePath); using the style sheet built in")
        Display.addStyleSheet(css)
        followDesktop(dark: nil, highContrast: nil)
    }

    @MainActor private static func followDesktop(dark: StyleSheet?, highContrast: StyleSheet?) {
        desktop = DesktopStyle(portal: AppearancePortal(), dark: dark ?? StyleSheet(css: darkCSS),
                               highContrast: highContrast ?? StyleSheet(css: highContrastCSS))
    }
}
