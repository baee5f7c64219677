// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// The C library's gettext for one text domain: where its catalogs are, and the lookups.
public enum Gettext {
    /// Sets the locale from the environment. Where the messages locale is plain "C", "POSIX" or
    /// "C.UTF-8" and `LANGUAGE` is set, messages use a real UTF-8 locale instead: gettext ignores
    /// `LANGUAGE` in the "C" locale (and glibc 2.41 in "C.UTF-8" too), and `LANGUAGE=de foldout`
    /// should work on a machine with no other locale configured. Only the messages category
    /// changes, so any installed UTF-8 locale serves: the first language's own (`de_DE.UTF-8` for
    /// "de"), else US English, else C.UTF-8. GTK is told not to set the locale again when it
    /// starts, which would undo that.
    public static func setLocaleFromEnvironment() {
        if gtk_is_initialized() == 0 { gtk_disable_setlocale() }
        setlocale(LC_ALL, "")
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        guard ["C", "POSIX", "C.UTF-8", "C.utf8"].contains(messages),
            let languages = g_getenv("LANGUAGE").map({ String(cString: $0) }), !languages.isEmpty
        else { return }
        for candidate in messageLocales(for: languages) where setlocale(LC_MESSAGES, candidate) != nil { return }
    }

    /// The locales that can carry `LANGUAGE`'s messages, best first: "de" gives de_DE.UTF-8, then
    /// de.UTF-8; "pt_BR" pt_BR.UTF-8; then en_US.UTF-8 and C.UTF-8.
    static func messageLocales(for languages: String) -> [String] {
        var candidates: [String] = []
        for language in languages.split(separator: ":") {
            let bare = language.split(separator: ".").first.map(String.init) ?? String(language)
            if !bare.contains("_") { candidates.append("\(bare)_\(bare.uppercased()).UTF-8") }
            candidates.append("\(bare).UTF-8")
        }
        return candidates + ["en_US.UTF-8", "C.UTF-8"]
    }

    /// Binds `domain` to `directory` (holding `LANG/LC_MESSAGES/DOMAIN.mo`), in UTF-8. Binding
    /// again also makes gettext drop what it looked up before, e.g. after `LANGUAGE` changed.
    /// With `directory` nil the domain keeps the folder it has (the C library's default at first).
    public static func bind(domain: String, to directory: String?) {
        bindtextdomain(domain, directory ?? String(cString: bindtextdomain(domain, nil)))
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The translation of `message` in `domain`, or `message` itself. (Untranslated, gettext
    /// returns the pointer it was given, which must still be alive while it is read.)
    public static func translate(_ message: String, domain: String) -> String {
        message.withCString { id in
            guard let translated = g_dgettext(domain, id), translated != id else { return message }
            return String(cString: translated)
        }
    }

    /// The form of `singular`/`plural` for `count` in `domain`.
    public static func translate(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
        singular.withCString { singularID in
            plural.withCString { pluralID in
                let n = gulong(clamping: count.magnitude)
                guard let translated = g_dngettext(domain, singularID, pluralID, n) else {
                    return count == 1 ? singular : plural
                }
                if translated == singularID { return singular }
                if translated == pluralID { return plural }
                return String(cString: translated)
            }
        }
    }
}
