/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_column_sort.h"

/* The column whose sorter was asked first during a probe; main thread only. */
static GtkColumnViewColumn *asked_first;

static int note_column(gconstpointer a, gconstpointer b, gpointer column) {
    (void)a;
    (void)b;
    if (asked_first == NULL)
        asked_first = column;
    return GTK_ORDERING_SMALLER;
}

GtkSorter *foldout_column_sorter_new(GtkColumnViewColumn *column) {
    return GTK_SORTER(gtk_custom_sorter_new(note_column, column, NULL));
}

gboolean foldout_column_view_primary_sort(GtkColumnView *view, GtkColumnViewColumn **column, gboolean *descending) {
    GtkSorter *sorter = gtk_column_view_get_sorter(view);
    if (sorter == NULL)
        return FALSE;
    /* Two items: gtk_sorter_compare calls an item equal to itself without asking the sorter. */
    GObject *first = g_object_new(G_TYPE_OBJECT, NULL);
    GObject *second = g_object_new(G_TYPE_OBJECT, NULL);
    asked_first = NULL;
    GtkOrdering order = gtk_sorter_compare(sorter, first, second);
    g_object_unref(first);
    g_object_unref(second);
    if (asked_first == NULL || order == GTK_ORDERING_EQUAL)
        return FALSE;
    *column = asked_first;
    *descending = order == GTK_ORDERING_LARGER;
    return TRUE;
}
