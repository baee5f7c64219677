/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_ADAPTIVE_H
#define FOLDOUT_ADAPTIVE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Windows of any width with GTK 4.8, which has neither AdwClamp nor AdwBreakpoint. */

/* FoldoutClamp: one child, never wider than `maximum_width`; centred in any extra width, so a
 * line of text and its buttons stay together in a wide window. */
#define FOLDOUT_TYPE_CLAMP (foldout_clamp_get_type())
G_DECLARE_FINAL_TYPE(FoldoutClamp, foldout_clamp, FOLDOUT, CLAMP, GtkWidget)

GtkWidget *foldout_clamp_new(int maximum_width);
void foldout_clamp_set_child(FoldoutClamp *self, GtkWidget *child);
/* A width of 0 or less: no maximum. */
void foldout_clamp_set_maximum_width(FoldoutClamp *self, int maximum_width);

/* FoldoutBreakpointBin: one child filling it. It asks for no more than `minimum_width` itself, so
 * a window can be made narrower than its wide layout needs (the child is then clipped for a frame);
 * whenever its width crosses `breakpoint` it calls `changed` with whether it is narrow, from an
 * idle callback (a layout cannot change while it is allocated), and the app rearranges. */
#define FOLDOUT_TYPE_BREAKPOINT_BIN (foldout_breakpoint_bin_get_type())
G_DECLARE_FINAL_TYPE(FoldoutBreakpointBin, foldout_breakpoint_bin, FOLDOUT, BREAKPOINT_BIN, GtkWidget)

typedef void (*FoldoutNarrowChanged)(gboolean narrow, gpointer data);

GtkWidget *foldout_breakpoint_bin_new(int minimum_width, int breakpoint);
void foldout_breakpoint_bin_set_child(FoldoutBreakpointBin *self, GtkWidget *child);
/* `destroy` frees `data` when the bin is finalized or another callback is set. */
void foldout_breakpoint_bin_on_change(FoldoutBreakpointBin *self, FoldoutNarrowChanged changed, gpointer data,
                                      GDestroyNotify destroy);
gboolean foldout_breakpoint_bin_is_narrow(FoldoutBreakpointBin *self);

G_END_DECLS

#endif
