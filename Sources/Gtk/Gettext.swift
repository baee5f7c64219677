// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// The C library's gettext for one text domain: where its catalogs are, and the lookups.
public enum Gettext {
    /// Sets the locale from the environment. Where it is plain "C" or "POSIX" and `LANGUAGE` is
    /// set, messages use C.UTF-8 instead: gettext ignores `LANGUAGE` in the "C" locale, and
    /// `LANGUAGE=de foldout` should work on a machine with no other locale configured. GTK is
    /// told not to set the locale again when it starts, which would undo that.
    public static func setLocaleFromEnvironment() {
        if gtk_is_initialized() == 0 { gtk_disable_setlocale() }
        setlocale(LC_ALL, "")
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if messages == "C" || messages == "POSIX", g_getenv("LANGUAGE") != nil {
            setlocale(LC_MESSAGES, "C.UTF-8")
        }
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
