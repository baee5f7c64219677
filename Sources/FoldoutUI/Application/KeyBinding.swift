// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// A key Foldout answers, declared once beside what it does: its keys in GTK's syntax, as they are
/// installed ("|" between alternatives), what the shortcuts window says it does and the group that
/// lists it. Whatever installs a key takes its declaration, and the shortcuts window lists the
/// declarations (`KeyboardShortcuts`), so the two cannot drift; `KeyboardShortcutsTests` checks
/// that the window answers no key that is not declared.
///
/// Declarations are computed (`static var`), not stored: their titles follow the language chosen.
@MainActor
struct KeyBinding {
    enum Group: CaseIterable {
        case general, actions, filters, movies

        var title: String {
            switch self {
            case .general: tr("General")
            case .actions: tr("Actions page")
            case .filters: tr("Filters page")
            case .movies: tr("Movies page")
            }
        }
    }

    let keys: String
    let title: String
    let group: Group
    /// The button or menu item whose mnemonic (Alt and its underlined letter) does the same: "_Open…".
    var mnemonicOf: String?

    init(_ keys: String, _ title: String, _ group: Group, mnemonicOf label: String? = nil) {
        self.keys = keys
        self.title = title
        self.group = group
        mnemonicOf = label
    }

    /// A key that only the label's mnemonic gives (Alt+A for "_Add").
    init(mnemonicOf label: String, _ title: String, _ group: Group) {
        self.init("", title, group, mnemonicOf: label)
    }

    /// Each of `keys` as installed ("<Control>o", "F5"); keypad and ISO variants of a key are left
    /// out, as the shortcuts window leaves them.
    var accelerators: [String] {
        keys.split(separator: "|").map(String.init).filter { !$0.hasPrefix("KP_") && !$0.hasPrefix("ISO_") }
    }

    /// How the shortcuts window lists it: every key, then the mnemonic (which follows the
    /// translated label: "_Add" is Alt+A in English, "_Hinzufügen" Alt+H in German).
    var listing: ShortcutsWindow.Shortcut {
        let mnemonic = mnemonicOf.flatMap(ShortcutsWindow.mnemonicAccelerator(ofLabel:))
        return ShortcutsWindow.Shortcut((accelerators + [mnemonic].compactMap { $0 }).joined(separator: " "), title)
    }
}

extension KeyedAction {
    /// The action `name`, run by `binding`'s keys.
    init(_ name: String, _ binding: KeyBinding, _ run: @escaping @MainActor () -> Void) {
        self.init(name, keys: binding.keys, run)
    }
}

extension Widget {
    /// Offers `actions` to this widget and what it holds as `prefix.name`, and installs each of
    /// `keys` to run its action (bubble phase: a text field that uses a key keeps it).
    func installKeys(_ prefix: String, _ actions: ActionGroup, _ keys: [(KeyBinding, action: String)]) {
        insertActionGroup(prefix, actions)
        let controller = ShortcutController()
        for (binding, action) in keys { controller.add(accelerators: binding.keys, action: "\(prefix).\(action)") }
        add(controller)
    }
}

extension ShortcutController {
    /// `binding`'s keys run `handler`, which says whether it used the key.
    func add(_ binding: KeyBinding, _ handler: @escaping @MainActor () -> Bool) {
        add(accelerators: binding.keys, handler)
    }
}

extension Application {
    /// Makes `binding`'s keys the accelerators of the action `action` ("app.quit"): a menu item
    /// bound to it shows them, and they act in every window of the application.
    func setAccelerators(_ binding: KeyBinding, for action: String) {
        setAccelerators(binding.accelerators, for: action)
    }
}
