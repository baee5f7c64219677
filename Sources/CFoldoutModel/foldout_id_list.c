/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_id_list.h"

struct _FoldoutIdItem {
    GObject parent_instance;
    guint32 id;
};

G_DEFINE_FINAL_TYPE(FoldoutIdItem, foldout_id_item, G_TYPE_OBJECT)

static gint live_items;

static void foldout_id_item_finalize(GObject *object) {
    g_atomic_int_dec_and_test(&live_items);
    G_OBJECT_CLASS(foldout_id_item_parent_class)->finalize(object);
}

static void foldout_id_item_class_init(FoldoutIdItemClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = foldout_id_item_finalize;
}

static void foldout_id_item_init(FoldoutIdItem *self) {
    (void)self;
    g_atomic_int_inc(&live_items);
}

FoldoutIdItem *foldout_id_item_new(guint32 id) {
    FoldoutIdItem *item = g_object_new(FOLDOUT_TYPE_ID_ITEM, NULL);
    item->id = id;
    return item;
}

guint32 foldout_id_item_get_id(FoldoutIdItem *self) {
    g_return_val_if_fail(FOLDOUT_IS_ID_ITEM(self), 0);
    return self->id;
}

guint foldout_id_item_live_count(void) {
    return (guint)g_atomic_int_get(&live_items);
}

struct _FoldoutIdList {
    GObject parent_instance;
    GArray *ids; /* guint32 */
};

static GType foldout_id_list_get_item_type(GListModel *model) {
    (void)model;
    return FOLDOUT_TYPE_ID_ITEM;
}

static guint foldout_id_list_model_get_n_items(GListModel *model) {
    return FOLDOUT_ID_LIST(model)->ids->len;
}

static gpointer foldout_id_list_get_item(GListModel *model, guint position) {
    FoldoutIdList *self = FOLDOUT_ID_LIST(model);
    if (position >= self->ids->len)
        return NULL;
    return foldout_id_item_new(g_array_index(self->ids, guint32, position));
}

static void foldout_id_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = foldout_id_list_get_item_type;
    iface->get_n_items = foldout_id_list_model_get_n_items;
    iface->get_item = foldout_id_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldoutIdList, foldout_id_list, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, foldout_id_list_model_init))

static void foldout_id_list_finalize(GObject *object) {
    g_array_unref(FOLDOUT_ID_LIST(object)->ids);
    G_OBJECT_CLASS(foldout_id_list_parent_class)->finalize(object);
}

static void foldout_id_list_class_init(FoldoutIdListClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = foldout_id_list_finalize;
}

static void foldout_id_list_init(FoldoutIdList *self) {
    self->ids = g_array_new(FALSE, FALSE, sizeof(guint32));
}

FoldoutIdList *foldout_id_list_new(void) {
    return g_object_new(FOLDOUT_TYPE_ID_LIST, NULL);
}

guint foldout_id_list_get_n_items(FoldoutIdList *self) {
    g_return_val_if_fail(FOLDOUT_IS_ID_LIST(self), 0);
    return self->ids->len;
}

guint32 foldout_id_list_get_id(FoldoutIdList *self, guint position) {
    g_return_val_if_fail(FOLDOUT_IS_ID_LIST(self), 0);
    g_return_val_if_fail(position < self->ids->len, 0);
    return g_array_index(self->ids, guint32, position);
}

void foldout_id_list_splice(FoldoutIdList *self, guint position, guint n_removed,
                            const guint32 *added, guint n_added) {
    g_return_if_fail(FOLDOUT_IS_ID_LIST(self));
    g_return_if_fail(position <= self->ids->len);
    g_return_if_fail(n_removed <= self->ids->len - position);
    g_return_if_fail(added != NULL || n_added == 0);

    if (n_removed > 0)
        g_array_remove_range(self->ids, position, n_removed);
    if (n_added > 0)
        g_array_insert_vals(self->ids, position, added, n_added);
    if (n_removed > 0 || n_added > 0)
        g_list_model_items_changed(G_LIST_MODEL(self), position, n_removed, n_added);
}

struct _FoldoutPositionList {
    GObject parent_instance;
    guint n_items;
};

static guint foldout_position_list_model_get_n_items(GListModel *model) {
    return FOLDOUT_POSITION_LIST(model)->n_items;
}

static gpointer foldout_position_list_get_item(GListModel *model, guint position) {
    if (position >= FOLDOUT_POSITION_LIST(model)->n_items)
        return NULL;
    return foldout_id_item_new(position);
}

static void foldout_position_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = foldout_id_list_get_item_type; /* the same items: an id each */
    iface->get_n_items = foldout_position_list_model_get_n_items;
    iface->get_item = foldout_position_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldoutPositionList, foldout_position_list, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, foldout_position_list_model_init))

static void foldout_position_list_class_init(FoldoutPositionListClass *klass) { (void)klass; }

static void foldout_position_list_init(FoldoutPositionList *self) { self->n_items = 0; }

FoldoutPositionList *foldout_position_list_new(void) {
    return g_object_new(FOLDOUT_TYPE_POSITION_LIST, NULL);
}

void foldout_position_list_set_n_items(FoldoutPositionList *self, guint n_items) {
    g_return_if_fail(FOLDOUT_IS_POSITION_LIST(self));
    guint old = self->n_items;
    self->n_items = n_items;
    if (n_items < old)
        g_list_model_items_changed(G_LIST_MODEL(self), n_items, old - n_items, 0);
    else if (n_items > old)
        g_list_model_items_changed(G_LIST_MODEL(self), old, 0, n_items - old);
}
