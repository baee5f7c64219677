// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// GTK's keyboard-shortcuts window, built from titled groups of shortcuts. GTK 4.8 can add
/// sections and groups to it only through GtkBuilder, so this writes the builder XML (titles
/// escaped) and loads it.
@MainActor
public final class ShortcutsWindow: Window {
    public struct Shortcut: Sendable {
        /// One or more accelerators in GTK's syntax, separated by spaces: "Return space", "<Control>e".
        public let accelerators: String
        public let title: String

        public init(_ accelerators: String, _ title: String) {
            self.accelerators = accelerators
            self.title = title
        }
    }

    public struct Group: Sendable {
        public let title: String
        public let shortcuts: [Shortcut]

        public init(_ title: String, _ shortcuts: [Shortcut]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    public let groups: [Group]
    /// How many lines a column of the window holds; GTK's default is 15.
    public static let maxHeight = 15

    public init(groups: [Group]) {
        self.groups = groups
        let builder = gtk_builder_new_from_string(Self.xml(groups), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let window = gtk_builder_get_object(builder, "shortcuts")!
        super.init(borrowing: UnsafeMutableRawPointer(window))
    }

    /// The accelerator for the mnemonic of a label written with an underscore ("_Add" → "<Alt>a"),
    /// or nil if it has none.
    public static func mnemonicAccelerator(ofLabel label: String) -> String? {
        var characters = label.makeIterator()
        while let character = characters.next() {
            guard character == "_" else { continue }
            guard let next = characters.next() else { return nil }
            if next == "_" { continue }  // "__" is a literal underscore
            guard let scalar = next.lowercased().unicodeScalars.first else { return nil }
            let keyval = gdk_unicode_to_keyval(scalar.value)
            guard let name = gtk_accelerator_name(keyval, GDK_ALT_MASK) else { return nil }
            defer { g_free(name) }
            return String(cString: name)
        }
        return nil
    }

    private static func xml(_ groups: [Group]) -> String {
        func property(_ name: String, _ value: String) -> String {
            "<property name=\"\(name)\">\(Label.escape(value))</property>"
        }
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">"
        xml += property("modal", "true") + property("hide-on-close", "true") + property("destroy-with-parent", "true")
        // A screen reader announces it as the modal dialog it is: GTK 4.18 gives it the generic
        // role (a bare panel for AT-SPI), GTK 4.8 that of a plain window.
        xml += property("accessible-role", "dialog")
        // A column holds up to max-height lines (a group's title counts as one) and a page two
        // columns, so the width is that of two columns (short titles keep it under 1,024 px) and
        // 15 keeps the height under 768 px; what does not fit goes on a second page.
        xml += "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "shortcuts")
        xml += property("max-height", String(maxHeight))
        for group in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\">" + property("title", group.title)
            for shortcut in group.shortcuts {
                xml += "<child><object class=\"GtkShortcutsShortcut\">"
                xml += property("accelerator", shortcut.accelerators) + property("title", shortcut.title)
                xml += "</object></child>"
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }
}
