/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_COLUMN_SORT_H
#define FOLDOUT_COLUMN_SORT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A sorter that makes `column`'s header clickable and shows its sort arrow, for a column view
 * whose model the application sorts itself: the sorter never orders anything. */
GtkSorter *foldout_column_sorter_new(GtkColumnViewColumn *column);

/* The column the view is sorted by now (the header last clicked, or set with
 * gtk_column_view_sort_by_column) and whether descending; FALSE when it is not sorted. Where the
 * running GTK has gtk_column_view_sorter_get_primary_sort_column (4.10) it answers; on 4.8 the
 * view's sorter is asked to compare two items, which asks the primary column's sorter first. */
gboolean foldout_column_view_primary_sort(GtkColumnView *view, GtkColumnViewColumn **column, gboolean *descending);

G_END_DECLS

#endif
