// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// The GTK the process runs on, which may be newer than the one it was built against.
public enum GtkVersion {
    /// "4.18.6".
    public static var running: String {
        "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
    }

    /// True when the running GTK is 4.`minor` or newer.
    public static func isAtLeast(minor: UInt32) -> Bool { foldout_gtk_at_least(minor) != 0 }
}
