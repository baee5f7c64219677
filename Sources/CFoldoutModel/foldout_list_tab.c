/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_list_tab.h"
#include "foldout_gtk_runtime.h"

/* The list's child that holds `widget`: the item widget GTK made for one row. */
static GtkWidget *item_holding(GtkWidget *list, GtkWidget *widget) {
    for (; widget != NULL; widget = gtk_widget_get_parent(widget)) {
        if (gtk_widget_get_parent(widget) == list)
            return widget;
    }
    return NULL;
}

gboolean foldout_list_view_focus_row_holding(GtkListView *list, GtkWidget *widget) {
    GtkWidget *item = item_holding(GTK_WIDGET(list), widget);
    return item != NULL && gtk_widget_grab_focus(item);
}

gboolean foldout_list_view_focus_row(GtkListView *list, guint fallback) {
    GtkWidget *widget = GTK_WIDGET(list);
    if (!gtk_widget_grab_focus(widget))
        return FALSE;
    GtkRoot *root = gtk_widget_get_root(widget);
    GtkWidget *focus = root ? gtk_root_get_focus(root) : NULL;
    if (focus != widget)
        return TRUE;
    guint count = g_list_model_get_n_items(G_LIST_MODEL(gtk_list_view_get_model(list)));
    if (count > 0)
        foldout_list_view_scroll_to_with(list, MIN(fallback, count - 1), FOLDOUT_LIST_SCROLL_FOCUS);
    return TRUE;
}

void foldout_list_view_focus_and_select(GtkListView *list, guint position) {
    GtkSelectionModel *model = gtk_list_view_get_model(list);
    guint count = model ? g_list_model_get_n_items(G_LIST_MODEL(model)) : 0;
    if (count == 0) {
        gtk_widget_grab_focus(GTK_WIDGET(list));
        return;
    }
    position = MIN(position, count - 1);
    if (foldout_list_view_scroll_to_with(list, position, FOLDOUT_LIST_SCROLL_FOCUS | FOLDOUT_LIST_SCROLL_SELECT))
        return;
    gtk_selection_model_select_item(model, position, TRUE);
    foldout_list_view_scroll_to(list, position);
    gtk_widget_grab_focus(GTK_WIDGET(list));
}

/* The nearest ancestor of `widget` inside `item` that can take the focus, or NULL. */
static GtkWidget *focusable_ancestor(GtkWidget *widget, GtkWidget *item) {
    for (widget = gtk_widget_get_parent(widget); widget != item; widget = gtk_widget_get_parent(widget)) {
        if (gtk_widget_get_focusable(widget) && gtk_widget_is_sensitive(widget))
            return widget;
    }
    return NULL;
}

/* Shift+Tab within the row, in the reverse of Tab's order (a widget before its children).
 * GTK 4.8 gets two steps of that wrong: back from a focusable widget it goes into its last
 * child, and back from a first child it skips the focusable widget holding it. */
static gboolean move_back_within(GtkWidget *item, GtkWidget *focus, GtkRoot *root) {
    if (focus == item)
        return FALSE;
    if (gtk_widget_child_focus(item, GTK_DIR_TAB_BACKWARD)) {
        GtkWidget *now = gtk_root_get_focus(root);
        if (now == NULL || !gtk_widget_is_ancestor(now, focus))
            return TRUE;
        gtk_widget_grab_focus(focus);
        return FALSE;
    }
    GtkWidget *holder = focusable_ancestor(focus, item);
    return holder != NULL && gtk_widget_grab_focus(holder);
}

/* What Tab (or Shift+Tab) does while the focus is in `list_view`: through the focused row's
 * widgets, then out of the list. FALSE when the focus is not in the list. */
static gboolean move_tab_focus(GtkListView *list_view, gboolean backward) {
    GtkWidget *list = GTK_WIDGET(list_view);
    GtkRoot *root = gtk_widget_get_root(list);
    GtkWidget *focus = root ? gtk_root_get_focus(root) : NULL;
    GtkWidget *item = item_holding(list, focus);
    if (item == NULL)
        return FALSE;
    GtkDirectionType direction = backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
    if (backward ? move_back_within(item, focus, root) : gtk_widget_child_focus(item, direction))
        return TRUE;
    /* Out of the list: the window moves the focus on as if the list could not take it, and at
     * the end of its chain wraps around to the header bar as it always does. */
    gtk_widget_set_can_focus(list, FALSE);
    gtk_widget_child_focus(GTK_WIDGET(root), direction);
    gtk_widget_set_can_focus(list, TRUE);
    return TRUE;
}

static gboolean on_key_pressed(GtkEventControllerKey *keys, guint keyval, guint keycode,
                               GdkModifierType state, gpointer data) {
    (void)keycode;
    (void)data;
    if (keyval != GDK_KEY_Tab && keyval != GDK_KEY_KP_Tab && keyval != GDK_KEY_ISO_Left_Tab)
        return FALSE;
    if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
        return FALSE;
    GtkWidget *list = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(keys));
    gboolean backward = keyval == GDK_KEY_ISO_Left_Tab || (state & GDK_SHIFT_MASK);
    return move_tab_focus(GTK_LIST_VIEW(list), backward);
}

void foldout_list_view_tab_through_row(GtkListView *list) {
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), NULL);
    gtk_widget_add_controller(GTK_WIDGET(list), keys);
}
