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

typedef void (*LoadFromString)(GtkCssProvider *provider, const char *css);

void foldout_css_provider_load_string(GtkCssProvider *provider, const char *css) {
    static LoadFromString load_from_string;
    static gsize looked_up;
    if (g_once_init_enter(&looked_up)) {
        if (foldout_gtk_at_least(12))
            load_from_string = (LoadFromString)foldout_gtk_function("gtk_css_provider_load_from_string");
        g_once_init_leave(&looked_up, 1);
    }
    if (load_from_string != NULL) {
        load_from_string(provider, css);
        return;
    }
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_css_provider_load_from_data(provider, css, -1);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/* gtk_list_view_scroll_to's flags: none (scroll only), as GtkListScrollFlags has it. */
enum { LIST_SCROLL_NONE = 0 };
typedef void (*ScrollTo)(GtkListView *list, guint position, guint flags, gpointer scroll_info);

void foldout_list_view_scroll_to(GtkListView *list, guint position) {
    static ScrollTo scroll_to;
    static gsize looked_up;
    if (g_once_init_enter(&looked_up)) {
        if (foldout_gtk_at_least(12))
            scroll_to = (ScrollTo)foldout_gtk_function("gtk_list_view_scroll_to");
        g_once_init_leave(&looked_up, 1);
    }
    if (scroll_to != NULL)
        scroll_to(list, position, LIST_SCROLL_NONE, NULL);
    else
        gtk_widget_activate_action(GTK_WIDGET(list), "list.scroll-to-item", "u", position);
}

typedef void (*SetFocusable)(GtkListItem *item, gboolean focusable);

void foldout_list_item_set_focusable(GtkListItem *item, gboolean focusable) {
    static SetFocusable set_focusable;
    static gsize looked_up;
    if (g_once_init_enter(&looked_up)) {
        if (foldout_gtk_at_least(12))
            set_focusable = (SetFocusable)foldout_gtk_function("gtk_list_item_set_focusable");
        g_once_init_leave(&looked_up, 1);
    }
    if (set_focusable != NULL)
        set_focusable(item, focusable);
}

typedef void (*GetColor)(GtkWidget *widget, GdkRGBA *color);

void foldout_widget_get_color(GtkWidget *widget, GdkRGBA *color) {
    static GetColor get_color;
    static gsize looked_up;
    if (g_once_init_enter(&looked_up)) {
        if (foldout_gtk_at_least(10))
            get_color = (GetColor)foldout_gtk_function("gtk_widget_get_color");
        g_once_init_leave(&looked_up, 1);
    }
    if (get_color != NULL) {
        get_color(widget, color);
        return;
    }
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
