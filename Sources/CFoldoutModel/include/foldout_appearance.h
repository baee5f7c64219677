/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_APPEARANCE_H
#define FOLDOUT_APPEARANCE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The desktop's style preference, from the settings portal (org.freedesktop.portal.Settings,
 * namespace org.freedesktop.appearance): "color-scheme" is 0 (no preference), 1 (prefer dark) or
 * 2 (prefer light); "contrast" is 0 (normal) or 1 (high). */

/* Reads both values; FALSE, leaving them alone, when no portal answers within `timeout_ms`.
 * Uses ReadOne (portal version 2) and falls back to the older Read. */
gboolean foldout_appearance_read(GDBusConnection *bus, int timeout_ms, guint32 *color_scheme, guint32 *contrast);

typedef void (*FoldoutAppearanceChanged)(const char *key, guint32 value, gpointer data);

/* Calls `changed` with the key and new value each time the portal says an appearance value
 * changed; returns the subscription, for g_dbus_connection_signal_unsubscribe. `destroy` frees
 * `data` when the subscription ends. */
guint foldout_appearance_watch(GDBusConnection *bus, FoldoutAppearanceChanged changed, gpointer data,
                               GDestroyNotify destroy);

/* Whether the running GTK reads the portal itself (GTK 4.20's GtkSettings:gtk-interface-color-scheme
 * and gtk-interface-contrast), so that the application should not. */
gboolean foldout_appearance_followed_by_gtk(void);

G_END_DECLS

#endif
