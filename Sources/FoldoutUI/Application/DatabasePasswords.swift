// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A database's password kept in the desktop's keyring (`Keyring`, libsecret), never in Foldout's
/// own files: stored by Connect to Database… when "Remember password" is ticked, and added, in
/// memory only, to an address that has none when it is opened (Open Recent keeps addresses
/// without their password, `foldout postgresql://…` names none). The keyring is asked off the
/// main thread: a locked keyring may first ask the user to unlock it.
@MainActor
enum DatabasePasswords {
    /// Where the passwords are kept and found.
    struct Store: Sendable {
        let store:
            @Sendable (_ password: String, _ account: Keyring.Account, _ label: String) throws(Keyring.Failure)
                -> Void
        let lookup: @Sendable (_ account: Keyring.Account) throws(Keyring.Failure) -> String?

        /// The desktop's keyring.
        static let desktop = Store(store: Keyring.store, lookup: Keyring.lookup)
    }

    /// The desktop's keyring; a test puts one in its place that cannot be reached.
    static var keyring = Store.desktop

    /// Whom the password of `address` is for: its first host (or socket folder), port, database
    /// and user, the login name when it names none (as libpq does).
    nonisolated static func account(for address: DatabaseAddress) -> Keyring.Account {
        Keyring.Account(
            host: address.hostName, port: address.port, database: address.databaseName,
            user: address.userName ?? System.userName)
    }

    /// `path` with the keyring's password added when it is a PostgreSQL address without one and
    /// the keyring has one for it; else `path` as it is. Blocks until the keyring answers: for
    /// the command line, which has no window to keep answering.
    nonisolated static func filledIn(_ path: String) -> String {
        guard let address = DatabaseAddress(path), !address.hasPassword,
            let password = try? Keyring.lookup(account(for: address))
        else { return path }
        return address.withPassword(password)
    }

    /// The newest `fillIn`'s number: an older lookup that answers after it opens nothing.
    private static var generation = 0
    /// The address a lookup found no password for, handed back to be opened as it is.
    private static var answered: String?

    /// For the window: when `path` is a PostgreSQL address without a password, asks the keyring
    /// for one off the main thread, calls `open` with the address (its password added if the
    /// keyring has one) on the main thread, and returns true; otherwise returns false and `path`
    /// is to be opened now. A newer call makes an older one's answer go unused.
    static func fillIn(_ path: String, then open: @escaping @MainActor (String) -> Void) -> Bool {
        generation += 1
        if answered == path {
            answered = nil
            return false
        }
        answered = nil
        guard let address = DatabaseAddress(path), !address.hasPassword else { return false }
        let asked = generation
        let account = account(for: address)
        let lookup = keyring.lookup
        Task.detached {
            let password = try? lookup(account)
            MainLoop.post {
                guard asked == generation else { return }
                guard let password else {
                    answered = path
                    return open(path)
                }
                open(address.withPassword(password))
            }
        }
        return true
    }

    /// Keeps `password` for `address` in the keyring, off the main thread; `failed` hears, on the
    /// main thread, why it could not be kept (no Secret Service, a keyring left locked).
    static func remember(
        _ password: String, for address: DatabaseAddress, failed: @escaping @Sendable @MainActor (String) -> Void
    ) {
        let account = account(for: address)
        let label = tr(
            "Foldout: {user} on {database}@{host}",
            ["user": account.user, "database": account.database, "host": account.host])
        let store = keyring.store
        Task.detached {
            do throws(Keyring.Failure) {
                try store(password, account, label)
            } catch {
                let reason = error.message
                MainLoop.post { failed(reason) }
            }
        }
    }
}
