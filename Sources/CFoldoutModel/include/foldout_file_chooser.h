/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_FILE_CHOOSER_H
#define FOLDOUT_FILE_CHOOSER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A file chooser for opening a file or saving under a name, the same call on every GTK 4: on a
 * GTK that has GtkFileDialog (4.10) it is one, found at run time, so a build against GTK 4.8's
 * headers uses it where it runs on a newer GTK; otherwise, and for a chooser with choices (which
 * GtkFileDialog does not offer), GTK 4.8's GtkFileChooserNative. Both go through the desktop's
 * portal inside a Flatpak sandbox. When answered it emits "chosen" with the chosen path, or NULL
 * when cancelled. */
#define FOLDOUT_TYPE_FILE_CHOOSER (foldout_file_chooser_get_type())
G_DECLARE_FINAL_TYPE(FoldoutFileChooser, foldout_file_chooser, FOLDOUT, FILE_CHOOSER, GObject)

/* `with_choices`: the chooser will get choices (foldout_file_chooser_add_choice). */
FoldoutFileChooser *foldout_file_chooser_new(GtkWindow *parent, const char *title, const char *accept_label,
                                             const char *cancel_label, gboolean save, gboolean with_choices);

/* TRUE when the chooser is a GtkFileDialog (tests, and the notes of which GTK path runs). */
gboolean foldout_file_chooser_is_file_dialog(FoldoutFileChooser *chooser);

/* Adds a filter (the chooser takes a reference); the first one added is chosen at first. */
void foldout_file_chooser_add_filter(FoldoutFileChooser *chooser, GtkFileFilter *filter);

/* The name a save starts with, and the folder it starts in (either may be NULL). */
void foldout_file_chooser_suggest(FoldoutFileChooser *chooser, const char *name, const char *folder);

/* A choice beside the file list, its first option chosen at first: `ids` and `labels` are
 * NULL-terminated arrays of the same length. Only for a chooser made `with_choices`. */
void foldout_file_chooser_add_choice(FoldoutFileChooser *chooser, const char *id, const char *label,
                                     const char **ids, const char **labels);

/* The id of the option chosen in the choice `id`, or NULL. */
const char *foldout_file_chooser_get_choice(FoldoutFileChooser *chooser, const char *id);

/* Shows the chooser; "chosen" follows once. */
void foldout_file_chooser_show(FoldoutFileChooser *chooser);

G_END_DECLS

#endif
