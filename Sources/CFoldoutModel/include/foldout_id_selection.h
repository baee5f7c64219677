/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_ID_SELECTION_H
#define FOLDOUT_ID_SELECTION_H

#include <gtk/gtk.h>

#include "foldout_id_list.h"

G_BEGIN_DECLS

/* A single selection over a FoldoutIdList that decides nothing itself. It shows as selected the
 * id its owner last set, wherever that id is listed, and hands every click or key that would
 * select or unselect a row to the owner's callback as a request; the owner's view model decides,
 * and sets what it chose. So the view model is the one source of the selection: GtkSingleSelection,
 * by contrast, moves or drops its selected position by itself when the list is spliced, and says
 * so as if the user had chosen. */
#define FOLDOUT_TYPE_ID_SELECTION (foldout_id_selection_get_type())
G_DECLARE_FINAL_TYPE(FoldoutIdSelection, foldout_id_selection, FOLDOUT, ID_SELECTION, GObject)

/* `has_id` FALSE: the user asked for no row to be selected (Ctrl+click on the selected one). */
typedef void (*FoldoutSelectRequested)(gboolean has_id, guint32 id, gpointer data);

/* Takes over the caller's reference to `model`, as gtk_single_selection_new does. */
FoldoutIdSelection *foldout_id_selection_new(FoldoutIdList *model);
/* `destroy` frees `data` when the selection is finalized or another callback is set. */
void foldout_id_selection_on_request(FoldoutIdSelection *self, FoldoutSelectRequested requested, gpointer data,
                                     GDestroyNotify destroy);
/* Shows `id` (or, with `has_id` FALSE, nothing) as selected; calls no callback. */
void foldout_id_selection_set_selected(FoldoutIdSelection *self, gboolean has_id, guint32 id);
/* Whether an id is shown as selected, and which in `id`. */
gboolean foldout_id_selection_get_selected(FoldoutIdSelection *self, guint32 *id);
/* The position of the selected id, or GTK_INVALID_LIST_POSITION. */
guint foldout_id_selection_get_position(FoldoutIdSelection *self);

G_END_DECLS

#endif
