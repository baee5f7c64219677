// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk
import Gtk

extension ErrorDialog {
    /// The error dialogs shown now (a test dismisses each, so there is one at most): what a user
    /// sees, found among the toplevel windows rather than kept by the code that showed them.
    public static var shown: [ErrorDialog] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var dialogs: [ErrorDialog] = []
        var node = list
        while let current = node {
            if let window = current.pointee.data,
                gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0,
                g_type_check_instance_is_a(
                    window.assumingMemoryBound(to: GTypeInstance.self),
                    gtk_message_dialog_get_type()) != 0
            {
                dialogs.append(ErrorDialog(existing: window))
            }
            node = current.pointee.next
        }
        return dialogs
    }

    /// Activates the button `addAction` added, as a click does; false when there is none.
    public func activateAction() -> Bool {
        guard let button = foldout_dialog_button_for_response(cast(), ErrorDialog.actionResponse) else { return false }
        return gtk_widget_activate(button) != 0
    }
}
