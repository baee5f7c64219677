/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_LIST_TAB_H
#define FOLDOUT_LIST_TAB_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Tab and Shift+Tab move through the focused row's widgets and then out of the list, as
 * GTK 4.12's GTK_LIST_TAB_ITEM means to: GTK 4.8 would otherwise move Tab through every row, and
 * GTK 4.12 to 4.18 with GTK_LIST_TAB_ITEM still move Shift+Tab from a row's first button out of
 * the list, past the row itself, so this handles Tab on every version. */
void foldout_list_view_tab_through_row(GtkListView *list);

/* Puts the keyboard focus on a row of `list`: the one it was on last, or where there is none (GTK
 * 4.12 and later start with none and would focus the list itself, where Return and the arrows do
 * nothing) the row at `fallback`, scrolled into view. FALSE if no row can take it. */
gboolean foldout_list_view_focus_row(GtkListView *list, guint fallback);

/* Puts the keyboard focus on the row at `position`, scrolled into view, and selects it alone,
 * as arriving there with an arrow key does: GTK 4.12 and later spend the first Down on a focused
 * row that is not selected on selecting it. GTK 4.8, which has no call to focus a given row,
 * focuses the row it was on last (the page then focuses the row itself once it is bound). */
void foldout_list_view_focus_and_select(GtkListView *list, guint position);

/* Puts the keyboard focus on the row of `list` that holds `widget` (GTK 4.8 has no call to focus a
 * given item). FALSE if `widget` is not in a row of the list or the row cannot take the focus. */
gboolean foldout_list_view_focus_row_holding(GtkListView *list, GtkWidget *widget);

G_END_DECLS

#endif
