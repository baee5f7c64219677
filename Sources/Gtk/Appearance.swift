// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// The desktop's light/dark and contrast preference, read from the settings portal
/// (`org.freedesktop.portal.Settings`, namespace `org.freedesktop.appearance`) and followed live
/// through its `SettingChanged` signal. GTK 4.8 does not read it; GTK 4.20 does, and then this
/// stays out of the way (`init` returns nil).
@MainActor
public final class AppearancePortal {
    public enum ColorScheme: UInt32, Sendable {
        case noPreference = 0
        case preferDark = 1
        case preferLight = 2
    }

    public private(set) var colorScheme = ColorScheme.noPreference
    public private(set) var highContrast = false
    /// Called after either value changed.
    public var onChange: () -> Void = {}
    private let bus: OpaquePointer
    private var subscription: guint = 0

    /// Nil when GTK follows the portal itself, when there is no session bus, or when no portal
    /// answers within `timeoutMilliseconds` (then GTK's `gtk-application-prefer-dark-theme`
    /// setting, from settings.ini or the application, decides).
    public init?(timeoutMilliseconds: Int32 = 1_000) {
        guard foldout_appearance_followed_by_gtk() == 0, let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else {
            return nil
        }
        var scheme: guint32 = 0
        var contrast: guint32 = 0
        guard foldout_appearance_read(bus, timeoutMilliseconds, &scheme, &contrast) != 0 else {
            g_object_unref(UnsafeMutableRawPointer(bus))
            return nil
        }
        self.bus = bus
        colorScheme = ColorScheme(rawValue: scheme) ?? .noPreference
        highContrast = contrast == 1
        let box = HandlerBox<@MainActor (String, UInt32) -> Void> { [weak self] key, value in self?.changed(key, value)
        }
        let thunk: FoldoutAppearanceChanged = { key, value, data in
            let box = HandlerBox<@MainActor (String, UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { box.function(String(cString: key!), value) }
        }
        subscription = foldout_appearance_watch(bus, thunk, box.retainedPointer()) { ClosureBox.release($0) }
    }

    #if compiler(>=6.2)
        isolated deinit {
            g_dbus_connection_signal_unsubscribe(bus, subscription)
            g_object_unref(UnsafeMutableRawPointer(bus))
        }
    #else
        deinit {  // on the main thread, as Object's (see there)
            MainActor.assumeIsolated {
                g_dbus_connection_signal_unsubscribe(bus, subscription)
                g_object_unref(UnsafeMutableRawPointer(bus))
            }
        }
    #endif

    private func changed(_ key: String, _ value: UInt32) {
        switch key {
        case "color-scheme": colorScheme = ColorScheme(rawValue: value) ?? .noPreference
        case "contrast": highContrast = value == 1
        default: return
        }
        onChange()
    }
}

extension Settings {
    /// GTK 4.8's way to ask the theme for its dark variant.
    public var prefersDarkTheme: Bool {
        get { getBool("gtk-application-prefer-dark-theme") }
        set { setBool("gtk-application-prefer-dark-theme", newValue) }
    }

    /// The theme's name: "Adwaita", or "HighContrast" (GTK's built-in high-contrast theme, whose
    /// dark variant is its inverse).
    public var themeName: String {
        get {
            guard let name = foldout_object_dup_string(raw, "gtk-theme-name") else { return "" }
            defer { g_free(name) }
            return String(cString: name)
        }
        set { foldout_object_set_string(raw, "gtk-theme-name", newValue) }
    }
}

/// A style sheet that can be put on the display and taken off again (a variant of the
/// application's styling for dark or high-contrast themes).
@MainActor
public final class StyleSheet: Object {
    public private(set) var isAttached = false

    /// The style sheet at `resourcePath` in a registered bundle, or nil if no bundle holds it.
    public init?(resource resourcePath: String) {
        guard Resources.contains(resourcePath) else { return nil }
        super.init(takingFull: UnsafeMutableRawPointer(gtk_css_provider_new()))
        gtk_css_provider_load_from_resource(cast(), resourcePath)
    }

    public init(css: String) {
        super.init(takingFull: UnsafeMutableRawPointer(gtk_css_provider_new()))
        foldout_css_provider_load_string(cast(), css)
    }

    /// Puts the sheet on the display, over the application's own (priority APPLICATION + 1), or
    /// takes it off.
    public func setAttached(_ attached: Bool) {
        guard attached != isAttached, let display = gdk_display_get_default() else { return }
        if attached {
            gtk_style_context_add_provider_for_display(
                display, opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        } else {
            gtk_style_context_remove_provider_for_display(display, opaque)
        }
        isAttached = attached
    }
}
