/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_LIST_TAB_H
#define FOLDOUT_LIST_TAB_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Tab and Shift+Tab move through the focused row's widgets and then out of the list, as
 * GTK 4.12's GTK_LIST_TAB_ITEM does; GTK 4.8 would otherwise move Tab through every row. */
void foldout_list_view_tab_through_row(GtkListView *list);

/* Puts the keyboard focus on the row of `list` that holds `widget` (GTK 4.8 has no call to focus a
 * given item). FALSE if `widget` is not in a row of the list or the row cannot take the focus. */
gboolean foldout_list_view_focus_row_holding(GtkListView *list, GtkWidget *widget);

G_END_DECLS

#endif
