// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Connect to Database… (the main menu): a small modal window that asks for a PostgreSQL server's
/// host, port, database, user and password, and optionally the table (without one, a database of
/// several tables asks which, as an address does), and whether the keyring is to remember the
/// password. Connect (or Enter in any field) answers with the address, every part percent-encoded;
/// Cancel, Escape or closing the window answers nothing. Each field has a label with its Alt key,
/// which also names it for assistive technologies.
@MainActor
final class ConnectDialog {
    /// What Connect answers: the address (password and all, for memory only), the password typed
    /// and whether to remember it.
    struct Answer {
        let address: DatabaseAddress
        let password: String
        let remember: Bool
    }

    let window = Window()
    let host = Entry()
    let port = Entry()
    let database = Entry()
    let user = Entry()
    let password = Entry()
    let table = Entry(placeholder: tr("Ask which, if there are several"))
    let remember = CheckButton(label: tr("_Remember password in the keyring"), mnemonic: true)
    let connect = Button(label: tr("C_onnect"), mnemonic: true)
    let cancel = Button(label: tr("_Cancel"), mnemonic: true)
    private let answering: DialogAnswer<Answer>

    init(parent: Window?, onAnswer: @escaping @MainActor (Answer?) -> Void) {
        answering = DialogAnswer(window, onAnswer: onAnswer)
        window.title = tr("Connect to Database")
        window.isModal = true
        window.setTransient(for: parent)
        window.setDefaultSize(width: 420, height: -1)
        window.setTitlebar(HeaderBar())
        host.text = "localhost"
        port.text = "5432"
        port.widthChars = 6
        user.text = System.userName
        password.hideText()
        remember.isActive = true

        let grid = Grid(rowSpacing: 6, columnSpacing: 12)
        let fields: [(String, Entry)] = [
            (tr("_Host:"), host), (tr("_Port:"), port), (tr("_Database:"), database), (tr("_User:"), user),
            (tr("Pass_word:"), password), (tr("_Table:"), table),
        ]
        for (row, (text, entry)) in fields.enumerated() {
            let label = Label(mnemonic: text, for: entry)
            label.xalign = 1
            entry.hexpand = true
            entry.activatesDefault = true
            entry.setAccessibleLabel(Button.withoutMnemonic(text).filter { $0 != ":" })
            entry.onChanged { [weak self] in self?.updateConnect() }
            grid.attach(label, column: 0, row: Int32(row))
            grid.attach(entry, column: 1, row: Int32(row))
        }
        grid.attach(remember, column: 1, row: Int32(fields.count))

        let content = Box(.vertical, spacing: 18)
        content.addCSSClass("connect-dialog")
        content.append(grid)
        answering.finish(
            content: content, accept: connect, cancel: cancel, onAccept: { [weak self] in self?.answerConnect() })
        updateConnect()
    }

    /// Shows the window with the focus in the first field to fill: the database's.
    func present() {
        window.present()
        database.grabFocus()
    }

    /// The address the fields name: the host "localhost" and the user the login name when left empty.
    var address: String {
        func value(_ entry: Entry) -> String { Self.trimmed(entry.text) }
        return DatabaseAddress.compose(
            host: value(host).isEmpty ? "localhost" : value(host), port: value(port), database: value(database),
            user: value(user).isEmpty ? System.userName : value(user), password: password.text, table: value(table))
    }

    /// Connect needs a database's name and a port that is a number.
    private func updateConnect() {
        let port = Self.trimmed(port.text)
        connect.isSensitive = !Self.trimmed(database.text).isEmpty && (port.isEmpty || (UInt16(port) ?? 0) > 0)
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private func answerConnect() {
        guard connect.isSensitive, let address = DatabaseAddress(address) else { return }
        answering.give(Answer(address: address, password: password.text, remember: remember.isActive))
    }
}
