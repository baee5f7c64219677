/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_INSCRIPTION_H
#define FOLDOUT_INSCRIPTION_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A GtkInscription that frees its attribute list when it is destroyed: GtkInscription's dispose
 * and finalize leave it behind (GTK 4.8 and later), one leaked list per widget that had any. */
GtkWidget *foldout_inscription_new(void);

G_END_DECLS

#endif
