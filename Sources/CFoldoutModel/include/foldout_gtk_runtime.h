/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_GTK_RUNTIME_H
#define FOLDOUT_GTK_RUNTIME_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Calls whose better form came after GTK 4.8, made with the form the running GTK has: each is
 * chosen at run time, so one build serves GTK 4.8 and the newer GTKs (a Flatpak runtime, a newer
 * distribution), and the GTK 4.8 form, deprecated since, is called only where there is no other. */

/* The function `name` of the running GTK, or NULL where it has none (an older GTK). */
gpointer foldout_gtk_function(const char *name);

/* TRUE when the running GTK is 4.`minor` or newer. */
gboolean foldout_gtk_at_least(guint minor);

/* Where a call site keeps the answer of foldout_gtk_function_since (a static, zeroed). */
typedef struct {
    gboolean looked_up;
    gpointer function;
} FoldoutGtkFunction;

/* The function `name` where the running GTK is 4.`minor` or newer and has it, else NULL; asked
 * once per call site, whose `slot` keeps the answer (GTK is called on the main thread only). */
gpointer foldout_gtk_function_since(guint minor, const char *name, FoldoutGtkFunction *slot);

/* Loads `css` (UTF-8, NUL-terminated) into `provider`: gtk_css_provider_load_from_string (4.12)
 * or gtk_css_provider_load_from_data. */
void foldout_css_provider_load_string(GtkCssProvider *provider, const char *css);

/* Scrolls `list` minimally so the item at `position` is visible: gtk_list_view_scroll_to (4.12)
 * or the list's "list.scroll-to-item" action. */
void foldout_list_view_scroll_to(GtkListView *list, guint position);

/* gtk_list_view_scroll_to's flags (GtkListScrollFlags, 4.12): focus, and select, the item. */
enum { FOLDOUT_LIST_SCROLL_FOCUS = 1 << 0, FOLDOUT_LIST_SCROLL_SELECT = 1 << 1 };

/* gtk_list_view_scroll_to with `flags` where the running GTK has it (TRUE), else nothing (FALSE). */
gboolean foldout_list_view_scroll_to_with(GtkListView *list, guint position, guint flags);

/* The widget's foreground colour: gtk_widget_get_color (4.10) or its style context's. */
void foldout_widget_get_color(GtkWidget *widget, GdkRGBA *color);

/* Whether the list item's own widget can take the keyboard focus: gtk_list_item_set_focusable
 * (4.12; before it, the item's widget takes the focus only where its child cannot). A row whose
 * child takes the focus itself sets FALSE, or GTK 4.12 and later focus the item's widget when an
 * arrow key arrives there, and the row never has the focus. */
void foldout_list_item_set_focusable(GtkListItem *item, gboolean focusable);

G_END_DECLS

#endif
