// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Connects FoldoutCore's `tr`/`trn` to gettext, text domain "foldout", with the catalogs found
/// relative to the running executable: installed (`../share/locale`, also `/app` in the Flatpak),
/// meson's build folder (`po/`), or SwiftPM's (`locale/`, written by `build-aux/compile-translations.sh`).
/// `FOLDOUT_LOCALEDIR` overrides them all.
@MainActor
public enum Translations {
    /// Sets the locale from the environment and installs the lookups. Call before the first `tr`.
    public static func setUp() {
        Gettext.setLocaleFromEnvironment()
        RegionFormat.current = RegionFormats.read()
        use(localeDirectory: findLocaleDirectory())
    }

    /// Binds the domain to `directory` (nil: the C library's default) and installs the lookups.
    /// Binding again also makes gettext forget earlier lookups (tests change `LANGUAGE`).
    static func use(localeDirectory directory: String?) {
        let domain = Localization.domain
        Gettext.bind(domain: domain, to: directory)
        Localization.install { singular, plural, count in
            guard let plural else { return Gettext.translate(singular, domain: domain) }
            return Gettext.translate(singular, plural, count: count, domain: domain)
        }
        Log.debug("translations from \(directory ?? "the default folder")")
    }

    /// The first candidate folder that exists, or nil for the C library's default.
    static func findLocaleDirectory() -> String? {
        if let directory = System.environment("FOLDOUT_LOCALEDIR") { return directory }
        guard let executable = Resources.executableDirectory else { return nil }
        return ["\(executable)/locale", "\(executable)/po", "\(executable)/../share/locale"]
            .map(Resources.canonical)
            .first(where: Resources.isDirectory)
    }
}
