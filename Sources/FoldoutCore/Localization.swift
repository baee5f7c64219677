// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Translations for every string a user sees. FoldoutCore stays platform-neutral: the app installs
/// the lookup (gettext, text domain "foldout", in `FoldoutUI`'s `Translations`); until then, and in
/// the headless tests, messages stay in English.
///
/// Mark every string a user sees with `tr` (or `trn` when it depends on a count): `xgettext`
/// extracts them (`po/meson.build`). Values go in as named `{placeholders}`, never interpolated,
/// so the message stays one fixed string a translator can reorder:
///
///     tr("Copied “{title}” to the clipboard", ["title": item.title])
public enum Localization {
    /// The gettext text domain of the messages marked with `tr`.
    public static let domain = "foldout"

    /// Looks up `singular`, or the form of `singular`/`plural` for the count when there is one.
    public typealias LookUp = @Sendable (_ singular: String, _ plural: String?, _ count: Int) -> String

    /// The installed lookup, boxed: Swift 6.3.1 wraps a closure read out of `Mutex.withLock` in one
    /// more reabstraction thunk each time, so that every `tr` got slower than the one before
    /// (build-aux/toolchain-bugs/mutex-closure-thunks.swift shows it); a class reference comes out
    /// as it went in.
    private final class Installed: Sendable {
        let lookUp: LookUp
        init(_ lookUp: @escaping LookUp) { self.lookUp = lookUp }
    }

    private static let installed = Mutex<Installed?>(nil)

    /// Makes `lookUp` the translation of every later `tr` and `trn`; nil goes back to English.
    public static func install(_ lookUp: LookUp?) {
        let box = lookUp.map(Installed.init)
        installed.withLock { $0 = box }
    }

    private static var current: Installed? { installed.withLock { $0 } }

    static func lookUp(_ message: String) -> String {
        current?.lookUp(message, nil, 1) ?? message
    }

    static func lookUp(_ singular: String, _ plural: String, count: Int) -> String {
        current?.lookUp(singular, plural, count) ?? (count == 1 ? singular : plural)
    }

    /// `message` with each `{name}` replaced by its value, in one pass (a value that itself holds
    /// braces stays as it is); unknown names are left as they are.
    static func fill(_ message: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, message.contains("{") else { return message }
        var result = ""
        var rest = message[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            result += rest[..<open]
            let name = rest[afterOpen..<close]
            if let value = values[String(name)] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// `message` translated into the user's language, with its `{placeholders}` filled in.
public func tr(_ message: String, _ values: [String: String] = [:]) -> String {
    Localization.fill(Localization.lookUp(message), values)
}

/// `message` unchanged: marks a string for translation where it is stored in English and
/// translated later with `tr(message)` (the facets' vocabularies, which catalog files spell in English).
public func trLater(_ message: String) -> String { message }

/// The singular or plural form for `count` (as the language has them), placeholders filled in.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    Localization.fill(Localization.lookUp(singular, plural, count: count), values)
}
