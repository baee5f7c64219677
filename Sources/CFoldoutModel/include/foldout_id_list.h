/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_ID_LIST_H
#define FOLDOUT_ID_LIST_H

#include <gio/gio.h>

G_BEGIN_DECLS

/* A row item: nothing but a 32-bit identity. Created on demand by FoldoutIdList. */
#define FOLDOUT_TYPE_ID_ITEM (foldout_id_item_get_type())
G_DECLARE_FINAL_TYPE(FoldoutIdItem, foldout_id_item, FOLDOUT, ID_ITEM, GObject)

FoldoutIdItem *foldout_id_item_new(guint32 id);
guint32 foldout_id_item_get_id(FoldoutIdItem *self);

/* A GListModel over a packed array of ids. Items are created only when GTK asks for them,
 * so a million rows cost four bytes each, and each splice emits one items-changed. */
#define FOLDOUT_TYPE_ID_LIST (foldout_id_list_get_type())
G_DECLARE_FINAL_TYPE(FoldoutIdList, foldout_id_list, FOLDOUT, ID_LIST, GObject)

FoldoutIdList *foldout_id_list_new(void);
guint foldout_id_list_get_n_items(FoldoutIdList *self);
guint32 foldout_id_list_get_id(FoldoutIdList *self, guint position);
/* Removes n_removed ids at position and inserts n_added ids from `added` there. */
void foldout_id_list_splice(FoldoutIdList *self, guint position, guint n_removed,
                            const guint32 *added, guint n_added);
/* Number of FoldoutIdItem objects alive now (for tests that check nothing piles up). */
guint foldout_id_item_live_count(void);

/* A GListModel of the positions 0..<n_items, each row's item holding its own position: the
 * rows say where they are, and the owner says what is there. Changing the number of rows removes
 * or adds rows at the end only, so GTK keeps the widgets of the rows that stay (and the owner
 * binds them again); replacing every row would make GTK 4.8 destroy and create two hundred row
 * widgets, and search a million items for the ones it tracks. */
#define FOLDOUT_TYPE_POSITION_LIST (foldout_position_list_get_type())
G_DECLARE_FINAL_TYPE(FoldoutPositionList, foldout_position_list, FOLDOUT, POSITION_LIST, GObject)

FoldoutPositionList *foldout_position_list_new(void);
/* Sets the number of rows, removing or adding rows at the end: one items-changed at most. */
void foldout_position_list_set_n_items(FoldoutPositionList *self, guint n_items);

G_END_DECLS

#endif
