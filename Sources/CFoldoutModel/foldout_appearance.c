/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_appearance.h"
#include "foldout_gtk_runtime.h"

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SETTINGS_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE "org.freedesktop.appearance"

/* The value inside however many variant boxes hold it (Read wraps it twice), as a uint32. */
static gboolean unboxed_uint32(GVariant *value, guint32 *out) {
    GVariant *inner = g_variant_ref(value);
    while (g_variant_is_of_type(inner, G_VARIANT_TYPE_VARIANT)) {
        GVariant *next = g_variant_get_variant(inner);
        g_variant_unref(inner);
        inner = next;
    }
    gboolean found = g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32);
    if (found) *out = g_variant_get_uint32(inner);
    g_variant_unref(inner);
    return found;
}

static gboolean read_value(GDBusConnection *bus, const char *method, const char *key, int timeout_ms, guint32 *out) {
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_sync(bus, PORTAL_NAME, PORTAL_PATH, SETTINGS_INTERFACE, method,
                                                  g_variant_new("(ss)", APPEARANCE, key), G_VARIANT_TYPE("(v)"),
                                                  G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, &error);
    if (reply == NULL) {
        g_debug("settings portal %s %s: %s", method, key, error->message);
        g_error_free(error);
        return FALSE;
    }
    GVariant *value = g_variant_get_child_value(reply, 0);
    gboolean found = unboxed_uint32(value, out);
    g_variant_unref(value);
    g_variant_unref(reply);
    return found;
}

gboolean foldout_appearance_read(GDBusConnection *bus, int timeout_ms, guint32 *color_scheme, guint32 *contrast) {
    guint32 scheme = 0;
    if (!read_value(bus, "ReadOne", "color-scheme", timeout_ms, &scheme)
        && !read_value(bus, "Read", "color-scheme", timeout_ms, &scheme))
        return FALSE;
    *color_scheme = scheme;
    guint32 high = 0;
    /* Portals before contrast was added answer for color-scheme only. */
    if (read_value(bus, "ReadOne", "contrast", timeout_ms, &high) || read_value(bus, "Read", "contrast", timeout_ms, &high))
        *contrast = high;
    return TRUE;
}

typedef struct {
    FoldoutAppearanceChanged changed;
    gpointer data;
    GDestroyNotify destroy;
} Watch;

static void setting_changed(GDBusConnection *bus, const char *sender, const char *path, const char *interface,
                            const char *signal, GVariant *parameters, gpointer user_data) {
    Watch *watch = user_data;
    const char *namespace = NULL, *key = NULL;
    GVariant *value = NULL;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ssv)"))) return;
    g_variant_get(parameters, "(&s&sv)", &namespace, &key, &value);
    guint32 number = 0;
    if (g_strcmp0(namespace, APPEARANCE) == 0 && unboxed_uint32(value, &number)) watch->changed(key, number, watch->data);
    g_variant_unref(value);
}

static void free_watch(gpointer user_data) {
    Watch *watch = user_data;
    if (watch->destroy) watch->destroy(watch->data);
    g_free(watch);
}

guint foldout_appearance_watch(GDBusConnection *bus, FoldoutAppearanceChanged changed, gpointer data, GDestroyNotify destroy) {
    Watch *watch = g_new0(Watch, 1);
    watch->changed = changed;
    watch->data = data;
    watch->destroy = destroy;
    return g_dbus_connection_signal_subscribe(bus, PORTAL_NAME, SETTINGS_INTERFACE, "SettingChanged", PORTAL_PATH, APPEARANCE,
                                              G_DBUS_SIGNAL_FLAGS_NONE, setting_changed, watch, free_watch);
}

gboolean foldout_appearance_followed_by_gtk(void) {
    /* The running GTK, not the headers: a build against 4.8's runs on GNOME 50's 4.22 too. */
    return foldout_gtk_at_least(20);
}
