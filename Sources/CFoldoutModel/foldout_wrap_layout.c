/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_wrap_layout.h"

struct _FoldoutWrapLayout {
    GtkLayoutManager parent_instance;
    int spacing;
};

G_DEFINE_FINAL_TYPE(FoldoutWrapLayout, foldout_wrap_layout, GTK_TYPE_LAYOUT_MANAGER)

/* A child's width in a line of `width`: its natural width, no more than the line, no less than its
 * minimum. */
static int child_width(GtkWidget *child, int width) {
    int minimum = 0, natural = 0;
    gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
    return width < 0 ? natural : MAX(minimum, MIN(natural, width));
}

static int child_height(GtkWidget *child, int width, gboolean natural) {
    int minimum = 0, natural_height = 0;
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural_height, NULL, NULL);
    return natural ? natural_height : minimum;
}

/* Walks the lines for `width` (-1: one line, as wide as it would be), placing each child if `allocate`; returns the height. */
static int lay_out(FoldoutWrapLayout *self, GtkWidget *widget, int width, gboolean natural, gboolean allocate) {
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    int x = 0, y = 0, line_height = 0;
    GtkWidget *line_start = NULL;
    for (GtkWidget *child = gtk_widget_get_first_child(widget);; child = gtk_widget_get_next_sibling(child)) {
        gboolean ends_line = child == NULL;
        int w = 0;
        if (child != NULL) {
            if (!gtk_widget_should_layout(child)) continue;
            w = child_width(child, width);
            ends_line = width >= 0 && x > 0 && x + w > width;
        }
        if (ends_line && line_start != NULL) {
            if (allocate) {
                /* The finished line, from line_start up to child, at the line's height. */
                int cx = 0;
                for (GtkWidget *placed = line_start; placed != child; placed = gtk_widget_get_next_sibling(placed)) {
                    if (!gtk_widget_should_layout(placed)) continue;
                    int pw = child_width(placed, width);
                    int px = rtl ? width - cx - pw : cx;
                    gtk_widget_size_allocate(placed, &(GtkAllocation){ px, y, pw, line_height }, -1);
                    cx += pw + self->spacing;
                }
            }
            y += line_height + self->spacing;
            x = 0;
            line_height = 0;
            line_start = NULL;
        }
        if (child == NULL) break;
        if (line_start == NULL) line_start = child;
        line_height = MAX(line_height, child_height(child, w, natural));
        x += w + self->spacing;
    }
    return y > 0 ? y - self->spacing : 0;
}

static GtkSizeRequestMode wrap_request_mode(GtkLayoutManager *manager, GtkWidget *widget) {
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void wrap_measure(GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    FoldoutWrapLayout *self = FOLDOUT_WRAP_LAYOUT(manager);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (orientation == GTK_ORIENTATION_VERTICAL) {
        *minimum = lay_out(self, widget, for_size, FALSE, FALSE);
        *natural = MAX(*minimum, lay_out(self, widget, for_size, TRUE, FALSE));
        return;
    }
    int count = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int child_minimum = 0, child_natural = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, &child_natural, NULL, NULL);
        *minimum = MAX(*minimum, child_minimum);
        *natural += child_natural + (count++ > 0 ? self->spacing : 0);
    }
}

static void wrap_allocate(GtkLayoutManager *manager, GtkWidget *widget, int width, int height, int baseline) {
    lay_out(FOLDOUT_WRAP_LAYOUT(manager), widget, width, TRUE, TRUE);
}

static void foldout_wrap_layout_class_init(FoldoutWrapLayoutClass *class) {
    GtkLayoutManagerClass *manager = GTK_LAYOUT_MANAGER_CLASS(class);
    manager->get_request_mode = wrap_request_mode;
    manager->measure = wrap_measure;
    manager->allocate = wrap_allocate;
}

static void foldout_wrap_layout_init(FoldoutWrapLayout *self) {}

GtkLayoutManager *foldout_wrap_layout_new(int spacing) {
    FoldoutWrapLayout *layout = g_object_new(FOLDOUT_TYPE_WRAP_LAYOUT, NULL);
    layout->spacing = spacing;
    return GTK_LAYOUT_MANAGER(layout);
}

GtkWidget *foldout_wrap_box_new(int spacing) {
    GtkWidget *box = GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL));
    gtk_widget_set_layout_manager(box, foldout_wrap_layout_new(spacing));
    return box;
}
