/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_id_selection.h"

struct _FoldoutIdSelection {
    GObject parent_instance;
    FoldoutIdList *model;
    gboolean has_selected;
    guint32 selected;
    FoldoutSelectRequested requested;
    gpointer data;
    GDestroyNotify destroy;
};

static GType foldout_id_selection_get_item_type(GListModel *list) {
    (void)list;
    return FOLDOUT_TYPE_ID_ITEM;
}

static guint foldout_id_selection_get_n_items(GListModel *list) {
    return g_list_model_get_n_items(G_LIST_MODEL(FOLDOUT_ID_SELECTION(list)->model));
}

static gpointer foldout_id_selection_get_item(GListModel *list, guint position) {
    return g_list_model_get_item(G_LIST_MODEL(FOLDOUT_ID_SELECTION(list)->model), position);
}

static void foldout_id_selection_list_init(GListModelInterface *iface) {
    iface->get_item_type = foldout_id_selection_get_item_type;
    iface->get_n_items = foldout_id_selection_get_n_items;
    iface->get_item = foldout_id_selection_get_item;
}

static gboolean foldout_id_selection_is_selected(GtkSelectionModel *model, guint position) {
    FoldoutIdSelection *self = FOLDOUT_ID_SELECTION(model);
    return self->has_selected && position < foldout_id_list_get_n_items(self->model) &&
           foldout_id_list_get_id(self->model, position) == self->selected;
}

static void request(FoldoutIdSelection *self, gboolean has_id, guint32 id) {
    if (self->requested != NULL)
        self->requested(has_id, id, self->data);
}

static gboolean foldout_id_selection_select_item(GtkSelectionModel *model, guint position, gboolean unselect_rest) {
    (void)unselect_rest; /* one row at most is ever selected */
    FoldoutIdSelection *self = FOLDOUT_ID_SELECTION(model);
    if (position >= foldout_id_list_get_n_items(self->model))
        return FALSE;
    request(self, TRUE, foldout_id_list_get_id(self->model, position));
    return TRUE;
}

static gboolean foldout_id_selection_unselect_item(GtkSelectionModel *model, guint position) {
    if (!foldout_id_selection_is_selected(model, position))
        return FALSE;
    request(FOLDOUT_ID_SELECTION(model), FALSE, 0);
    return TRUE;
}

static void foldout_id_selection_selection_init(GtkSelectionModelInterface *iface) {
    iface->is_selected = foldout_id_selection_is_selected;
    iface->select_item = foldout_id_selection_select_item;
    iface->unselect_item = foldout_id_selection_unselect_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldoutIdSelection, foldout_id_selection, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, foldout_id_selection_list_init)
                                  G_IMPLEMENT_INTERFACE(GTK_TYPE_SELECTION_MODEL,
                                                        foldout_id_selection_selection_init))

static void items_changed(GListModel *model, guint position, guint removed, guint added, gpointer data) {
    (void)model;
    g_list_model_items_changed(G_LIST_MODEL(data), position, removed, added);
}

static void drop_callback(FoldoutIdSelection *self) {
    if (self->destroy != NULL)
        self->destroy(self->data);
    self->requested = NULL;
    self->data = NULL;
    self->destroy = NULL;
}

static void foldout_id_selection_dispose(GObject *object) {
    FoldoutIdSelection *self = FOLDOUT_ID_SELECTION(object);
    if (self->model != NULL) {
        g_signal_handlers_disconnect_by_func(self->model, items_changed, self);
        g_clear_object(&self->model);
    }
    drop_callback(self);
    G_OBJECT_CLASS(foldout_id_selection_parent_class)->dispose(object);
}

static void foldout_id_selection_class_init(FoldoutIdSelectionClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = foldout_id_selection_dispose;
}

static void foldout_id_selection_init(FoldoutIdSelection *self) {
    (void)self;
}

FoldoutIdSelection *foldout_id_selection_new(FoldoutIdList *model) {
    g_return_val_if_fail(FOLDOUT_IS_ID_LIST(model), NULL);
    FoldoutIdSelection *self = g_object_new(FOLDOUT_TYPE_ID_SELECTION, NULL);
    self->model = model;
    g_signal_connect(model, "items-changed", G_CALLBACK(items_changed), self);
    return self;
}

void foldout_id_selection_on_request(FoldoutIdSelection *self, FoldoutSelectRequested requested, gpointer data,
                                     GDestroyNotify destroy) {
    g_return_if_fail(FOLDOUT_IS_ID_SELECTION(self));
    drop_callback(self);
    self->requested = requested;
    self->data = data;
    self->destroy = destroy;
}

gboolean foldout_id_selection_get_selected(FoldoutIdSelection *self, guint32 *id) {
    g_return_val_if_fail(FOLDOUT_IS_ID_SELECTION(self), FALSE);
    *id = self->selected;
    return self->has_selected;
}

guint foldout_id_selection_get_position(FoldoutIdSelection *self) {
    g_return_val_if_fail(FOLDOUT_IS_ID_SELECTION(self), GTK_INVALID_LIST_POSITION);
    if (!self->has_selected)
        return GTK_INVALID_LIST_POSITION;
    guint count = foldout_id_list_get_n_items(self->model);
    for (guint position = 0; position < count; position++) {
        if (foldout_id_list_get_id(self->model, position) == self->selected)
            return position;
    }
    return GTK_INVALID_LIST_POSITION;
}

void foldout_id_selection_set_selected(FoldoutIdSelection *self, gboolean has_id, guint32 id) {
    g_return_if_fail(FOLDOUT_IS_ID_SELECTION(self));
    has_id = has_id != FALSE;
    if (has_id == self->has_selected && (!has_id || id == self->selected))
        return;
    guint old = foldout_id_selection_get_position(self);
    self->has_selected = has_id;
    self->selected = id;
    guint new = foldout_id_selection_get_position(self);
    guint first = MIN(old, new);
    if (first == GTK_INVALID_LIST_POSITION)
        return;
    guint last = old == GTK_INVALID_LIST_POSITION ? new : new == GTK_INVALID_LIST_POSITION ? old : MAX(old, new);
    gtk_selection_model_selection_changed(GTK_SELECTION_MODEL(self), first, last - first + 1);
}
