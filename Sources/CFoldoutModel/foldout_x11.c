/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_x11.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

unsigned long foldout_window_x11_id(GtkWidget *window) {
#ifdef GDK_WINDOWING_X11
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) return gdk_x11_surface_get_xid(surface);
    G_GNUC_END_IGNORE_DEPRECATIONS
#endif
    return 0;
}
