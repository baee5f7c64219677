// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// Asked when a database server wants a password that neither the address, the keyring nor
/// libpq's own sources (`PGPASSWORD`, `~/.pgpass`) gave: a small modal window that names the
/// user, the database and the server, with a password field and "Remember password in the
/// keyring". Asked again, saying so, when the server refused the password given (a wrong one
/// kept in the keyring, or typed). Connect (or Enter) answers with the password; Cancel, Escape
/// or closing the window answers nothing. The address keeps every other part it had (its table,
/// its TLS settings).
@MainActor
final class PasswordPrompt {
    struct Answer {
        let password: String
        let remember: Bool
    }

    let window = Window()
    let message: Label
    let password = Entry()
    let remember = CheckButton(label: tr("_Remember password in the keyring"), mnemonic: true)
    let connect = Button(label: tr("C_onnect"), mnemonic: true)
    let cancel = Button(label: tr("_Cancel"), mnemonic: true)
    private let answering: DialogAnswer<Answer>

    init(
        parent: Window?, address: DatabaseAddress, refused: Bool = false,
        onAnswer: @escaping @MainActor (Answer?) -> Void
    ) {
        answering = DialogAnswer(window, onAnswer: onAnswer)
        let account = DatabasePasswords.account(for: address)
        let named = ["host": account.host, "user": account.user, "database": account.database]
        message = Label(
            refused
                ? tr("The database server {host} refused the password of {user} for the database {database}.", named)
                : tr(
                    "The database server {host} asks for the password of {user} for the database {database}.",
                    named), wrap: true)
        message.maxWidthChars = 40
        message.xalign = 0
        window.title = tr("Password Needed")
        window.isModal = true
        window.setTransient(for: parent)
        window.setTitlebar(HeaderBar())
        password.hideText()
        password.hexpand = true
        password.activatesDefault = true
        password.onChanged { [weak self] in self?.connect.isSensitive = self?.password.text.isEmpty == false }
        remember.isActive = true

        let field = Box(.horizontal, spacing: 12)
        field.append(Label(mnemonic: tr("Pass_word:"), for: password))
        field.append(password)
        password.setAccessibleLabel(Button.withoutMnemonic(tr("Pass_word:")).filter { $0 != ":" })
        connect.isSensitive = false
        let content = Box(.vertical, spacing: 12)
        content.addCSSClass("connect-dialog")
        for part in [message, field, remember] as [Widget] { content.append(part) }
        answering.finish(
            content: content, accept: connect, cancel: cancel, onAccept: { [weak self] in self?.answerConnect() })
    }

    /// Shows the window with the focus in the password field.
    func present() {
        window.present()
        password.grabFocus()
    }

    private func answerConnect() {
        guard !password.text.isEmpty else { return }
        answering.give(Answer(password: password.text, remember: remember.isActive))
    }
}
