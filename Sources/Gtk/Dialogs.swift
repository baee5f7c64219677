// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// GTK 4.8's file chooser that also works inside a Flatpak sandbox (through the portal).
@MainActor
public final class FileChooser: Object {
    /// Choosing a file to read, or a name to save under (GTK asks before replacing a file).
    public enum Purpose { case open, save }

    public init(title: String, parent: Window?, acceptLabel: String, cancelLabel: String, purpose: Purpose = .open) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent?.cast()
        let action = purpose == .open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
        super.init(
            takingFull: UnsafeMutableRawPointer(
                gtk_file_chooser_native_new(title, parentWindow, action, acceptLabel, cancelLabel)))
    }

    /// The name a save starts with, and the folder it starts in.
    public func suggest(name: String, folder: String?) {
        gtk_file_chooser_set_current_name(opaque, name)
        guard let folder, !folder.isEmpty else { return }
        let file = g_file_new_for_path(folder)
        gtk_file_chooser_set_current_folder(opaque, file, nil)
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// Adds a choice the chooser shows beside the file list: `options` as (id, label) pairs, the
    /// first chosen at first.
    public func addChoice(id: String, label: String, options: [(id: String, label: String)]) {
        withCStrings(options.map(\.id)) { ids in
            withCStrings(options.map(\.label)) { labels in
                gtk_file_chooser_add_choice(opaque, id, label, ids, labels)
            }
        }
        if let first = options.first { gtk_file_chooser_set_choice(opaque, id, first.id) }
    }

    /// The id of the option chosen in the choice `id`.
    public func choice(_ id: String) -> String? {
        gtk_file_chooser_get_choice(opaque, id).map { String(cString: $0) }
    }

    /// Adds a filter that shows files of any of `mimeTypes` or matching any of `patterns`, under `name`.
    public func addFilter(name: String, mimeTypes: [String], patterns: [String]) {
        let filter = gtk_file_filter_new()
        gtk_file_filter_set_name(filter, name)
        for mimeType in mimeTypes { gtk_file_filter_add_mime_type(filter, mimeType) }
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(opaque, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
    }

    /// Shows the chooser; `handler` gets the chosen path, or nil when cancelled.
    public func choose(_ handler: @escaping @MainActor (String?) -> Void) {
        onInteger("response") { [unowned self] response in
            handler(response == GTK_RESPONSE_ACCEPT.rawValue ? self.chosenPath : nil)
        }
        gtk_native_dialog_show(cast())
    }

    private var chosenPath: String? {
        guard let file = gtk_file_chooser_get_file(opaque) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}

/// A modal error message with a Close button; it destroys itself when answered.
@MainActor
public final class ErrorDialog: Window {
    public init(parent: Window?, title: String, detail: String) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent?.cast()
        super.init(borrowing: UnsafeMutableRawPointer(foldout_message_dialog_new(parentWindow, title, detail)))
        onInteger("response") { [weak self] _ in self?.dismiss() }
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
