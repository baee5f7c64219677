// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk
import CSecret

/// The desktop's keyring, through libsecret and the Secret Service (GNOME Keyring, KWallet; inside
/// the Flatpak sandbox, the Secret portal): where a database's password is kept, never in
/// Foldout's own files. Items use the schema `dev.foldout.Foldout.Database`, their attributes
/// the server, port, database and user the password is for.
///
/// Every call blocks until the Secret Service answers (a locked keyring may first ask the user to
/// unlock it), so call them off the main thread: they are not bound to the main actor.
public enum Keyring {
    /// Whom a password is for: a database's server (a host name, or a socket's folder), port,
    /// database and user, as the keyring's attributes hold them.
    public struct Account: Sendable, Hashable {
        public let host: String
        public let port: String
        public let database: String
        public let user: String

        public init(host: String, port: String, database: String, user: String) {
            self.host = host
            self.port = port
            self.database = database
            self.user = user
        }
    }

    /// Why the keyring could not be used: no Secret Service on the session bus, a keyring that
    /// stays locked, an unlock the user cancelled. `message` is libsecret's.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    /// Keeps `password` for `account` in the default keyring (the login keyring), labelled
    /// `label` as the desktop's password manager lists it, replacing one kept before.
    public static func store(_ password: String, for account: Account, label: String) throws(Failure) {
        try withAttributes(account) { attributes, error in
            _ = secret_password_storev_sync(
                foldout_database_schema(), attributes, nil, label, password, nil, &error)
        }
    }

    /// The password kept for `account`, or nil when the keyring has none.
    public static func lookup(_ account: Account) throws(Failure) -> String? {
        var found: String?
        try withAttributes(account) { attributes, error in
            guard let password = secret_password_lookupv_sync(foldout_database_schema(), attributes, nil, &error)
            else { return }
            found = String(cString: password)
            secret_password_free(password)  // wipes the copy libsecret made
        }
        return found
    }

    /// Removes the password kept for `account`; false when there was none.
    @discardableResult
    public static func clear(_ account: Account) throws(Failure) -> Bool {
        var removed = false
        try withAttributes(account) { attributes, error in
            removed = secret_password_clearv_sync(foldout_database_schema(), attributes, nil, &error) != 0
        }
        return removed
    }

    /// Calls `body` with the account's attributes as the `GHashTable` libsecret's `…v` calls take,
    /// and throws the error it sets.
    private static func withAttributes(
        _ account: Account,
        _ body: (OpaquePointer?, inout UnsafeMutablePointer<GError>?) -> Void
    ) throws(Failure) {
        let attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
        defer { g_hash_table_unref(attributes) }
        for (key, value) in [
            ("host", account.host), ("port", account.port), ("database", account.database), ("user", account.user),
        ] {
            g_hash_table_insert(attributes, g_strdup(key), g_strdup(value))
        }
        var error: UnsafeMutablePointer<GError>?
        body(attributes, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            throw Failure(message: message)
        }
    }
}
