import CGtk

/// The C library's gettext for one text domain: where its catalogs are, and the lookups.
public enum Gettext {
    /// Sets the locale from the environment. Where it is plain "C" or "POSIX" and `LANGUAGE` is
    /// set, messages use C.UTF-8 instead: gettext ignores `LANGUAGE` in the "C" locale, and
    /// `LANGUAGE=de foldout` should work on a machine with no other locale configured.
    public static func setLocaleFromEnvironment() {
        setlocale(LC_ALL, "")
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if (messages == "C" || messages == "POSIX"), g_getenv("LANGUAGE") != nil {
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

    /// The translation of `message` in `domain`, or `message` itself.
    public static func translate(_ message: String, domain: String) -> String {
        String(cString: g_dgettext(domain, message))
    }

    /// The form of `singular`/`plural` for `count` in `domain`.
    public static func translate(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
        String(cString: g_dngettext(domain, singular, plural, gulong(clamping: count.magnitude)))
    }

}
