/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_inscription.h"

static void release_attributes(GtkWidget *inscription, gpointer data) {
    (void)data;
    gtk_inscription_set_attributes(GTK_INSCRIPTION(inscription), NULL);
}

GtkWidget *foldout_inscription_new(void) {
    GtkWidget *inscription = gtk_inscription_new(NULL);
    g_signal_connect(inscription, "destroy", G_CALLBACK(release_attributes), NULL);
    return inscription;
}
