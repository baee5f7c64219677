/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_column_sort.h"
#include "foldout_gtk_runtime.h"

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

typedef GtkColumnViewColumn *(*PrimaryColumn)(GtkSorter *sorter);
typedef GtkSortType (*PrimaryOrder)(GtkSorter *sorter);

/* GTK 4.10's answer, where the running GTK has it: -1 where it has not, else whether sorted. */
static int primary_sort_asked(GtkSorter *sorter, GtkColumnViewColumn **column, gboolean *descending) {
    static FoldoutGtkFunction column_slot, order_slot;
    PrimaryColumn primary_column =
        foldout_gtk_function_since(10, "gtk_column_view_sorter_get_primary_sort_column", &column_slot);
    PrimaryOrder primary_order =
        foldout_gtk_function_since(10, "gtk_column_view_sorter_get_primary_sort_order", &order_slot);
    GType sorter_type = g_type_from_name("GtkColumnViewSorter");
    if (primary_column == NULL || primary_order == NULL || sorter_type == 0 ||
        !G_TYPE_CHECK_INSTANCE_TYPE(sorter, sorter_type))
        return -1;
    GtkColumnViewColumn *primary = primary_column(sorter);
    if (primary == NULL)
        return FALSE;
    *column = primary;
    *descending = primary_order(sorter) == GTK_SORT_DESCENDING;
    return TRUE;
}

gboolean foldout_column_view_primary_sort(GtkColumnView *view, GtkColumnViewColumn **column, gboolean *descending) {
    GtkSorter *sorter = gtk_column_view_get_sorter(view);
    if (sorter == NULL)
        return FALSE;
    int asked = primary_sort_asked(sorter, column, descending);
    if (asked >= 0)
        return asked;
    /* GTK 4.8: the sorter is asked to compare two items and tells by which column's sorter it
     * asked first (each column's sorter notes itself), and in which order. */
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
