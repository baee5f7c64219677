/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_X11_H
#define FOLDOUT_X11_H

#include <gtk/gtk.h>

/* The X11 window of `window` (a realized GtkWindow), which xdotool can be given; 0 when the window
 * has no X11 surface (not realized yet, or on another backend). */
unsigned long foldout_window_x11_id(GtkWidget *window);

#endif
