/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_WRAP_LAYOUT_H
#define FOLDOUT_WRAP_LAYOUT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* FoldoutWrapLayout: lays a widget's children out in lines, each at its natural width, starting a
 * new line where the next one would not fit; a child wider than the whole width gets that width
 * (a label in it ellipsizes). Nothing is ever cut off: the lines grow instead. GTK 4.8 has no
 * wrap box (GtkFlowBox aligns its children in columns, and its cells take the focus). */
#define FOLDOUT_TYPE_WRAP_LAYOUT (foldout_wrap_layout_get_type())
G_DECLARE_FINAL_TYPE(FoldoutWrapLayout, foldout_wrap_layout, FOLDOUT, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *foldout_wrap_layout_new(int spacing);

/* A box heard as a group, its children laid out by a FoldoutWrapLayout. */
GtkWidget *foldout_wrap_box_new(int spacing);

G_END_DECLS

#endif
