/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_gtk_runtime.h"

#include <dlfcn.h>

gpointer foldout_gtk_function(const char *name) {
    /* GTK is loaded already (Foldout links to it), so its exported functions are in the global
     * scope; a function GTK does not export is simply not found. */
    return dlsym(RTLD_DEFAULT, name);
}

gboolean foldout_gtk_at_least(guint minor) {
    return gtk_get_major_version() > 4 || (gtk_get_major_version() == 4 && gtk_get_minor_version() >= minor);
}

gpointer foldout_gtk_function_since(guint minor, const char *name, FoldoutGtkFunction *slot) {
    if (!slot->looked_up) {
        slot->function = foldout_gtk_at_least(minor) ? foldout_gtk_function(name) : NULL;
        slot->looked_up = TRUE;
    }
    return slot->function;
}

typedef void (*LoadFromString)(GtkCssProvider *provider, const char *css);

void foldout_css_provider_load_string(GtkCssProvider *provider, const char *css) {
    static FoldoutGtkFunction slot;
    LoadFromString load_from_string = foldout_gtk_function_since(12, "gtk_css_provider_load_from_string", &slot);
    if (load_from_string != NULL) {
        load_from_string(provider, css);
        return;
    }
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_css_provider_load_from_data(provider, css, -1);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

typedef void (*ScrollTo)(GtkListView *list, guint position, guint flags, gpointer scroll_info);

gboolean foldout_list_view_scroll_to_with(GtkListView *list, guint position, guint flags) {
    static FoldoutGtkFunction slot;
    ScrollTo scroll_to = foldout_gtk_function_since(12, "gtk_list_view_scroll_to", &slot);
    if (scroll_to == NULL)
        return FALSE;
    scroll_to(list, position, flags, NULL);
    return TRUE;
}

void foldout_list_view_scroll_to(GtkListView *list, guint position) {
    if (!foldout_list_view_scroll_to_with(list, position, 0))
        gtk_widget_activate_action(GTK_WIDGET(list), "list.scroll-to-item", "u", position);
}

typedef void (*SetFocusable)(GtkListItem *item, gboolean focusable);

void foldout_list_item_set_focusable(GtkListItem *item, gboolean focusable) {
    static FoldoutGtkFunction slot;
    SetFocusable set_focusable = foldout_gtk_function_since(12, "gtk_list_item_set_focusable", &slot);
    if (set_focusable != NULL)
        set_focusable(item, focusable);
}

typedef void (*GetColor)(GtkWidget *widget, GdkRGBA *color);

void foldout_widget_get_color(GtkWidget *widget, GdkRGBA *color) {
    static FoldoutGtkFunction slot;
    GetColor get_color = foldout_gtk_function_since(10, "gtk_widget_get_color", &slot);
    if (get_color != NULL) {
        get_color(widget, color);
        return;
    }
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
