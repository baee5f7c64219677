// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A file chooser for opening a file or saving under a name: GtkFileDialog where the running GTK
/// has it (4.10), GTK 4.8's GtkFileChooserNative otherwise and for a chooser with a choice, which
/// GtkFileDialog does not offer (`foldout_file_chooser.c` chooses). Both work inside a Flatpak
/// sandbox, through the portal, and ask before a save replaces a file.
@MainActor
public final class FileChooser: Object {
    /// Choosing a file to read, or a name to save under.
    public enum Purpose { case open, save }
    /// A choice beside the file list: its id, label, and options as (id, label) pairs, the first
    /// chosen at first.
    public struct Choice {
        public let id: String
        public let label: String
        public let options: [(id: String, label: String)]
        public init(id: String, label: String, options: [(id: String, label: String)]) {
            self.id = id
            self.label = label
            self.options = options
        }
    }

    public init(
        title: String, parent: Window?, acceptLabel: String, cancelLabel: String, purpose: Purpose = .open,
        choice: Choice? = nil
    ) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent?.cast()
        super.init(
            takingFull: UnsafeMutableRawPointer(
                foldout_file_chooser_new(
                    parentWindow, title, acceptLabel, cancelLabel, (purpose == .save).gboolean,
                    (choice != nil).gboolean)))
        if let choice {
            withCStrings(choice.options.map(\.id)) { ids in
                withCStrings(choice.options.map(\.label)) { labels in
                    foldout_file_chooser_add_choice(opaque, choice.id, choice.label, ids, labels)
                }
            }
        }
    }

    /// True when the running GTK's GtkFileDialog shows this chooser.
    public var isFileDialog: Bool { foldout_file_chooser_is_file_dialog(opaque) != 0 }

    /// The name a save starts with, and the folder it starts in.
    public func suggest(name: String, folder: String?) {
        foldout_file_chooser_suggest(opaque, name, folder?.isEmpty == false ? folder : nil)
    }

    /// The id of the option chosen in the choice `id`.
    public func choice(_ id: String) -> String? {
        foldout_file_chooser_get_choice(opaque, id).map { String(cString: $0) }
    }

    /// Adds a filter that shows files of any of `mimeTypes` or matching any of `patterns`, under `name`.
    public func addFilter(name: String, mimeTypes: [String], patterns: [String]) {
        let filter = gtk_file_filter_new()
        gtk_file_filter_set_name(filter, name)
        for mimeType in mimeTypes { gtk_file_filter_add_mime_type(filter, mimeType) }
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        foldout_file_chooser_add_filter(opaque, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
    }

    /// Shows the chooser; `handler` gets the chosen path, or nil when cancelled.
    public func choose(_ handler: @escaping @MainActor (String?) -> Void) {
        on("chosen") { (path: gpointer?) in
            handler(path.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) })
        }
        foldout_file_chooser_show(opaque)
    }
}

/// A modal error message with a Close button; it destroys itself when answered.
@MainActor
public final class ErrorDialog: Window {
    public init(parent: Window?, title: String, detail: String) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent?.cast()
        super.init(borrowing: UnsafeMutableRawPointer(foldout_message_dialog_new(parentWindow, title, detail)))
        onInteger("response") { [weak self] response in
            let action = response == Self.actionResponse ? self?.action : nil
            self?.dismiss()
            action?()
        }
    }

    /// The response of the button `addAction` adds.
    public static let actionResponse: Int32 = 1
    private var action: (@MainActor () -> Void)?

    /// A button beside Close that closes the dialog and does `action` ("Open Anyway").
    public func addAction(_ label: String, _ action: @escaping @MainActor () -> Void) {
        self.action = action
        _ = foldout_dialog_add_button(cast(), label, Self.actionResponse)
    }

    /// A second wrapper of a dialog shown already (GtkTesting finds them among the toplevels).
    package init(existing dialog: UnsafeMutableRawPointer) { super.init(borrowing: dialog) }

    /// Closes the dialog and lets go of its parent, so neither outlives the other's references.
    public func dismiss() {
        gtk_window_set_transient_for(cast(), nil)
        destroy()
    }

    public var detailText: String {
        guard let text = foldout_object_dup_string(raw, "secondary-text") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    public var titleText: String {
        guard let text = foldout_object_dup_string(raw, "text") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// GTK's About dialog: name, version, what it is, website, licence, credits and translators.
@MainActor
public final class AboutDialog: Window {
    public init(
        programName: String, version: String, comments: String, website: String, iconName: String,
        authors: [String], translatorCredits: String
    ) {
        super.init(borrowing: UnsafeMutableRawPointer(gtk_about_dialog_new()))
        gtk_about_dialog_set_program_name(opaque, programName)
        gtk_about_dialog_set_version(opaque, version)
        gtk_about_dialog_set_comments(opaque, comments)
        gtk_about_dialog_set_website(opaque, website)
        gtk_about_dialog_set_logo_icon_name(opaque, iconName)
        gtk_about_dialog_set_license_type(opaque, GTK_LICENSE_GPL_3_0)
        withCStrings(authors) { gtk_about_dialog_set_authors(opaque, $0) }
        if !translatorCredits.isEmpty { gtk_about_dialog_set_translator_credits(opaque, translatorCredits) }
        gtk_window_set_hide_on_close(cast(), 1)
    }

    public var programName: String { gtk_about_dialog_get_program_name(opaque).map { String(cString: $0) } ?? "" }
    public var version: String { gtk_about_dialog_get_version(opaque).map { String(cString: $0) } ?? "" }
    public var licenseIsGPL3: Bool { gtk_about_dialog_get_license_type(opaque) == GTK_LICENSE_GPL_3_0 }
}
