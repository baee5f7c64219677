// SPDX-License-Identifier: GPL-3.0-or-later
import Gtk

/// The application's style sheets, on top of the theme.
///
/// Their one source is `Resources/style.css`, `style-dark.css` and `style-hc.css`. Meson compiles
/// them into `foldout.gresource` and installs that to `share/foldout/`; in meson's build tree the
/// bundle sits beside the executable. `load()` takes the bundle when there is one, and otherwise
/// the same files as SwiftPM's build tool plugin (Plugins/StyleSheetPlugin) generated them into
/// `StyleSheets`, so a plain `swift build` or `swift test` needs no extra step and keeps no copy.
enum Style {
    static let resourcePath = "/dev/foldout/Foldout/style.css"
    static let bundleName = "foldout.gresource"

    static let darkResourcePath = "/dev/foldout/Foldout/style-dark.css"
    static let highContrastResourcePath = "/dev/foldout/Foldout/style-hc.css"

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
                    System.printError("foldout: ignoring the resource bundle: \(error)\n")
                    continue
                }
                if Display.addStyleSheet(resource: resourcePath) {
                    followDesktop(
                        dark: StyleSheet(resource: darkResourcePath),
                        highContrast: StyleSheet(resource: highContrastResourcePath))
                    return
                }
            }
        }
        Log.debug("no resource bundle holds \(resourcePath); using the style sheet built in")
        Display.addStyleSheet(StyleSheets.css)
        followDesktop(dark: nil, highContrast: nil)
    }

    @MainActor private static func followDesktop(dark: StyleSheet?, highContrast: StyleSheet?) {
        desktop = DesktopStyle(
            portal: AppearancePortal(), dark: dark ?? StyleSheet(css: StyleSheets.darkCSS),
            highContrast: highContrast ?? StyleSheet(css: StyleSheets.highContrastCSS))
    }
}
